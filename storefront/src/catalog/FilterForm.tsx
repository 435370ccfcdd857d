"use client";

import { useEffect, useRef, useTransition, type ChangeEvent, type FormEvent, type ReactNode } from "react";
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

  // after a navigation the server sends new defaults; reset the inputs to them (keeps focus)
  useEffect(() => {
    ref.current?.reset();
  }, [query]);

  const navigate = (form: HTMLFormElement, drop?: (key: string) => boolean) => {
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "" && !drop?.(key)) params.append(key, value);
    }
    const state = parseListingParams(params);
    startTransition(() => router.push(listingHref(action, { ...state, page: 1 }), { scroll: false }));
  };

  const onChange = (e: ChangeEvent<HTMLFormElement>) => {
    const t = e.target as unknown as HTMLInputElement;
    if (t.type === "checkbox" || t.type === "radio") navigate(e.currentTarget, (key) => key.endsWith("__from") || key.endsWith("__to"));
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    navigate(e.currentTarget);
  };

  return (
    <form ref={ref} method="get" action={action} className={className} onChange={onChange} onSubmit={onSubmit} aria-busy={pending || undefined}>
      {children}
    </form>
  );
}
