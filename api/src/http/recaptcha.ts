/**
 * reCAPTCHA on the server (spec 000 §5): when the store sets recaptcha_enabled "1" and lists a form
 * in recaptcha_forms, that form's `g-recaptcha-response` token must be confirmed by the verifier
 * (Google's siteverify protocol: a form POST of secret, response, remoteip answered with
 * {success, score?, action?, "error-codes"?}). Used by sign-up and newsletter, and by guest checkout.
 */
import type { SiteConfig } from "@store/contract";
import { HttpError } from "./errors";
import { httpRequest } from "@store/contract/http-request";

export type RecaptchaForm = "user_create" | "newsletter" | "guest_checkout";

export const GOOGLE_SITEVERIFY_URL = "https://www.google.com/recaptcha/api/siteverify";

export const RECAPTCHA_MISSING = "Please confirm that you are not a robot.";
export const RECAPTCHA_FAILED = "The captcha could not be verified. Please try it again.";
export const RECAPTCHA_UNAVAILABLE = "The captcha could not be checked just now. Please try again in a moment.";

export interface RecaptchaOptions {
  /** RECAPTCHA_VERIFY_URL; default Google's siteverify */
  verifyUrl?: string;
  /** RECAPTCHA_SECRET: the store's secret key */
  secret?: string;
  /** how long to wait for the verifier */
  timeoutMs?: number;
  /** v3 tokens carry a score; below this the token is refused */
  minScore?: number;
  log?: (message: string) => void;
}

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  "error-codes"?: unknown;
}

/** Whether the store asks for a captcha on this form. */
export function captchaRequired(config: Pick<SiteConfig, "recaptcha_enabled" | "recaptcha_forms">, form: RecaptchaForm): boolean {
  if (String(config.recaptcha_enabled) !== "1") return false;
  return config.recaptcha_forms.split(",").map((f) => f.trim()).includes(form);
}

export class RecaptchaVerifier {
  constructor(private readonly options: RecaptchaOptions = {}) {}

  /**
   * Refuses (4xx/503, never 500) unless the form needs no captcha or the verifier confirms the
   * token: 400 without a token or with one the verifier rejects, 503 when the verifier cannot be
   * asked (down, slow, answering nonsense, or no secret configured).
   */
  async require(config: Pick<SiteConfig, "recaptcha_enabled" | "recaptcha_forms">, form: RecaptchaForm, token: string | undefined, remoteIp?: string): Promise<void> {
    if (!captchaRequired(config, form)) return;
    if (!token?.trim()) throw new HttpError(400, RECAPTCHA_MISSING);
    const answer = await this.ask(token.trim(), remoteIp);
    if (answer.success !== true) throw new HttpError(400, RECAPTCHA_FAILED);
    const minScore = this.options.minScore ?? 0.5;
    if (typeof answer.score === "number" && answer.score < minScore) throw new HttpError(400, RECAPTCHA_FAILED);
  }

  private async ask(token: string, remoteIp?: string): Promise<SiteverifyAnswer> {
    const { secret, log } = this.options;
    if (!secret) {
      log?.("reCAPTCHA is enabled for a form but RECAPTCHA_SECRET is not set: refusing the form");
      throw new HttpError(503, RECAPTCHA_UNAVAILABLE);
    }
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set("remoteip", remoteIp);
    try {
      const response = await httpRequest(this.options.verifyUrl ?? GOOGLE_SITEVERIFY_URL, {
        method: "POST",
        body: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        timeoutMs: this.options.timeoutMs ?? 5_000,
      });
      if (response.status < 200 || response.status > 299) throw new Error(`verifier answered HTTP ${response.status}`);
      const answer = JSON.parse(response.text) as unknown;
      if (typeof answer !== "object" || answer === null) throw new Error("verifier answered something other than an object");
      return answer as SiteverifyAnswer;
    } catch (error) {
      log?.(`reCAPTCHA verifier: ${error instanceof Error ? error.message : String(error)}`);
      throw new HttpError(503, RECAPTCHA_UNAVAILABLE);
    }
  }
}
