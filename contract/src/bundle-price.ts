/**
 * The price of a package (bundle) for the selections a shopper chose, one rule for the product
 * page and the cart. Zod-free: the product page's browser code imports it.
 *
 * A package's own price is what its default selections cost as a package. Choosing other pieces,
 * or leaving an optional one out, keeps the package's discount and scales its price with the value
 * of what is chosen: price = package price × (value of the chosen pieces ÷ value of the default
 * pieces), each piece valued at its own final price times its quantity in the package. With the
 * default selections the result is the package's own price to the cent; the regular (struck
 * through) price scales the same way. A package without priced defaults keeps its own price.
 */

/** One selection of a package: its piece's final price in minor units, units per package, whether it is a default, whether it is chosen. */
export interface BundlePricePiece {
  price: number;
  qty: number;
  isDefault: boolean;
  chosen: boolean;
}

/** Package prices in minor units. */
export interface BundlePrices {
  final: number;
  regular: number;
}

export function bundlePrice(own: BundlePrices, pieces: readonly BundlePricePiece[]): BundlePrices {
  let defaults = 0;
  let chosen = 0;
  for (const piece of pieces) {
    const value = Math.max(0, piece.price) * Math.max(1, piece.qty);
    if (piece.isDefault) defaults += value;
    if (piece.chosen) chosen += value;
  }
  if (defaults <= 0 || chosen === defaults) return { final: own.final, regular: own.regular };
  const scale = chosen / defaults;
  return { final: Math.round(own.final * scale), regular: Math.round(own.regular * scale) };
}

/** Major units (as the api's price fields carry them) to minor units. */
export const toMinor = (amount: number): number => Math.round(amount * 100);
