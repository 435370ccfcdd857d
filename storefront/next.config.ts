import type { NextConfig } from "next";

/** The image optimiser's disk cache is bounded (Next's default is half the free disk); least recently used entries go first. */
const IMAGE_CACHE_MB = Number(process.env.STOREFRONT_IMAGE_CACHE_MB) > 0 ? Number(process.env.STOREFRONT_IMAGE_CACHE_MB) : 512;

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // the contract is TypeScript source in the workspace
  transpilePackages: ["@store/contract"],
  // /api/rest/* and /media/* are forwarded to the api by proxy.ts, which reads API_URL at run
  // time (rewrites declared here would be compiled into the build with a fixed address).
  images: {
    // spec 000 §9: device widths 640 to 3840, image sizes 16 to 384, default quality 75
    deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840],
    imageSizes: [16, 32, 48, 64, 96, 128, 256, 384],
    qualities: [75],
    formats: ["image/webp"],
    // api media (product pictures, logos) arrive through /media on this origin (proxy.ts), so they are
    // "local" images: the optimiser fetches them from this origin and never from a private IP.
    // No media URL carries a query, so none is accepted: `?bust=N` would make a new cache entry per N.
    localPatterns: [{ pathname: "/media/**", search: "" }, { pathname: "/images/**", search: "" }],
    maximumDiskCacheSize: IMAGE_CACHE_MB * 1024 * 1024,
  },
  // pages get their security headers from proxy.ts; build assets and optimised images get these
  async headers() {
    const headers = [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ];
    return [{ source: "/_next/:path*", headers }, { source: "/favicon.ico", headers }];
  },
};

export default nextConfig;
