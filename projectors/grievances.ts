import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { acknowledgeBy, grievanceEvents, resolveBy } from "../domain/grievance/ticket";
import type { Actor } from "../domain/orders/events";
import { ERASED } from "../domain/privacy/erased";
import { privacyEvents } from "../domain/privacy/events";
import { erasedIn } from "./erasures";
import type { Projector } from "./projector";

/** Who did it, as the admin's list names them: the admin's name, else what kind of actor. */
const actorName = (actor: Actor) => actor.name ?? actor.id ?? actor.kind;

/**
 * The grievance desk's read model (decision 129): one row per ticket with its stage and deadlines,
 * all from the events (the deadlines from the time it was filed), so a replay rebuilds the same rows.
 * A complainant erased (SubjectErased) keeps their tickets (the desk's record of complaints and answers)
 * with their name, number and words reading ERASED, as a replay now reads them from the events.
 */
export const grievancesProjector: Projector = {
  name: "grievances",
  tables: ["grievance_tickets"],
  eventTypes: [...grievanceEvents.types, "SubjectErased"],
  categories: [grievanceEvents.category, privacyEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) === privacyEvents.category) {
        const erased = erasedIn([stored]);
        if (!erased) continue;
        // Whose a ticket is (grievanceSubject): the signed-in parent's account, else the guest's order.
        const { userIds, orderSubjects } = erased;
        if (userIds.length === 0 && orderSubjects.length === 0) continue;
        await trx
          .updateTable("grievance_tickets")
          .set({ name: ERASED, phone: ERASED, text: ERASED })
          .where((eb) =>
            eb.or([
              ...(userIds.length > 0 ? [eb("user_id", "in", userIds)] : []),
              ...(orderSubjects.length > 0 ? [eb.and([eb("user_id", "is", null), eb("order_id", "in", orderSubjects)])] : []),
            ]),
          )
          .execute();
        continue;
      }
      if (streamCategory(stored.streamId) !== grievanceEvents.category) continue;
      const event = grievanceEvents.read(stored);
      if (event.type === "GrievanceFiled") {
        const d = event.data;
        await trx
          .insertInto("grievance_tickets")
          .values({
            ticket_id: d.ticketId,
            number: d.number,
            stage: "open",
            complainant_kind: d.complainant.kind,
            user_id: d.complainant.userId ?? null,
            order_id: d.orderId ?? null,
            name: d.complainant.name,
            phone: d.complainant.phone,
            topic: d.topic,
            text: d.text,
            language: d.language,
            filed_at: new Date(d.at),
            acknowledge_by: new Date(acknowledgeBy(d.at)),
            resolve_by: new Date(resolveBy(d.at)),
          })
          .onConflict((oc) => oc.column("ticket_id").doNothing())
          .execute();
      } else if (event.type === "GrievanceAcknowledged") {
        const d = event.data;
        await trx
          .updateTable("grievance_tickets")
          .set({ acknowledged_at: new Date(d.at), acknowledged_by: actorName(d.actor), acknowledge_note: d.note ?? null })
          .where("ticket_id", "=", d.ticketId)
          .execute();
        await trx.updateTable("grievance_tickets").set({ stage: "acknowledged" }).where("ticket_id", "=", d.ticketId).where("stage", "=", "open").execute();
      } else {
        const d = event.data;
        await trx
          .updateTable("grievance_tickets")
          .set({ stage: "resolved", resolved_at: new Date(d.at), resolved_by: actorName(d.actor), resolution_note: d.note })
          .where("ticket_id", "=", d.ticketId)
          .execute();
      }
    }
  },
};
