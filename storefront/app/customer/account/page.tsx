import type { Metadata } from "next";
import Dashboard from "@/account/pages/Dashboard";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "My Account", robots: { index: false, follow: false } };

export default function Page() {
  return <Dashboard />;
}
