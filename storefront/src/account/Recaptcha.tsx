"use client";

import { useEffect, useRef } from "react";

interface Grecaptcha {
  render(el: HTMLElement, options: { sitekey: string; callback: (token: string) => void; "expired-callback": () => void }): number;
  reset(id?: number): void;
  ready(fn: () => void): void;
}
declare global {
  interface Window { grecaptcha?: Grecaptcha }
}

let script: Promise<void> | undefined;
function loadScript(): Promise<void> {
  script ??= new Promise((resolve, reject) => {
    const el = document.createElement("script");
    el.src = "https://www.google.com/recaptcha/api.js?render=explicit";
    el.async = true;
    el.onload = () => window.grecaptcha?.ready(() => resolve());
    el.onerror = () => { script = undefined; reject(new Error("captcha script failed")); };
    document.head.appendChild(el);
  });
  return script;
}

export interface CaptchaSettings {
  enabled: boolean;
  siteKey: string;
  forms: string[];
}

/** Spec 000 §5: a form's captcha is required only when recaptcha_enabled is "1" and the form list names it. */
export function captchaRequired(settings: CaptchaSettings, form: string): boolean {
  return settings.enabled && Boolean(settings.siteKey) && settings.forms.includes(form);
}

/**
 * The reCAPTCHA checkbox, rendered only when the form needs it. The token goes to `onToken`
 * (null when it expires); `resetKey` changing renders a fresh challenge (a token works once).
 */
export default function Recaptcha({ siteKey, onToken, resetKey }: { siteKey: string; onToken: (token: string | null) => void; resetKey: number }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const callback = useRef(onToken);
  callback.current = onToken;
  useEffect(() => {
    let live = true;
    void loadScript().then(() => {
      if (!live || !box.current || !window.grecaptcha) return;
      if (widget.current === null) {
        widget.current = window.grecaptcha.render(box.current, {
          sitekey: siteKey,
          callback: (token) => callback.current(token),
          "expired-callback": () => callback.current(null),
        });
      } else {
        window.grecaptcha.reset(widget.current);
      }
    }).catch(() => undefined);
    return () => { live = false; };
  }, [siteKey, resetKey]);
  return <div ref={box} data-testid="recaptcha" />;
}
