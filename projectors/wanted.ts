import { streamCategory, type RecordedEvent } from "../eventstore/port";
import { knownEventTypes } from "../domain/events/index";
import type { Projector } from "./projector";

/**
 * Which events a projector's `apply` acts on: its `eventTypes`, and the events of its
 * `categories` that no registry knows (its `apply` refuses those with their position, so a
 * filter on types alone must not skip them). Undefined when the projector wants every event.
 * A replay reads only these; the live runner applies a batch with none of them by moving
 * the checkpoint alone.
 */
export function wantedEvents(projector: Projector): ((event: RecordedEvent) => boolean) | undefined {
  if (!projector.eventTypes) return undefined;
  const types = new Set(projector.eventTypes);
  const known = new Map(projector.categories?.map((category) => [category, new Set(knownEventTypes(category))]));
  return (e) => types.has(e.type) || known.get(streamCategory(e.streamId))?.has(e.type) === false;
}
