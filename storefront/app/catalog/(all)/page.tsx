import type { Metadata } from "next";
import { DEFAULT_CATEGORY_KEY } from "@store/contract";
import CategoryRoute, { categoryMetadata } from "@/catalog/CategoryRoute";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return categoryMetadata(DEFAULT_CATEGORY_KEY, await searchParams);
}

/** /catalog: the default category (the whole catalogue). */
export default async function CatalogPage({ searchParams }: Props) {
  return <CategoryRoute urlKey={DEFAULT_CATEGORY_KEY} searchParams={await searchParams} />;
}
