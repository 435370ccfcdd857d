/**
 * Password rules of spec 000 §5: at least min_password_length characters and a zxcvbn score of at
 * least min_zxcvbn_score (store settings), checked on the server whatever the form did.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { badRequest } from "../http/errors";

/** zxcvbn's matching grows fast with length; beyond this many characters a password is judged by its start. */
const SCORED_LENGTH = 64;

// the dictionaries are large: built once, on the first password checked, not at start-up
let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }));

export const passwordTooShort = (min: number) => `Please enter a password of at least ${min} characters.`;
export const PASSWORD_TOO_WEAK = "Please choose a stronger password.";
export const PASSWORDS_DIFFER = "The password and its confirmation do not match.";

export interface PasswordRules {
  min_password_length: number;
  min_zxcvbn_score: number;
}

/**
 * Refuses a password that is too short or too guessable (400), with zxcvbn's warning and
 * suggestions in the message. `personal` are the customer's own words (name, email), which make a
 * password weaker when it contains them.
 */
export function checkPasswordStrength(password: string, rules: PasswordRules, personal: string[] = []): void {
  if ([...password].length < rules.min_password_length) throw badRequest(passwordTooShort(rules.min_password_length));
  const words = personal.flatMap((word) => [word, ...word.split(/[@.\s_-]+/)]).filter((word) => word.length > 2);
  const result = zxcvbn().check(password.slice(0, SCORED_LENGTH), words);
  if (result.score >= rules.min_zxcvbn_score) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ");
  throw badRequest(advice ? `${PASSWORD_TOO_WEAK} ${advice}` : PASSWORD_TOO_WEAK);
}
