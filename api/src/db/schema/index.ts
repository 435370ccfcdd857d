export * from "./config";
export * from "./cms";
export * from "./catalog";
export * from "./locations";
export * from "./customer";
export * from "./catalog-version";
export * from "./product-detail-version";
export * from "./search-terms";
