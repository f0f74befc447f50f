// The vocabulary of every stream the shop writes (docs/events.md): a reader that may meet
// any of them, like `shop stream`, reads through here.
import { cartEvents, type CartEvent } from "../cart/events";
import { orderEvents, type OrderEvent } from "../orders/events";
import { stockEvents, type StockEvent } from "../stock/events";
import { upiReferenceEvents, type UpiReferenceEvent } from "../orders/upi-reference";
import { UnreadableEvent, categoryOf, type ReadEvent, type StoredEvent } from "./registry";

export type ShopEvent = CartEvent | OrderEvent | StockEvent | UpiReferenceEvent;

/** Today's event for a stored one of any stream category the shop writes; throws UnreadableEvent otherwise. */
export function readEvent<S extends StoredEvent>(stored: S): ReadEvent<S, ShopEvent> {
  const category = categoryOf(stored.streamId);
  if (category === cartEvents.category) return cartEvents.read(stored);
  if (category === orderEvents.category) return orderEvents.read(stored);
  if (category === stockEvents.category) return stockEvents.read(stored);
  if (category === upiReferenceEvents.category) return upiReferenceEvents.read(stored);
  throw new UnreadableEvent(stored, `the shop writes no "${category}" streams`);
}

/**
 * The event types today's code reads in a stream category: none for a category the shop does not write.
 * A replay that asks the store for some types only asks for the others that are not among these too,
 * so that an event nobody can read is refused there as it is live (decision 076).
 */
export function knownEventTypes(category: string): readonly string[] {
  if (category === cartEvents.category) return cartEvents.types;
  if (category === orderEvents.category) return orderEvents.types;
  if (category === stockEvents.category) return stockEvents.types;
  if (category === upiReferenceEvents.category) return upiReferenceEvents.types;
  return [];
}
