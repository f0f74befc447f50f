import type { ShopCore } from "../server/runtime";

/**
 * The shop's commands and queries, built on the core (database, event store,
 * queue). Routes reach them through Remix load context as `context.shop`.
 * Each feature adds its service here.
 */
export function createServices(core: ShopCore) {
  void core;
  return {};
}

export type Shop = ShopCore & ReturnType<typeof createServices>;
