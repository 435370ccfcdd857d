import type { Metadata } from "next";
import { notFound } from "next/navigation";
import BlogList from "@/blog/BlogList";
import { blogPageNumber, getBlogPage } from "@/blog/data";
import { blogListMetadata, blogTitle } from "@/blog/metadata";
import { DEFAULT_TIME_ZONE, toLanguageTag } from "@/lib/format";
import { getConfig } from "@/shell/data";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The page a request asks for; a page that is not a number, or past the last post, is a 404. */
async function pageOf(searchParams: Props["searchParams"]) {
  const page = blogPageNumber((await searchParams).page);
  if (page === null) notFound();
  const answer = await getBlogPage(page);
  if (page > 1 && answer.posts.length === 0) notFound();
  return { page, ...answer };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const [config, { page }] = await Promise.all([getConfig(), pageOf(searchParams)]);
  return blogListMetadata(config, page);
}

/** /blog: the store's blog, latest posts first. */
export default async function BlogPage({ searchParams }: Props) {
  const [config, { page, posts, hasOlder }] = await Promise.all([getConfig(), pageOf(searchParams)]);
  return (
    <BlogList title={blogTitle(config)} intro={page === 1 ? config.blog_home?.meta_description : undefined} posts={posts} page={page}
      hasOlder={hasOlder} locale={toLanguageTag(config.locale)} timeZone={config.timezoneId || DEFAULT_TIME_ZONE} />
  );
}
