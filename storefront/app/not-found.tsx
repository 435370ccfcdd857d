import type { Metadata } from "next";
import { getConfig } from "@/shell/data";
import { fullTitle } from "@/shell/metadata";
import NotFoundView from "@/shell/NotFoundView";

export async function generateMetadata(): Promise<Metadata> {
  const config = await getConfig();
  return { title: { absolute: fullTitle(config, "Page not found") }, robots: { index: false, follow: true } };
}

/** Unknown pages: a real 404 with a way to search and a way home. Works without scripts. */
export default function NotFound() {
  return <NotFoundView />;
}
