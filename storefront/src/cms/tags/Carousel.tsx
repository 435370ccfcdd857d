"use client";

import { useEffect, useState, type ReactNode } from "react";
import type { CarouselBreakpoint, CarouselSettings } from "@store/contract/editor-tags";
import Carousel from "@/carousel/Carousel";
import { BREAKPOINTS } from "@/carousel/settings";
import styles from "./tags.module.css";

function breakpointAt(width: number): CarouselBreakpoint {
  return width >= BREAKPOINTS.xl ? "xl" : width >= BREAKPOINTS.lg ? "lg" : width >= BREAKPOINTS.md ? "md" : width >= BREAKPOINTS.sm ? "sm" : "xs";
}

/**
 * The carousel tag: the shell carousel with the tag's settings per breakpoint (spec 000 §3, §9 CMS
 * carousel defaults: one item, no auto-play, 5000 ms) and its arrow icon class.
 */
export default function EditorCarousel({ label, settings, arrowIcon, children }: {
  label: string;
  settings: Record<CarouselBreakpoint, CarouselSettings>;
  arrowIcon?: string;
  children: ReactNode[];
}) {
  const [bp, setBp] = useState<CarouselBreakpoint>("xs");
  useEffect(() => {
    const measure = () => setBp(breakpointAt(window.innerWidth));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const current = settings[bp];
  const items = { xs: settings.xs.itemsPerDisplay, sm: settings.sm.itemsPerDisplay, md: settings.md.itemsPerDisplay, lg: settings.lg.itemsPerDisplay, xl: settings.xl.itemsPerDisplay };
  return (
    <Carousel
      label={label}
      itemsPerDisplay={items}
      autoPlay={current.autoPlay}
      autoPlayInterval={current.autoPlayInterval}
      noArrows={current.noArrows}
      noDots={current.noDots}
      noDrag={current.noDrag}
      arrowIconClass={arrowIcon}
      outerArrows={current.outerArrows}
      className={`${styles.carousel} ${current.alwaysEqualWidthItems ? styles.equalWidth : ""}`}
    >
      {children}
    </Carousel>
  );
}
