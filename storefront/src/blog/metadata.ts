import type { Metadata } from "next";
import type { BlogPost, SiteConfig } from "@store/contract";
import { plainText } from "@/catalog/page";
import { baseUrl, fullTitle, hreflangAlternates } from "@/shell/metadata";
import { blogPageHref, blogPath } from "./data";

/** The blog's own title (config blog_home.title), "Blog" when the store has none. */
export const blogTitle = (config: Pick<SiteConfig, "blog_home">) => config.blog_home?.title?.trim() || "Blog";

/** /blog: the configured blog title, description and keywords; later pages keep their page in the canonical. */
export function blogListMetadata(config: SiteConfig, page: number): Metadata {
  const base = baseUrl(config);
  const title = fullTitle(config, page > 1 ? `${blogTitle(config)} - Page ${page}` : blogTitle(config));
  const path = blogPageHref(page);
  return {
    title: { absolute: title },
    description: config.blog_home?.meta_description || config.description || undefined,
    keywords: config.blog_home?.meta_keywords || undefined,
    alternates: { canonical: base ? path : undefined, languages: hreflangAlternates(config, path) },
    openGraph: { title, url: base ? path : undefined, siteName: config.name, type: "website" },
  };
}

/** /blog/{url_key}: the post's title, its short content as the description, an article for sharing. */
export function blogPostMetadata(config: SiteConfig, post: BlogPost): Metadata {
  const base = baseUrl(config);
  const title = fullTitle(config, post.title);
  const path = blogPath(post.url_key);
  const description = plainText(post.short_content) || plainText(post.content) || undefined;
  return {
    title: { absolute: title },
    description,
    authors: post.author ? [{ name: post.author }] : undefined,
    alternates: { canonical: base ? path : undefined, languages: hreflangAlternates(config, path) },
    openGraph: {
      title, description, url: base ? path : undefined, siteName: config.name, type: "article",
      publishedTime: post.published_at, authors: post.author ? [post.author] : undefined,
      images: post.image_url ? [{ url: post.image_url }] : undefined,
    },
  };
}

/** JSON-LD of a post (BlogPosting), as text for the JsonLd element. */
export function blogPostStructuredData(config: SiteConfig, post: BlogPost): string {
  const base = baseUrl(config);
  const absolute = (path: string) => (base ? new URL(path, base).href : path);
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: plainText(post.short_content) || undefined,
    datePublished: post.published_at,
    author: post.author ? { "@type": "Person", name: post.author } : undefined,
    image: post.image_url ? absolute(post.image_url) : undefined,
    mainEntityOfPage: absolute(blogPath(post.url_key)),
    publisher: { "@type": "Organization", name: config.name },
  });
}
