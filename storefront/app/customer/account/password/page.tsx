import type { Metadata } from "next";
import ChangePassword from "@/account/pages/ChangePassword";
import { getConfig } from "@/shell/data";
import { accountSettings } from "@/account/settings";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "Change Password", robots: { index: false, follow: false } };

export default async function Page() {
  return <ChangePassword settings={accountSettings(await getConfig())} />;
}
