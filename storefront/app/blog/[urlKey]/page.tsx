import type { Metadata } from "next";
import { notFound } from "next/navigation";
import BlogPostView from "@/blog/BlogPostView";
import { getBlogPost } from "@/blog/data";
import { blogPostMetadata, blogPostStructuredData, blogTitle } from "@/blog/metadata";
import { safeDecode } from "@/catalog/CategoryRoute";
import { DEFAULT_TIME_ZONE, toLanguageTag } from "@/lib/format";
import { getConfig } from "@/shell/data";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ urlKey: string }> };

/** The post a request names; an unknown or unpublished one is a real 404. */
async function postOf(params: Props["params"]) {
  const post = await getBlogPost(safeDecode((await params).urlKey));
  if (!post) notFound();
  return post;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [config, post] = await Promise.all([getConfig(), postOf(params)]);
  return blogPostMetadata(config, post);
}

/** /blog/{url_key}: one blog post. */
export default async function BlogPostPage({ params }: Props) {
  const [config, post] = await Promise.all([getConfig(), postOf(params)]);
  return (
    <BlogPostView post={post} blogTitle={blogTitle(config)} structuredData={blogPostStructuredData(config, post)}
      locale={toLanguageTag(config.locale)} timeZone={config.timezoneId || DEFAULT_TIME_ZONE} />
  );
}
