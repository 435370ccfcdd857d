/**
 * The demo store's checkout data: sales tax by destination, coupons, shipping methods and the
 * recycling fee. Tax rates are the state and provincial base rates (combined GST/HST + PST for
 * Canada), in basis points; local add-ons are left out. Dates are offsets from the seed's today.
 */

export const US_TAX_RATES: ReadonlyArray<[code: string, name: string, bp: number]> = [
  ["AL", "Alabama", 400], ["AK", "Alaska", 0], ["AZ", "Arizona", 560], ["AR", "Arkansas", 650], ["CA", "California", 725],
  ["CO", "Colorado", 290], ["CT", "Connecticut", 635], ["DE", "Delaware", 0], ["DC", "District of Columbia", 600], ["FL", "Florida", 600],
  ["GA", "Georgia", 400], ["HI", "Hawaii", 400], ["ID", "Idaho", 600], ["IL", "Illinois", 625], ["IN", "Indiana", 700],
  ["IA", "Iowa", 600], ["KS", "Kansas", 650], ["KY", "Kentucky", 600], ["LA", "Louisiana", 500], ["ME", "Maine", 550],
  ["MD", "Maryland", 600], ["MA", "Massachusetts", 625], ["MI", "Michigan", 600], ["MN", "Minnesota", 688], ["MS", "Mississippi", 700],
  ["MO", "Missouri", 423], ["MT", "Montana", 0], ["NE", "Nebraska", 550], ["NV", "Nevada", 685], ["NH", "New Hampshire", 0],
  ["NJ", "New Jersey", 663], ["NM", "New Mexico", 488], ["NY", "New York", 400], ["NC", "North Carolina", 475], ["ND", "North Dakota", 500],
  ["OH", "Ohio", 575], ["OK", "Oklahoma", 450], ["OR", "Oregon", 0], ["PA", "Pennsylvania", 600], ["RI", "Rhode Island", 700],
  ["SC", "South Carolina", 600], ["SD", "South Dakota", 420], ["TN", "Tennessee", 700], ["TX", "Texas", 625], ["UT", "Utah", 610],
  ["VT", "Vermont", 600], ["VA", "Virginia", 530], ["WA", "Washington", 650], ["WV", "West Virginia", 600], ["WI", "Wisconsin", 500],
  ["WY", "Wyoming", 400],
];

export const CA_TAX_RATES: ReadonlyArray<[code: string, name: string, bp: number, label: string]> = [
  ["AB", "Alberta", 500, "GST"], ["BC", "British Columbia", 1200, "GST + PST"], ["MB", "Manitoba", 1200, "GST + PST"],
  ["NB", "New Brunswick", 1500, "HST"], ["NL", "Newfoundland and Labrador", 1500, "HST"], ["NS", "Nova Scotia", 1400, "HST"],
  ["NT", "Northwest Territories", 500, "GST"], ["NU", "Nunavut", 500, "GST"], ["ON", "Ontario", 1300, "HST"],
  ["PE", "Prince Edward Island", 1500, "HST"], ["QC", "Quebec", 1498, "GST + QST"], ["SK", "Saskatchewan", 1100, "GST + PST"],
  ["YT", "Yukon", 500, "GST"],
];

export interface CouponDef {
  code: string;
  type: "percent" | "fixed";
  amount: number;
  minSubtotal?: number;
  startOffset?: number;
  endOffset?: number;
  usageLimit?: number;
  timesUsed?: number;
}

export const COUPONS: readonly CouponDef[] = [
  { code: "SAVE10", type: "percent", amount: 10 },
  { code: "TAKE50", type: "fixed", amount: 5000, minSubtotal: 50000 },
  { code: "SPRING15", type: "percent", amount: 15, startOffset: -90, endOffset: -30 }, // expired
  { code: "FIRST100", type: "fixed", amount: 10000, usageLimit: 100, timesUsed: 100 }, // used up
];

export const SHIPPING_METHODS = [
  { code: "flatrate_flatrate", carrierTitle: "Flat Rate", title: "Standard Delivery", type: "flat", price: 4999, threshold: null, sort: 1 },
  { code: "freeshipping_freeshipping", carrierTitle: "Free Shipping", title: "Free Delivery on orders over $499", type: "free_over", price: 0, threshold: 49900, sort: 2 },
  { code: "instore_pickup", carrierTitle: "In-Store Pickup", title: "Pick up at a store", type: "pickup", price: 0, threshold: null, sort: 3 },
  { code: "package_ai_delivery", carrierTitle: "Scheduled Delivery", title: "Scheduled Delivery & Installation", type: "scheduled", price: 9999, threshold: null, sort: 4 },
] as const;

/** Recycling fee per unit on products in these categories (and their subcategories). */
export const RECYCLING_FEES: ReadonlyArray<{ categoryKey: string; title: string; amount: number }> = [
  { categoryKey: "tvs-projectors", title: "Recycling Fee", amount: 500 },
  { categoryKey: "refrigerators", title: "Recycling Fee", amount: 1000 },
];
