import type { Metadata } from "next";
import { getConfig } from "@/shell/data";
import CheckoutView, { type CheckoutSettings } from "./CheckoutView";

export const checkoutMetadata: Metadata = { title: "Checkout", robots: { index: false, follow: false } };

const isOn = (flag: unknown) => flag === "1" || flag === 1 || flag === true || flag === "true";

/** The checkout's settings from the store configuration (nothing personal: the cart is read in the browser). */
async function settings(): Promise<CheckoutSettings> {
  const config = await getConfig().catch(() => null);
  return {
    salesAssistance: config?.sales_assistance ?? { enabled: false, title: "", subtitle: "", field_label: "" },
    recaptchaEnabled: isOn(config?.recaptcha_enabled),
    recaptchaForms: config?.recaptcha_forms ?? "",
    recaptchaSiteKey: typeof config?.recaptcha_site_key === "string" ? config.recaptcha_site_key : "",
  };
}

/** /checkout, /checkout/onepage and the stage routes all render the one-page checkout; a stage scrolls to its step. */
export async function CheckoutRoute({ focus }: { focus?: "delivery" | "payment" | "review" }) {
  return <CheckoutView settings={await settings()} focus={focus} />;
}
