"use client";

import { useEffect, useEffectEvent, useRef, useTransition, type FormEvent, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { listingHref, parseListingParams } from "./url";

/**
 * The filter panel's GET form, enhanced: a checkbox change or a submitted range goes straight to
 * the listing URL (pipes for several values, ranges from-to, page back to 1) without a full page
 * load. Without JavaScript the plain form submits and the page redirects to the same URL.
 */
export default function FilterForm({ action, query, children, className }: {
  action: string;
  /** the listing's current query; when it changes the inputs follow the server's answer */
  query: string;
  children: ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const ref = useRef<HTMLFormElement>(null);
  const [pending, startTransition] = useTransition();

  // the sections the shopper opened and the control they were on, for the form's new contents
  const shopperState = useRef<{ open: string[]; focus: string | null } | null>(null);

  // after a navigation the server sends new contents and defaults: the inputs take them, and the
  // sections the shopper had open and the focus are given back
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    form.reset();
    const kept = shopperState.current;
    shopperState.current = null;
    if (!kept) return;
    for (const selector of kept.open) form.querySelector<HTMLDetailsElement>(selector)?.setAttribute("open", "");
    if (kept.focus && !form.contains(document.activeElement)) form.querySelector<HTMLElement>(kept.focus)?.focus();
  }, [query]);

  const navigate = (form: HTMLFormElement, drop?: (key: string) => boolean) => {
    shopperState.current = { open: openSections(form), focus: controlSelector(document.activeElement) };
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "" && !drop?.(key)) params.append(key, value);
    }
    const state = parseListingParams(params);
    startTransition(() => router.push(listingHref(action, { ...state, page: 1 }), { scroll: false }));
  };

  // a checkbox changed: its change event, listened for on the form itself (the inputs are markup
  // React did not draw, so its synthetic onChange does not see them)
  const onChange = useEffectEvent((e: Event) => {
    const t = e.target as HTMLInputElement;
    if (t.type === "checkbox" || t.type === "radio") navigate(ref.current!, (key) => key.endsWith("__from") || key.endsWith("__to"));
  });
  useEffect(() => {
    const form = ref.current;
    if (!form) return;
    const listener = (e: Event) => onChange(e);
    form.addEventListener("change", listener);
    return () => form.removeEventListener("change", listener);
  }, []);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    navigate(e.currentTarget);
  };

  return (
    <form ref={ref} method="get" action={action} className={className} onSubmit={onSubmit} aria-busy={pending || undefined}>
      {children}
    </form>
  );
}

/** Selectors of the form's open sections (a facet, its folded values). */
function openSections(form: HTMLFormElement): string[] {
  return [...form.querySelectorAll<HTMLDetailsElement>("details[open]")].map((details) => {
    const facet = details.closest<HTMLElement>("[data-facet]")?.dataset.facet ?? "";
    const selector = `details[data-facet="${CSS.escape(facet)}"]`;
    return details.dataset.facet === undefined ? `${selector} details` : selector;
  });
}

/** A selector for the focused control of the form (an input by name and value), or null. */
function controlSelector(element: Element | null): string | null {
  if (!(element instanceof HTMLInputElement) || !element.name) return null;
  return `input[name="${CSS.escape(element.name)}"]${element.type === "checkbox" ? `[value="${CSS.escape(element.value)}"]` : ""}`;
}
