import { z } from "zod";

/** Largest JSON of an event's data the log keeps. */
export const ANALYTICS_DATA_MAX_BYTES = 8192;

/**
 * POST /alta/log (spec 000 §7): an analytics event with the store code, store name, login state,
 * location, navigator and timestamp the storefront adds. Events: "rendering_error" (spec 000 §8,
 * the error page's tracking event) and the storefront's other tracking events.
 */
export const altaLogBody = z.object({
  event: z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/, "event is a name: letters, digits, _ . : -"),
  data: z.record(z.string(), z.unknown()).default({})
    .refine((d) => JSON.stringify(d).length <= ANALYTICS_DATA_MAX_BYTES, `data is at most ${ANALYTICS_DATA_MAX_BYTES} bytes of JSON`),
  store_code: z.string().max(100).optional(),
  store_name: z.string().max(200).optional(),
  is_logged_in: z.boolean().optional(),
  location: z.string().max(2048).optional(),
  navigator: z.object({ user_agent: z.string().max(1000).optional(), language: z.string().max(50).optional() }).optional(),
  /** when it happened on the shopper's device, epoch seconds (spec 000 §9: events use epoch seconds) */
  timestamp: z.number().int().min(0).max(4_102_444_800).optional(),
});
export type AltaLogBody = z.input<typeof altaLogBody>;
export const altaLogAnswer = z.object({ logged: z.literal(true) });
