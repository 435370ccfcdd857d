/** Command-line arguments of the seed script, kept apart from the entry so tests can import them. */
import { DEFAULT_PRODUCT_COUNT } from "./generate";

export const MAX_PRODUCTS = 1_000_000;
export const USAGE = "usage: npm run seed -- [--products N] [--seed S] [--reset]";

export interface CliArgs {
  products: number;
  seed: number;
  reset: boolean;
}

/** Parses argv (without node and script); throws an Error with a user-facing message. */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { products: DEFAULT_PRODUCT_COUNT, seed: 1, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    switch (flag) {
      case "--products": {
        const v = value();
        if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_PRODUCTS) {
          throw new Error(`--products must be a whole number from 1 to ${MAX_PRODUCTS.toLocaleString("en-US")}, got "${v}"`);
        }
        args.products = Number(v);
        break;
      }
      case "--seed": {
        const v = value();
        if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v))) throw new Error(`--seed must be an integer, got "${v}"`);
        args.seed = Number(v);
        break;
      }
      case "--reset":
        if (inline !== undefined) throw new Error(`--reset takes no value\n${USAGE}`);
        args.reset = true;
        break;
      case "--help":
      case "-h":
        throw new Error(USAGE);
      default:
        throw new Error(`unknown argument "${arg}"\n${USAGE}`);
    }
  }
  return args;
}

/** SEED_CONFIG: a JSON object of store settings laid over the demo store's when it is seeded; unset or empty is none. */
export function parseSeedConfig(raw: string | undefined): Record<string, unknown> | undefined {
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error("SEED_CONFIG must be a JSON object of store settings, e.g. {\"catalog_endless_page_scroll\":true}");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("SEED_CONFIG must be a JSON object of store settings");
  return parsed as Record<string, unknown>;
}
