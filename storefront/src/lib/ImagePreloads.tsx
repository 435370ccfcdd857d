"use client";

import { preload } from "react-dom";

/** A picture as next/image asks for it: its address, its widths and its size hint. */
export interface ImagePreload {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/**
 * Pictures the page's first paint shows (a listing's first row: its LCP), asked for from the
 * document's head at high priority. A client part because it must run in the HTML pass: a
 * server part's preload reaches the RSC payload but not the document's HTML (Next 16 here).
 */
export default function ImagePreloads({ images }: { images: ImagePreload[] }) {
  for (const image of images) {
    preload(image.src, { as: "image", imageSrcSet: image.srcSet, imageSizes: image.sizes, fetchPriority: "high" });
  }
  return null;
}
