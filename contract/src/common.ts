import { z } from "zod";

/** The one error shape every failing call answers with. */
export const errorResponse = z.object({
  messages: z.object({ error: z.array(z.object({ message: z.string() })) }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const errorBody = (message: string): ErrorResponse => ({ messages: { error: [{ message }] } });
/** Spec 002 §8 "Unknown": what an unexpected failure says, in the api's 500 answer and wherever the storefront has nothing better. */
export const UNKNOWN_ERROR = "Unknown error occurred.";

/** An amount of money as the storefront shows it. */
export const money = z.object({ amount: z.number(), formatted: z.string() });
export type Money = z.infer<typeof money>;
