/** Page-speed measurements (spec 000 §4): the request header the page policy sets (src/security/headers.mjs). */
export { PAGESPEED_HEADER } from "@/security/headers.mjs";

export const isPagespeed = (search: URLSearchParams) => search.get("pagespeed") === "true";
