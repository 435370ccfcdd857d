"use client";

import { useId, useState, type FormEvent } from "react";
import { usePathname } from "next/navigation";
import { EDITOR_FORMS, FORM_HONEYPOT_FIELD, FORM_MESSAGES, type EditorFormName } from "@store/contract/editor-tags";
import type { FormSubmissionResponse } from "@store/contract";
import { ClientApiError, clientPost } from "@/lib/client-api";
import { SubmitButton } from "@/lib/SubmitButton";
import styles from "./tags.module.css";

type State = { status: "idle" | "sending" } | { status: "sent"; message: string } | { status: "failed"; message: string };

/**
 * The form tag: the fields of its form (contact, request-quote), sent to POST /forms/{form} with
 * the session's CSRF token; the api stores it and mails the store. Its answer (thanks, or what is
 * wrong) is shown in place.
 */
export default function EditorForm({ form, title, submitLabel, success }: { form: EditorFormName; title?: string; submitLabel?: string; success?: string }) {
  const definition = EDITOR_FORMS[form];
  const [state, setState] = useState<State>({ status: "idle" });
  const id = useId();
  const pathname = usePathname();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body: Record<string, string> = { page: pathname };
    for (const field of definition.fields) {
      const value = String(data.get(field.name) ?? "").trim();
      if (value) body[field.name] = value;
    }
    const trap = String(data.get(FORM_HONEYPOT_FIELD) ?? "");
    if (trap) body[FORM_HONEYPOT_FIELD] = trap;
    setState({ status: "sending" });
    try {
      const answer = await clientPost<FormSubmissionResponse>(`/forms/${form}`, body);
      setState({ status: "sent", message: success || answer.message });
    } catch (error) {
      const message = error instanceof ClientApiError && error.fromServer && error.status < 500 ? error.message : FORM_MESSAGES.failed;
      setState({ status: "failed", message });
    }
  };

  const heading = title || definition.title;
  if (state.status === "sent") {
    return (
      <section className={styles.form} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.formTitle}>{heading}</h2>
        <p role="status" className={styles.formSuccess}>{state.message}</p>
      </section>
    );
  }
  return (
    <section className={styles.form} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.formTitle}>{heading}</h2>
      <form onSubmit={onSubmit} className={styles.formFields} data-form={form}>
        {definition.fields.map((field) => (
          <div key={field.name} className={field.type === "textarea" ? `${styles.field} ${styles.fieldWide}` : styles.field}>
            <label htmlFor={`${id}-${field.name}`}>
              {field.label}{field.required ? <span aria-hidden="true" className={styles.required}> *</span> : <span className={styles.optional}> (optional)</span>}
            </label>
            {field.type === "textarea" ? (
              <textarea id={`${id}-${field.name}`} name={field.name} required={field.required} maxLength={field.maxLength} rows={5} />
            ) : (
              <input id={`${id}-${field.name}`} name={field.name} type={field.type} required={field.required} maxLength={field.type === "number" ? undefined : field.maxLength}
                min={field.type === "number" ? 1 : undefined} max={field.type === "number" ? 999999 : undefined} autoComplete={field.autoComplete} inputMode={field.type === "number" ? "numeric" : undefined} />
            )}
          </div>
        ))}
        {/* people never see or fill this in */}
        <div className={styles.trap} aria-hidden="true">
          <label htmlFor={`${id}-${FORM_HONEYPOT_FIELD}`}>Leave this empty</label>
          <input id={`${id}-${FORM_HONEYPOT_FIELD}`} name={FORM_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {state.status === "failed" && <p role="alert" className={styles.formError}>{state.message}</p>}
        <div className={styles.fieldWide}>
          <SubmitButton className="button button--primary" disabled={state.status === "sending"}>
            {state.status === "sending" ? FORM_MESSAGES.sending : submitLabel || definition.submitLabel}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
