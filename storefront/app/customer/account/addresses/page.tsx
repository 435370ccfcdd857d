import type { Metadata } from "next";
import Addresses from "@/account/pages/Addresses";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "Address Book", robots: { index: false, follow: false } };

export default function Page() {
  return <Addresses />;
}
