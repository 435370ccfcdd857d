/**
 * Rebate programmes and promotional banners. Their date windows are the one place the seed uses
 * the real calendar: they are computed from "today" (rounded to the day) so the promotions are
 * live whenever the demo store is seeded. Everything else uses the fixed epoch.
 */
import { brandLogoPath, productImagePath } from "../media/paths";
import type { Family } from "./catalog-data";

const DAY = 86_400_000;

export function addDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * DAY);
}

/** Midnight UTC of the given instant. */
export function startOfDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY) * DAY);
}

export interface ProgramDef {
  programId: string;
  promoName: string;
  promoShortDescription: string;
  /** days relative to today */
  startOffset: number;
  endOffset: number;
  rebateFormUrl: string;
  logos: readonly string[];
  manufacturer: string;
  linqType: "rebate" | "instant" | "BuyMoreSaveMore";
  afterCheckout: boolean;
  amount: number;
  /** which products join the programme, and how likely each eligible product is */
  eligible: { brands?: readonly string[]; leaves?: readonly string[]; families?: readonly Family[]; energyStarOnly?: boolean; chance: number };
}

const slug = (name: string): string => name.toLowerCase().replace(/&/g, " ").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export const PROGRAMS: readonly ProgramDef[] = [
  {
    programId: "frostline-kitchen-rebate", promoName: "Frostline Kitchen Suite Rebate",
    promoShortDescription: "Get up to $600 back by prepaid card when you buy two or more qualifying Frostline kitchen appliances.",
    startOffset: -10, endOffset: 35, rebateFormUrl: "/rebate-forms", logos: ["Frostline"], manufacturer: "Frostline", linqType: "rebate", afterCheckout: true, amount: 20000,
    eligible: { brands: ["Frostline"], families: ["appliances"], chance: 0.8 },
  },
  {
    programId: "kessler-buy-more-save-more", promoName: "Kessler Buy More, Save More",
    promoShortDescription: "Save 10% on two Kessler appliances, 15% on three or more.",
    startOffset: -5, endOffset: 26, rebateFormUrl: "", logos: ["Kessler"], manufacturer: "Kessler", linqType: "BuyMoreSaveMore", afterCheckout: false, amount: 1500,
    eligible: { brands: ["Kessler"], chance: 0.9 },
  },
  {
    programId: "major-appliance-event", promoName: "Major Appliance Savings Event",
    promoShortDescription: "Buy 2, save an extra $100. Buy 3, save $250. Buy 4 or more, save $400 on qualifying major appliances.",
    startOffset: -3, endOffset: 18, rebateFormUrl: "", logos: ["Whitmore", "Bellhaven", "Calloway"], manufacturer: "", linqType: "BuyMoreSaveMore", afterCheckout: false, amount: 40000,
    eligible: { brands: ["Whitmore", "Bellhaven", "Calloway"], families: ["appliances"], chance: 0.6 },
  },
  {
    programId: "whitmore-laundry-instant", promoName: "$100 Off Whitmore Laundry",
    promoShortDescription: "Instant savings of $100 on select Whitmore washers and dryers. Discount applied in cart.",
    startOffset: -12, endOffset: 20, rebateFormUrl: "", logos: ["Whitmore"], manufacturer: "Whitmore", linqType: "instant", afterCheckout: false, amount: 10000,
    eligible: { brands: ["Whitmore"], leaves: ["front-load-washers", "top-load-washers", "electric-dryers", "gas-dryers"], chance: 0.9 },
  },
  {
    programId: "sonaris-oled-rebate", promoName: "Sonaris OLED $200 Prepaid Card",
    promoShortDescription: "Receive a $200 prepaid card by mail with the purchase of a qualifying Sonaris OLED TV 65 in. or larger.",
    startOffset: -7, endOffset: 40, rebateFormUrl: "/rebate-forms", logos: ["Sonaris"], manufacturer: "Sonaris", linqType: "rebate", afterCheckout: true, amount: 20000,
    eligible: { brands: ["Sonaris"], leaves: ["oled-tvs", "qled-tvs"], chance: 0.85 },
  },
  {
    programId: "auralis-sound-savings", promoName: "Auralis Sound Savings",
    promoShortDescription: "Save $150 instantly on Auralis soundbars and speakers when you buy any TV 55 in. or larger.",
    startOffset: -2, endOffset: 30, rebateFormUrl: "", logos: ["Auralis"], manufacturer: "Auralis", linqType: "instant", afterCheckout: false, amount: 15000,
    eligible: { brands: ["Auralis"], chance: 0.8 },
  },
  {
    programId: "somerset-sleep-event", promoName: "Somerset Lane Sleep Event",
    promoShortDescription: "Up to $300 back on Somerset Lane mattresses, plus a free waterproof protector.",
    startOffset: -14, endOffset: 16, rebateFormUrl: "/rebate-forms", logos: ["Somerset Lane"], manufacturer: "Somerset Lane", linqType: "rebate", afterCheckout: true, amount: 30000,
    eligible: { brands: ["Somerset Lane"], leaves: ["mattresses", "beds"], chance: 0.9 },
  },
  {
    programId: "energy-star-utility-rebate", promoName: "ENERGY STAR Utility Rebates",
    promoShortDescription: "Your local utility may offer up to $75 back on ENERGY STAR certified refrigerators, washers and dishwashers.",
    startOffset: -30, endOffset: 60, rebateFormUrl: "/rebate-forms", logos: ["Frostline", "Whitmore", "Everstone"], manufacturer: "", linqType: "rebate", afterCheckout: true, amount: 7500,
    eligible: { families: ["appliances"], energyStarOnly: true, chance: 0.35 },
  },
  {
    programId: "furniture-spend-and-save", promoName: "Furniture Spend & Save",
    promoShortDescription: "Spend $1,999 and save $200, spend $3,999 and save $500 on living room and bedroom furniture.",
    startOffset: -4, endOffset: 24, rebateFormUrl: "", logos: ["Harborview", "Alder & Oak", "Linden Row"], manufacturer: "", linqType: "BuyMoreSaveMore", afterCheckout: false, amount: 50000,
    eligible: { families: ["furniture"], chance: 0.25 },
  },
];

