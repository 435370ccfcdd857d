"use client";

import { useEffect, useState } from "react";
import { STRENGTH_LABELS, passwordTooShort } from "./messages";
import styles from "./Account.module.css";

type Check = (password: string, words: string[]) => { score: number; feedback: { warning: string | null; suggestions: string[] } };

// zxcvbn's dictionaries are large: loaded once, the first time a password field is used
let loading: Promise<Check> | undefined;
function loadEstimator(): Promise<Check> {
  loading ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")])
    .then(([core, common, english]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...english.dictionary },
        graphs: common.adjacencyGraphs,
        translations: english.translations,
      });
      return (password: string, words: string[]) => factory.check(password.slice(0, 64), words);
    });
  return loading;
}

export interface StrengthRules {
  minLength: number;
  minScore: number;
}

/** Whether a password passes the store's rules, as the server will judge it (spec 000 §5). */
export function useStrength(password: string, rules: StrengthRules, personal: string[]) {
  const [result, setResult] = useState<{ score: number; advice: string } | null>(null);
  const words = personal.join("\u0000");
  useEffect(() => {
    if (!password) {
      setResult(null);
      return;
    }
    let current = true;
    void loadEstimator().then((check) => {
      if (!current) return;
      const list = words.split("\u0000").flatMap((w) => [w, ...w.split(/[@.\s_-]+/)]).filter((w) => w.length > 2);
      const r = check(password, list);
      setResult({ score: r.score, advice: [r.feedback.warning, ...r.feedback.suggestions].filter(Boolean).join(" ") });
    });
    return () => { current = false; };
  }, [password, words]);
  const tooShort = [...password].length < rules.minLength;
  const ok = !tooShort && result !== null && result.score >= rules.minScore;
  return { result, tooShort, ok };
}

/** Strength feedback under a new-password field, updated as the shopper types (polite live region). */
export function PasswordStrength({ id, password, rules, personal }: { id: string; password: string; rules: StrengthRules; personal: string[] }) {
  const { result, tooShort } = useStrength(password, rules, personal);
  if (!password) return <p id={id} className={styles.hint}>{passwordTooShort(rules.minLength).replace("Please enter", "Use")}</p>;
  const score = result?.score ?? 0;
  return (
    <div id={id} className={styles.field}>
      <div className={styles.meter} data-score={tooShort ? 0 : score} aria-hidden="true"><span /><span /><span /><span /></div>
      <p className={styles.hint} aria-live="polite" data-testid="password-strength">
        {tooShort ? passwordTooShort(rules.minLength) : `Password strength: ${STRENGTH_LABELS[score]}.${result?.advice && score < rules.minScore ? ` ${result.advice}` : ""}`}
      </p>
    </div>
  );
}
