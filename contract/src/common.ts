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
