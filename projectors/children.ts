import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { childrenEvents } from "../domain/children/children";
import { privacyEvents } from "../domain/privacy/events";
import { isErased } from "../domain/privacy/erased";
import { erasedIn } from "./erasures";
import type { Projector } from "./projector";

/**
 * The children on parents' accounts (decision 133): one row per child, from the `children-{userId}`
 * streams alone (times from the events, the order from the revision that added the child), so a replay
 * rebuilds the same rows. The cart, the product pages, the kit and the reorder pages read it.
 * A parent erased (SubjectErased) loses their children's rows; a replay, reading the child's details as
 * erased, writes none for them either (docs/privacy.md).
 */
export const childrenProjector: Projector = {
  name: "children",
  tables: ["account_children"],
  eventTypes: [...childrenEvents.types, "SubjectErased"],
  categories: [childrenEvents.category, privacyEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) === privacyEvents.category) {
        const erased = erasedIn([stored]);
        if (erased && erased.userIds.length > 0) await trx.deleteFrom("account_children").where("user_id", "in", erased.userIds).execute();
        continue;
      }
      if (streamCategory(stored.streamId) !== childrenEvents.category) continue;
      const event = childrenEvents.read(stored);
      if (event.type === "ChildRemoved") {
        await trx.deleteFrom("account_children").where("child_id", "=", event.data.childId).execute();
        continue;
      }
      const d = event.data;
      // The parent's key is gone: nothing readable of the child is left to keep.
      if (isErased(d.name)) continue;
      const row = {
        user_id: d.userId,
        name: d.name,
        school: d.school,
        class_name: d.className,
        kit: d.kit ?? null,
        measurements: JSON.stringify(d.measurements),
        sizes: JSON.stringify(d.sizes),
        updated_at: new Date(d.at),
      };
      if (event.type === "ChildAdded") {
        await trx
          .insertInto("account_children")
          .values({ child_id: d.childId, position: stored.revision, ...row })
          .onConflict((oc) => oc.column("child_id").doNothing())
          .execute();
      } else {
        await trx.updateTable("account_children").set(row).where("child_id", "=", d.childId).execute();
      }
    }
  },
};
