import type { Projector } from "./projector";
import { streamTypeCounts } from "./stream-type-counts";

export type { Projector } from "./projector";

/** Every read model of the shop. Replay, verify and /healthz walk this list. */
export const projectors: readonly Projector[] = [streamTypeCounts];
