import type { CmsPage } from "@store/contract";
import CmsContent from "./CmsContent";
import JsonLd from "./JsonLd";
import SiteScripts, { scriptsFor } from "@/shell/SiteScripts";
import { getScripts } from "@/shell/data";
import styles from "./CmsPageView.module.css";

/**
 * A CMS page: its content heading, content and structured data. Without a content heading the
 * page still gets a main heading (hidden) unless the editors wrote one into the content.
 */
export default async function CmsPageView({ page, fallbackHeading, extraStructuredData }: {
  page: CmsPage;
  fallbackHeading: string;
  extraStructuredData?: string;
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
      <CmsContent html={page.content} className={styles.content} source={`page ${page.identifier}`} />
      <JsonLd data={page.structured_data} />
      {extraStructuredData && <JsonLd data={extraStructuredData} />}
      <SiteScripts entries={scripts} />
    </article>
  );
}
