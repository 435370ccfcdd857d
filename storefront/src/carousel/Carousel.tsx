"use client";

import { Children, useCallback, useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import {
  AUTOPLAY_INTERVAL, EMPTY_TEXT, NEXT_LABEL, PREV_LABEL, PRODUCT_ITEMS, RESIZE_DEBOUNCE_MS, SWIPE_THRESHOLD, TRANSITION_MS,
  dotLabel, itemsAt, positionText, serverDrawnItems, setCount, wrapSet, type ItemsPerDisplay,
} from "./settings";
import styles from "./Carousel.module.css";

export interface CarouselProps {
  /** one node per item; server components may be passed as children */
  children?: ReactNode;
  /** accessible name of the carousel region */
  label: string;
  itemsPerDisplay?: ItemsPerDisplay;
  autoPlay?: boolean;
  autoPlayInterval?: number;
  noArrows?: boolean;
  noDots?: boolean;
  noDrag?: boolean;
  className?: string;
  /** icon classes for the arrows (the carousel tag's, already checked: dsg-, fa- or fas-); the previous arrow mirrors it */
  arrowIconClass?: string;
  /** arrows beside the items (default) rather than over their edges */
  outerArrows?: boolean;
  /**
   * how many items the carousel has when some are not given yet (ListingCarousel loads its later
   * sets when wanted): their slides wait empty, and the sets and dots count them
   */
  count?: number;
  /** called once at the shopper's first sign of moving the carousel (pointer over it, a touch, focus) or when auto-play starts */
  onWanted?: () => void;
}

/**
 * The shell carousel (spec 000 §4): sets of items per breakpoint, previous/next wrapping around,
 * dots per set, 100 px swipe, optional auto-play (paused on hover and focus). Items outside the
 * shown set are inert, so keyboard focus only reaches what is visible.
 */
export default function Carousel({
  children, label, itemsPerDisplay = PRODUCT_ITEMS, autoPlay = false, autoPlayInterval = AUTOPLAY_INTERVAL,
  noArrows = false, noDots = false, noDrag = false, className, arrowIconClass, outerArrows = true, count: allItems, onWanted,
}: CarouselProps) {
  const items = Children.toArray(children);
  const count = Math.max(items.length, allItems ?? 0);
  const id = useId();
  const [perView, setPerView] = useState<number | null>(null);
  const [set, setSet] = useState(0);
  const [moving, setMoving] = useState(false);
  const [paused, setPaused] = useState(false);
  const [drag, setDrag] = useState(0);
  // set by a move the shopper made (not auto-play): the position is announced, the cards are not
  const [announce, setAnnounce] = useState(false);
  const dragStart = useRef<{ x: number; y: number; id: number } | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);

  // items per display follow the viewport width (debounced on resize)
  useEffect(() => {
    const measure = () => setPerView(itemsAt(window.innerWidth, itemsPerDisplay));
    measure();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => { clearTimeout(timer); timer = setTimeout(measure, RESIZE_DEBOUNCE_MS); };
    window.addEventListener("resize", onResize);
    return () => { clearTimeout(timer); window.removeEventListener("resize", onResize); };
  }, [itemsPerDisplay]);

  const view = perView ?? itemsPerDisplay.xs;
  // Before hydration the arrows do nothing, so only the first set at the widest display can be
  // seen: the server draws those items and leaves the others' slides empty (their data is in the
  // page already); they are drawn once the carousel has measured the window.
  const drawn = perView === null ? serverDrawnItems(itemsPerDisplay) : count;
  const sets = setCount(count, view);
  const current = Math.min(set, sets - 1);

  // during a move the buttons are disabled (spec 000 §4) by aria-disabled and this check, not the
  // disabled attribute, which would take keyboard focus off the button the shopper pressed
  const go = useCallback((target: number) => {
    if (moving) return;
    const next = ((target % sets) + sets) % sets;
    if (next === current) return;
    setSet(next);
    setMoving(true);
    setAnnounce(true);
  }, [moving, sets, current]);

  useEffect(() => {
    if (!moving) return;
    const t = setTimeout(() => setMoving(false), TRANSITION_MS);
    return () => clearTimeout(t);
  }, [moving]);

  const wanted = useRef(false);
  const want = useCallback(() => {
    if (wanted.current || !onWanted) return;
    wanted.current = true;
    onWanted();
  }, [onWanted]);

  useEffect(() => {
    if (!autoPlay || paused || sets < 2) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduced) return;
    want();
    const t = setInterval(() => {
      setAnnounce(false); // auto-play moves silently
      setSet((s) => wrapSet(Math.min(s, sets - 1), 1, sets));
    }, Math.max(1000, autoPlayInterval));
    return () => clearInterval(t);
  }, [autoPlay, paused, sets, autoPlayInterval, want]);

  if (count === 0) {
    return <p className={styles.empty}>{EMPTY_TEXT}</p>;
  }

  const showControls = sets > 1;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!showControls) return;
    if (e.key === "ArrowLeft") { e.preventDefault(); go(wrapSet(current, -1, sets)); }
    if (e.key === "ArrowRight") { e.preventDefault(); go(wrapSet(current, 1, sets)); }
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    want();
    if (noDrag || !showControls || e.pointerType === "mouse" && e.button !== 0) return;
    dragStart.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const s = dragStart.current;
    if (!s || s.id !== e.pointerId) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) > 8 && Math.abs(dx) > Math.abs(e.clientY - s.y)) setDrag(dx);
  };
  const endDrag = (e: PointerEvent<HTMLDivElement>) => {
    const s = dragStart.current;
    if (!s || s.id !== e.pointerId) return;
    dragStart.current = null;
    const dx = e.clientX - s.x;
    setDrag(0);
    if (Math.abs(dx) >= SWIPE_THRESHOLD) go(wrapSet(current, dx < 0 ? 1 : -1, sets));
  };
  // a drag is not a click on the item's link
  const onClickCapture = (e: MouseEvent) => {
    if (Math.abs(drag) > 8) { e.preventDefault(); e.stopPropagation(); }
  };

  const vars = {
    "--cx-xs": itemsPerDisplay.xs, "--cx-sm": itemsPerDisplay.sm, "--cx-md": itemsPerDisplay.md,
    "--cx-lg": itemsPerDisplay.lg, "--cx-xl": itemsPerDisplay.xl,
    "--cx-offset": `calc(${-current * 100}% + ${drag}px)`,
  } as CSSProperties;
  const first = current * view;

  return (
    <section
      className={`${styles.carousel} ${className ?? ""}`}
      aria-roledescription="carousel"
      aria-label={label}
      style={vars}
      onKeyDown={onKeyDown}
      onPointerEnter={want}
      onPointerMove={want}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => { want(); setPaused(true); }}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.frame} data-arrows={outerArrows ? undefined : "inner"}>
        {showControls && !noArrows && (
          <button type="button" className={`${styles.arrow} ${styles.prev}`} aria-label={PREV_LABEL} aria-controls={id}
            aria-disabled={moving || undefined} onClick={() => go(wrapSet(current, -1, sets))}>
            {arrowIconClass
              ? <span className={styles.mirrored} aria-hidden="true"><i className={arrowIconClass} /></span>
              : <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z" /></svg>}
          </button>
        )}
        <div className={styles.viewport}>
          <div
            id={id}
            ref={trackRef}
            className={styles.track}
            data-dragging={drag !== 0 || undefined}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onClickCapture={onClickCapture}
          >
            {Array.from({ length: count }, (_, i) => {
              const item = items[i];
              const visible = perView === null ? i < view : i >= first && i < first + view;
              return (
                <div
                  key={i}
                  className={styles.slide}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${count}`}
                  inert={perView !== null && !visible}
                  aria-hidden={perView !== null && !visible ? true : undefined}
                  aria-busy={perView !== null && item === undefined ? true : undefined}
                >
                  {i < drawn ? item ?? null : null}
                </div>
              );
            })}
          </div>
        </div>
        {showControls && !noArrows && (
          <button type="button" className={`${styles.arrow} ${styles.next}`} aria-label={NEXT_LABEL} aria-controls={id}
            aria-disabled={moving || undefined} onClick={() => go(wrapSet(current, 1, sets))}>
            {arrowIconClass
              ? <i className={arrowIconClass} aria-hidden="true" />
              : <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" /></svg>}
          </button>
        )}
      </div>
      {/* a short position after a move; a live track would read out every card it shows */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-carousel-status="">
        {announce && showControls ? positionText(first + 1, Math.min(count, first + view), count) : ""}
      </p>
      {showControls && !noDots && (
        <div className={styles.dots}>
          {Array.from({ length: sets }, (_, n) => (
            <button key={n} type="button" className={styles.dot} aria-label={dotLabel(n + 1)}
              aria-current={n === current ? "true" : undefined} aria-controls={id}
              aria-disabled={moving || undefined} onClick={() => go(n)} />
          ))}
        </div>
      )}
    </section>
  );
}
