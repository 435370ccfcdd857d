"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useAppSelector } from "@/lib/store";
import { SubmitButton } from "@/lib/SubmitButton";
import { ACCOUNT_PANEL_LABEL, CLOSE_ACCOUNT_PANEL, CREATE_ACCOUNT_TITLE, MY_ACCOUNT_LABEL, SIGN_IN_TITLE, passwordTooShort } from "./messages";
import { PasswordStrength, useStrength } from "./PasswordStrength";
import Recaptcha, { captchaRequired } from "./Recaptcha";
import type { AccountSettings } from "./settings";
import { createAccount, panelClosed, panelView, recaptchaSet, signIn } from "./state";
import { useAccount } from "./useAccount";
import styles from "./Account.module.css";

export const ACCOUNT_PANEL_ID = "account-panel";
const WEAK_PASSWORD = "Please choose a stronger password.";
const CAPTCHA_NEEDED = "Please confirm you are not a robot.";

/**
 * The account panel (spec 000 §2 "account display panel (modal)", §4): sign in or create an account.
 * A modal <dialog>: the rest of the page is inert while it is open (focus stays inside), Escape
 * closes it, focus returns to what opened it. Opened with autoClose it closes once signed in.
 */
export default function AccountPanel({ settings }: { settings: AccountSettings }) {
  const { panel, signedIn, firstName, dispatch } = useAccount();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (panel.open && !el.open) el.showModal();
    else if (!panel.open && el.open) el.close();
  }, [panel.open]);

  const close = () => dispatch(panelClosed());
  const title = signedIn ? ACCOUNT_PANEL_LABEL : panel.view === "signIn" ? SIGN_IN_TITLE : CREATE_ACCOUNT_TITLE;

  return (
    <dialog
      ref={dialog}
      id={ACCOUNT_PANEL_ID}
      className={styles.panel}
      aria-labelledby={`${id}-title`}
      onClose={close}
      onClick={(event) => { if (event.target === dialog.current) close(); }}
      onKeyDown={trapFocus}
    >
      <div className={styles.panelInner}>
        <div className={styles.panelHead}>
          <h2 id={`${id}-title`} className={styles.panelTitle}>{title}</h2>
          <button type="button" className={styles.close} onClick={close} aria-label={CLOSE_ACCOUNT_PANEL}>×</button>
        </div>
        {panel.open && signedIn ? (
          <div className={styles.form}>
            <p className={styles.notice} role="status">Welcome, {firstName}. You are signed in.</p>
            <div className={styles.actions}>
              <Link className="button button--primary" href="/customer/account" onClick={close}>{MY_ACCOUNT_LABEL}</Link>
              <button type="button" className="button button--secondary" onClick={close}>Continue shopping</button>
            </div>
          </div>
        ) : panel.open ? (
          <>
            <div className={styles.tabs} role="tablist" aria-label={ACCOUNT_PANEL_LABEL}>
              {(["signIn", "createAccount"] as const).map((view) => (
                <button
                  key={view}
                  type="button"
                  role="tab"
                  id={`${id}-tab-${view}`}
                  aria-selected={panel.view === view}
                  aria-controls={`${id}-view`}
                  className={styles.tab}
                  onClick={() => dispatch(panelView(view))}
                >
                  {view === "signIn" ? SIGN_IN_TITLE : CREATE_ACCOUNT_TITLE}
                </button>
              ))}
            </div>
            <div id={`${id}-view`} role="tabpanel" aria-labelledby={`${id}-tab-${panel.view}`}>
              {panel.view === "signIn" ? <SignInForm onLeave={close} /> : <CreateAccountForm settings={settings} />}
            </div>
          </>
        ) : null}
      </div>
    </dialog>
  );
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex='-1'])";

