import { z } from "zod";

/** The one error shape every failing call answers with. */
export const errorResponse = z.object({
  messages: z.object({ error: z.array(z.object({ message: z.string() })) }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const errorBody = (message: string): ErrorResponse => ({ messages: { error: [{ message }] } });
export { UNKNOWN_ERROR } from "./messages";

/** An amount of money as the storefront shows it. */
export const money = z.object({ amount: z.number(), formatted: z.string() });
export type Money = z.infer<typeof money>;

/**
 * Text no PostgreSQL column can hold: a NUL, or half of a UTF-16 surrogate pair (jsonb and the
 * UTF-8 encoder refuse it). Not global, so `test` keeps no state between calls.
 */
export const UNSAFE_TEXT = /[\u0000]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Free text a client sends (path, query or body): bounded, and storable in PostgreSQL. */
export const plainText = (max: number) =>
  z.string().max(max).refine((s) => !UNSAFE_TEXT.test(s), "must not contain a NUL character or a broken UTF-16 character");
