/**
 * A UPI reference confirms one order only: the first order to report it claims it in a
 * stream of its own, `upiref-{reference}`, appended with the order's report (one append on
 * Postgres). A rejected report frees it, so a typo cannot block the parent whose payment it is.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";

export type UpiReferenceEvent =
  | { type: "UpiReferenceClaimed"; data: { reference: string; orderId: string; at: string } }
  | { type: "UpiReferenceReleased"; data: { reference: string; orderId: string; at: string } }
  /** Another order's shopper reported it while `heldBy` held it: refused, kept for the owner (decision 119). */
  | { type: "UpiReferenceDisputed"; data: { reference: string; orderId: string; heldBy: string; at: string } }
  /** The owner moved it from the order that held it to the one whose report was refused. */
  | { type: "UpiReferenceMoved"; data: { reference: string; from: string; to: string; at: string } };

export const upiReferenceStreamId = (reference: string) => `upiref-${reference}`;

const claim = z.object({ reference: z.string().regex(/^\d{12}$/), orderId: z.string(), at: z.string() });
export const upiReferenceEvents = createEventRegistry<UpiReferenceEvent>("upiref", {
  UpiReferenceClaimed: { version: 1, schema: claim },
  UpiReferenceReleased: { version: 1, schema: claim },
  UpiReferenceDisputed: { version: 1, schema: claim.extend({ heldBy: z.string() }) },
  UpiReferenceMoved: { version: 1, schema: z.object({ reference: claim.shape.reference, from: z.string(), to: z.string(), at: z.string() }) },
});

export interface UpiReferenceState {
  /** The order holding the reference, if any. */
  orderId?: string;
  /** Orders whose shoppers reported it while another held it: each once, until it moves to one of them. */
  disputedBy?: string[];
}

export type UpiReferenceCommand =
  | { type: "ClaimReference"; reference: string; orderId: string; at: string }
  | { type: "ReleaseReference"; reference: string; orderId: string; at: string }
  /** `orderId`'s shopper reported it and was refused: kept if another order holds it (once per order). */
  | { type: "DisputeReference"; reference: string; orderId: string; at: string }
  /** The owner moves it from the order holding it to `to` (decision 119). */
  | { type: "MoveReference"; reference: string; from: string; to: string; at: string };

function evolveReference(state: UpiReferenceState, event: UpiReferenceEvent): UpiReferenceState {
  const disputedBy = state.disputedBy ?? [];
  switch (event.type) {
    case "UpiReferenceClaimed":
      return { orderId: event.data.orderId, disputedBy };
    case "UpiReferenceReleased":
      return { disputedBy };
    case "UpiReferenceDisputed":
      return { ...state, disputedBy: [...disputedBy, event.data.orderId] };
    case "UpiReferenceMoved":
      return { orderId: event.data.to, disputedBy: disputedBy.filter((id) => id !== event.data.to) };
  }
}

export const upiReferenceDecider: Decider<UpiReferenceState, UpiReferenceCommand, UpiReferenceEvent> = {
  initialState: () => ({}),
  evolve: evolveReference,
  decide(command, state) {
    if (command.type === "DisputeReference") {
      const { reference, orderId, at } = command;
      const heldBy = state.orderId;
      if (heldBy === undefined || heldBy === orderId || state.disputedBy?.includes(orderId)) return [];
      return [{ type: "UpiReferenceDisputed", data: { reference, orderId, heldBy, at } }];
    }
    if (command.type === "MoveReference") {
      const { reference, from, to, at } = command;
      if (from === to) throw new RuleViolation("admin.referenceSameOrder", {}, 422);
      // Someone else moved or freed it since the owner's page was drawn.
      if (state.orderId !== from) throw new RuleViolation("admin.referenceNotHeld", { reference }, 409);
      return [{ type: "UpiReferenceMoved", data: { reference, from, to, at } }];
    }
    const { reference, orderId, at } = command;
    if (command.type === "ClaimReference") {
      if (state.orderId === orderId) return [];
      if (state.orderId !== undefined) throw new RuleViolation("payment.referenceTaken", {}, 409);
      return [{ type: "UpiReferenceClaimed", data: { reference, orderId, at } }];
    }
    if (state.orderId !== orderId) return [];
    return [{ type: "UpiReferenceReleased", data: { reference, orderId, at } }];
  },
};

/** Which references an order's change claims and frees: a report claims (and frees the one it replaces), a rejection frees. */
export function referenceClaims(
  before: { reported?: { reference: string } },
  events: readonly { type: string; data: unknown }[],
): { claim: string[]; release: string[] } {
  const claim: string[] = [];
  const release: string[] = [];
  let pending = before.reported?.reference;
  for (const event of events) {
    const reference = (event.data as { reference?: string }).reference;
    if (event.type === "PaymentReported" && reference) {
      if (pending && pending !== reference) release.push(pending);
      claim.push(reference);
      pending = reference;
    } else if (event.type === "PaymentConfirmed" && reference && reference !== pending) {
      claim.push(reference);
    } else if (event.type === "PaymentRejected" && reference) {
      release.push(reference);
      pending = undefined;
    }
  }
  return { claim, release };
}
