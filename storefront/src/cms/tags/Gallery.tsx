"use client";

import { useState, type KeyboardEvent } from "react";
import styles from "./tags.module.css";

export interface GalleryImage {
  src: string;
  alt: string;
  width?: number;
  height?: number;
  caption: string;
}

/** The gallery tag: one large picture, previous/next and a row of thumbnails; arrow keys step through. */
export default function EditorGallery({ label, images }: { label: string; images: GalleryImage[] }) {
  const [index, setIndex] = useState(0);
  if (images.length === 0) return null;
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const current = images[Math.min(index, count - 1)]!;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowRight") { event.preventDefault(); go(1); }
    if (event.key === "ArrowLeft") { event.preventDefault(); go(-1); }
  };
  return (
    <section className={styles.gallery} aria-roledescription="gallery" aria-label={label} onKeyDown={onKeyDown}>
      <figure className={styles.galleryStage}>
        <img src={current.src} alt={current.alt} width={current.width} height={current.height} className={styles.galleryImage} />
        <figcaption className={styles.galleryCaption} aria-live="polite">
          <span>{current.caption}</span> <span className={styles.galleryCount}>{index + 1} of {count}</span>
        </figcaption>
        {count > 1 && (
          <>
            <button type="button" className={`${styles.galleryArrow} ${styles.galleryPrev}`} aria-label="Previous picture" onClick={() => go(-1)}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M15.4 7.4 14 6l-6 6 6 6 1.4-1.4L10.8 12z" /></svg>
            </button>
            <button type="button" className={`${styles.galleryArrow} ${styles.galleryNext}`} aria-label="Next picture" onClick={() => go(1)}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8.6 16.6 10 18l6-6-6-6-1.4 1.4 4.6 4.6z" /></svg>
            </button>
          </>
        )}
      </figure>
      {count > 1 && (
        <ul className={styles.thumbs}>
          {images.map((image, i) => (
            <li key={i}>
              <button type="button" className={styles.thumb} aria-current={i === index ? "true" : undefined} aria-label={`Show picture ${i + 1}: ${image.alt || image.caption}`} onClick={() => setIndex(i)}>
                <img src={image.src} alt="" width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
