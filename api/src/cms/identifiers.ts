/** Blocks whose identifier starts seo- and ends -sd hold structured data (JSON-LD text), not editor HTML. */
export const isStructuredDataBlock = (identifier: string) => identifier.startsWith("seo-") && identifier.endsWith("-sd");
