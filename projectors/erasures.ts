import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { privacyEvents } from "../domain/privacy/events";

/** The people a batch erased: the subjects whose keys went, split into accounts and guest orders. */
export interface Erased {
  userIds: string[];
  /** Orders whose own subject (a guest's order) was erased. */
  orderSubjects: string[];
  /** Every order of the erased people (their own and those linked to their account). */
  orderIds: string[];
}

/**
 * What the SubjectErased events of a batch erased (docs/privacy.md). A projector holding a person's details
 * scrubs or drops its rows for them, so the rows read as a replay of the now unreadable events rebuilds them.
 * Null when the batch erased no one.
 */
export function erasedIn(events: readonly RecordedEvent[]): Erased | null {
  const erased: Erased = { userIds: [], orderSubjects: [], orderIds: [] };
  let any = false;
  for (const event of events) {
    if (event.type !== "SubjectErased" || streamCategory(event.streamId) !== privacyEvents.category) continue;
    const read = privacyEvents.read(event);
    if (read.type !== "SubjectErased") continue;
    any = true;
    erased.orderIds.push(...read.data.orderIds);
    for (const subject of read.data.subjects) {
      const colon = subject.indexOf(":");
      const id = subject.slice(colon + 1);
      if (subject.startsWith("account:")) erased.userIds.push(id);
      else if (subject.startsWith("order:")) erased.orderSubjects.push(id);
    }
  }
  return any ? erased : null;
}
