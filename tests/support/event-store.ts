import type { EventStore, ShopEvents } from "../../eventstore/port";

/**
 * The adapter behind the store a shop's services hold, appender and all (decision 162). The shop's own code
 * cannot reach it; a test seeds what the shop no longer writes (an old version, a fault) or wraps it to fail.
 */
export function adapterOf(store: ShopEvents | EventStore): EventStore {
  return store as unknown as EventStore;
}
