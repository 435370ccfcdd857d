import { eq } from "drizzle-orm";
import {
  EDITOR_FORMS, FORM_HONEYPOT_FIELD, FORM_MESSAGES, FORM_NO_RECIPIENT,
  type EditorFormName, type FormSubmissionRequest, type FormSubmissionResponse,
} from "@store/contract";
import { schema, type Db } from "../db/client";
import { HttpError, badRequest } from "../http/errors";
import type { ConfigService } from "../config/service";
import type { MailService } from "../mail/service";

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
const WHOLE_NUMBER = /^\d{1,6}$/;

export interface SubmissionContext {
  sessionId: string | null;
  clientAddress: string;
}

/**
 * The form tag's submissions (spec 000 §2 forms in CMS content): checked against the form's own
 * field list, stored, and mailed to the store (config forms_email) through the outbox in the same
 * transaction, so a stored submission always has its mail and a failed one has neither.
 */
export class FormService {
  constructor(private readonly db: Db, private readonly config: ConfigService, private readonly mail: MailService) {}

  async submit(form: EditorFormName, body: FormSubmissionRequest, context: SubmissionContext): Promise<FormSubmissionResponse> {
    const definition = EDITOR_FORMS[form];
    const success = { message: definition.success };
    // a filled-in honeypot is a bot: it hears what a person would, and nothing is kept or sent
    if (body[FORM_HONEYPOT_FIELD]?.trim()) return success;

    const known = new Set(definition.fields.map((f) => f.name));
    for (const key of Object.keys(body)) {
      if (key !== "page" && key !== FORM_HONEYPOT_FIELD && !known.has(key) && body[key]) throw badRequest(`${key} is not a field of this form.`);
    }
    const fields: Record<string, string> = {};
    for (const field of definition.fields) {
      const raw = body[field.name] ?? "";
      // one-line fields stay on one line (they become the mail's subject and headings)
      const value = field.type === "textarea" ? raw.replace(/\r\n?/g, "\n").trim() : raw.replace(/[\r\n\t]+/g, " ").trim();
      if (!value) {
        if (field.required) throw badRequest(FORM_MESSAGES.required(field.label));
        continue;
      }
      if (field.type === "email" && !EMAIL.test(value)) throw badRequest(FORM_MESSAGES.invalidEmail);
      if (field.type === "number" && !WHOLE_NUMBER.test(value)) throw badRequest(`${field.label} must be a whole number.`);
      fields[field.name] = value;
    }

    const config = await this.config.get();
    const to = config.forms_email.trim();
    if (!to) throw new HttpError(503, FORM_NO_RECIPIENT);
    const page = (body.page ?? "").trim().slice(0, 500);
    const title = form === "contact" ? "Contact form" : "Quote request";
    const about = fields.subject || fields.product || fields.name!;
    const text = [
      `${title} from ${config.name}${page ? ` (page ${page})` : ""}`,
      "",
      ...definition.fields.filter((f) => fields[f.name] && f.type !== "textarea").map((f) => `${f.label}: ${fields[f.name]}`),
      ...definition.fields.filter((f) => fields[f.name] && f.type === "textarea").flatMap((f) => ["", `${f.label}:`, fields[f.name]!]),
      "",
      `Reply to ${fields.name} at ${fields.email}.`,
    ].join("\n");

    await this.db.transaction(async (tx) => {
      const [row] = await tx.insert(schema.formSubmissions).values({
        form, fields, email: fields.email!, page, sessionId: context.sessionId, clientAddress: context.clientAddress,
      }).returning({ id: schema.formSubmissions.id });
      const mail = await this.mail.enqueue({
        kind: form === "contact" ? "contact" : "request_quote",
        to,
        subject: `${title}: ${about}`.slice(0, 200),
        text,
        dedupeKey: `form:${row!.id}`,
      }, tx);
      await tx.update(schema.formSubmissions).set({ mailId: mail.id }).where(eq(schema.formSubmissions.id, row!.id));
    });
    this.mail.wake();
    return success;
  }
}
