/** Carousel constants (spec 000 §4, §9; spec 002 §9). */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1600 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
export type ItemsPerDisplay = Record<Breakpoint, number>;

/** Product carousels: xs 1, sm 2, md 2, lg 3, xl 4. */
export const PRODUCT_ITEMS: ItemsPerDisplay = { xs: 1, sm: 2, md: 2, lg: 3, xl: 4 };
/** Landing sections, featured products and banners: xs 1, sm 2, md 3, lg 4, xl 5. */
export const LANDING_ITEMS: ItemsPerDisplay = { xs: 1, sm: 2, md: 3, lg: 4, xl: 5 };

/**
 * The items of a carousel the server draws: the first set at the widest display (the others' slides
 * stay empty until the carousel has measured the window; see Carousel).
 */
export const serverDrawnItems = (itemsPerDisplay: ItemsPerDisplay) => Math.max(...Object.values(itemsPerDisplay));

/** A product card's picture sizes in a product carousel (about 300 px wide at most, two to a phone's row at 600 px). */
export const CAROUSEL_CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 600px) 45vw, 90vw";

export const AUTOPLAY_INTERVAL = 5000;
export const SWIPE_THRESHOLD = 100;
export const TRANSITION_MS = 500;
export const RESIZE_DEBOUNCE_MS = 500;
export const DEFAULT_CAROUSEL_LIMIT = 18;

export const EMPTY_TEXT = "There are no items for display.";
export const PREV_LABEL = "Show previous set of items";
export const NEXT_LABEL = "Show next set of items";
export const dotLabel = (n: number) => `Show set ${n} items`;
/** What a screen reader hears after the shopper moves a carousel: where it is, never the cards themselves. */
export const positionText = (from: number, to: number, count: number) => from === to ? `Item ${from} of ${count}` : `Items ${from} to ${to} of ${count}`;

/** Items per display at a viewport width. */
export function itemsAt(width: number, items: ItemsPerDisplay): number {
  const bp: Breakpoint = width >= BREAKPOINTS.xl ? "xl" : width >= BREAKPOINTS.lg ? "lg" : width >= BREAKPOINTS.md ? "md" : width >= BREAKPOINTS.sm ? "sm" : "xs";
  return Math.max(1, Math.floor(items[bp]));
}

/** Number of sets (pages) for a count of items. */
export const setCount = (count: number, perView: number) => Math.max(1, Math.ceil(count / Math.max(1, perView)));

/** The next set index in a direction, wrapping around at both ends. */
export function wrapSet(current: number, delta: number, sets: number): number {
  return ((current + delta) % sets + sets) % sets;
}
