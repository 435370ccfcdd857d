import type { FastifyInstance, FastifyRequest } from "fastify";
import { UNSAFE_TEXT } from "@store/contract";
import { badRequest } from "./errors";

/** Deeper than any body the storefront sends; deeper still only costs us time to walk and validate. */
const MAX_DEPTH = 32;
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * The first problem in a decoded value, walked deeply (keys too): text PostgreSQL refuses (a NUL,
 * a lone UTF-16 surrogate), a prototype key (body only) or nesting past MAX_DEPTH.
 */
function problemIn(value: unknown, where: string, options: { prototypeKeys: boolean }): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current === "string") {
      if (UNSAFE_TEXT.test(current)) return `The ${where} contains a character that is not allowed (a NUL or a broken UTF-16 character).`;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_DEPTH) return `The ${where} is nested too deeply.`;
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(current)) {
      if (UNSAFE_TEXT.test(key)) return `The ${where} has a name with a character that is not allowed (a NUL or a broken UTF-16 character).`;
      if (options.prototypeKeys && PROTOTYPE_KEYS.has(key)) return `The ${where} must not use the name '${key}'.`;
      stack.push({ value: (current as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

function refusal(value: unknown, where: string, options = { prototypeKeys: false }) {
  const problem = problemIn(value, where, options);
  return problem ? badRequest(problem) : undefined;
}

/**
 * One guard for every route, present and future: text that cannot reach PostgreSQL (NUL, lone
 * surrogates) is refused with a 400 before any handler runs, wherever it hides: the path, the
 * query string, or (after parsing) anywhere in a JSON body, keys included. Callback hooks, not
 * async ones: this runs on every request, catalogue hot paths included.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("onRequest", (request: FastifyRequest, _reply, done) => {
    done(refusal(request.params, "address") ?? refusal(request.query, "query string"));
  });
  app.addHook("preValidation", (request: FastifyRequest, _reply, done) => {
    done(refusal(request.body, "request body", { prototypeKeys: true }));
  });
}
