import type { Shop } from "../services/index";

declare module "@remix-run/node" {
  interface AppLoadContext {
    shop: Shop;
  }
}

export type { Shop };
