/**
 * Writes the short product-overview videos the demo store links to (/media/video/{kind}-overview.mp4):
 * the generated drawing of each kind of product in four views, each gently zoomed, encoded as
 * H.264 by ffmpeg. The videos are committed, so neither the api nor its tests need ffmpeg; run
 * this (`npm run media:videos -w api`) only after changing the drawings.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { IMAGE_KINDS, type ImageKind, type ImageView } from "./paths";
import { productSvg } from "./service";
import { videoFileName } from "./videos";

const SIZE = 480;
const FPS = 12;
const SECONDS_PER_VIEW = 1.5;
const VIEWS: ImageView[] = ["front", "angle", "detail", "room"];
const COLOR = "8a8f98";

async function frames(kind: ImageKind): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const perView = Math.round(FPS * SECONDS_PER_VIEW);
  for (const view of VIEWS) {
    const still = await sharp(Buffer.from(productSvg(kind, COLOR, 0, 0, view))).resize(SIZE * 2, SIZE * 2).png().toBuffer();
    for (let i = 0; i < perView; i++) {
      // a slow push in: from the whole picture to 90% of it, about its centre
      const crop = Math.round(SIZE * 2 * (1 - 0.1 * (i / perView)));
      const offset = Math.round((SIZE * 2 - crop) / 2);
      out.push(await sharp(still).extract({ left: offset, top: offset, width: crop, height: crop }).resize(SIZE, SIZE).png().toBuffer());
    }
  }
  return out;
}

function encode(pngs: Buffer[], file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ffmpeg = spawn("ffmpeg", ["-y", "-loglevel", "error", "-f", "image2pipe", "-framerate", String(FPS), "-i", "-",
      "-c:v", "libx264", "-preset", "veryslow", "-crf", "32", "-pix_fmt", "yuv420p", "-movflags", "+faststart", file], { stdio: ["pipe", "inherit", "inherit"] });
    ffmpeg.on("error", reject);
    ffmpeg.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
    for (const png of pngs) ffmpeg.stdin.write(png);
    ffmpeg.stdin.end();
  });
}

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "video");
mkdirSync(folder, { recursive: true });
for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) {
  await encode(await frames(kind), path.join(folder, videoFileName(kind)));
  process.stderr.write(`${videoFileName(kind)}\n`);
}
