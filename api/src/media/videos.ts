import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ImageKind } from "./paths";

/** The overview video of a kind of product, as the seed links to it. */
export const videoFileName = (kind: ImageKind) => `${kind}-overview.mp4`;
export const videoPath = (kind: ImageKind) => `/media/video/${videoFileName(kind)}`;

/** The committed videos sit in media/video in source and in video beside main.js in the build. */
export function videoFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, "video"), path.join(here, "media", "video")]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`video folder not found near ${here}`);
}
