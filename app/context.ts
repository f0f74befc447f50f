import type { Shop } from "../services/index";

declare module "@remix-run/node" {
  interface AppLoadContext {
    shop: Shop;
    /** The caller's address, for per-IP rate limits (server/http.ts). */
    clientIp?: string;
  }
}

export type { Shop };
