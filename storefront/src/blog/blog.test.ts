import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_SITE_CONFIG, type BlogPost, type SiteConfig } from "@store/contract";
import { BLOG_FETCH_ERROR } from "@/catalog/messages";
import { startLocalApi } from "@/test/localApi";
import { blogPageHref, blogPageNumber, blogPath } from "./data";
import { blogListMetadata, blogPostMetadata, blogPostStructuredData, blogTitle } from "./metadata";

const POST: BlogPost = {
  post_id: "7", url_key: "oled-vs-qled", title: "OLED vs. QLED", short_content: "<p>Which picture &amp; which price?</p>", content: "<p>Long read</p>",
  image_url: "/media/blog/tv.png", author: "Chris Delgado", published_at: "2026-09-06T09:00:00.000Z",
};
const config = (changes: Partial<SiteConfig> = {}): SiteConfig => ({
  ...DEFAULT_SITE_CONFIG, name: "Hearth & Home", title_suffix: " | Hearth & Home", base_url: "https://shop.example",
  blog_home: { ...DEFAULT_SITE_CONFIG.blog_home, title: "Buying Guides", meta_description: "Guides from our experts", meta_keywords: "guides" },
  ...changes,
} as SiteConfig);

describe("blog addresses", () => {
  it("reads page numbers and writes the addresses of posts and pages", () => {
    expect(blogPageNumber(undefined)).toBe(1);
    expect(blogPageNumber("3")).toBe(3);
    expect(blogPageNumber(["2", "5"])).toBe(2);
    for (const bad of ["0", "-1", "x", "1.5", "", "99999"]) expect(blogPageNumber(bad), bad).toBeNull();
    expect(blogPath("a b")).toBe("/blog/a%20b");
    expect(blogPath()).toBe("/blog");
    expect(blogPageHref(1)).toBe("/blog");
    expect(blogPageHref(2)).toBe("/blog?page=2");
  });
});

describe("blog metadata", () => {
  it("titles the blog from blog_home, with its description and keywords", () => {
    const meta = blogListMetadata(config(), 1);
    expect(meta.title).toEqual({ absolute: "Buying Guides | Hearth & Home" });
    expect(meta).toMatchObject({ description: "Guides from our experts", keywords: "guides", alternates: { canonical: "/blog" } });
    expect(blogListMetadata(config(), 2)).toMatchObject({ title: { absolute: "Buying Guides - Page 2 | Hearth & Home" }, alternates: { canonical: "/blog?page=2" } });
    expect(blogTitle(config({ blog_home: { ...DEFAULT_SITE_CONFIG.blog_home, title: " " } }))).toBe("Blog");
  });

  it("titles a post after itself, its short content as plain text for the description", () => {
    const meta = blogPostMetadata(config(), POST);
    expect(meta.title).toEqual({ absolute: "OLED vs. QLED | Hearth & Home" });
    expect(meta.description).toBe("Which picture & which price?");
    expect(meta.alternates?.canonical).toBe("/blog/oled-vs-qled");
    expect(meta.openGraph).toMatchObject({ type: "article", publishedTime: POST.published_at, authors: ["Chris Delgado"] });
  });

  it("describes a post as a BlogPosting with absolute addresses", () => {
    expect(JSON.parse(blogPostStructuredData(config(), POST))).toEqual({
      "@context": "https://schema.org", "@type": "BlogPosting", headline: "OLED vs. QLED", description: "Which picture & which price?",
      datePublished: POST.published_at, author: { "@type": "Person", name: "Chris Delgado" }, image: "https://shop.example/media/blog/tv.png",
      mainEntityOfPage: "https://shop.example/blog/oled-vs-qled", publisher: { "@type": "Organization", name: "Hearth & Home" },
    });
  });
});

describe("blog calls", () => {
  // a local api: posts by url key, 400 for a key it refuses, a server error while 'down' is set
  const requests: string[] = [];
  let down = false;
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let data: typeof import("./data");

  beforeAll(async () => {
    api = await startLocalApi((req, res) => {
      requests.push(decodeURIComponent(req.url ?? ""));
      const url = new URL(req.url ?? "/", "http://x");
      const send = (status: number, body: unknown) => { res.writeHead(status, { "content-type": "application/json" }); res.end(JSON.stringify(body)); };
      if (down) return send(503, { messages: { error: [{ message: "unavailable" }] } });
      const key = url.searchParams.get("filter[0][eq]");
      if (key === "bad~key") return send(400, { messages: { error: [{ message: "'bad~key' is not a post url key." }] } });
      if (key !== null) return send(200, key === POST.url_key ? [POST] : []);
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      // 13 posts in all
      const all = Array.from({ length: 13 }, (_, i) => ({ ...POST, post_id: String(13 - i), url_key: `post-${13 - i}` }));
      return send(200, all.slice((page - 1) * limit, page * limit));
    });
    data = await import("./data");
  });
  afterAll(() => api.close());
  afterEach(() => {
    vi.restoreAllMocks();
    requests.length = 0;
    down = false;
  });

  it("finds a post by url key; none, or a key the api refuses, is no post", async () => {
    expect(await data.getBlogPost("oled-vs-qled")).toEqual(POST);
    expect(requests).toEqual(["/api/rest/blog?filter[0][attribute]=url_key&filter[0][eq]=oled-vs-qled"]);
    expect(await data.getBlogPost("no-such-post")).toBeNull();
    expect(await data.getBlogPost("bad~key")).toBeNull();
  });

  it("pages the latest posts and knows whether older ones follow", async () => {
    const first = await data.getBlogPage(1);
    expect(first.posts.map((p) => p.post_id)).toEqual(["13", "12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2"]);
    expect(first.hasOlder).toBe(true);
    const second = await data.getBlogPage(2);
    expect(second).toMatchObject({ hasOlder: false });
    expect(second.posts.map((p) => p.post_id)).toEqual(["1"]);
  });

  it("logs the spec's message when a blog call fails: the landing shows no posts, a blog page the error page", async () => {
    down = true;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await data.getBlogPosts("1,2")).toEqual([]);
    await expect(data.getBlogPost("any-post")).rejects.toThrow("unavailable");
    await expect(data.getBlogPage(1)).rejects.toThrow("unavailable");
    expect(errors.mock.calls.map((c) => c[0])).toEqual([BLOG_FETCH_ERROR, BLOG_FETCH_ERROR, BLOG_FETCH_ERROR]);
    expect(BLOG_FETCH_ERROR).toBe("Could not complete fetch catalog blog request");
    expect(requests).toContain("/api/rest/blog?filter[0][attribute]=post_id&filter[0][in]=1,2");
  });
});