export function programLogoUrls(program: ProgramDef): string[] {
  return program.logos.map((name) => brandLogoPath(slug(name)));
}

export interface BannerDef {
  bannerType: string;
  types: string[];
  css: string;
  content: string;
  /** url key of the category the banner belongs to, if any */
  categoryKey?: string;
  manufacturer?: string;
  displayMode?: string;
  startOffset: number;
  endOffset: number;
}

const tile = (href: string, title: string, text: string, picture: string): string =>
  `<a class="link-tile" href="${href}"><img src="${picture}" alt="" width="400" height="400" loading="lazy"><span class="link-tile__title">${title}</span><span class="link-tile__text">${text}</span></a>`;

export const BANNERS: readonly BannerDef[] = [
  {
    bannerType: "homepage", types: ["link_tile"], css: "", startOffset: -7, endOffset: 21,
    content: tile("/catalog/appliances", "Appliance Savings Event", "Up to 30% off refrigerators, ranges and laundry", productImagePath({ kind: "refrigerator", color: "c0c4c8", style: 0, tweak: 1, view: "room" })),
  },
  {
    bannerType: "homepage", types: ["link_tile"], css: "", startOffset: -3, endOffset: 30,
    content: tile("/catalog/tvs-projectors", "Big Screen Days", "Save on OLED and QLED TVs 65 in. and up", productImagePath({ kind: "tv", color: "1f2022", style: 0, tweak: 2, view: "room" })),
  },
  {
    bannerType: "homepage", types: ["link_tile"], css: "", startOffset: -10, endOffset: 45,
    content: tile("/catalog/outlet", "Open Box & Clearance", "Inspected, warrantied and up to 40% off", productImagePath({ kind: "generic", color: "b3261e", style: 0, tweak: 0, view: "front" })),
  },
  {
    bannerType: "homepage", types: ["custom"], startOffset: -1, endOffset: 14,
    css: ".promo-furniture{background:#1a4d8f;color:#fff;padding:24px;border-radius:8px}.promo-furniture a{color:#ffd166}",
    content: `<div class="promo-furniture"><h3>Free white glove delivery</h3><p>On furniture orders over $1,999. We place it, assemble it and take the boxes away.</p><p><a href="/catalog/furniture">Shop furniture</a></p></div>`,
  },
  {
    bannerType: "homepage", types: [], css: "", startOffset: -20, endOffset: 60,
    content: `<div class="promo-financing"><h3>0% APR for 24 months</h3><p>On purchases of $1,999 or more with the Hearth &amp; Home card. Subject to credit approval.</p><p><a href="/financing">Learn more</a></p></div>`,
  },
  {
    bannerType: "category", types: ["link_tile"], css: "", categoryKey: "appliances", startOffset: -7, endOffset: 21,
    content: tile("/catalog/appliance-packages", "Bundle and save", "Extra savings on kitchen packages and laundry pairs", productImagePath({ kind: "washer", color: "f4f4f2", style: 0, tweak: 0, view: "room" })),
  },
  {
    bannerType: "category", types: ["link_tile"], css: "", categoryKey: "refrigerators", startOffset: -5, endOffset: 25,
    content: tile("/catalog/french-door-refrigerators", "French door favorites", "Counter-depth and full-depth models in stock", productImagePath({ kind: "refrigerator", color: "4a4d50", style: 0, tweak: 3, view: "front" })),
  },
  {
    bannerType: "category", types: ["custom"], categoryKey: "electronics", startOffset: -2, endOffset: 28,
    css: ".promo-tv-setup{border:2px solid #1a4d8f;padding:16px;border-radius:8px}",
    content: `<div class="promo-tv-setup"><h3>Mounting and setup from $199</h3><p>We mount the TV, hide the cables and connect your devices.</p></div>`,
  },
  {
    bannerType: "category", types: ["link_tile"], css: "", categoryKey: "bedroom", startOffset: -14, endOffset: 16,
    content: tile("/catalog/special/promotion/somerset-sleep-event", "Sleep Event", "Up to $300 back on select mattresses", productImagePath({ kind: "bed", color: "f4f4f2", style: 1, tweak: 0, view: "room" })),
  },
  {
    bannerType: "category", types: [], css: "", categoryKey: "furniture", startOffset: -4, endOffset: 24,
    content: `<div class="promo-spend-save"><h3>Spend &amp; Save</h3><p>Save $200 on $1,999 or $500 on $3,999 of living room and bedroom furniture.</p></div>`,
  },
  {
    bannerType: "manufacturer", types: ["link_tile"], css: "", manufacturer: "frostline", startOffset: -10, endOffset: 35,
    content: tile("/catalog/special/promotion/frostline-kitchen-rebate", "Frostline Kitchen Suite Rebate", "Up to $600 back", brandLogoPath("frostline")),
  },
];
