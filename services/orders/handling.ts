// The admin's handling of an order: its status as it is packed, shipped and delivered (or cancelled), how
// the parcel goes, the tax documents those moves issue, internal notes, and deletion.
import type { TaxDocuments } from "../../domain/tax/documents";
import type { Actor } from "../../domain/orders/events";
import type { OrderCore } from "./core";
import { isRuleViolation, type RuleViolation } from "../../domain/errors";

export function handlingCommands(core: OrderCore) {
  const { storedOrder, changeOrder } = core;
  return {
    /** A move of the order's lifecycle (domain/orders/lifecycle.ts), with everything it does to stock, documents and money. */
    async changeStatus(orderId: string, to: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangeStatus", to, actor, at }));
    },

    /**
     * The bulk form's 'Set status': each order's move decided and appended on its own (a refused one leaves the
     * others), answered order by order in the order asked.
     */
    async changeStatuses(orderIds: readonly string[], to: string, actor: Actor) {
      const results: ({ orderId: string; changed: boolean } | { orderId: string; refused: RuleViolation })[] = [];
      for (const orderId of orderIds) {
        try {
          results.push({ orderId, changed: (await changeOrder(orderId, (at) => ({ type: "ChangeStatus", to, actor, at }))).changed });
        } catch (err) {
          if (!isRuleViolation(err)) throw err;
          results.push({ orderId, refused: err });
        }
      }
      return results;
    },

    /**
     * The owner's change as PATCH /api/orders/{id} sends it (a status, the old payment switch, or both): one command,
     * so a refusal of either part changes nothing.
     */
    async changeOrder(orderId: string, change: { status?: string; paymentStatus?: string }, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangeOrder", ...change, actor, at }));
    },

    /**
     * The owner drops units of a line the shop cannot supply, before the goods leave (decision 204): the order's money
     * recomputed and recorded, the hold given back, in one command; the parent is texted by the reactor.
     */
    async dropLine(orderId: string, drop: { line: { productId: string; size: string; school: string }; quantity?: number; note?: string }, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "DropLine", ...drop, actor, at }));
    },

    /** An admin's internal note (never shown to the shopper). */
    async addNote(orderId: string, text: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "AddNote", text, actor, at }));
    },

    /** How the parcel goes: by hand, or by courier with its tracking number; again replaces the details. */
    async recordDelivery(
      orderId: string,
      details: { method: string; courier?: string; trackingNumber?: string; note?: string },
      actor: Actor,
    ) {
      return changeOrder(orderId, (at) => ({ type: "RecordDelivery", ...details, actor, at }));
    },

    /** The order's invoice and credit notes, from its events (replay-proof: the documents are the events). */
    async taxDocuments(orderId: string): Promise<TaxDocuments | undefined> {
      const state = await storedOrder(orderId);
      return state && state.tax.invoices.length > 0 ? state.tax : undefined;
    },

    /** A tombstone with the actor: the order leaves the lists, its trail stays. */
    async deleteOrder(orderId: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "DeleteOrder", actor, at }));
    },
  };
}
