import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { IMAGE_KINDS, IMAGE_VIEWS, decodeVariant, encodeVariant, isImageKind, productImagePath, variantCount } from "./paths";
import mediaRoutes from "./routes";
import { LruCache, MediaService, parseMediaPath } from "./service";
import { videoPath } from "./videos";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NOT_FOUND = { messages: { error: [{ message: "Not found." }] } };

describe("GET /media/*", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(mediaRoutes, { storeName: "Tom & Jerry's Appliances" });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
  });

  it("renders an 800 x 800 PNG product image, cacheable forever", async () => {
    const res = await app.inject({ method: "GET", url: "/media/product/refrigerator/c0c4c8/1.png" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "png", width: 800, height: 800 });
  });

  it("serves every kind's overview video as MP4, in ranges too, and 404s an unknown one", async () => {
    for (const kind of Object.keys(IMAGE_KINDS) as Array<keyof typeof IMAGE_KINDS>) {
      const res = await app.inject({ method: "HEAD", url: videoPath(kind) });
      expect(res.statusCode, kind).toBe(200);
      expect(res.headers["content-type"]).toBe("video/mp4");
    }
    const whole = await app.inject({ method: "GET", url: videoPath("refrigerator") });
    expect(whole.rawPayload.subarray(4, 8).toString("latin1")).toBe("ftyp"); // an ISO media file
    const part = await app.inject({ method: "GET", url: videoPath("refrigerator"), headers: { range: "bytes=0-99" } });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 100))).toBe(true);
    expect((await app.inject({ method: "GET", url: "/media/video/nothing-overview.mp4" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/media/video/../../package.json" })).statusCode).toBe(404);
  });

  it("draws the colour it is asked for", async () => {
    const dark = await app.inject({ method: "GET", url: "/media/product/refrigerator/1f2022/1.png" });
    const light = await app.inject({ method: "GET", url: "/media/product/refrigerator/f4f4f2/1.png" });
    // the middle of the door is the body colour: the dark one must be much darker there
    const pixel = async (png: Buffer) => (await sharp(png).extract({ left: 300, top: 560, width: 1, height: 1 }).raw().toBuffer())[0];
    expect(await pixel(dark.rawPayload)).toBeLessThan(90);
    expect(await pixel(light.rawPayload)).toBeGreaterThan(180);
  });

  it("answers WebP when the extension asks for it", async () => {
    const res = await app.inject({ method: "GET", url: "/media/product/sofa/8a8d91/7.webp" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: "webp", width: 800, height: 800 });
  });

  it("renders brand tiles, the favicon and the store logo", async () => {
    const brand = await app.inject({ method: "GET", url: "/media/brand/alder-oak.png" });
    expect(brand.statusCode).toBe(200);
    expect(await sharp(brand.rawPayload).metadata()).toMatchObject({ format: "png", width: 400, height: 200 });

    const favicon = await app.inject({ method: "GET", url: "/media/favicon.png" });
    expect(favicon.headers["content-type"]).toBe("image/png");
    expect(await sharp(favicon.rawPayload).metadata()).toMatchObject({ width: 64, height: 64 });

    const logo = await app.inject({ method: "GET", url: "/media/logo.svg" });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(logo.body).toContain("Tom &amp; Jerry&apos;s Appliances");
    expect(logo.body).not.toContain("Tom & Jerry");
  });

  it("renders each demo store's logo design with the store's name, and its mark alone for phones", async () => {
    for (const design of ["hearth", "northwind", "brightline"]) {
      const wordmark = await app.inject({ method: "GET", url: `/media/logo/${design}.svg` });
      expect(wordmark.statusCode).toBe(200);
      expect(wordmark.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(wordmark.body).toContain("Tom &amp; Jerry&apos;s Appliances</text>");
      const mark = await app.inject({ method: "GET", url: `/media/logo/${design}-mark.svg` });
      expect(mark.statusCode).toBe(200);
      expect(mark.body).not.toContain("<text");
      expect(await sharp(Buffer.from(mark.body)).metadata()).toMatchObject({ width: 60, height: 64 });
    }
    const northwind = await app.inject({ method: "GET", url: "/media/logo/northwind.svg" });
    const brightline = await app.inject({ method: "GET", url: "/media/logo/brightline.svg" });
    expect(northwind.body).not.toBe(brightline.body.replace("brightline", "northwind"));
    expect(northwind.body).toContain("#0f766e");
    expect(brightline.body).toContain("#fde047");
  });

  it("draws an icon for each top-level category of the demo, and nothing for other names", async () => {
    for (const icon of ["appliances", "electronics", "furniture", "accessories", "outlet"]) {
      const answer = await app.inject({ method: "GET", url: `/media/icon/${icon}.svg` });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/^image\/svg\+xml/);
      expect(answer.body).toMatch(/^<svg [^>]*viewBox="0 0 64 64"/);
    }
    const fridge = await app.inject({ method: "GET", url: "/media/icon/appliances.svg" });
    const tv = await app.inject({ method: "GET", url: "/media/icon/electronics.svg" });
    expect(fridge.body).not.toBe(tv.body);
    for (const url of ["/media/icon/toasters.svg", "/media/icon/Appliances.svg", "/media/icon/appliances.png", "/media/icon/appliances.svg/x"]) {
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
    }
  });

  it.each([
    "/media/product/toaster/c0c4c8/1.png", // unknown kind
    "/media/product/refrigerator/C0C4C8/1.png", // colours are lowercase hex
    "/media/product/refrigerator/c0c4c/1.png",
    "/media/product/refrigerator/c0c4c8/0.png", // variants start at 1
    "/media/product/refrigerator/c0c4c8/9999.png", // beyond the variants of the kind
    "/media/product/refrigerator/c0c4c8/01.png",
    "/media/product/refrigerator/c0c4c8/1.gif", // unknown format
    "/media/product/refrigerator/c0c4c8/1.png/extra",
    "/media/brand/Alder_Oak.png",
    "/media/brand/-oak.png",
    "/media/brand/alder-oak.svg",
    "/media/logo.png",
    "/media/logo/acme.svg", // not a design of ours
    "/media/logo/northwind-mark.png",
    "/media/logo/northwind-small.svg",
    "/media/",
    "/media/..%2f..%2fetc%2fpasswd",
  ])("answers 404 with the error body for %s", async (url) => {
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe("media paths", () => {
  it("round-trips every kind, style, tweak and view through the variant number", () => {
    for (const kind of Object.keys(IMAGE_KINDS)) {
      if (!isImageKind(kind)) throw new Error(kind);
      const seen = new Set<number>();
      for (let style = 0; style < IMAGE_KINDS[kind]; style++) {
        for (let tweak = 0; tweak < 4; tweak++) {
          for (const view of IMAGE_VIEWS) {
            const variant = encodeVariant(kind, style, tweak, view);
            expect(decodeVariant(kind, variant)).toEqual({ style, tweak, view });
            seen.add(variant);
          }
        }
      }
      expect(seen.size).toBe(variantCount(kind));
    }
  });

  it("parses what the seed writes", () => {
    const url = productImagePath({ kind: "washer", color: "#F4F4F2", style: 1, tweak: 2, view: "room" });
    expect(url).toMatch(/^\/media\/product\/washer\/f4f4f2\/\d+\.png$/);
    expect(parseMediaPath(url.slice("/media/".length))).toMatchObject({ type: "product", kind: "washer", color: "f4f4f2", style: 1, tweak: 2, view: "room" });
  });
});

describe("MediaService cache", () => {
  it("serves a repeated request from memory", async () => {
    const service = new MediaService({ cacheEntries: 2 });
    const a = await service.render("product/tv/1f2022/1.png");
    const b = await service.render("product/tv/1f2022/1.png");
    expect(a).not.toBeNull();
    expect(b).toBe(a);
  });

  it("shares one render between concurrent requests", async () => {
    const service = new MediaService();
    const [a, b] = await Promise.all([service.render("product/bed/7a5232/2.png"), service.render("product/bed/7a5232/2.png")]);
    expect(b).toBe(a);
  });

  it("evicts the least recently used entry when full", () => {
    const cache = new LruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1); // a is now the freshest
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });
});
