import Image from "next/image";
import { logoDisplaySize } from "./logoSize";

/** The header logo. SVG logos are loaded directly (spec 000 §7); others go through the image optimiser. */
export default async function Logo({ src, alt, className }: { src: string; alt: string; className?: string }) {
  if (!src) return null;
  const { width, height } = await logoDisplaySize(src);
  const isSvg = /\.svg(?:[?#].*)?$/i.test(src);
  const isLocal = src.startsWith("/media/") || src.startsWith("/images/");
  if (isSvg || !isLocal) {
    // eslint-disable-next-line @next/next/no-img-element
    return <img className={className} src={src} alt={alt} width={width} height={height} fetchPriority="high" decoding="async" />;
  }
  return <Image className={className} src={src} alt={alt} width={width} height={height} loading="eager" fetchPriority="high" />;
}
