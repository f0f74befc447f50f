import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { streamCategory, type RecordedEvent } from "../eventstore/port";
import { orderEvents, type Actor } from "../domain/orders/events";
import { codEvents } from "../domain/cash/cod";
import { indiaDay } from "../domain/reports/reports";
import type { Projector } from "./projector";

const ORDER_TYPES = ["OrderPlaced", "CashCollected", "PaymentConfirmed", "PaymentRefunded"] as const;

const personOf = (actor: Actor) => ({ person_id: actor.id ?? actor.kind, person_name: actor.name ?? "" });

/**
 * The counter's cash (decisions 211, 212): each counter sale's money (`cash_takings`, one row per payment or
 * refund event, by the person who took or gave it, on its day in India) and each cash-on-delivery parcel's
 * stage with its delivery person (`cod_parcels`). The day close sums `cash_takings`; the COD page lists
 * `cod_parcels`. Times and days come from the events, so a replay builds the same rows.
 */
export const cashProjector: Projector = {
  name: "cash",
  tables: ["cash_counter_orders", "cash_takings", "cod_parcels"],
  eventTypes: [...ORDER_TYPES, ...codEvents.types],
  categories: [codEvents.category],
  async apply(trx: Kysely<DB>, events: RecordedEvent[]) {
    for (const stored of events) {
      const category = streamCategory(stored.streamId);
      if (category === "order" && (ORDER_TYPES as readonly string[]).includes(stored.type)) {
        const event = orderEvents.read(stored);
        if (event.type === "OrderPlaced") {
          const { channel, counter, orderId } = event.data;
          if (channel === "counter" && counter) {
            await trx.insertInto("cash_counter_orders").values({ order_id: orderId, counter }).onConflict((oc) => oc.column("order_id").doNothing()).execute();
          }
          continue;
        }
        if (event.type !== "CashCollected" && event.type !== "PaymentConfirmed" && event.type !== "PaymentRefunded") continue;
        const { orderId, actor, at } = event.data;
        // Rupees, to the paisa for a refund (decision 209).
        const amount = event.type === "PaymentRefunded" ? event.data.paise / 100 : event.data.amount;
        const sold = await trx.selectFrom("cash_counter_orders").select("counter").where("order_id", "=", orderId).executeTakeFirst();
        // A payment of an online order is not the counter's (a COD parcel's cash comes in through its delivery person);
        // its refund is kept, and counts in a drawer when it was given at a counter.
        if (!sold && event.type !== "PaymentRefunded") continue;
        const method = event.type === "CashCollected" ? "cash" : event.type === "PaymentConfirmed" ? "upi" : event.data.method;
        // Money the gateway gave back (decision 221) never left the drawer.
        if (method === "razorpay") continue;
        await trx
          .insertInto("cash_takings")
          .values({
            event_id: stored.id,
            order_id: orderId,
            day: indiaDay(at),
            at,
            // A refund given at a counter is that drawer's (decision 218); any other money is the selling counter's.
            counter: (event.type === "PaymentRefunded" ? event.data.counter : undefined) ?? sold?.counter ?? null,
            kind: event.type === "PaymentRefunded" ? "refund" : "sale",
            method,
            ...personOf(actor),
            amount,
          })
          .onConflict((oc) => oc.column("event_id").doNothing())
          .execute();
        continue;
      }
      if (category !== codEvents.category) continue;
      const event = codEvents.read(stored);
      const { orderId, person, at } = event.data;
      switch (event.type) {
        case "CodParcelOut":
          await trx
            .insertInto("cod_parcels")
            .values({
              order_id: orderId,
              person,
              person_key: person.toLocaleLowerCase("en-IN"),
              amount: event.data.amount,
              stage: "out",
              out_at: at,
              out_day: indiaDay(at),
              settled_at: null,
              counter: null,
              handed_in_day: null,
            })
            .onConflict((oc) =>
              oc.column("order_id").doUpdateSet({
                person,
                person_key: person.toLocaleLowerCase("en-IN"),
                amount: event.data.amount,
                stage: "out",
                out_at: at,
                out_day: indiaDay(at),
                settled_at: null,
              }),
            )
            .execute();
          break;
        case "CodCashCollected":
        case "CodParcelRefused":
          await trx
            .updateTable("cod_parcels")
            .set({ stage: event.type === "CodCashCollected" ? "collected" : "refused", settled_at: at })
            .where("order_id", "=", orderId)
            .execute();
          break;
        case "CodCashHandedIn":
          await trx
            .updateTable("cod_parcels")
            .set({ stage: "handedIn", counter: event.data.counter, handed_in_day: event.data.day })
            .where("order_id", "=", orderId)
            .execute();
          break;
        case "CodCashRemitted": {
          // A courier's parcel never given out on the COD page: its row starts here, settled as it is made.
          const row = {
            person,
            person_key: person.toLocaleLowerCase("en-IN"),
            amount: event.data.amount,
            stage: "remitted" as const,
            settled_at: at,
            remittance: event.data.remittance,
            utr: event.data.utr ?? null,
          };
          await trx
            .insertInto("cod_parcels")
            .values({ order_id: orderId, ...row, out_at: at, out_day: indiaDay(at), counter: null, handed_in_day: null })
            .onConflict((oc) => oc.column("order_id").doUpdateSet(row))
            .execute();
          break;
        }
      }
    }
  },
};
