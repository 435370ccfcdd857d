// The embedded database's thread when the api runs from its TypeScript source (tests, tsx): the
// thread registers the TypeScript loader for itself, then loads its code. The build bundles
// pglite-worker.ts into dist/pglite-worker.js instead.
import { register } from "tsx/esm/api";

register();
await import("./pglite-worker.ts");
