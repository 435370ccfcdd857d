import type { Metadata } from "next";
import Orders from "@/account/pages/Orders";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "My Orders", robots: { index: false, follow: false } };

export default function Page() {
  return <Orders />;
}
