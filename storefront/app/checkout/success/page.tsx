import type { Metadata } from "next";
import OrderResult from "@/cart/OrderResult";

export const metadata: Metadata = { title: "Thank you for your order", robots: { index: false, follow: false } };

/** /checkout/success: after an order was placed. */
export default function SuccessPage() {
  return <OrderResult kind="success" />;
}
