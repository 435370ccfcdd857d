"use client";

import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import Image from "next/image";
import { useRouter } from "next/navigation";
import type { AutocompleteResult } from "@store/contract";
import { clientGet, clientPathParam } from "@/lib/client-api";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { clearSuggestions, setDisplayResults, setSearchTerm, suggestionsFailed, suggestionsLoaded, suggestionsPending } from "./state";
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS, searchHref, suggestionGroups, type SuggestionOption } from "./suggestions";
import styles from "./HeaderSearch.module.css";

/**
 * The header search bar (spec 002 §2): an ARIA combobox whose listbox shows suggestions in three
 * groups (searches, categories, products) fetched while typing; a failed suggestion call is
 * ignored. Submitting goes to /search/{term}. Without JavaScript it is a plain GET form to /search.
 */
export default function HeaderSearch() {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const term = useAppSelector((s) => s.search.searchTerm);
  const open = useAppSelector((s) => s.search.displayResults);
  const searches = useAppSelector((s) => s.search.suggestedSearches);
  const categories = useAppSelector((s) => s.search.suggestedCategories);
  const products = useAppSelector((s) => s.search.suggestedProducts);
  const [active, setActive] = useState(-1);
  const [value, setValue] = useState("");
  const id = useId();
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);

  // a results page sets the term (SearchLogger): show it in the box
  useEffect(() => {
    if (term && document.activeElement !== inputRef.current) setValue(term);
  }, [term]);

  const groups = useMemo(() => suggestionGroups({ searches, categories, products }), [searches, categories, products]);
  const options: SuggestionOption[] = useMemo(() => [...groups.searches, ...groups.categories, ...groups.products], [groups]);
  const expanded = open && options.length > 0;

  useEffect(() => () => { clearTimeout(timer.current); controller.current?.abort(); }, []);

  const suggest = (text: string) => {
    clearTimeout(timer.current);
    controller.current?.abort();
    const q = text.trim();
    if (q.length < SUGGEST_MIN_CHARS) { dispatch(clearSuggestions()); return; }
    timer.current = setTimeout(() => {
      const c = new AbortController();
      controller.current = c;
      dispatch(suggestionsPending());
      clientGet<AutocompleteResult>(`/search/${clientPathParam(q)}/autocomplete`, { signal: c.signal })
        .then((answer) => {
          if (c.signal.aborted) return;
          dispatch(suggestionsLoaded({ searches: answer.searches ?? [], categories: answer.categories ?? [], products: answer.products ?? [] }));
          dispatch(setDisplayResults(true));
          setActive(-1);
        })
        .catch(() => { if (!c.signal.aborted) dispatch(suggestionsFailed()); });
    }, SUGGEST_DEBOUNCE_MS);
  };

  const close = () => { dispatch(setDisplayResults(false)); setActive(-1); };

  const go = (href: string) => {
    clearTimeout(timer.current);
    controller.current?.abort();
    close();
    inputRef.current?.blur();
    router.push(href);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // the box itself: text typed before the page hydrated reaches React's state only when replayed
    const q = (inputRef.current?.value ?? value).trim();
    if (!q) return;
    dispatch(setSearchTerm(q));
    go(searchHref(q));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (options.length === 0) return;
      e.preventDefault();
      if (!open) { dispatch(setDisplayResults(true)); setActive(e.key === "ArrowDown" ? 0 : options.length - 1); return; }
      const delta = e.key === "ArrowDown" ? 1 : -1;
      setActive((a) => (a < 0 ? (delta > 0 ? 0 : options.length - 1) : (a + delta + options.length) % options.length));
    } else if (e.key === "Enter") {
      if (expanded && active >= 0 && options[active]) { e.preventDefault(); go(options[active].href); }
    } else if (e.key === "Escape") {
      if (expanded) { e.preventDefault(); close(); }
      else if (value) { e.preventDefault(); setValue(""); dispatch(clearSuggestions()); }
    } else if (e.key === "Home" || e.key === "End") {
      // caret movement in the text box, not the list
      setActive(-1);
    }
  };

  const optionId = (o: SuggestionOption) => `${id}-${o.id}`;
  const activeId = expanded && active >= 0 && options[active] ? optionId(options[active]) : undefined;
  let index = -1;
  const renderOption = (o: SuggestionOption) => {
    index += 1;
    const i = index;
    return (
      <li
        key={o.id}
        id={optionId(o)}
        role="option"
        aria-selected={i === active}
        className={styles.option}
        data-kind={o.kind}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => go(o.href)}
        onMouseEnter={() => setActive(i)}
      >
        {o.kind === "product" ? (
          <>
            {o.image ? <Image src={o.image} alt="" width={48} height={48} className={styles.thumb} /> : <span className={styles.thumb} />}
            <span className={styles.productText}>
              <span className={styles.productName}>{o.label}</span>
              <span className={styles.price}>{o.price}</span>
            </span>
          </>
        ) : o.kind === "category" ? (
          <><span>{o.label}</span><span className={styles.count}>{o.count}</span></>
        ) : (
          <span>{o.label}</span>
        )}
      </li>
    );
  };
  const group = (key: string, title: string, list: SuggestionOption[]) =>
    list.length > 0 ? (
      <li role="presentation" key={key}>
        <ul role="group" aria-label={title} data-title={title} className={styles.group}>{list.map(renderOption)}</ul>
      </li>
    ) : null;

  return (
    <form role="search" action="/search" method="get" className={styles.form} onSubmit={onSubmit} aria-label="Site search">
      <div className={styles.field}>
        <label htmlFor={`${id}-input`} className="visually-hidden">Search products</label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          name="q"
          type="search"
          className={styles.input}
          placeholder="Search products, brands, categories"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          value={value}
          onChange={(e) => { setValue(e.target.value); dispatch(setSearchTerm(e.target.value)); suggest(e.target.value); }}
          onKeyDown={onKeyDown}
          onFocus={() => { if (options.length > 0 && value.trim().length >= SUGGEST_MIN_CHARS) dispatch(setDisplayResults(true)); }}
          onBlur={close}
        />
        <button type="submit" className={styles.submit} aria-label="Search">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" /></svg>
        </button>
        <ul id={listId} role="listbox" aria-label="Search suggestions" className={styles.listbox} hidden={!expanded}>
          {group("searches", "Searches", groups.searches)}
          {group("categories", "Categories", groups.categories)}
          {group("products", "Products", groups.products)}
        </ul>
      </div>
    </form>
  );
}
