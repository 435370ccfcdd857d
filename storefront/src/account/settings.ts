import type { SiteConfig } from "@store/contract";
import type { CaptchaSettings } from "./Recaptcha";
import type { StrengthRules } from "./PasswordStrength";

/** What account forms need from the site config (spec 000 §3 security settings): no personal data. */
export interface AccountSettings {
  password: StrengthRules;
  captcha: CaptchaSettings;
}

export function accountSettings(config: SiteConfig): AccountSettings {
  const number = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
  return {
    password: { minLength: number(config.min_password_length, 8), minScore: number(config.min_zxcvbn_score, 2) },
    captcha: {
      enabled: String(config.recaptcha_enabled) === "1",
      siteKey: String(config.recaptcha_site_key ?? ""),
      forms: String(config.recaptcha_forms ?? "").split(",").map((f) => f.trim()).filter(Boolean),
    },
  };
}
