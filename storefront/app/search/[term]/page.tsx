import type { Metadata } from "next";
import SearchRoute, { searchMetadata, searchTerm } from "@/search/SearchRoute";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ term: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return searchMetadata(searchTerm((await params).term), await searchParams);
}

/** /search/{term}: search results. */
export default async function SearchPage({ params, searchParams }: Props) {
  return <SearchRoute term={searchTerm((await params).term)} searchParams={await searchParams} />;
}
