import type { Metadata } from "next";
import Newsletter from "@/account/pages/Newsletter";
import { getConfig } from "@/shell/data";
import { accountSettings } from "@/account/settings";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "Newsletter Subscription", robots: { index: false, follow: false } };

export default async function Page() {
  return <Newsletter settings={accountSettings(await getConfig())} />;
}
