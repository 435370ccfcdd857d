import Link from "next/link";
import LogOnce from "./LogOnce";
import { translator } from "./i18n";
import { unsupportedLocaleLog } from "./locales";

/**
 * The unsupported-locale page (spec 000 §2): shown instead of a page whose locale the store does
 * not serve; it logs 'Locale {locale} is not supported.' (on the server and in the browser) and
 * offers the page in English and the home page.
 */
export default async function UnsupportedLocale({ locale, englishPath }: { locale: string; englishPath?: string }) {
  const t = await translator("en");
  console.warn(unsupportedLocaleLog(locale));
  return (
    <section className="not-found" aria-labelledby="unsupported-locale-title" data-unsupported-locale={locale}>
      <LogOnce line={unsupportedLocaleLog(locale)} />
      <h1 id="unsupported-locale-title">{t("unsupportedLocale.title")}</h1>
      <p>{t("unsupportedLocale.message", { locale })}</p>
      <div className="not-found__links">
        {englishPath ? <Link className="button button--primary" href={englishPath} prefetch={false}>{t("unsupportedLocale.continue")}</Link> : null}
        <Link className="button button--secondary" href="/" prefetch={false}>{t("unsupportedLocale.home")}</Link>
      </div>
    </section>
  );
}
