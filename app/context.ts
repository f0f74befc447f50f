import type { Logger } from "pino";
import type { Shop } from "../services/index";

declare module "@remix-run/node" {
  interface AppLoadContext {
    shop: Shop;
    /** The caller's address, for per-IP rate limits (server/http.ts). */
    clientIp?: string;
    /** This request's logger: every line it writes carries the request id (server/logger.ts). */
    log: Logger;
    /** This response's Content-Security-Policy nonce (server/security-headers.ts), for the inline scripts of a page. */
    cspNonce?: string;
    /** Resolves once the client has taken what was written (server/backpressure.ts): a large streamed answer awaits it per part. */
    drained?: () => Promise<void>;
  }
}

export type { Shop };
