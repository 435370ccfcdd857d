import sharp from "sharp";
import { API_URL } from "@/lib/api";

/**
 * The logo's intrinsic size, so the header can reserve its box (no layout shift) whatever logo a
 * retailer configures. Read once per logo address and kept for a while; a logo that cannot be read
 * gets a default box and the image is scaled into it.
 */
export interface Size { width: number; height: number }

export const LOGO_HEIGHT = 48;
const DEFAULT_SIZE: Size = { width: 180, height: LOGO_HEIGHT };
const KEEP_MS = 10 * 60_000;
const KEEP_FAILURE_MS = 30_000;

const known = new Map<string, { size: Size; until: number }>();

/** Where the server reads the logo from: api media directly; other addresses are not fetched. */
function sourceUrl(src: string): string | null {
  if (src.startsWith("/media/")) return `${API_URL}${src}`;
  return null;
}

async function measure(src: string): Promise<Size | null> {
  const url = sourceUrl(src);
  if (!url) return null;
  const response = await fetch(url, { cache: "no-store", signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`logo ${src}: HTTP ${response.status}`);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return meta.width && meta.height ? { width: meta.width, height: meta.height } : null;
}

/** Display size: the logo scaled to the header's logo height, keeping its proportions. */
export async function logoDisplaySize(src: string): Promise<Size> {
  if (!src) return DEFAULT_SIZE;
  const hit = known.get(src);
  if (hit && hit.until > Date.now()) return hit.size;
  let size = DEFAULT_SIZE;
  let keep = KEEP_MS;
  try {
    const intrinsic = await measure(src);
    if (intrinsic) {
      const width = Math.max(1, Math.round((intrinsic.width * LOGO_HEIGHT) / intrinsic.height));
      size = { width: Math.min(width, 400), height: LOGO_HEIGHT };
    }
  } catch (error) {
    console.error("the logo could not be read; a default box is used:", error);
    keep = KEEP_FAILURE_MS;
  }
  known.set(src, { size, until: Date.now() + keep });
  return size;
}
