import { z } from "zod";
import { plainText } from "./common";

export const customerData = z.object({
  blog_disliked: z.array(z.string()),
  blog_liked: z.array(z.string()),
  sid: z.string(),
  newsletter_is_subscribed: z.boolean(),
  amazon_logged_in: z.boolean(),
  csrf_token: z.string(),
  monetate_id: z.string(),
  amazon_checkout_session_id: z.string(),
});

/** The user entity of spec 000 §3 as GET /customers/self/session answers it. */
export const sessionUser = z.object({
  isloggedin: z.boolean(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  customer_id: z.string().nullable(),
  entity_id: z.string().nullable(),
  isp_domain: z.string(),
  customer_data: customerData,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const signInRequest = z.object({
  login: plainText(254).trim().min(1),
  password: z.string().min(1).max(256),
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** Header that carries the session's csrf_token on every POST, PUT and DELETE. */
export const CSRF_HEADER = "x-csrf-token";
