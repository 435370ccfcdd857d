// The framework's own floor for `npm run bench`: a Next app with one dynamic page that writes a
// heading and a paragraph, built with the storefront's Next and React and started on the same
// Node with the same flags. Its CPU per render, beside the storefront's, says how much of a render
// is the framework's and how much is the page's, whatever the machine.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { root, run, startProcess, storefrontNodeFlags } from "./lib.mjs";

// inside the workspace, so the build resolves next and react from its node_modules (ignored by git)
const dir = path.join(root, ".bench", "next-floor");
const nextBin = createRequire(path.join(root, "storefront", "package.json")).resolve("next/dist/bin/next");

const FILES = {
  "package.json": JSON.stringify({ name: "next-floor", private: true, type: "module" }),
  "next.config.mjs": `export default { poweredByHeader: false, compress: false, turbopack: { root: ${JSON.stringify(root)} } };\n`,
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      target: "ES2022", lib: ["dom", "esnext"], jsx: "react-jsx", module: "esnext", moduleResolution: "bundler", strict: true,
      skipLibCheck: true, noEmit: true, esModuleInterop: true, isolatedModules: true, resolveJsonModule: true, plugins: [{ name: "next" }],
    },
    include: ["**/*.ts", "**/*.tsx"],
  }),
  "app/layout.tsx": `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  // rendered on every request (it reads the query), as the storefront's pages are
  "app/page/page.tsx": `export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { n } = await searchParams;
  return <main><h1>A page</h1><p>One paragraph, request {n}.</p></main>;
}
`,
};

/** Builds the floor app when its sources or Next's version changed; answers its directory. */
export async function buildNextFloor(log = console.error) {
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(nextBin), "..", "..", "package.json"), "utf8"));
  const stamp = JSON.stringify({ version, FILES });
  const stampFile = path.join(dir, ".next", "floor-stamp.json");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp) return dir;
  log(`building the Next floor app (Next ${version})…`);
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  await run(process.execPath, [nextBin, "build"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  writeFileSync(stampFile, stamp);
  return dir;
}

/** Starts the built floor app on `port` (one process, the storefront's Node flags). */
export function startNextFloor(port) {
  return startProcess("next floor", process.execPath, [...storefrontNodeFlags, nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1",
  }, { quiet: true, cwd: dir });
}

/** The floor's URLs: a new query each request, as the bench's renders ask for new pages. */
export function floorUrls() {
  let n = 0;
  return () => `/page?n=${++n}`;
}
