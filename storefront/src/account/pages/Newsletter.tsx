"use client";

import { useEffect, useState, type FormEvent } from "react";
import AccountShell from "../AccountShell";
import Recaptcha, { captchaRequired } from "../Recaptcha";
import type { AccountSettings } from "../settings";
import { recaptchaSet, setNewsletter } from "../state";
import { useAccount } from "../useAccount";
import { useAppSelector } from "@/lib/store";
import { SubmitButton } from "@/lib/SubmitButton";
import styles from "../Account.module.css";

/** Newsletter subscription (PUT /newsletter), with the newsletter captcha when the store asks for one. */
export default function Newsletter({ settings }: { settings: AccountSettings }) {
  return (
    <AccountShell title="Newsletter Subscription">
      <NewsletterForm settings={settings} />
    </AccountShell>
  );
}

function NewsletterForm({ settings }: { settings: AccountSettings }) {
  const { user, status, errors, dispatch } = useAccount();
  const token = useAppSelector((state) => state.account.recaptcha.newsletter);
  const subscribed = user?.customer_data.newsletter_is_subscribed ?? false;
  const [checked, setChecked] = useState(subscribed);
  const [round, setRound] = useState(0);
  const [saved, setSaved] = useState(false);
  const needsCaptcha = captchaRequired(settings.captcha, "newsletter");
  useEffect(() => setChecked(subscribed), [subscribed]);
  useEffect(() => {
    if (status.newsletter === "rejected" || status.newsletter === "fulfilled") setRound((n) => n + 1);
  }, [status.newsletter]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(true);
    void dispatch(setNewsletter(checked));
  };
  return (
    <form className={`${styles.form} ${styles.narrow}`} onSubmit={submit}>
      {errors.newsletter ? <p className={styles.error} role="alert">{errors.newsletter}</p> : null}
      {saved && status.newsletter === "fulfilled" ? <p className={styles.notice} role="status">{subscribed ? "You are subscribed to our newsletter." : "You are no longer subscribed to our newsletter."}</p> : null}
      <label className={styles.check}>
        <input type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} /> General Subscription
      </label>
      {needsCaptcha ? <Recaptcha siteKey={settings.captcha.siteKey} resetKey={round} onToken={(t) => dispatch(recaptchaSet({ form: "newsletter", token: t }))} /> : null}
      <div className={styles.actions}>
        <SubmitButton className="button button--primary" aria-disabled={status.newsletter === "pending" || (needsCaptcha && !token)}>Save</SubmitButton>
      </div>
    </form>
  );
}
