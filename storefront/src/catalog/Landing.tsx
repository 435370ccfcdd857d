import { Fragment, type ReactNode } from "react";
import Image from "next/image";
import Link from "next/link";
import type { CatalogFilter, SiteConfig } from "@store/contract";
import CmsContent, { prioritiseFirstImage } from "@/cms/CmsContent";
import { DEFAULT_CAROUSEL_LIMIT, LANDING_ITEMS, serverDrawnItems } from "@/carousel/settings";
import PromoBanners from "@/promotions/PromoBanners";
import { getBlock } from "@/shell/data";
import { blogPath, getBlogPosts } from "@/blog/data";
import { getSpecialListing, listingProductsCall, specialPath } from "./data";
import ListingCarousel from "./ListingCarousel";
import ProductCard, { outletCalloutOf } from "./ProductCard";
import { flagOn } from "./url";
import { DEFAULT_SECTION_ORDER, type LandingData } from "./sections";

export { landingOf } from "./sections";
import styles from "./CatalogPage.module.css";


/**
 * A category landing page (spec 002 §2): hero block, featured products carousel, promo banners,
 * blogs, brands and a custom block, in the configured order and layout.
 */
export default async function Landing({ landing, category, config, brands, afterHero }: {
  landing: LandingData;
  /** shown right after the hero (the category's own sub-category links) */
  afterHero?: ReactNode;
  category: { url_key: string; name: string };
  config: SiteConfig;
  /** the category's brand facet, for the brands section */
  brands: CatalogFilter | undefined;
}) {
  const order = landing.section_order?.length ? landing.section_order : [...DEFAULT_SECTION_ORDER];
  const sections = await Promise.all(order.map(async (name) => {
    switch (name) {
      case "hero": return <Fragment key={name}>{landing.hero_block ? <Hero id={landing.hero_block} /> : null}{afterHero}</Fragment>;
      case "featured": return landing.featured ? <Featured key={name} featured={landing.featured} config={config} /> : null;
      // a configured banners section without a banner type renders nothing (and says so in the console)
      case "banners": return landing.banner_type || landing.section_order?.includes(name)
        ? <PromoBanners key={name} type={landing.banner_type} category={category.url_key} title="Promotions" /> : null;
      case "blogs": return landing.blog_post_ids?.length ? <Blogs key={name} ids={landing.blog_post_ids.map(String)} /> : null;
      case "brands": return <Brands key={name} brands={brands} max={landing.brand_ids?.length || 8} categoryName={category.name} />;
      case "custom": return landing.custom_block ? <Custom key={name} id={landing.custom_block} /> : null;
      default: return null;
    }
  }));
  return (
    <div className={styles.landing} data-layout={landing.layout === "full_width" ? "full_width" : "contained"}>
      {sections}
    </div>
  );
}

async function Hero({ id }: { id: string }) {
  const block = await getBlock(id);
  if (!block.content.trim()) return null;
  return <CmsContent html={prioritiseFirstImage(block.content)} className={styles.hero} as="section" aria-label="Featured" alwaysDrawn />;
}

async function Custom({ id }: { id: string }) {
  const block = await getBlock(id);
  return <CmsContent html={block.content} className={styles.custom} as="section" aria-label={block.title || "More"} alwaysDrawn />;
}

async function Featured({ featured, config }: { featured: NonNullable<LandingData["featured"]>; config: SiteConfig }) {
  let attribute = featured.attribute;
  let value = featured.value;
  if ((!attribute || !value) && featured.special_catalog?.includes("/")) [attribute, value] = featured.special_catalog.split("/");
  if (!attribute || !value) return null;
  const limit = Math.min(100, Math.max(1, featured.limit ?? DEFAULT_CAROUSEL_LIMIT));
  const outcome = await getSpecialListing(attribute, value, JSON.stringify({ page: 1, filters: [] }), limit, false);
  if (!outcome.ok) return null;
  const products = outcome.data.products ?? [];
  const title = featured.title || outcome.data.name;
  const first = products.slice(0, serverDrawnItems(LANDING_ITEMS));
  const outletCallout = outletCalloutOf(config);
  // another list (a client navigation to another landing page) is another carousel: nothing of this one's state carries over
  const source = listingProductsCall(specialPath(attribute, value), outcome.state, limit);
  const href = flagOn(config.show_special_catalogs) ? `/special/${encodeURIComponent(attribute)}/${encodeURIComponent(value)}` : null;
  return (
    <section className={styles.section} aria-labelledby="featured-title">
      <div className={styles.sectionHead}>
        <h2 id="featured-title">{title}</h2>
        {href && <Link href={href} prefetch={false} className="text-link">Shop all<span className="visually-hidden"> {title}</span></Link>}
      </div>
      <ListingCarousel key={source} label={title} itemsPerDisplay={LANDING_ITEMS} drawn={first.map((p) => p.entity_id)} total={products.length}
        source={source} outletCallout={outletCallout}>
        {first.map((p) => <ProductCard key={p.entity_id} product={p} outletCallout={outletCallout} alwaysDrawn />)}
      </ListingCarousel>
    </section>
  );
}

async function Blogs({ ids }: { ids: string[] }) {
  const posts = await getBlogPosts(ids.join(","));
  if (posts.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="blogs-title">
      <h2 id="blogs-title">From our blog</h2>
      <ul className={styles.blogs}>
        {posts.map((post) => (
          <li key={post.post_id} className={styles.blog}>
            {post.image_url && (
              <Image src={post.image_url} alt="" width={400} height={250} className={styles.blogImage} />
            )}
            <h3 className={styles.blogTitle}><Link href={blogPath(post.url_key)} prefetch={false}>{post.title}</Link></h3>
            <CmsContent html={post.short_content} className={styles.blogText} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Brands({ brands, max, categoryName }: { brands: CatalogFilter | undefined; max: number; categoryName: string }) {
  const values = [...(brands?.values ?? [])].filter((v) => v.product_count > 0).sort((a, b) => b.product_count - a.product_count).slice(0, max);
  if (values.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="brands-title">
      <h2 id="brands-title">Shop {categoryName.toLowerCase()} by brand</h2>
      <ul className={styles.brands}>
        {values.map((b) => (
          <li key={b.value}>
            <Link href={`/special/manufacturer/${encodeURIComponent(b.value)}`} className={styles.brand} prefetch={false}>
              <Image src={`/media/brand/${encodeURIComponent(b.value)}.png`} alt="" width={120} height={48} className={styles.brandLogo} />
              <span>{b.display_name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
