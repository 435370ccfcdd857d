import type { Metadata } from "next";
import { BuiltInPageView, builtInPageMetadata } from "@/cms/builtInPages";

export const dynamic = "force-dynamic";

export function generateMetadata(): Promise<Metadata> {
  return builtInPageMetadata("request-quote");
}

/** The request-a-quote page (spec 000 §9: 'Request More Info', /request-quote): the CMS page, or the default one. */
export default function RequestQuotePage() {
  return <BuiltInPageView identifier="request-quote" />;
}
