import { getImageProps } from "next/image";

/**
 * An editor's picture from the store's own media (`/media/…`, with a width) through the image
 * optimiser: WebP at the widths its box can need, up to twice its own width (a 400 px tile never
 * needs the 3,840 px copy), for `sizes` of the box's width or the whole screen when narrower.
 * Anything else (another site's picture, no width) is left as the editor wrote it: null.
 */
export function optimisedEditorImage(src: string, width: number | undefined, height?: number): { src: string; srcSet: string; sizes: string } | null {
  if (!src.startsWith("/media/") || !width) return null;
  const { props } = getImageProps({ src, alt: "", width, height: height ?? width, sizes: `(max-width: ${width}px) 100vw, ${width}px` });
  // "url 640w, url 750w, …": a URL holds no ", " (the optimiser's query is percent-encoded)
  const candidates = (props.srcSet ?? "").split(", ").filter(Boolean);
  const widthOf = (candidate: string) => Number(candidate.slice(candidate.lastIndexOf(" ") + 1, -1));
  const needed = candidates.filter((c) => widthOf(c) <= 2 * width);
  const kept = needed.length > 0 ? needed : candidates.slice(0, 1);
  if (kept.length === 0) return null;
  return { src: kept[kept.length - 1]!.slice(0, kept[kept.length - 1]!.lastIndexOf(" ")), srcSet: kept.join(", "), sizes: props.sizes ?? `${width}px` };
}
