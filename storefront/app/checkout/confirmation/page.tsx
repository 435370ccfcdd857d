import type { Metadata } from "next";
import OrderResult from "@/cart/OrderResult";

export const metadata: Metadata = { title: "Order received", robots: { index: false, follow: false } };

/** /checkout/confirmation: a check or money-order payment held for review (status suspicious). */
export default function ConfirmationPage() {
  return <OrderResult kind="confirmation" />;
}
