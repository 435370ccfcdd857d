import Image from "next/image";
import { logoDisplaySize } from "./logoSize";

const isSvg = (src: string) => /\.svg(?:[?#].*)?$/i.test(src);

/**
 * The header logo. SVG logos are loaded directly (spec 000 §7); others go through the image
 * optimiser. With a small logo (logoUrlSmall) phones get that one instead: a wide wordmark scaled
 * into a phone's header would be a few pixels tall. Only the one the screen needs is downloaded.
 *
 * Not `decoding="async"`: with it, headless Chromium under Lighthouse painted the page about a
 * second after its load event (the whole page, not only the logo), and the simulated LCP then
 * counted every script before it; decoded with the page, the first paint came before
 * DOMContentLoaded.
 */
export default async function Logo({ src, smallSrc, alt, className, smallClassName }: {
  src: string; smallSrc?: string; alt: string; className?: string; smallClassName?: string;
}) {
  if (!src) return null;
  const { width, height } = await logoDisplaySize(src);
  const isLocal = src.startsWith("/media/") || src.startsWith("/images/");
  if (smallSrc) {
    const small = await logoDisplaySize(smallSrc);
    return (
      <picture className={smallClassName}>
        <source media="(max-width: 599.98px)" srcSet={smallSrc} width={small.width} height={small.height} />
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img className={className} src={src} alt={alt} width={width} height={height} fetchPriority="high" />
      </picture>
    );
  }
  if (isSvg(src) || !isLocal) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img className={className} src={src} alt={alt} width={width} height={height} fetchPriority="high" />;
  }
  return <Image className={className} src={src} alt={alt} width={width} height={height} loading="eager" fetchPriority="high" decoding="auto" />;
}
