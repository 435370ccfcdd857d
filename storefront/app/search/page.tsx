import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

/** Plain form submissions (/search?q=…) go to the search route the spec names: /search/{q}. */
export default async function SearchQuery({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  const { q } = await searchParams;
  const term = (Array.isArray(q) ? q[0] : q)?.trim().slice(0, 128);
  redirect(term ? `/search/${encodeURIComponent(term)}` : "/");
}
