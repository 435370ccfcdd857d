import type { CmsPage } from "@store/contract";
import CmsContent, { prioritiseFirstImage } from "./CmsContent";
import JsonLd from "./JsonLd";
import SiteScripts, { scriptsFor } from "@/shell/SiteScripts";
import { getScripts } from "@/shell/data";
import styles from "./CmsPageView.module.css";

/**
 * A CMS page: its content heading, content and structured data. Without a content heading the
 * page still gets a main heading (hidden) unless the editors wrote one into the content.
 * `leadImage`: the content opens with its largest picture (the home page's hero), loaded first.
 */
export default async function CmsPageView({ page, fallbackHeading, extraStructuredData, leadImage = false }: {
  page: CmsPage;
  fallbackHeading: string;
  extraStructuredData?: string;
  leadImage?: boolean;
}) {
  const heading = page.content_heading.trim();
  const scripts = scriptsFor(await getScripts(), page.identifier);
  const contentHasHeading = /<h1[\s>]/i.test(page.content);
  return (
    <article className={styles.page} data-cms-page={page.identifier}>
      {heading ? (
        <h1 className={styles.heading}>{heading}</h1>
      ) : (
        !contentHasHeading && <h1 className="visually-hidden">{fallbackHeading}</h1>
      )}
      <CmsContent html={leadImage ? prioritiseFirstImage(page.content) : page.content} className={styles.content} source={`page ${page.identifier}`} alwaysDrawn />
      <JsonLd data={page.structured_data} />
      {extraStructuredData && <JsonLd data={extraStructuredData} />}
      <SiteScripts entries={scripts} />
    </article>
  );
}
