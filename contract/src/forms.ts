import { z } from "zod";
import { plainText } from "./common";
import { EDITOR_FORMS, EDITOR_FORM_NAMES, FORM_HONEYPOT_FIELD } from "./editor-tags";

/** POST /forms/{form}: a shopper's message through the form tag of CMS content. */
export const formParams = z.object({ form: z.enum(EDITOR_FORM_NAMES) });

const FIELD_NAMES = [...new Set(Object.values(EDITOR_FORMS).flatMap((f) => f.fields.map((field) => field.name)))];
const MAX_LENGTH = new Map(Object.values(EDITOR_FORMS).flatMap((f) => f.fields.map((field) => [field.name, field.maxLength] as const)));

/**
 * Every field any form has, each optional here (which are required depends on the form: the
 * service says which one is missing); unknown keys are refused.
 */
export const formSubmissionRequest = z.strictObject({
  ...Object.fromEntries(FIELD_NAMES.map((name) => [name, plainText(MAX_LENGTH.get(name) ?? 200).optional()])),
  /** the storefront path the form was on */
  page: plainText(500).optional(),
  /** left empty by people; bots fill it in */
  [FORM_HONEYPOT_FIELD]: plainText(500).optional(),
}) as z.ZodType<Partial<Record<string, string>>>;
export type FormSubmissionRequest = Partial<Record<string, string>>;

export const formSubmissionResponse = z.object({
  /** the form's thank-you text */
  message: z.string(),
});
export type FormSubmissionResponse = z.infer<typeof formSubmissionResponse>;

/** Submissions per minute per client address (a person sends one; a script sends hundreds). */
export const FORM_SUBMISSIONS_PER_MINUTE = 5;
export const FORM_NO_RECIPIENT = "This form cannot be sent right now. Please call us instead.";
