"use client";

import { useTransition, type ChangeEvent } from "react";
import { useRouter } from "next/navigation";
import { listingHref, sortChange, type ListingState, type SortChoice } from "./url";
import styles from "./Listing.module.css";

/**
 * The sort select (spec 002 §2): the URL changes only when the chosen option differs from the
 * current one. Without JavaScript it is a plain GET form (sort=code:dir) the page redirects from.
 */
export default function SortSelect({ path, state, options, current }: {
  path: string;
  state: ListingState;
  options: (SortChoice & { name: string })[];
  current: number;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const onChange = (e: ChangeEvent<HTMLSelectElement>) => {
    const next = sortChange(state, options, current, e.currentTarget.selectedIndex);
    if (next) startTransition(() => router.push(listingHref(path, next), { scroll: false }));
  };
  if (options.length === 0) return null;
  return (
    <form method="get" action={path} className={styles.sortForm} aria-busy={pending || undefined}>
      {state.filters.map((f) => <input key={f.attribute} type="hidden" name={f.attribute} value={f.values.join("|")} />)}
      {state.mode && <input type="hidden" name="mode" value={state.mode} />}
      {state.limit && <input type="hidden" name="limit" value={state.limit} />}
      <label htmlFor="sort-by" className={styles.sortLabel}>Sort by</label>
      <select id="sort-by" name="sort" className={styles.select} defaultValue={current >= 0 ? `${options[current].code}:${options[current].dir}` : undefined} onChange={onChange} key={current}>
        {options.map((o) => <option key={`${o.code}:${o.dir}`} value={`${o.code}:${o.dir}`}>{o.name}</option>)}
      </select>
      <noscript><button type="submit" className="button button--secondary">Sort</button></noscript>
    </form>
  );
}
