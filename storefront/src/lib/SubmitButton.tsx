"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "./hydrated";

/**
 * A script-handled form's submit button, disabled until React has hydrated. A submit before then
 * would go to the browser: a reload of the page with the fields in its address (an email, a
 * password), and what the shopper asked for lost. With the button disabled, Enter in a field does
 * nothing either (a form whose default button is disabled is not submitted implicitly).
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const hydrated = useHydrated();
  return <button {...props} type="submit" disabled={!hydrated || disabled} />;
}
