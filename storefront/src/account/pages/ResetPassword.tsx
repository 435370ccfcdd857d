"use client";

import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "next/navigation";
import { SubmitButton } from "@/lib/SubmitButton";
import { PASSWORDS_DIFFER, SIGN_IN_TITLE } from "../messages";
import { PasswordStrength } from "../PasswordStrength";
import type { AccountSettings } from "../settings";
import { panelOpened, resetPassword } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

/**
 * The page the reset mail links to (…/resetpassword?token=…): a new password and its
 * confirmation. Nothing is sent while either is empty or they differ (spec 000 §5).
 */
export default function ResetPassword({ settings }: { settings: AccountSettings }) {
  const { status, errors, notices, dispatch } = useAccount();
  const token = useSearchParams().get("token") ?? "";
  const id = useId();
  const [f, setF] = useState({ password: "", confirmation: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (f.password && f.confirmation && f.password !== f.confirmation) return setProblem(PASSWORDS_DIFFER);
    setProblem(null);
    void dispatch(resetPassword({ token, ...f }));
  };
  const done = status.passwordReset === "fulfilled";
  const shown = problem ?? errors.passwordReset;
  return (
    <section className={`${styles.content} ${styles.narrow}`}>
      <h1>Set a New Password</h1>
      {done ? (
        <>
          <p className={styles.notice} role="status">{notices.passwordReset}</p>
          <div className={styles.actions}>
            <button type="button" className="button button--primary" onClick={() => dispatch(panelOpened({ autoClose: true, source: "resetpassword" }))}>{SIGN_IN_TITLE}</button>
          </div>
        </>
      ) : (
        <form className={styles.form} onSubmit={submit}>
          {shown ? <p className={styles.error} role="alert">{shown}</p> : null}
          <div className={styles.field}>
            <label htmlFor={`${id}-new`}>New password</label>
            <input id={`${id}-new`} type="password" autoComplete="new-password" required aria-describedby={`${id}-strength`} value={f.password}
              onChange={(e) => setF((o) => ({ ...o, password: e.target.value }))} />
            <PasswordStrength id={`${id}-strength`} password={f.password} rules={settings.password} personal={[]} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-confirm`}>Confirm new password</label>
            <input id={`${id}-confirm`} type="password" autoComplete="new-password" required value={f.confirmation}
              onChange={(e) => setF((o) => ({ ...o, confirmation: e.target.value }))} />
          </div>
          <div className={styles.actions}>
            <SubmitButton className="button button--primary" aria-disabled={status.passwordReset === "pending"}>Set New Password</SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
