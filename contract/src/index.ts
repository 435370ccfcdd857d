export * from "./common";
export * from "./config";
export * from "./shell";
export * from "./customer";
export * from "./locations";
export * from "./product";
export * from "./promotions";
export * from "./catalog";
