import type { Metadata } from "next";
import ResetPassword from "@/account/pages/ResetPassword";
import { getConfig } from "@/shell/data";
import { accountSettings } from "@/account/settings";
import { Suspense } from "react";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "Set a New Password", robots: { index: false, follow: false } };

export default async function Page() {
  return <Suspense><ResetPassword settings={accountSettings(await getConfig())} /></Suspense>;
}
