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

// ---------------------------------------------------------------------------------------------
// accounts (spec 000 §3 user, §5 password/captcha/postcode rules, §7 customer calls)


const email = z.string().trim().max(254).pipe(z.email({ message: "Please enter a valid email address." })).transform((e) => e.toLowerCase());
const name = plainText(100).pipe(z.string().trim().min(1));
/** Passwords are checked for length and strength by the server against the store's settings. */
const password = plainText(256);
/** The token from the reCAPTCHA widget; only required when the store turns the captcha on for that form. */
const recaptchaToken = plainText(4000).optional();
/** "1"/"0", "true"/"false" or a boolean, as forms send them. */
const flagInput = z.union([z.boolean(), z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true")]);

/** POST /customers */
export const createCustomerRequest = z.object({
  firstname: name,
  lastname: name,
  email,
  password,
  newsletter_is_subscribed: flagInput.optional(),
  "g-recaptcha-response": recaptchaToken,
});
export type CreateCustomerRequest = z.input<typeof createCustomerRequest>;

/** GET and PUT /customers/{id} */
export const customerIdParams = z.object({ id: z.string().regex(/^\d{1,9}$/, "must be a customer id").transform(Number) });

export const customer = z.object({
  entity_id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  newsletter_is_subscribed: z.boolean(),
  created_at: z.string(),
  /** entity_id of the default billing / shipping address, null when there is none */
  default_billing: z.string().nullable(),
  default_shipping: z.string().nullable(),
});
export type Customer = z.infer<typeof customer>;

/**
 * PUT /customers/{id}: any of the account fields. Changing the email or the password needs the
 * current password; a new password needs its confirmation.
 */
export const updateCustomerRequest = z.object({
  firstname: name.optional(),
  lastname: name.optional(),
  email: email.optional(),
  newsletter_is_subscribed: flagInput.optional(),
  current_password: plainText(256).optional(),
  password: password.optional(),
  password_confirmation: plainText(256).optional(),
});
export type UpdateCustomerRequest = z.input<typeof updateCustomerRequest>;

/** POST /customer/forgotpassword */
export const forgotPasswordRequest = z.object({ email: z.string().trim().min(1).max(254).pipe(plainText(254)) });
/** POST /customer/resetpassword: the token comes from the link in the reset mail. */
export const resetPasswordRequest = z.object({
  token: plainText(200).pipe(z.string().min(1)),
  password: plainText(256),
  confirmation: plainText(256),
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
/** What forgot/reset password answer on success. */
export const messageResponse = z.object({ message: z.string() });

/** PUT /newsletter (signed in) */
export const newsletterRequest = z.object({
  is_subscribed: flagInput,
  "g-recaptcha-response": recaptchaToken,
});

/** GET /cart/region: US states and Canadian provinces for address forms. */
export const regionOption = z.object({ region_id: z.string(), country_id: z.string(), code: z.string(), name: z.string() });
export const regionList = z.array(regionOption);
export type RegionOption = z.infer<typeof regionOption>;

const countryId = z.string().trim().regex(/^[A-Za-z]{2}$/, "country_id must be a two-letter code").transform((c) => c.toUpperCase());
const optionalText = (max: number) => plainText(max).transform((s) => s.trim()).optional();

/**
 * POST /customers/{id}/addresses and PUT /customers/addresses/{entity_id}. Street is one line or
 * up to three; default_billing / default_shipping (or is_default_*) make it the customer's default.
 * On update, fields left out keep their value.
 */
export const addressBody = z.object({
  firstname: name,
  lastname: name,
  middlename: optionalText(100),
  prefix: optionalText(40),
  suffix: optionalText(40),
  company: optionalText(200),
  street: z.union([plainText(200), z.array(plainText(200)).max(3)])
    .transform((s) => (Array.isArray(s) ? s : [s]).map((line) => line.trim()).filter(Boolean))
    .pipe(z.array(z.string()).min(1, "street is required")),
  city: name,
  region: optionalText(100),
  region_id: optionalText(20),
  postcode: plainText(20).pipe(z.string().trim().min(1)),
  country_id: countryId,
  telephone: plainText(40).pipe(z.string().trim().min(1)),
  fax: optionalText(40),
  default_billing: flagInput.optional(),
  default_shipping: flagInput.optional(),
  is_default_billing: flagInput.optional(),
  is_default_shipping: flagInput.optional(),
});
export const addressUpdateBody = addressBody.partial();
export type AddressBody = z.input<typeof addressBody>;

export const addressIdParams = z.object({ id: z.string().regex(/^\d{1,9}$/, "must be an address id").transform(Number) });

export const customerAddress = z.object({
  entity_id: z.string(),
  customer_id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  middlename: z.string(),
  prefix: z.string(),
  suffix: z.string(),
  company: z.string(),
  street: z.array(z.string()),
  city: z.string(),
  region: z.string(),
  region_id: z.string(),
  postcode: z.string(),
  country_id: z.string(),
  telephone: z.string(),
  fax: z.string(),
  is_default_billing: z.boolean(),
  is_default_shipping: z.boolean(),
});
export type CustomerAddress = z.infer<typeof customerAddress>;
export const customerAddressList = z.array(customerAddress);

/** Spec 000 §8 account fallbacks; kept in the zod-free messages module for browser code. */
export { ACCOUNT_ERRORS } from "./messages";
