/**
 * A cash-on-delivery parcel's cash (decision 212): the stream `cod-{orderId}`. The parcel given to a
 * delivery person (the shop's own boy or a courier) is cash that person owes; at the door the parent
 * pays (the order's own CashCollected goes with it, so the order is paid and no reminder asks again) or
 * refuses the parcel (nothing is owed for it); the cash collected is handed into a counter's drawer
 * (./drawer.ts), in the same command. Until then it is "cash out" with that person, which the owner
 * sees per person and per day.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor, PaymentMethod } from "../orders/events";
import { COUNTER_NAME } from "../counter/sale";
import { DAY } from "./drawer";

export const codStreamId = (orderId: string) => `cod-${orderId}`;

/** A delivery person's name as the shop writes it: letters (any script), digits, spaces, dots and hyphens. */
export const PERSON_NAME = /^[\p{L}\p{M}\p{N} .'-]{1,60}$/u;
export const NOTE_LIMIT = 300;
/** A courier's remittance id or a bank's UTR as written on the courier's sheet: letters, digits, dashes, up to 40. */
export const REMITTANCE_ID = /^[A-Za-z0-9_/-]{1,40}$/;

/** The name as typed, trimmed and with single spaces; a refusal when it cannot be a name. */
export function checkPersonName(typed: string): string {
  const name = typed.trim().replace(/\s+/g, " ");
  if (!PERSON_NAME.test(name)) throw new RuleViolation("cod.person", {}, 422);
  return name;
}

/** The same person however the name was capitalised: "ramesh" and "Ramesh" carry the same bag. */
export const samePerson = (a: string, b: string) => a.toLocaleLowerCase("en-IN") === b.toLocaleLowerCase("en-IN");

export type CodStage = "none" | "out" | "collected" | "refused" | "handedIn" | "remitted";

export interface CodState {
  stage: CodStage;
  person?: string;
  amount: number;
  /** Where the cash went in, once handed in. */
  drawer?: { counter: string; day: string };
  /** The courier's remittance that paid it over, once remitted (decision 233). */
  remittance?: string;
}

interface Step {
  orderId: string;
  person: string;
  actor: Actor;
  at: string;
}

export type CodEvent =
  | { type: "CodParcelOut"; data: Step & { amount: number } }
  | { type: "CodCashCollected"; data: Step & { amount: number } }
  | { type: "CodParcelRefused"; data: Step & { note: string } }
  | { type: "CodCashHandedIn"; data: Step & { amount: number; counter: string; day: string } }
  /**
   * A courier collected the parcel's cash at the door and paid it to the shop's bank in a remittance (decision 233):
   * `person` the courier, `remittance` the courier's id of the payout (Shiprocket's CRF id), `utr` the bank transfer's.
   */
  | {
      type: "CodCashRemitted";
      /** `fee`: what the courier kept of it for its service, in paise, as its sheet says (version 2, decision 219). */
      data: Step & { amount: number; remittance: string; utr?: string; fee?: number };
    };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const step = z.object({ orderId: z.string(), person: z.string().regex(PERSON_NAME), actor, at: z.string() });
const amount = z.number().int().nonnegative();

const remittedV1 = step.extend({ amount, remittance: z.string().regex(REMITTANCE_ID), utr: z.string().regex(REMITTANCE_ID).optional() });

export const codEvents = createEventRegistry<CodEvent>("cod", {
  CodParcelOut: { version: 1, schema: step.extend({ amount }) },
  CodCashCollected: { version: 1, schema: step.extend({ amount }) },
  CodParcelRefused: { version: 1, schema: step.extend({ note: z.string().max(NOTE_LIMIT) }) },
  CodCashHandedIn: { version: 1, schema: step.extend({ amount, counter: z.string().regex(COUNTER_NAME), day: z.string().regex(DAY) }) },
  CodCashRemitted: {
    version: 2,
    schema: remittedV1.extend({ fee: z.number().int().nonnegative().optional() }),
    older: {
      // Before the courier's fee was read from its sheet (decision 219): none recorded, as the sheet was read then.
      1: { schema: remittedV1, up: (data: z.infer<typeof remittedV1>) => data },
    },
  },
});

/** The order as a COD decision sees it: how it is paid, what it charges, whether it is paid or cancelled. */
export interface CodOrder {
  method: PaymentMethod;
  due: number;
  paid: number;
  cancelled: boolean;
  deleted: boolean;
  /** Sold at the counter: paid and handed over there, never a parcel. */
  counter: boolean;
}

export type CodCommand =
  | { type: "GiveParcel"; orderId: string; person: string; order: CodOrder; actor: Actor; at: string }
  | { type: "CollectCod"; orderId: string; actor: Actor; at: string }
  | { type: "RefuseAtDoor"; orderId: string; note: string; actor: Actor; at: string }
  | { type: "HandInCod"; orderId: string; person: string; counter: string; day: string; actor: Actor; at: string }
  /** A line of the courier's COD remittance: this order's cash, this much, paid over in this payout. */
  | {
      type: "RemitCod";
      orderId: string;
      courier: string;
      amount: number;
      remittance: string;
      utr?: string;
      /** The courier's fee kept from this parcel's cash, in paise; the parent still paid `amount` (decision 219). */
      fee?: number;
      order: CodOrder;
      actor: Actor;
      at: string;
    };

function evolve(state: CodState, event: CodEvent): CodState {
  switch (event.type) {
    case "CodParcelOut":
      return { stage: "out", person: event.data.person, amount: event.data.amount };
    case "CodCashCollected":
      return { ...state, stage: "collected", amount: event.data.amount };
    case "CodParcelRefused":
      return { ...state, stage: "refused" };
    case "CodCashHandedIn":
      return { ...state, stage: "handedIn", drawer: { counter: event.data.counter, day: event.data.day } };
    case "CodCashRemitted":
      return { stage: "remitted", person: event.data.person, amount: event.data.amount, remittance: event.data.remittance };
  }
}

export const codDecider: Decider<CodState, CodCommand, CodEvent> = {
  initialState: () => ({ stage: "none", amount: 0 }),
  evolve,
  decide(command, state) {
    const { orderId, actor, at } = command;
    switch (command.type) {
      case "GiveParcel": {
        const person = checkPersonName(command.person);
        const { order } = command;
        if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
        if (order.counter || order.method !== "cod") throw new RuleViolation("cod.notCod", {}, 409);
        if (order.cancelled) throw new RuleViolation("cod.cancelled", {}, 409);
        if (order.paid > 0) throw new RuleViolation("cod.paid", {}, 409);
        // Given again after a refusal (a second try at the door) is fine; given while out or paid is not.
        if (state.stage === "out") {
          if (samePerson(state.person!, person)) return [];
          throw new RuleViolation("cod.outWith", { person: state.person! }, 409);
        }
        if (state.stage === "collected" || state.stage === "handedIn" || state.stage === "remitted") throw new RuleViolation("cod.paid", {}, 409);
        return [{ type: "CodParcelOut", data: { orderId, person, amount: order.due, actor, at } }];
      }
      case "CollectCod": {
        if (state.stage === "collected" || state.stage === "handedIn" || state.stage === "remitted") return [];
        if (state.stage !== "out") throw new RuleViolation("cod.notOut", {}, 409);
        return [{ type: "CodCashCollected", data: { orderId, person: state.person!, amount: state.amount, actor, at } }];
      }
      case "RefuseAtDoor": {
        if (state.stage === "refused") return [];
        if (state.stage === "collected" || state.stage === "handedIn" || state.stage === "remitted") throw new RuleViolation("cod.collectedAlready", {}, 409);
        if (state.stage !== "out") throw new RuleViolation("cod.notOut", {}, 409);
        const note = command.note.trim();
        if (note.length > NOTE_LIMIT) throw new RuleViolation("cod.noteTooLong", { most: NOTE_LIMIT }, 422);
        return [{ type: "CodParcelRefused", data: { orderId, person: state.person!, note, actor, at } }];
      }
      case "RemitCod": {
        // The same sheet imported twice: the parcel's cash came once.
        if (state.stage === "remitted") {
          if (state.remittance === command.remittance) return [];
          throw new RuleViolation("cod.remittedAlready", { remittance: state.remittance! }, 409);
        }
        const { order } = command;
        if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
        if (order.counter || order.method !== "cod") throw new RuleViolation("cod.notCod", {}, 409);
        if (state.stage === "collected" || state.stage === "handedIn" || order.paid > 0) throw new RuleViolation("cod.paid", {}, 409);
        if (state.stage === "refused" || order.cancelled) throw new RuleViolation("cod.cancelled", {}, 409);
        // A sum other than the order's is for the owner to take up with the courier, not to be booked as paid.
        if (command.amount !== order.due) throw new RuleViolation("cod.remittedAmount", { amount: command.amount, due: order.due }, 422);
        if (!REMITTANCE_ID.test(command.remittance) || (command.utr !== undefined && !REMITTANCE_ID.test(command.utr))) {
          throw new RuleViolation("cod.remittanceId", {}, 422);
        }
        // The fee is the courier's charge to the shop, out of the cash it collected: never more than that cash.
        const { fee } = command;
        if (fee !== undefined && (!Number.isInteger(fee) || fee < 0 || fee > command.amount * 100)) {
          throw new RuleViolation("cod.remittedFee", { fee: Number.isFinite(fee) ? fee / 100 : 0, amount: command.amount }, 422);
        }
        const person = checkPersonName(command.courier);
        return [
          {
            type: "CodCashRemitted",
            data: {
              orderId,
              person,
              amount: command.amount,
              remittance: command.remittance,
              ...(command.utr ? { utr: command.utr } : {}),
              ...(fee ? { fee } : {}),
              actor,
              at,
            },
          },
        ];
      }
      case "HandInCod": {
        // The courier paid it to the bank: there is no cash for a drawer.
        if (state.stage === "remitted") throw new RuleViolation("cod.remittedAlready", { remittance: state.remittance! }, 409);
        if (state.stage === "handedIn") throw new RuleViolation("cod.handedInAlready", { counter: state.drawer!.counter, day: state.drawer!.day }, 409);
        if (state.stage !== "collected") throw new RuleViolation("cod.notCollected", {}, 409);
        if (!samePerson(state.person!, command.person)) throw new RuleViolation("cod.otherPerson", { person: state.person! }, 409);
        const { counter, day } = command;
        return [{ type: "CodCashHandedIn", data: { orderId, person: state.person!, amount: state.amount, counter, day, actor, at } }];
      }
    }
  },
};
