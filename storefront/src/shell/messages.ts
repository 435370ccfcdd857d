/** User-facing strings of the shell, exactly as spec 000 words them. */
export const ERROR_PAGE_TITLE = "Oops, something went wrong.";
export const ERROR_PAGE_MESSAGE = "If you continue to see this error, please contact us with a screenshot of this page.";
export const ERROR_PAGE_HOME = "Home";
export const ERROR_PAGE_CONTACT = "Contact Us";
export const CONTACT_PATH = "/contact";
export const CARRIER_RATES_NOTE = "Standard carrier rates apply to texts.";
export const OLD_BROWSER_TEXT = "You seem to be using an old browser. Please upgrade to a newer browser to see this content.";

/** Ours (spec: not shown). */
export const SKIP_LINK_TEXT = "Skip to main content";
export const NOT_FOUND_TITLE = "Sorry, we can't find that page.";
export const NOT_FOUND_MESSAGE = "The page you requested may have moved or no longer exists. Try a search, or start again from our home page.";
export const accessibilityNoteText = (phone: string) =>
  `If you are using a screen reader or other assistive technology and are having problems using this website, please call ${phone} for assistance.`;

/** Header texts (ours: spec not shown). */
export const CALL_OR_TEXT_US = "Call or text us";
export const LANGUAGE_LABEL = "Language";
export const BOTTOM_NOTIFICATION_CLOSE = "Dismiss notification";
export const OPEN_BOX_DRAWER_CLOSE = "Close open box items";
export const BACK_TO_TOP = "Back to top";
/** Names of the languages the shell can switch between (spec 000 §9 locales). */
export const LOCALE_NAMES: Record<string, string> = {
  en: "English", "en-US": "English (US)", "en-CA": "English (Canada)", fr: "Français", "fr-CA": "Français (Canada)",
};
