/**
 * Editorial content of the demo retailer: site configuration, CMS pages and blocks, menus,
 * scripts and search redirects. Links are relative site paths so the content works on any host.
 */
import { FAVICON_PATH, STORE_LOGO_PATH, productImagePath, type ImageView } from "../media/paths";
import { posmOverrides } from "./posm-data";

export const STORE_NAME = "Hearth & Home Outfitters";
export const STORE_PHONE = "(555) 201-4400";
export const STORE_EMAIL = "help@hearthandhome.example";

export function storeConfig(): Record<string, unknown> {
  return {
    name: STORE_NAME,
    store_code: "default",
    phone: STORE_PHONE,
    forms_email: STORE_EMAIL,
    logo_src: STORE_LOGO_PATH,
    logo_alt: `${STORE_NAME} logo`,
    favicon: FAVICON_PATH,
    title_prefix: "",
    title_suffix: ` | ${STORE_NAME}`,
    description: "Appliances, electronics and furniture at everyday low prices, with local delivery, installation, financing and in-store pickup across the West.",
    base_url: "http://localhost:3000",
    locale: "en_US",
    locales: [{ locale: "en_US" }],
    available_locales: ["en_US"],
    timezoneId: "America/Los_Angeles",
    currency_code: "USD",
    default_country: "US",
    environment: "demo",
    grid_product_limit: 24,
    list_product_limit: 12,
    catalog_frontend_list_mode: "grid-list",
    default_sort_by: "position",
    catalog_endless_page_scroll: false,
    // no store-wide point-of-sale marketing set; a few categories show theirs
    available_posm_options: [],
    catalog_posm_overrides: posmOverrides(),
    show_special_catalogs: true,
    store_locations: true,
    use_brands_page: true,
    image_placeholder: productImagePath({ kind: "generic", color: "e6e8eb", style: 0, tweak: 0, view: "front" }),
    site_styles_inline_html: "<style>:root{--primary-color:#1a4d8f;--secondary-color:#f2a900;}</style>",
    enable_search: "1",
    enable_compare: "1",
    enable_wishlist: "1",
    enable_product_reviews: "1",
    enable_product_add_ons: "1",
    enable_breadcrumbs: "1",
    enable_my_store: "1",
    enable_checkout: "1",
    display_features: {
      header: { layout: "Standard Alta Header", header_block_sticky: "sticky_none", header_block_mobile: "hide_none" },
      outlet_products: { enabled: true, callout_text: "Open Box" },
      product_grid: { tiles_per_row: { lg: 3, xl: 4 } },
    },
    recaptcha_enabled: "0",
    recaptcha_forms: "guest_checkout,user_create,newsletter",
    user_agents_bots_regex: "(bot|crawl|spider|slurp|lighthouse|headless)",
    min_password_length: 8,
    min_zxcvbn_score: 2,
    kiosk_idle_timer: 300000,
    blog_home: {
      title: "Buying Guides & Ideas",
      meta_description: "Expert buying guides for appliances, TVs, audio and furniture from the Hearth & Home Outfitters team.",
      meta_keywords: "buying guide, appliances, tv, furniture, mattress",
      auto_approve_comments: false,
      show_comments: true,
      show_votes: true,
    },
    sales_assistance: {
      enabled: true,
      title: "Did someone help you today?",
      subtitle: "Let us know so we can thank them.",
      field_label: "Sales associate name or number",
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CMS pages
// ---------------------------------------------------------------------------------------------

export interface PageDef {
  identifier: string;
  title: string;
  contentHeading: string;
  content: string;
  metaDescription: string;
  metaKeywords: string;
  structuredData?: string;
  noIndex?: boolean;
}

const img = (kind: Parameters<typeof productImagePath>[0]["kind"], color: string, style = 0, view: ImageView = "room"): string =>
  productImagePath({ kind, color, style, tweak: 0, view });

const HOME_STRUCTURED_DATA = JSON.stringify({
  "@context": "https://schema.org",
  "@graph": [
    {
      "@type": "Organization",
      name: STORE_NAME,
      url: "http://localhost:3000/",
      logo: `http://localhost:3000${STORE_LOGO_PATH}`,
      contactPoint: [{ "@type": "ContactPoint", telephone: "+1-555-201-4400", contactType: "customer service", areaServed: "US", availableLanguage: "English" }],
    },
    {
      "@type": "WebSite",
      name: STORE_NAME,
      url: "http://localhost:3000/",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "http://localhost:3000/search/{search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    },
  ],
});

// the picture is decoration: the link's own text names the category (an alt repeating it is read twice)
const featuredCategory = (urlKey: string, name: string, picture: string, blurb: string): string =>
  `<li class="featured-category"><avb-link href="/catalog/${urlKey}"><img src="${picture}" alt="" width="400" height="400" loading="lazy"><span class="featured-category__name">${name}</span></avb-link><p>${blurb}</p></li>`;

/** Brands the home page shows (manufacturer url keys). */
const HOME_BRANDS = ["frostline", "kessler", "whitmore", "sonaris", "auralis", "harborview", "alder-oak", "somerset-lane"];

/** Headquarters (the Pasadena store), for maps. */
const HQ = { lat: "34.1503", lng: "-118.0812", address: "3450 E Foothill Blvd, Pasadena, CA 91107" };

const HOME_CONTENT = [
  `<section class="home-hero">`,
  `<img class="home-hero__image" src="${img("refrigerator", "c0c4c8", 0)}" alt="A stainless steel french door refrigerator in a bright kitchen" width="800" height="800">`,
  `<div class="home-hero__text">`,
  `<h1>Everything for the home, delivered and installed</h1>`,
  `<p>Shop thousands of appliances, TVs and furniture pieces from the brands you trust. Free local delivery on appliances over $499, expert installation and haul-away of your old appliance.</p>`,
  `<p><avb-link class="button button--primary" href="/catalog/appliances">Shop appliances</avb-link> <avb-link class="button button--secondary" href="/promotions">See this week's deals</avb-link></p>`,
  `</div>`,
  `</section>`,
  `<section class="home-categories">`,
  `<h2>Shop by category</h2>`,
  `<ul class="featured-categories">`,
  featuredCategory("refrigerators", "Refrigerators", img("refrigerator", "c0c4c8", 0, "front"), "French door, side-by-side and compact models."),
  featuredCategory("ranges-cooking", "Ranges & Cooking", img("range", "4a4d50", 0, "front"), "Gas, electric and induction ranges and wall ovens."),
  featuredCategory("laundry", "Laundry", img("washer", "f4f4f2", 0, "front"), "Washers and dryers for every size household."),
  featuredCategory("tvs-projectors", "TVs", img("tv", "1f2022", 0, "front"), "OLED, QLED and LED TVs from 32 to 98 inches."),
  featuredCategory("audio", "Audio", img("soundbar", "1f2022", 0, "front"), "Soundbars, speakers and headphones."),
  featuredCategory("living-room", "Living Room", img("sofa", "8a8d91", 0, "front"), "Sofas, sectionals and recliners."),
  featuredCategory("bedroom", "Bedroom", img("bed", "7a5232", 0, "front"), "Beds, mattresses and dressers."),
  featuredCategory("outlet", "Outlet", img("generic", "b3261e", 0, "front"), "Clearance and open-box savings."),
  `</ul>`,
  `</section>`,
  `<section class="home-products">`,
  `<avb-product-carousel data-title="Deals of the week" data-special="promotion/major-appliance-event" data-sort="price" data-dir="asc" data-link="yes"></avb-product-carousel>`,
  `</section>`,
  `<section class="home-promotions">`,
  `<h2>This week's promotions</h2>`,
  `<avb-promotions data-type="homepage" data-title="This week's promotions"></avb-promotions>`,
  `</section>`,
  `<section class="home-products">`,
  `<avb-product-carousel data-title="Best sellers" data-category="default-category" data-sort="top_rated" data-limit="12"></avb-product-carousel>`,
  `</section>`,
  `<section class="home-services">`,
  `<h2>Why shop with us</h2>`,
  `<div class="home-services__grid">`,
  `<div><h3>Local delivery and installation</h3><p>Our own delivery teams bring it in, hook it up and take the packaging away. Choose white glove delivery for furniture and we will place it in the room of your choice.</p><p><avb-link href="/shipping-returns">Delivery and returns</avb-link></p></div>`,
  `<div><h3>Special financing</h3><p>Spread the cost of big purchases with 0% APR promotional financing on qualifying purchases with approved credit.</p><p><avb-link href="/financing">Explore financing</avb-link></p></div>`,
  `<div><h3>Pick up today</h3><p>Buy online and pick up at any of our twelve stores in California, Oregon, Washington, Nevada and Arizona. Most orders are ready the same day.</p><p><avb-link href="/contact">Find a store</avb-link></p></div>`,
  `<div><h3>Open box savings</h3><p>Inspected, fully warrantied open box items at a fraction of the price. Look for the Open Box tag on product pages.</p><p><avb-link href="/catalog/outlet">Shop the outlet</avb-link></p></div>`,
  `</div>`,
  `</section>`,
  `<section class="home-brands">`,
  `<h2>Top brands</h2>`,
  `<avb-brands data-brands="${HOME_BRANDS.join(",")}" data-title="Top brands"></avb-brands>`,
  `</section>`,
  `<section class="home-guides">`,
  `<h2>Not sure where to start?</h2>`,
  `<p>Read our <avb-link href="/blog">buying guides</avb-link> for straight answers on refrigerator sizes, TV technology, mattress firmness and more, or call our product experts at ${STORE_PHONE}.</p>`,
  `</section>`,
].join("\n");

export const CMS_PAGES: readonly PageDef[] = [
  {
    identifier: "home",
    title: `${STORE_NAME}: Appliances, Electronics & Furniture`,
    contentHeading: "",
    content: HOME_CONTENT,
    metaDescription: "Shop appliances, TVs, audio and furniture with free local delivery on appliances over $499, expert installation, financing and same-day store pickup.",
    metaKeywords: "appliances, refrigerators, washers, dryers, TVs, sofas, mattresses, furniture store",
    structuredData: HOME_STRUCTURED_DATA,
  },
  {
    identifier: "about-us",
    title: "About Us",
    contentHeading: "About Hearth & Home Outfitters",
    content: [
      `<p>Hearth &amp; Home Outfitters started in 1978 as a single appliance showroom in Pasadena, California. Four decades later we are still family run, with twelve stores across the West and our own delivery and installation teams.</p>`,
      `<h2>What we believe</h2>`,
      `<ul><li><strong>Straight advice.</strong> Our product experts are not paid on commission, so they can recommend the right product instead of the most expensive one.</li>`,
      `<li><strong>Service after the sale.</strong> We deliver, install and stand behind what we sell, with factory-trained technicians for repairs.</li>`,
      `<li><strong>Fair prices.</strong> We match advertised prices from local competitors on identical in-stock items.</li></ul>`,
      `<h2>Inside our showrooms</h2>`,
      `<avb-gallery data-label="Inside our showrooms">`,
      `<img src="${img("range", "4a4d50", 0)}" alt="A working kitchen display with a gas range" width="800" height="800">`,
      `<img src="${img("sofa", "8a8d91", 1)}" alt="The living room gallery with sectionals" width="800" height="800">`,
      `<img src="${img("tv", "1f2022", 1)}" alt="The home theater room" width="800" height="800">`,
      `<img src="${img("bed", "7a5232", 0)}" alt="The mattress gallery" width="800" height="800">`,
      `<img src="${img("washer", "f4f4f2", 0)}" alt="The laundry display" width="800" height="800">`,
      `</avb-gallery>`,
      `<h2>Our stores</h2>`,
      `<p>Visit us in Los Angeles, Pasadena, Irvine, San Diego, San Jose, Walnut Creek, Roseville, Fresno, Beaverton, Bellevue, Henderson and Scottsdale. <avb-link href="/contact">Find store hours and directions</avb-link>.</p>`,
      `<h2>Where it started</h2>`,
      `<avb-map data-lat="${HQ.lat}" data-lng="${HQ.lng}" data-zoom="14" data-title="Our first showroom, still open in Pasadena" data-address="${HQ.address}"></avb-map>`,
    ].join("\n"),
    metaDescription: "Family-run since 1978, Hearth & Home Outfitters sells appliances, electronics and furniture across the West with our own delivery and installation teams.",
    metaKeywords: "about us, appliance store, furniture store, family owned",
  },
  {
    identifier: "contact",
    title: "Contact Us",
    contentHeading: "Contact Us",
    content: [
      `<p>We are here to help seven days a week. Call <avb-link href="tel:+15552014400"><avb-site-info data-key="phone"></avb-site-info></avb-link>, email <avb-link href="mailto:${STORE_EMAIL}">${STORE_EMAIL}</avb-link> or send us a message below.</p>`,
      `<div class="contact-layout">`,
      `<div class="contact-layout__form"><avb-form data-form="contact" data-title="Send us a message"></avb-form></div>`,
      `<div class="contact-layout__info">`,
      `<h2>Customer service hours</h2>`,
      `<p>Monday to Friday 8:00 AM - 8:00 PM, Saturday and Sunday 9:00 AM - 6:00 PM (Pacific Time)</p>`,
      `<h2>Corporate office</h2>`,
      `<address>Hearth &amp; Home Outfitters<br>3450 E Foothill Blvd<br>Pasadena, CA 91107</address>`,
      `<avb-map data-lat="${HQ.lat}" data-lng="${HQ.lng}" data-zoom="15" data-title="Corporate office and Pasadena store" data-address="${HQ.address}"></avb-map>`,
      `<h2>Order questions</h2>`,
      `<p>Have your order number ready. Signed-in customers can see order status and delivery windows under My Account. For a quote on several items, <avb-link href="/request-quote">request more info</avb-link>.</p>`,
      `</div>`,
      `</div>`,
      `<h2>Our stores</h2>`,
      `<avb-store-info data-title="Our stores"></avb-store-info>`,
    ].join("\n"),
    metaDescription: `Contact ${STORE_NAME} customer service by phone at ${STORE_PHONE} or by email, and find store hours and addresses.`,
    metaKeywords: "contact, customer service, store hours, phone",
  },
  {
    identifier: "request-quote",
    title: "Request More Info",
    contentHeading: "Request More Info",
    content: [
      `<p>Furnishing a whole kitchen, a rental property or an office? Tell us what you need and a product expert will send you a quote, usually within one business day. Prefer to talk? Call <avb-site-info data-key="phone"></avb-site-info>.</p>`,
      `<div class="contact-layout">`,
      `<div class="contact-layout__form"><avb-form data-form="request-quote" data-title="Request a quote"></avb-form></div>`,
      `<div class="contact-layout__info">`,
      `<h2>What happens next</h2>`,
      `<ol><li>We check stock at the stores and warehouse nearest you.</li><li>We send a quote with delivery and installation options.</li><li>Reply to accept, or call us with questions.</li></ol>`,
      `<avb-accordion>`,
      `<avb-accordion-item data-title="Do you offer volume pricing?"><p>Yes: orders of five or more appliances, and builders and property managers, get project pricing.</p></avb-accordion-item>`,
      `<avb-accordion-item data-title="Can you deliver to a job site?"><p>Yes, with a delivery window you choose. Someone must be on site to receive it.</p></avb-accordion-item>`,
      `</avb-accordion>`,
      `</div>`,
      `</div>`,
    ].join("\n"),
    metaDescription: "Request a quote or more information on appliances, electronics and furniture from our product experts.",
    metaKeywords: "request a quote, volume pricing, builder pricing",
  },
  {
    identifier: "kitchen-showroom",
    title: "Kitchen Design Showroom",
    contentHeading: "Kitchen Design Showroom",
    content: [
      `<avb-picture src="${img("refrigerator", "c0c4c8", 1)}" data-mobile-src="${img("refrigerator", "c0c4c8", 1, "front")}" alt="A finished kitchen with a counter-depth refrigerator" width="1200" height="800" data-priority="yes" data-caption="Our Pasadena kitchen showroom"></avb-picture>`,
      `<p>Plan your new kitchen with a designer at <avb-site-info data-key="name"></avb-site-info>. Bring your measurements, see every finish side by side, and leave with a plan and a quote. <avb-link href="/catalog/appliances">Browse all appliances</avb-link>.</p>`,
      `<p><avb-button href="/request-quote">Book a design appointment</avb-button> <avb-button data-action="print-image" data-src="${img("generic", "1a4d8f", 0, "front")}" data-variant="secondary">Print the planning checklist</avb-button></p>`,
      `<h2>Finishes side by side</h2>`,
      `<avb-carousel data-label="Finishes" data-items="1" data-settings='{"sm":{"itemsPerDisplay":2},"lg":{"itemsPerDisplay":3}}' data-arrow-icon="dsg-chevron">`,
      `<figure><img src="${img("refrigerator", "c0c4c8", 0, "front")}" alt="Stainless steel" width="400" height="400"><figcaption>Stainless steel</figcaption></figure>`,
      `<figure><img src="${img("refrigerator", "4a4d50", 0, "front")}" alt="Black stainless steel" width="400" height="400"><figcaption>Black stainless steel</figcaption></figure>`,
      `<figure><img src="${img("refrigerator", "f4f4f2", 0, "front")}" alt="White" width="400" height="400"><figcaption>White</figcaption></figure>`,
      `<figure><img src="${img("refrigerator", "1f2022", 0, "front")}" alt="Black" width="400" height="400"><figcaption>Black</figcaption></figure>`,
      `<figure><img src="${img("refrigerator", "6e7276", 0, "front")}" alt="Slate" width="400" height="400"><figcaption>Slate</figcaption></figure>`,
      `</avb-carousel>`,
      `<h2>Kitchens we designed</h2>`,
      `<avb-gallery data-label="Kitchens we designed">`,
      `<img src="${img("range", "4a4d50", 1)}" alt="A dual-fuel range under a chimney hood" width="800" height="800">`,
      `<img src="${img("dishwasher", "c0c4c8", 0)}" alt="A built-in dishwasher with hidden controls" width="800" height="800">`,
      `<img src="${img("microwave", "c0c4c8", 1)}" alt="An over-the-range microwave" width="800" height="800">`,
      `<img src="${img("hood", "c0c4c8", 0)}" alt="A chimney range hood" width="800" height="800">`,
      `</avb-gallery>`,
      `<h2>Floor plan</h2>`,
      `<p><avb-lightbox data-src="${img("range", "4a4d50", 3, "dimensions")}" data-alt="Showroom floor plan with measurements" data-caption="Showroom floor plan"><img src="${img("range", "4a4d50", 3, "dimensions")}" alt="Showroom floor plan, select to enlarge" width="240" height="240"></avb-lightbox></p>`,
      `<h2>How it works</h2>`,
      `<avb-tabs data-label="How it works">`,
      `<avb-tab data-title="Plan"><p>Meet a designer for an hour. We sketch the layout and pick appliances that fit your cabinets.</p></avb-tab>`,
      `<avb-tab data-title="Measure"><p>Our installer measures your kitchen at home, free with any design appointment.</p></avb-tab>`,
      `<avb-tab data-title="Install"><p>We deliver everything on one day, install it and take the old appliances away.</p></avb-tab>`,
      `</avb-tabs>`,
      `<h2>Questions</h2>`,
      `<avb-accordion>`,
      `<avb-accordion-item data-title="Does a design appointment cost anything?"><p>No. The appointment and the in-home measurement are free.</p></avb-accordion-item>`,
      `<avb-accordion-item data-title="Can I finance a whole kitchen?"><p>Yes. See our <avb-link href="/financing">financing offers</avb-link>.</p></avb-accordion-item>`,
      `</avb-accordion>`,
      `<avb-product-carousel data-title="Showroom favorites" data-category="appliances" data-sort="top_rated" data-limit="8"></avb-product-carousel>`,
      `<h2>Kitchen promotions</h2>`,
      `<avb-promotions data-type="category" data-category="appliances" data-title="Kitchen promotions"></avb-promotions>`,
      `<h2>Brands on display</h2>`,
      `<avb-brands data-brands="frostline,kessler,whitmore" data-title="Brands on display"></avb-brands>`,
      `<h2>Visit the showroom</h2>`,
      `<div class="contact-layout">`,
      `<div class="contact-layout__info"><avb-store-info data-store="HHO-PAS" data-title="Pasadena showroom"></avb-store-info>`,
      `<avb-map data-lat="${HQ.lat}" data-lng="${HQ.lng}" data-zoom="15" data-title="Pasadena showroom" data-address="${HQ.address}"></avb-map></div>`,
      `<div class="contact-layout__form"><avb-form data-form="request-quote" data-title="Book a design appointment" data-submit-label="Book my appointment"></avb-form></div>`,
      `</div>`,
    ].join("\n"),
    metaDescription: "Plan your new kitchen with a designer in our showroom: finishes side by side, free in-home measurement and one-day installation.",
    metaKeywords: "kitchen design, showroom, kitchen appliances, design appointment",
  },
  {
    identifier: "privacy-policy",
    title: "Privacy Policy",
    contentHeading: "Privacy Policy",
    content: [
      `<p>This policy explains what personal information we collect when you shop with us, how we use it and the choices you have.</p>`,
      `<h2>Information we collect</h2>`,
      `<p>We collect the information you give us when you create an account, place an order, subscribe to emails or contact us: your name, addresses, email, phone number and order history. We also collect device and browsing information through cookies to keep your cart and session working.</p>`,
      `<h2>How we use it</h2>`,
      `<ul><li>To process and deliver your orders and provide customer service.</li><li>To send order updates and, if you opt in, promotional emails.</li><li>To prevent fraud and keep the site secure.</li></ul>`,
      `<h2>Your choices</h2>`,
      `<p>You can update your account details, unsubscribe from emails at any time, and ask us to access or delete your personal information by calling ${STORE_PHONE}. California residents have additional rights under the CCPA.</p>`,
      `<p>Last updated: October 1, 2026.</p>`,
    ].join("\n"),
    metaDescription: "How Hearth & Home Outfitters collects, uses and protects your personal information.",
    metaKeywords: "privacy policy, ccpa, personal information",
  },
  {
    identifier: "shipping-returns",
    title: "Delivery, Shipping & Returns",
    contentHeading: "Delivery, Shipping & Returns",
    content: [
      `<h2>Delivery options</h2>`,
      `<ul><li><strong>Standard Delivery:</strong> curbside or threshold delivery in 2-5 business days in the Pacific zone. Free on appliances over $499.</li>`,
      `<li><strong>White Glove Delivery:</strong> room-of-choice placement, unpacking, assembly and packaging removal.</li>`,
      `<li><strong>Store Pickup:</strong> free. Most orders are ready the same day; we will email you when your order is ready.</li></ul>`,
      `<p>Enter your ZIP code on any product page to see delivery options and estimated dates for your address.</p>`,
      `<h2>Returns</h2>`,
      `<p>Most items can be returned within 30 days in their original condition. Major appliances can be exchanged within 15 days if delivered damaged or defective. Mattresses come with a 120-night comfort guarantee (one exchange per order). Open box and clearance items are final sale.</p>`,
      `<h2>Measuring for delivery</h2>`,
      `<p>Measure doorways, hallways and stairways before ordering. Our <avb-link href="/blog">measuring guide</avb-link> walks you through it.</p>`,
    ].join("\n"),
    metaDescription: "Delivery options, store pickup and our 30-day return policy.",
    metaKeywords: "delivery, shipping, returns, white glove, store pickup",
  },
  {
    identifier: "financing",
    title: "Financing",
    contentHeading: "Special Financing Offers",
    content: [
      `<p>Get what you need now and pay over time. Compare our plans, then apply in minutes.</p>`,
      `<avb-tabs data-label="Financing plans">`,
      `<avb-tab data-title="0% APR for 24 months">`,
      `<p>On purchases of $1,999 or more made with the Hearth &amp; Home credit card. Equal monthly payments required. Subject to credit approval.</p>`,
      `<p><avb-button data-modal="chargeafter" data-credit-tier="Prime">Check if you prequalify</avb-button></p>`,
      `</avb-tab>`,
      `<avb-tab data-title="12 months special financing">`,
      `<p>On purchases of $499 or more. Interest will be charged from the purchase date if the balance is not paid in full within 12 months.</p>`,
      `<p><avb-button data-action="tdbank">Apply for the store card</avb-button></p>`,
      `</avb-tab>`,
      `<avb-tab data-title="Lease-to-own">`,
      `<p>No credit needed options are available at checkout for qualifying customers.</p>`,
      `<p><avb-button data-modal="acima">Learn about Acima</avb-button> <avb-button data-modal="katapult" data-variant="secondary">Learn about Katapult</avb-button></p>`,
      `</avb-tab>`,
      `</avb-tabs>`,
      `<h2>Financing questions</h2>`,
      `<avb-accordion>`,
      `<avb-accordion-item data-title="Will checking my rate affect my credit score?"><p>No. Prequalifying uses a soft credit check, which does not affect your credit score.</p></avb-accordion-item>`,
      `<avb-accordion-item data-title="Can I combine financing with a promotion?"><p>Yes. Rebates and instant savings apply before financing, so you finance the lower price.</p></avb-accordion-item>`,
      `<avb-accordion-item data-title="How do I pay my store card bill?"><p>Online at the card issuer's site, by phone, or in any of our stores.</p></avb-accordion-item>`,
      `</avb-accordion>`,
      `<p>Questions? Call <avb-site-info data-key="phone"></avb-site-info> or ask any store associate.</p>`,
    ].join("\n"),
    metaDescription: "0% APR promotional financing and lease-to-own options on appliances, electronics and furniture.",
    metaKeywords: "financing, 0% apr, credit card, lease to own",
  },
  {
    identifier: "rebate-forms",
    title: "Rebate Forms",
    contentHeading: "Manufacturer Rebate Forms",
    content: [
      `<p>Mail-in and online rebates are submitted to the manufacturer after your purchase. Keep your receipt and the model and serial numbers of your product.</p>`,
      `<ol><li>Find the promotion you purchased under on the <avb-link href="/promotions">promotions page</avb-link>.</li><li>Submit within 30 days of delivery.</li><li>Rebates arrive as a prepaid card within 8-10 weeks.</li></ol>`,
      `<p>Need help? Call ${STORE_PHONE}.</p>`,
    ].join("\n"),
    metaDescription: "How to submit manufacturer rebates for your purchase.",
    metaKeywords: "rebate forms, mail-in rebate",
  },
  {
    identifier: "members-preview",
    title: "Members Preview Sale",
    contentHeading: "Members Preview Sale",
    content: `<p>Thanks for being a member. Preview pricing starts Friday at 8:00 AM. Sign in to see your prices on thousands of items.</p><p><avb-link href="/promotions">Browse current promotions</avb-link></p>`,
    metaDescription: "Members-only preview sale.",
    metaKeywords: "",
    noIndex: true,
  },
];

// ---------------------------------------------------------------------------------------------
// CMS blocks
// ---------------------------------------------------------------------------------------------

export interface BlockDef {
  identifier: string;
  title: string;
  content: string;
}

const FOOTER = [
  `<div class="footer-columns">`,
  `<div class="footer-column"><h2>Customer Service</h2><ul>`,
  `<li><avb-link href="/contact">Contact Us</avb-link></li><li><avb-link href="/shipping-returns">Delivery &amp; Returns</avb-link></li><li><avb-link href="/financing">Financing</avb-link></li>`,
  `<li><avb-link href="/rebate-forms">Rebate Forms</avb-link></li><li><avb-link href="/request-quote">Request a Quote</avb-link></li></ul>`,
  `<p class="footer-phone">Call us: <avb-link href="tel:+15552014400">${STORE_PHONE}</avb-link></p></div>`,
  `<div class="footer-column"><h2>About</h2><ul>`,
  `<li><avb-link href="/about-us">About Us</avb-link></li><li><avb-link href="/kitchen-showroom">Kitchen Showroom</avb-link></li><li><avb-link href="/blog">Buying Guides</avb-link></li><li><avb-link href="/privacy-policy">Privacy Policy</avb-link></li><li><avb-link href="/contact">Store Locations</avb-link></li></ul></div>`,
  `<div class="footer-column"><h2>Shop</h2><ul>`,
  `<li><avb-link href="/catalog/appliances">Appliances</avb-link></li><li><avb-link href="/catalog/electronics">Electronics</avb-link></li><li><avb-link href="/catalog/furniture">Furniture</avb-link></li>`,
  `<li><avb-link href="/catalog/accessories">Accessories</avb-link></li><li><avb-link href="/catalog/outlet">Outlet</avb-link></li><li><avb-link href="/promotions">Deals &amp; Rebates</avb-link></li></ul></div>`,
  `</div>`,
  `<p class="footer-legal">Prices and offers are subject to change. Not responsible for typographical errors.</p>`,
].join("\n");

const SEO_HOME_SD = JSON.stringify({
  "@context": "https://schema.org",
  "@type": "HomeGoodsStore",
  name: STORE_NAME,
  url: "http://localhost:3000/",
  telephone: "+1-555-201-4400",
  priceRange: "$$",
  address: { "@type": "PostalAddress", streetAddress: "3450 E Foothill Blvd", addressLocality: "Pasadena", addressRegion: "CA", postalCode: "91107", addressCountry: "US" },
});

export const STATIC_BLOCKS: readonly BlockDef[] = [
  { identifier: "header-before", title: "Header promo strip", content: `<p class="promo-strip">Free store pickup in as little as 1 hour &middot; Call <avb-link href="tel:+15552014400">${STORE_PHONE}</avb-link></p>` },
  { identifier: "header-after-global-promotions", title: "Global promotion", content: `<p class="global-promo"><strong>Free delivery on appliances over $499.</strong> <avb-link href="/shipping-returns">Details</avb-link></p>` },
  { identifier: "footer", title: "Footer", content: FOOTER },
  // a script body (JSON-LD text), not markup: the shell wraps it in its own script element
  { identifier: "seo-home-sd", title: "Home structured data", content: SEO_HOME_SD },
  // mega-menu content beside a category's links (stores that enable CMS mega-menu content)
  {
    identifier: "megamenu-appliances", title: "Appliances mega menu",
    content: `<p><img src="${img("refrigerator", "c0c4c8", 0, "front")}" alt="A stainless french door refrigerator" width="280" height="280" loading="lazy"></p><p><strong>Kitchen package savings</strong></p><p>Buy three or more kitchen appliances and save up to 15%.</p><p><avb-link href="/promotions">See kitchen deals</avb-link></p>`,
  },
  {
    identifier: "megamenu-electronics", title: "Electronics mega menu",
    content: `<p><img src="${img("tv", "1f2022", 0, "front")}" alt="A wall-mounted 4K television" width="280" height="280" loading="lazy"></p><p><strong>Free TV mounting</strong></p><p>On TVs 65 inches and up, this month only.</p><p><avb-link href="/catalog/tvs-projectors">Shop TVs</avb-link></p>`,
  },
  {
    identifier: "megamenu-furniture", title: "Furniture mega menu",
    content: `<p><img src="${img("sofa", "8a8d91", 0, "front")}" alt="A grey three-seat sofa" width="280" height="280" loading="lazy"></p><p><strong>White glove delivery</strong></p><p>Placed in the room of your choice, packaging taken away.</p><p><avb-link href="/catalog/living-room">Shop living room</avb-link></p>`,
  },
  // the bottom notification bar (stores that turn it on)
  {
    identifier: "bottom-notification", title: "Bottom notification",
    content: `<p><strong>Holiday hours:</strong> stores close at 6 pm on December 24 and reopen December 26. <avb-link href="/contact">Store hours</avb-link></p>`,
  },
  {
    identifier: "pdp-delivery-promise", title: "Product page delivery promise",
    content: `<p><strong>Delivery you can count on.</strong> Choose a delivery date at checkout, get a 2-hour window the day before, and track your truck on the day.</p>`,
  },
];

/** Hero block for a category landing page. */
export function categoryHeroBlock(urlKey: string, name: string, blurb: string, picture: string): BlockDef {
  return {
    identifier: `${urlKey}-hero`,
    title: `${name} hero`,
    content: `<div class="category-hero"><img src="${picture}" alt="${name}" width="800" height="800"><div class="category-hero__text"><h2>${name}</h2><p>${blurb}</p><p><avb-link class="button button--primary" href="/catalog/${urlKey}">Shop all ${name.toLowerCase()}</avb-link></p></div></div>`,
  };
}

/** Custom content block at the bottom of a top-level category landing page. */
export function categoryCustomBlock(urlKey: string, name: string): BlockDef {
  const tips: Record<string, string> = {
    appliances: "Measure the opening, the doorways and the path to the kitchen before you order. Our delivery team brings the right kits and hauls away the old unit.",
    electronics: "Not sure what size TV to buy? Divide your viewing distance in inches by 1.2 for a 4K set. Ask about mounting and setup at checkout.",
    furniture: "Order fabric swatches in store, and choose white glove delivery for placement, assembly and packaging removal.",
    accessories: "Replace refrigerator water filters every six months, and add an installation kit so your new appliance is ready to use on delivery day.",
    outlet: "Outlet items are inspected and carry the full manufacturer warranty. Quantities are limited and vary by store.",
  };
  return {
    identifier: `${urlKey}-custom`,
    title: `${name} landing content`,
    content: `<div class="category-custom"><h3>Shopping tips</h3><p>${tips[urlKey] ?? `Questions about ${name.toLowerCase()}? Call our product experts at ${STORE_PHONE}.`}</p></div>`,
  };
}

// ---------------------------------------------------------------------------------------------
// Menus, scripts, search redirects
// ---------------------------------------------------------------------------------------------

export interface MenuDef {
  label: string;
  requestUrl: string;
  children?: readonly MenuDef[];
  target?: "_self" | "_blank";
}

export function menuItems(promotions: readonly { programId: string; promoName: string }[], topBrands: readonly { urlKey: string; name: string }[]): MenuDef[] {
  return [
    {
      label: "Deals", requestUrl: "/promotions",
      children: [
        { label: "All Deals & Rebates", requestUrl: "/promotions" },
        { label: "Open Box & Clearance", requestUrl: "/catalog/outlet" },
        ...promotions.slice(0, 4).map((p) => ({ label: p.promoName, requestUrl: `/catalog/special/promotion/${p.programId}` })),
      ],
    },
    {
      label: "Brands", requestUrl: "/brands",
      children: topBrands.map((b) => ({ label: b.name, requestUrl: `/special/manufacturer/${b.urlKey}` })),
    },
    { label: "Blog", requestUrl: "/blog" },
    { label: "Store Locator", requestUrl: "/contact" },
    { label: "Financing", requestUrl: "/financing" },
  ];
}

export interface ScriptDef {
  scriptName: string;
  location: "head" | "body";
  script: string;
  cmsPages: string[];
  htmlAttribs: Record<string, string>;
  /** run again on every page the shopper opens (spec 000 §3 force_reload) */
  forceReload?: boolean;
  /** markup the script needs beside it (spec 000 §3 additional_html) */
  additionalHtml?: string;
}

export const SCRIPTS: readonly ScriptDef[] = [
  {
    scriptName: "dataLayer init",
    location: "head",
    script: "window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ event: \"store_init\", store_code: \"default\" });",
    cmsPages: [],
    htmlAttribs: { id: "datalayer-init" },
  },
  {
    scriptName: "home page view marker",
    location: "body",
    script: "window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ event: \"home_view\" });",
    cmsPages: ["home"],
    htmlAttribs: {},
  },
  {
    scriptName: "page view counter",
    location: "body",
    script: "window.dataLayer = window.dataLayer || [];\nwindow.dataLayer.push({ event: \"page_view\", path: location.pathname });",
    cmsPages: [],
    htmlAttribs: { "data-purpose": "page-view" },
    forceReload: true,
    additionalHtml: "<span data-purpose=\"page-view-marker\"></span>",
  },
];

export const SEARCH_REDIRECTS: readonly (readonly [string, string])[] = [
  ["financing", "/financing"],
  ["store locator", "/contact"],
  ["stores", "/contact"],
  ["contact", "/contact"],
  ["returns", "/shipping-returns"],
  ["delivery", "/shipping-returns"],
  ["rebates", "/promotions"],
  ["outlet", "/catalog/outlet"],
  ["open box", "/catalog/outlet"],
  ["blog", "/blog"],
];

/** The demo shopper, created only by seeding the demo store; its password is chosen at seed time. */
export const DEMO_CUSTOMER = {
  email: "demo@example.com",
  firstname: "Dana",
  lastname: "Rivera",
} as const;
