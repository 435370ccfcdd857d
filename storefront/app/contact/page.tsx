import type { Metadata } from "next";
import { BuiltInPageView, builtInPageMetadata } from "@/cms/builtInPages";

export const dynamic = "force-dynamic";

export function generateMetadata(): Promise<Metadata> {
  return builtInPageMetadata("contact");
}

/** Contact Us (spec 000 §2): the CMS page 'contact' (store info, map, form), or the default one. */
export default function ContactPage() {
  return <BuiltInPageView identifier="contact" />;
}
