"use client";

import Image from "next/image";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useVariant } from "./useVariant";
import type { GalleryItem, VariantView } from "./view";
import styles from "./Gallery.module.css";

const KIND_LABEL: Record<GalleryItem["kind"], string> = {
  image: "Picture",
  image360: "360° view",
  video: "Video",
  embeddedVideo: "Video",
};

function MainView({ item, priority }: { item: GalleryItem; priority: boolean }) {
  if (item.kind === "video") {
    return (
      <video className={styles.media} controls preload="none" poster={item.thumb} width={800} height={800} aria-label={item.label}>
        <source src={item.url} />
      </video>
    );
  }
  if (item.kind === "embeddedVideo") {
    return <iframe className={styles.media} src={item.url} title={item.label} allow="fullscreen; picture-in-picture" loading="lazy" />;
  }
  return (
    <>
      <Image
        className={styles.media}
        src={item.url}
        alt={item.label}
        width={800}
        height={800}
        sizes="(min-width: 960px) 560px, calc(100vw - 32px)"
        preload={priority}
        fetchPriority={priority ? "high" : undefined}
        loading={priority ? "eager" : "lazy"}
      />
      {item.kind === "image360" ? <span className={styles.badge}>360°</span> : null}
    </>
  );
}

/**
 * Product pictures, 360° views and videos: a main view with previous/next buttons and a row of
 * thumbnails (arrow keys, Home and End move between them). Follows the chosen swatch's pictures.
 */
export default function Gallery({ parentId, initial, name }: { parentId: string; initial: VariantView; name: string }) {
  const variant = useVariant(parentId, initial);
  const items = variant.gallery ?? [];
  const [index, setIndex] = useState(0);
  const [touched, setTouched] = useState(false);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);

  // another child's pictures: start again at the first one
  const first = items[0]?.key;
  useEffect(() => setIndex(0), [first, variant.entity_id]);

  if (items.length === 0) {
    return <div className={styles.gallery}><div className={`${styles.stage} ${styles.empty}`} role="img" aria-label={`${name}: no picture available`} /></div>;
  }
  const current = items[Math.min(index, items.length - 1)]!;
  const go = (next: number, focus = false) => {
    const n = (next + items.length) % items.length;
    setIndex(n);
    setTouched(true);
    if (focus) thumbs.current[n]?.focus();
  };
  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]!, true);
    }
  };

  return (
    <section className={styles.gallery} aria-label={`${name} pictures`} aria-roledescription="gallery">
      <div className={styles.stage}>
        <MainView item={current} priority={!touched && index === 0} />
        {items.length > 1 ? (
          <>
            <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => go(index - 1)} aria-label="Previous picture">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => go(index + 1)} aria-label="Next picture">
              <span aria-hidden="true">›</span>
            </button>
          </>
        ) : null}
        <p className={styles.counter} aria-live="polite">
          <span className="visually-hidden">{KIND_LABEL[current.kind]} </span>
          {index + 1} / {items.length}
        </p>
      </div>
      {items.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Choose a picture">
          {items.map((item, i) => (
            <li key={item.key}>
              <button
                type="button"
                ref={(el) => { thumbs.current[i] = el; }}
                className={styles.thumb}
                aria-current={i === index ? "true" : undefined}
                aria-label={`${KIND_LABEL[item.kind]} ${i + 1} of ${items.length}: ${item.label}`}
                tabIndex={i === index ? 0 : -1}
                onClick={() => go(i)}
                onKeyDown={(event) => onThumbKey(event, i)}
              >
                <Image src={item.thumb} alt="" width={64} height={64} loading="lazy" />
                {item.kind !== "image" ? <span className={styles.thumbBadge} aria-hidden="true">{item.kind === "image360" ? "360°" : "▶"}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
