import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { privacyEvents } from "../domain/privacy/events";
import type { Projector } from "./projector";

/**
 * Each parent's latest word on WhatsApp (decision 230), for the job runner that decides how a text goes:
 * one row per person (`account:<id>`, `order:<id>`), found by their number through `users` and `orders`.
 * An erased person's row goes with them.
 */
export const whatsappConsentsProjector: Projector = {
  name: "whatsapp_consents",
  tables: ["whatsapp_consents"],
  eventTypes: ["WhatsAppConsentGiven", "WhatsAppConsentWithdrawn", "SubjectErased"],
  categories: [privacyEvents.category],
  async apply(trx, events: readonly RecordedEvent[]) {
    for (const stored of events) {
      if (streamCategory(stored.streamId) !== privacyEvents.category) continue;
      const event = privacyEvents.read(stored);
      if (event.type === "WhatsAppConsentGiven" || event.type === "WhatsAppConsentWithdrawn") {
        const row = {
          subject: event.data.subject,
          consented: event.type === "WhatsAppConsentGiven",
          language: event.type === "WhatsAppConsentGiven" ? event.data.language : "en",
          place: event.data.place,
          at: event.data.at,
        };
        await trx
          .insertInto("whatsapp_consents")
          .values(row)
          .onConflict((oc) => oc.column("subject").doUpdateSet({ consented: row.consented, place: row.place, at: row.at, ...(row.consented ? { language: row.language } : {}) }))
          .execute();
      } else if (event.type === "SubjectErased") {
        await trx.deleteFrom("whatsapp_consents").where("subject", "in", event.data.subjects).execute();
      }
    }
  },
};
