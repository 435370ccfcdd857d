import type { Metadata } from "next";
import Link from "next/link";
import { CONTACT_PATH, NOT_FOUND_MESSAGE, NOT_FOUND_TITLE } from "@/shell/messages";
import { getConfig } from "@/shell/data";
import { fullTitle } from "@/shell/metadata";

export async function generateMetadata(): Promise<Metadata> {
  const config = await getConfig();
  return { title: { absolute: fullTitle(config, "Page not found") }, robots: { index: false, follow: true } };
}

/** Unknown pages: a real 404 with a way to search and a way home. Works without scripts. */
export default function NotFound() {
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
