import Image from "next/image";
import Link from "next/link";
import type { BlogPost } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import { formatDate } from "@/lib/format";
import { blogPageHref, blogPath } from "./data";
import styles from "./Blog.module.css";

/** /blog: a page of the latest posts, newest first, with links to newer and older pages. */
export default function BlogList({ title, intro, posts, page, hasOlder, locale, timeZone }: {
  title: string;
  intro?: string;
  posts: BlogPost[];
  page: number;
  hasOlder: boolean;
  locale: string;
  timeZone: string;
}) {
  return (
    <>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
      </header>
      {posts.length === 0 ? (
        <p className={styles.empty}>There are no posts yet.</p>
      ) : (
        <ul className={styles.posts} aria-label="Posts">
          {posts.map((post, i) => (
            <li key={post.post_id}>
              <article className={styles.card} aria-labelledby={`post-${post.post_id}`}>
                {post.image_url && (
                  <Image src={post.image_url} alt="" width={480} height={300} className={styles.cardImage}
                    sizes="(min-width: 1280px) 400px, (min-width: 600px) 45vw, 90vw" fetchPriority={i === 0 ? "high" : undefined} loading={i < 3 ? "eager" : "lazy"} />
                )}
                <h2 id={`post-${post.post_id}`} className={styles.cardTitle}>
                  <Link href={blogPath(post.url_key)} prefetch={false}>{post.title}</Link>
                </h2>
                <PostMeta post={post} locale={locale} timeZone={timeZone} />
                <CmsContent html={post.short_content} className={styles.excerpt} />
              </article>
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || hasOlder) && (
        <nav className={styles.pager} aria-label="Blog pages">
          {page > 1 ? <Link href={blogPageHref(page - 1)} rel="prev" prefetch={false}>Newer posts</Link> : <span />}
          {hasOlder ? <Link href={blogPageHref(page + 1)} rel="next" prefetch={false}>Older posts</Link> : <span />}
        </nav>
      )}
    </>
  );
}

/** Publication date and author of a post. */
export function PostMeta({ post, locale, timeZone }: { post: BlogPost; locale: string; timeZone: string }) {
  const date = formatDate(post.published_at, locale, timeZone);
  if (!date && !post.author) return null;
  return (
    <p className={styles.meta}>
      {date && <time dateTime={post.published_at}>{date}</time>}
      {date && post.author ? " · " : ""}
      {post.author && <span>By {post.author}</span>}
    </p>
  );
}
