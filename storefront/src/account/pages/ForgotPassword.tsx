"use client";

import { useId, useState, type FormEvent } from "react";
import { SubmitButton } from "@/lib/SubmitButton";
import { requestPasswordReset } from "../state";
import { useAccount } from "../useAccount";
import styles from "../Account.module.css";

/** Forgot password: asks the api to mail a reset link (the same answer whether or not the account exists). */
export default function ForgotPassword() {
  const { status, errors, notices, dispatch } = useAccount();
  const id = useId();
  const [email, setEmail] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status.passwordRequest !== "pending") void dispatch(requestPasswordReset(email.trim()));
  };
  return (
    <section className={`${styles.content} ${styles.narrow}`}>
      <h1>Forgot Your Password?</h1>
      <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
      <form className={styles.form} onSubmit={submit}>
        {errors.passwordRequest ? <p className={styles.error} role="alert">{errors.passwordRequest}</p> : null}
        {notices.passwordRequest ? <p className={styles.notice} role="status">{notices.passwordRequest}</p> : null}
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className={styles.actions}>
          <SubmitButton className="button button--primary" aria-disabled={status.passwordRequest === "pending"}>Reset My Password</SubmitButton>
        </div>
      </form>
    </section>
  );
}