/** Tab from the last control goes to the first and Shift+Tab from the first to the last (never out to the browser's bar). */
function trapFocus(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

function SignInForm({ onLeave }: { onLeave: () => void }) {
  const { status, errors, dispatch } = useAccount();
  const id = useId();
  const [login, setLogin] = useState("");
  const [password, setPassword] = useState("");
  const pending = status.signIn === "pending";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) void dispatch(signIn({ login: login.trim(), password }));
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={errors.signIn ? `${id}-error` : undefined}>
      {errors.signIn ? <p id={`${id}-error`} className={styles.error} role="alert">{errors.signIn}</p> : null}
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} type="email" name="login" autoComplete="username" required autoFocus value={login} onChange={(e) => setLogin(e.target.value)} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`}>Password</label>
        <input id={`${id}-password`} type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <div className={styles.actions}>
        <SubmitButton className="button button--primary" aria-disabled={pending}>{pending ? "Signing in…" : SIGN_IN_TITLE}</SubmitButton>
        <Link href="/customer/account/forgotpassword" onClick={onLeave}>Forgot your password?</Link>
      </div>
    </form>
  );
}

function CreateAccountForm({ settings }: { settings: AccountSettings }) {
  const { status, errors, dispatch } = useAccount();
  const token = useAppSelector((state) => state.account.recaptcha.user_create);
  const id = useId();
  const [fields, setFields] = useState({ firstname: "", lastname: "", email: "", password: "", newsletter: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  const needsCaptcha = captchaRequired(settings.captcha, "user_create");
  const personal = [fields.email, fields.firstname, fields.lastname];
  const strength = useStrength(fields.password, settings.password, personal);
  const pending = status.createAccount === "pending";
  const set = (name: keyof typeof fields) => (event: { target: HTMLInputElement }) =>
    setFields((f) => ({ ...f, [name]: event.target.type === "checkbox" ? event.target.checked : event.target.value }));

  // a refused sign-up used the captcha token up: show a fresh challenge
  useEffect(() => {
    if (status.createAccount === "rejected") setCaptchaRound((n) => n + 1);
  }, [status.createAccount]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (strength.tooShort) return setProblem(passwordTooShort(settings.password.minLength));
    if (strength.result && !strength.ok) return setProblem(WEAK_PASSWORD);
    if (needsCaptcha && !token) return setProblem(CAPTCHA_NEEDED);
    setProblem(null);
    void dispatch(createAccount({
      firstname: fields.firstname.trim(), lastname: fields.lastname.trim(), email: fields.email.trim(), password: fields.password,
      newsletter_is_subscribed: fields.newsletter,
    }));
  };
  const shown = problem ?? errors.createAccount;
  return (
    <form className={styles.form} onSubmit={submit} noValidate={false}>
      {shown ? <p className={styles.error} role="alert">{shown}</p> : null}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-first`}>First name</label>
          <input id={`${id}-first`} name="firstname" autoComplete="given-name" required autoFocus value={fields.firstname} onChange={set("firstname")} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-last`}>Last name</label>
          <input id={`${id}-last`} name="lastname" autoComplete="family-name" required value={fields.lastname} onChange={set("lastname")} />
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} type="email" name="email" autoComplete="email" required value={fields.email} onChange={set("email")} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`}>Password</label>
        <input
          id={`${id}-password`} type="password" name="password" autoComplete="new-password" required minLength={settings.password.minLength}
          aria-describedby={`${id}-strength`} value={fields.password} onChange={set("password")}
        />
        <PasswordStrength id={`${id}-strength`} password={fields.password} rules={settings.password} personal={personal} />
      </div>
      <label className={styles.check}>
        <input type="checkbox" name="newsletter" checked={fields.newsletter} onChange={set("newsletter")} />
        Sign up for our newsletter
      </label>
      {needsCaptcha ? (
        <Recaptcha siteKey={settings.captcha.siteKey} resetKey={captchaRound} onToken={(t) => dispatch(recaptchaSet({ form: "user_create", token: t }))} />
      ) : null}
      <div className={styles.actions}>
        <SubmitButton className="button button--primary" aria-disabled={pending}>{pending ? "Creating your account…" : CREATE_ACCOUNT_TITLE}</SubmitButton>
      </div>
    </form>
  );
}
