import type { NextConfig } from "next";

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
    localPatterns: [{ pathname: "/media/**" }, { pathname: "/images/**", search: "" }],
  },
};

export default nextConfig;
