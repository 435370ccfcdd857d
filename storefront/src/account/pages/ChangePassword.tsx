"use client";

import { useEffect, useId, useState, type FormEvent } from "react";
import { SubmitButton } from "@/lib/SubmitButton";
import AccountShell from "../AccountShell";
import { PASSWORDS_DIFFER } from "../messages";
import { PasswordStrength, useStrength } from "../PasswordStrength";
import type { AccountSettings } from "../settings";
import { updateAccount } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

/** Change password (PUT /customers/{id} with the current one); strength feedback as the customer types. */
export default function ChangePassword({ settings }: { settings: AccountSettings }) {
  return (
    <AccountShell title="Change Password">
      <PasswordForm settings={settings} />
    </AccountShell>
  );
}

function PasswordForm({ settings }: { settings: AccountSettings }) {
  const { user, status, errors, dispatch } = useAccount();
  const id = useId();
  const [f, setF] = useState({ current: "", password: "", confirmation: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const personal = [user?.email ?? "", user?.firstname ?? "", user?.lastname ?? ""];
  const strength = useStrength(f.password, settings.password, personal);
  useEffect(() => {
    if (sent && status.updateAccount === "fulfilled") setF({ current: "", password: "", confirmation: "" });
  }, [sent, status.updateAccount]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (f.password !== f.confirmation) return setProblem(PASSWORDS_DIFFER);
    if (strength.result && !strength.ok) return setProblem("Please choose a stronger password.");
    setProblem(null);
    setSent(true);
    void dispatch(updateAccount({ current_password: f.current, password: f.password, password_confirmation: f.confirmation }));
  };
  const set = (name: keyof typeof f) => (e: { target: HTMLInputElement }) => setF((o) => ({ ...o, [name]: e.target.value }));
  const shown = problem ?? (sent ? errors.updateAccount : null);
  return (
    <form className={`${styles.form} ${styles.narrow}`} onSubmit={submit}>
      {shown ? <p className={styles.error} role="alert">{shown}</p> : null}
      {sent && !problem && status.updateAccount === "fulfilled" ? <p className={styles.notice} role="status">Your password has been changed.</p> : null}
      <input type="email" autoComplete="username" value={user?.email ?? ""} readOnly hidden />
      <div className={styles.field}>
        <label htmlFor={`${id}-current`}>Current password</label>
        <input id={`${id}-current`} type="password" autoComplete="current-password" required value={f.current} onChange={set("current")} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-new`}>New password</label>
        <input id={`${id}-new`} type="password" autoComplete="new-password" required aria-describedby={`${id}-strength`} value={f.password} onChange={set("password")} />
        <PasswordStrength id={`${id}-strength`} password={f.password} rules={settings.password} personal={personal} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-confirm`}>Confirm new password</label>
        <input id={`${id}-confirm`} type="password" autoComplete="new-password" required value={f.confirmation} onChange={set("confirmation")} />
      </div>
      <div className={styles.actions}>
        <SubmitButton className="button button--primary" aria-disabled={status.updateAccount === "pending"}>Change Password</SubmitButton>
      </div>
    </form>
  );
}
