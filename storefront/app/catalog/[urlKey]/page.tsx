import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DEFAULT_CATEGORY_KEY } from "@store/contract";
import CategoryRoute, { categoryMetadata, safeDecode } from "@/catalog/CategoryRoute";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ urlKey: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return categoryMetadata(safeDecode((await params).urlKey), await searchParams);
}

/** /catalog/{category url key}; the default category is the plain /catalog. */
export default async function CategoryPage({ params, searchParams }: Props) {
  const key = safeDecode((await params).urlKey);
  const sp = await searchParams;
  if (key === DEFAULT_CATEGORY_KEY) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(sp)) for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) q.append(k, x);
    redirect(q.size ? `/catalog?${q.toString()}` : "/catalog");
  }
  return <CategoryRoute urlKey={key} searchParams={sp} />;
}
