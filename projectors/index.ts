import type { Projector } from "./projector";
import { streamTypeCounts } from "./stream-type-counts";
import { ordersProjector } from "./orders";

export type { Projector } from "./projector";

/** Every read model of the shop. Replay, verify and /healthz walk this list. */
export const projectors: readonly Projector[] = [streamTypeCounts, ordersProjector];
