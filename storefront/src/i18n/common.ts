import { NOT_FOUND_MESSAGE, NOT_FOUND_TITLE, OLD_BROWSER_TEXT, ERROR_PAGE_CONTACT, ERROR_PAGE_HOME, ERROR_PAGE_MESSAGE, ERROR_PAGE_TITLE } from "@/shell/messages";

/**
 * The common namespace (spec 000 §1: the default translation namespace) in the one UI language
 * shipped, en. Served at /locales/{language}/common.json; the shell's special pages read it
 * through i18next. Keys are stable names, values the spec's words where it gives them.
 */
export const COMMON_EN = {
  errorPage: { title: ERROR_PAGE_TITLE, message: ERROR_PAGE_MESSAGE, home: ERROR_PAGE_HOME, contact: ERROR_PAGE_CONTACT },
  notFound: { title: NOT_FOUND_TITLE, message: NOT_FOUND_MESSAGE },
  oldBrowser: OLD_BROWSER_TEXT,
  unsupportedLocale: {
    title: "This language is not available",
    message: "Sorry, this store is not available in the language of this address ({{locale}}).",
    continue: "Continue in English",
    home: "Go to the home page",
  },
  unauthorised: {
    title: "This page cannot be shown here",
    message: "{{store}} can only be used from the store's own kiosk or the site it is part of. Please use the link or device you were given.",
  },
} as const;
