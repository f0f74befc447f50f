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

/** The name as typed, trimmed and with single spaces; a refusal when it cannot be a name. */
export function checkPersonName(typed: string): string {
  const name = typed.trim().replace(/\s+/g, " ");
  if (!PERSON_NAME.test(name)) throw new RuleViolation("cod.person", {}, 422);
  return name;
}

/** The same person however the name was capitalised: "ramesh" and "Ramesh" carry the same bag. */
export const samePerson = (a: string, b: string) => a.toLocaleLowerCase("en-IN") === b.toLocaleLowerCase("en-IN");

export type CodStage = "none" | "out" | "collected" | "refused" | "handedIn";

export interface CodState {
  stage: CodStage;
  person?: string;
  amount: number;
  /** Where the cash went in, once handed in. */
  drawer?: { counter: string; day: string };
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
  | { type: "CodCashHandedIn"; data: Step & { amount: number; counter: string; day: string } };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const step = z.object({ orderId: z.string(), person: z.string().regex(PERSON_NAME), actor, at: z.string() });
const amount = z.number().int().nonnegative();

export const codEvents = createEventRegistry<CodEvent>("cod", {
  CodParcelOut: { version: 1, schema: step.extend({ amount }) },
  CodCashCollected: { version: 1, schema: step.extend({ amount }) },
  CodParcelRefused: { version: 1, schema: step.extend({ note: z.string().max(NOTE_LIMIT) }) },
  CodCashHandedIn: { version: 1, schema: step.extend({ amount, counter: z.string().regex(COUNTER_NAME), day: z.string().regex(DAY) }) },
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
  | { type: "HandInCod"; orderId: string; person: string; counter: string; day: string; actor: Actor; at: string };

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
        if (state.stage === "collected" || state.stage === "handedIn") throw new RuleViolation("cod.paid", {}, 409);
        return [{ type: "CodParcelOut", data: { orderId, person, amount: order.due, actor, at } }];
      }
      case "CollectCod": {
        if (state.stage === "collected" || state.stage === "handedIn") return [];
        if (state.stage !== "out") throw new RuleViolation("cod.notOut", {}, 409);
        return [{ type: "CodCashCollected", data: { orderId, person: state.person!, amount: state.amount, actor, at } }];
      }
      case "RefuseAtDoor": {
        if (state.stage === "refused") return [];
        if (state.stage === "collected" || state.stage === "handedIn") throw new RuleViolation("cod.collectedAlready", {}, 409);
        if (state.stage !== "out") throw new RuleViolation("cod.notOut", {}, 409);
        const note = command.note.trim();
        if (note.length > NOTE_LIMIT) throw new RuleViolation("cod.noteTooLong", { most: NOTE_LIMIT }, 422);
        return [{ type: "CodParcelRefused", data: { orderId, person: state.person!, note, actor, at } }];
      }
      case "HandInCod": {
        if (state.stage === "handedIn") throw new RuleViolation("cod.handedInAlready", { counter: state.drawer!.counter, day: state.drawer!.day }, 409);
        if (state.stage !== "collected") throw new RuleViolation("cod.notCollected", {}, 409);
        if (!samePerson(state.person!, command.person)) throw new RuleViolation("cod.otherPerson", { person: state.person! }, 409);
        const { counter, day } = command;
        return [{ type: "CodCashHandedIn", data: { orderId, person: state.person!, amount: state.amount, counter, day, actor, at } }];
      }
    }
  },
};
