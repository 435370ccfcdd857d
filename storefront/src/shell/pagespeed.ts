/**
 * Page-speed measurements (spec 000 §4): with `pagespeed=true` in the query, third-party and
 * configured scripts are skipped. The proxy reads the query and hands the answer to the server
 * components in this request header (a client cannot set it: the proxy always overwrites it).
 */
export const PAGESPEED_HEADER = "x-pagespeed";

export const isPagespeed = (search: URLSearchParams) => search.get("pagespeed") === "true";
