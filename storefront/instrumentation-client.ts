import { z } from "zod";

// Runs before the app's client code: zod would otherwise probe `new Function("")` when the
// contract's schemas are built, which our script-src (no 'unsafe-eval') reports as a violation on every page.
z.config({ jitless: true });
