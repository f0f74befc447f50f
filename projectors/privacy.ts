import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { privacyEvents } from "../domain/privacy/events";
import type { Projector } from "./projector";

/**
 * The erasure requests the admin works through (app/routes/admin.privacy.tsx): one row per person,
 * with its deadline, marked done when the person is erased. An erasure the admin made without a
 * request (a parent who asked by phone) appears done.
 */
export const privacyProjector: Projector = {
  name: "privacy",
  tables: ["erasure_requests"],
  eventTypes: ["ErasureRequested", "ErasureWithdrawn", "SubjectErased"],
  categories: [privacyEvents.category],
  async apply(trx, events: readonly RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== privacyEvents.category) continue;
      const event = privacyEvents.read(stored);
      if (event.type === "ErasureRequested") {
        await trx
          .insertInto("erasure_requests")
          .values({ subject: event.data.subject, by: event.data.by, requested_at: event.data.at, due_by: event.data.dueBy, erased_at: null })
          .onConflict((oc) => oc.column("subject").doNothing())
          .execute();
      } else if (event.type === "ErasureWithdrawn") {
        // Taken back within its cooling-off: no longer the admin's to do.
        await trx.deleteFrom("erasure_requests").where("subject", "=", event.data.subject).where("erased_at", "is", null).execute();
      } else if (event.type === "SubjectErased") {
        await trx
          .insertInto("erasure_requests")
          .values({ subject: event.data.subject, by: "shop", requested_at: event.data.at, due_by: event.data.at, erased_at: event.data.at })
          .onConflict((oc) => oc.column("subject").doUpdateSet({ erased_at: event.data.at }))
          .execute();
      }
    }
  },
};
