import type { Metadata } from "next";
import ForgotPassword from "@/account/pages/ForgotPassword";

// personal pages: rendered with no customer data on the server, filled in by the browser
export const metadata: Metadata = { title: "Forgot Your Password?", robots: { index: false, follow: false } };

export default function Page() {
  return <ForgotPassword />;
}
