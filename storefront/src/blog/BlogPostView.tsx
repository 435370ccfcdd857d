import Image from "next/image";
import Link from "next/link";
import type { BlogPost } from "@store/contract";
import CmsContent from "@/cms/CmsContent";
import JsonLd from "@/cms/JsonLd";
import { PostMeta } from "./BlogList";
import { blogPath } from "./data";
import styles from "./Blog.module.css";

/** /blog/{url_key}: one post, its editor HTML sanitised by the api like every CMS content. */
export default function BlogPostView({ post, blogTitle, structuredData, locale, timeZone }: {
  post: BlogPost;
  blogTitle: string;
  structuredData: string;
  locale: string;
  timeZone: string;
}) {
  return (
    <article className={styles.post} data-blog-post={post.url_key}>
      <Link href={blogPath()} className={styles.back} prefetch={false}><span aria-hidden="true">‹ </span>{blogTitle}</Link>
      <h1 className={styles.title}>{post.title}</h1>
      <PostMeta post={post} locale={locale} timeZone={timeZone} />
      {post.image_url && (
        <Image src={post.image_url} alt="" width={960} height={600} className={styles.postImage} sizes="(min-width: 960px) 75ch, 100vw" fetchPriority="high" loading="eager" />
      )}
      <CmsContent html={post.content} className={styles.content} alwaysDrawn />
      <JsonLd data={structuredData} />
    </article>
  );
}
