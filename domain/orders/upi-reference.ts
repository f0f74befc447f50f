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
  | { type: "UpiReferenceReleased"; data: { reference: string; orderId: string; at: string } };

export const upiReferenceStreamId = (reference: string) => `upiref-${reference}`;

const claim = z.object({ reference: z.string().regex(/^\d{12}$/), orderId: z.string(), at: z.string() });
export const upiReferenceEvents = createEventRegistry<UpiReferenceEvent>("upiref", {
  UpiReferenceClaimed: { version: 1, schema: claim },
  UpiReferenceReleased: { version: 1, schema: claim },
});

export const REFERENCE_TAKEN_MESSAGE =
  "This UPI reference was already reported for another order. Please check the 12 digits in your UPI app.";

export interface UpiReferenceState {
  /** The order holding the reference, if any. */
  orderId?: string;
}

export type UpiReferenceCommand =
  | { type: "ClaimReference"; reference: string; orderId: string; at: string }
  | { type: "ReleaseReference"; reference: string; orderId: string; at: string };

export const upiReferenceDecider: Decider<UpiReferenceState, UpiReferenceCommand, UpiReferenceEvent> = {
  initialState: () => ({}),
  evolve: (state, event) => (event.type === "UpiReferenceClaimed" ? { orderId: event.data.orderId } : {}),
  decide(command, state) {
    const { reference, orderId, at } = command;
    if (command.type === "ClaimReference") {
      if (state.orderId === orderId) return [];
      if (state.orderId !== undefined) throw new RuleViolation(REFERENCE_TAKEN_MESSAGE, 409);
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
