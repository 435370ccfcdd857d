import type { Metadata } from "next";
import CartView from "@/cart/CartView";

export const metadata: Metadata = { title: "Shopping Cart", robots: { index: false, follow: false } };

/** /checkout/cart: the cart, read by the browser (nothing personal is rendered on the server). */
export default function CartPage() {
  return <CartView />;
}
