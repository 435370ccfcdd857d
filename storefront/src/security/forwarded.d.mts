import type { IncomingHttpHeaders } from "node:http";

export function trustedHops(value: string | undefined): number;
export function replaceForwardedHeaders(headers: IncomingHttpHeaders, peer: string | undefined, encrypted: boolean, hops: number): IncomingHttpHeaders;
