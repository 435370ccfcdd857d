import type { Metadata } from "next";
import CmsPageView from "@/cms/CmsPageView";
import { getCmsPage } from "@/cms/data";
import { getBlock, getConfig } from "@/shell/data";
import { cmsPageMetadata, fullTitle } from "@/shell/metadata";
import styles from "./home.module.css";

export const dynamic = "force-dynamic";

const HOME_IDENTIFIER = "home";
const HOME_STRUCTURED_DATA_BLOCK = "seo-home-sd";

export async function generateMetadata(): Promise<Metadata> {
  const [config, page] = await Promise.all([getConfig(), getCmsPage(HOME_IDENTIFIER)]);
  if (!page) return { title: { absolute: fullTitle(config, config.name) } };
  return cmsPageMetadata(config, page, "/");
}

/** Home: the CMS page 'home' plus the home structured-data block. */
export default async function HomePage() {
  const [config, page, structuredData] = await Promise.all([
    getConfig(),
    getCmsPage(HOME_IDENTIFIER),
    getBlock(HOME_STRUCTURED_DATA_BLOCK),
  ]);
  if (!page) {
    // a store without a home page still greets its shoppers
    return (
      <section className={styles.welcome}>
        <h1>{config.name}</h1>
        {config.description && <p>{config.description}</p>}
      </section>
    );
  }
  return <CmsPageView page={page} fallbackHeading={config.name} extraStructuredData={structuredData.content} leadImage />;
}
