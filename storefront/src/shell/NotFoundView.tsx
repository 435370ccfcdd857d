"use client";

import Link from "next/link";
import { CONTACT_PATH, NOT_FOUND_MESSAGE, NOT_FOUND_TITLE } from "./messages";

/**
 * The 404 page's contents. A client component so that every page's payload names it instead of
 * carrying its markup: the root layout's not-found boundary is part of every page.
 */
export default function NotFoundView() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">{NOT_FOUND_TITLE}</h1>
      <p>{NOT_FOUND_MESSAGE}</p>
      <form className="search-form" action="/search" method="get" role="search" aria-label="Search the store">
        <label htmlFor="not-found-search" className="visually-hidden">Search products</label>
        <input id="not-found-search" name="q" type="search" placeholder="Search products, brands and more" autoComplete="off" required maxLength={128} />
        <button type="submit" className="button button--primary">Search</button>
      </form>
      <div className="not-found__links">
        <Link className="button button--secondary" href="/">Go to the home page</Link>
        <Link className="text-link" href={CONTACT_PATH} prefetch={false}>Contact us</Link>
      </div>
    </section>
  );
}
