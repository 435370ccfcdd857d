import { CheckoutRoute, checkoutMetadata } from "@/cart/checkoutPage";

export const metadata = checkoutMetadata;

export default function CheckoutStagePage() {
  return <CheckoutRoute focus="delivery" />;
}
