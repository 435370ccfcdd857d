import type { Metadata } from "next";
import { notFound } from "next/navigation";
import CmsPageView from "@/cms/CmsPageView";
import { getCmsPage } from "@/cms/data";
import { getConfig } from "@/shell/data";
import { cmsPageMetadata } from "@/shell/metadata";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ cmsId: string[] }> };

/** The CMS identifier of a path: its segments joined with '/' ("/help/returns" → "help/returns"). */
async function identifierOf(params: Props["params"]): Promise<string> {
  const { cmsId } = await params;
  return cmsId.map((segment) => safeDecode(segment)).join("/");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const identifier = await identifierOf(params);
  const [config, page] = await Promise.all([getConfig(), getCmsPage(identifier)]);
  if (!page) notFound();
  return cmsPageMetadata(config, page, `/${identifier}`);
}

/** Any CMS page by identifier; an unknown identifier is a real 404, an api failure the error page. */
export default async function CmsPageRoute({ params }: Props) {
  const identifier = await identifierOf(params);
  const [config, page] = await Promise.all([getConfig(), getCmsPage(identifier)]);
  if (!page) notFound();
  return <CmsPageView page={page} fallbackHeading={page.title || config.name} />;
}
