// Paying for an order (decision 101): the payment status, cash collected, the shopper's UPI reference and
// the admin's confirmation, rejection or refund; a reference claimed by one order only, and the owner's
// settling of a reference two orders claim (decision 119).
import { randomUUID } from "node:crypto";
import { RuleViolation, isRuleViolation } from "../../domain/errors";
import { orderStreamId, type Actor } from "../../domain/orders/events";
import { checkUpiReference, type PaymentCommand } from "../../domain/orders/payment";
import { upiReferenceStreamId } from "../../domain/orders/upi-reference";
import type { StreamStep } from "../../eventstore/command-handler";
import { existingOrderId, orderIdOf, type OrderCore } from "./core";

/** A UPI reference two orders claim (decision 119): the one holding it, and one whose shopper reported it and was refused. */
export interface ReferenceDispute {
  reference: string;
  /** The order holding the reference now; null when nobody does any more (the holder's report was rejected). */
  holder: string | null;
  claimant: string;
  /** When the claimant's report was refused. */
  refusedAt: string | null;
}

export function paymentCommands(core: OrderCore) {
  const { waitUntilVisible } = core.deps;
  const { orders, references, changes, storedOrder, shownChange, changeOrder } = core;

  /**
   * The refused report, on the reference's stream (which order was refused while which held it)
   * and the refused order's (so its page shows it): once per order and reference, each decided by
   * its aggregate. The shopper's 409 stands whatever becomes of this record.
   */
  async function recordRefusedReport(orderId: string, typed: string, actor: Actor): Promise<void> {
    const id = orderId.trim().toLowerCase();
    let reference: string;
    try {
      reference = checkUpiReference(typed);
    } catch {
      return;
    }
    const refStream = upiReferenceStreamId(reference);
    const commandId = randomUUID();
    await changes.handle({
      locks: [orderStreamId(id)],
      plan: async () => {
        const at = new Date().toISOString();
        const held = await references.load(refStream);
        const heldBy = held.state.orderId;
        if (!heldBy || heldBy === id) return { answer: undefined };
        const dispute = references.prepare(refStream, held, { type: "DisputeReference", reference, orderId: id, at }, { commandId });
        const order = orders.prepare(orderStreamId(id), await orders.load(orderStreamId(id)), { type: "RecordRefusedReport", reference, heldBy, actor, at }, { commandId });
        const steps: StreamStep[] = [];
        if (dispute) steps.push({ prepared: dispute, handler: references });
        if (order) steps.push({ prepared: order, handler: orders, redo: () => orders.handle(orderStreamId(id), { type: "RecordRefusedReport", reference, heldBy, actor, at }) });
        if (steps.length === 0) return { answer: undefined };
        return { steps, answer: async (results) => void (await waitUntilVisible(results.at(-1)!.position)) };
      },
    });
  }

  async function moveReference(typed: string, fromOrder: string, toOrder: string, actor: Actor) {
    const reference = checkUpiReference(typed);
    const from = existingOrderId(fromOrder);
    const to = existingOrderId(toOrder);
    const refStream = upiReferenceStreamId(reference);
    const commandId = randomUUID();
    return changes.handle({
      locks: [orderStreamId(from), orderStreamId(to)].sort(),
      plan: async () => {
        const at = new Date().toISOString();
        const giving = await orders.load(orderStreamId(from));
        const taking = await orders.load(orderStreamId(to));
        if (!giving.state.exists || !taking.state.exists) throw new RuleViolation("orders.notFound", {}, 404);
        // Each stream's rule by its own aggregate: the reference is held by `from`, reported (not confirmed) there, claimed by `to`.
        const moved = references.prepare(refStream, await references.load(refStream), { type: "MoveReference", reference, from, to, at }, { commandId });
        const gave = orders.prepare(orderStreamId(from), giving, { type: "GiveUpReference", reference, to, actor, at }, { commandId });
        const took = orders.prepare(orderStreamId(to), taking, { type: "TakeReference", reference, from, actor, at }, { commandId });
        if (!moved || !gave || !took) return { answer: { changed: false, position: taking.position } };
        return {
          steps: [
            // Where streams are appended one by one: the reference moves first (moved back if the orders fail), then both orders.
            { prepared: moved, handler: references, undo: () => references.handle(refStream, { type: "MoveReference", reference, from: to, to: from, at: new Date().toISOString() }) },
            { prepared: gave, handler: orders },
            { prepared: took, handler: orders, redo: () => orders.handle(orderStreamId(to), { type: "TakeReference", reference, from, actor, at }) },
          ],
          answer: shownChange,
        };
      },
    });
  }

  /** Both sides of every disputed reference `orderId` is part of, from the orders' and the references' streams. */
  async function referenceDisputesOf(orderId: string): Promise<ReferenceDispute[]> {
    const id = orderIdOf(orderId);
    const state = id === undefined ? undefined : await storedOrder(id);
    if (id === undefined || !state) return [];
    const disputes: ReferenceDispute[] = [];
    // Refused here: the reference another order held when this order's shopper reported it.
    for (const refused of state.payment.refusedReports ?? []) {
      const held = await references.load(upiReferenceStreamId(refused.reference));
      disputes.push({ reference: refused.reference, holder: held.state.orderId ?? null, claimant: id, refusedAt: refused.at });
    }
    // Held here: the orders refused for this order's reference.
    const own = state.payment.reported?.reference ?? state.payment.reference;
    if (own) {
      const held = await references.load(upiReferenceStreamId(own));
      if (held.state.orderId === id) {
        for (const claimant of held.state.disputedBy ?? []) {
          const { state: other } = await orders.load(orderStreamId(claimant));
          const at = other.exists ? other.payment.refusedReports?.find((r) => r.reference === own)?.at : undefined;
          disputes.push({ reference: own, holder: id, claimant, refusedAt: at ?? null });
        }
      }
    }
    return disputes;
  }

  return {
    async changePaymentStatus(orderId: string, to: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangePaymentStatus", to, actor, at }));
    },

    /** Cash on delivery: the admin marks the order paid when the money is in. */
    async markPaid(orderId: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ChangePaymentStatus", to: "paid", actor, at }));
    },

    /**
     * A payment step (decision 101): the shopper's UPI reference, the admin's confirmation,
     * rejection, cash collected or refund; a reference is claimed for one order only.
     */
    async pay(orderId: string, command: (at: string) => PaymentCommand) {
      try {
        return await changeOrder(orderId, command);
      } catch (err) {
        // A shopper's report of a reference another order holds is refused, and kept for the owner (decision 119).
        const asked = command(new Date().toISOString());
        if (isRuleViolation(err) && err.key === "payment.referenceTaken" && asked.type === "ReportPayment") {
          await recordRefusedReport(orderId, asked.reference, asked.actor);
        }
        throw err;
      }
    },

    /**
     * The owner settles a disputed UPI reference (decision 119): it moves from the order holding it
     * (`from`, reported there, never confirmed) to the order whose shopper reported it and was
     * refused (`to`), where it stands as reported for the owner to confirm. One command over the
     * reference's stream and both orders' streams.
     */
    async moveUpiReference(reference: string, from: string, to: string, actor: Actor) {
      return moveReference(reference, from, to, actor);
    },

    /** The disputed references an order is part of, holding one or refused for one: what the owner compares. */
    async referenceDisputes(orderId: string): Promise<ReferenceDispute[]> {
      return referenceDisputesOf(orderId);
    },
  };
}
