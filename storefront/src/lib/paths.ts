/** A path of this storefront: starts with one slash (not another site, not a protocol-relative address). */
export const isSitePath = (href: string) => href.startsWith("/") && !href.startsWith("//");
