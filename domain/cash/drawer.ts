/**
 * A counter's cash drawer for one day (decision 211): the stream `drawer-{counter}-{day}`. The day is opened
 * with the cash counted into the drawer, takes in the cash delivery people hand over from cash-on-delivery
 * parcels (./cod.ts), and is closed with the notes counted: the close keeps what the drawer should hold
 * (opening + cash sales - cash refunds + delivery cash) beside what was counted, and a difference is kept
 * only with its reason. The day's takings are the bills' own (the `cash` read model of the order events),
 * so the close is the sum of the bills by construction. Every step names the person who did it.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";
import { COUNTER_NAME } from "../counter/sale";

/** The most a drawer holds or a count can say: a typo (₹5000000) is refused, not kept. */
export const MOST_IN_DRAWER = 1_000_000;
/** A difference's reason, as the owner reads it later. */
export const REASON_LIMIT = 300;
export const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const drawerStreamId = (counter: string, day: string) => `drawer-${counter}-${day}`;

/** One person's part of a drawer's day: the bills they made and the money they took or gave back. */
export interface PersonTakings {
  id: string;
  name: string;
  bills: number;
  cashSales: number;
  upiSales: number;
  cashRefunds: number;
  upiRefunds: number;
}

/** A counter's day as its bills say (the service sums them from the read model; the close keeps them). */
export interface Takings {
  bills: number;
  cashSales: number;
  upiSales: number;
  cashRefunds: number;
  upiRefunds: number;
  people: PersonTakings[];
}

/** Cash a delivery person handed over for the COD parcels they collected. */
export interface CodHandover {
  person: string;
  orders: { orderId: string; amount: number }[];
  amount: number;
}

export interface DrawerOpenedData {
  counter: string;
  day: string;
  openingCash: number;
  actor: Actor;
  at: string;
}

export interface CodCashReceivedData extends CodHandover {
  counter: string;
  day: string;
  actor: Actor;
  at: string;
}

export interface DrawerClosedData {
  counter: string;
  day: string;
  openingCash: number;
  takings: Takings;
  /** Cash from delivery handed into this drawer this day. */
  codCash: number;
  /** What the drawer should hold: opening + cash sales - cash refunds + delivery cash. */
  expected: number;
  counted: number;
  /** counted - expected: below 0 the drawer is short, above 0 over. */
  difference: number;
  /** Why the drawer is short or over; "" when it is exact. */
  reason: string;
  actor: Actor;
  at: string;
}

export type DrawerEvent =
  | { type: "DrawerOpened"; data: DrawerOpenedData }
  | { type: "CodCashReceived"; data: CodCashReceivedData }
  | { type: "DrawerClosed"; data: DrawerClosedData };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const rupees = z.number().int().nonnegative();
const counter = z.string().regex(COUNTER_NAME);
const day = z.string().regex(DAY);
const person = z.object({
  id: z.string(),
  name: z.string(),
  bills: rupees,
  cashSales: rupees,
  upiSales: rupees,
  cashRefunds: rupees,
  upiRefunds: rupees,
});

export const drawerEvents = createEventRegistry<DrawerEvent>("drawer", {
  DrawerOpened: { version: 1, schema: z.object({ counter, day, openingCash: rupees, actor, at: z.string() }) },
  CodCashReceived: {
    version: 1,
    schema: z.object({
      counter,
      day,
      person: z.string().min(1).max(60),
      orders: z.array(z.object({ orderId: z.string(), amount: rupees })).min(1),
      amount: rupees,
      actor,
      at: z.string(),
    }),
  },
  DrawerClosed: {
    version: 1,
    schema: z.object({
      counter,
      day,
      openingCash: rupees,
      takings: z.object({ bills: rupees, cashSales: rupees, upiSales: rupees, cashRefunds: rupees, upiRefunds: rupees, people: z.array(person) }),
      codCash: rupees,
      expected: z.number().int(),
      counted: rupees,
      difference: z.number().int(),
      reason: z.string().max(REASON_LIMIT),
      actor,
      at: z.string(),
    }),
  },
});

export interface DrawerState {
  opened?: { openingCash: number; by: Actor; at: string };
  /** Delivery cash handed in, in the order it came. */
  cod: CodHandover[];
  closed?: DrawerClosedData;
}

export type DrawerCommand =
  | { type: "OpenDrawer"; counter: string; day: string; openingCash: number; actor: Actor; at: string }
  | ({ type: "ReceiveCodCash"; counter: string; day: string; actor: Actor; at: string } & CodHandover)
  | { type: "CloseDrawer"; counter: string; day: string; takings: Takings; counted: number; reason: string; actor: Actor; at: string };

const isRupees = (n: number) => Number.isInteger(n) && n >= 0 && n <= MOST_IN_DRAWER;

/** The delivery cash handed into the drawer so far. */
export const codCashIn = (state: DrawerState) => state.cod.reduce((sum, c) => sum + c.amount, 0);

/** What the drawer should hold: the opening cash, plus cash sales and delivery cash, less cash refunds. */
export function expectedCash(openingCash: number, takings: Pick<Takings, "cashSales" | "cashRefunds">, codCash: number): number {
  return openingCash + takings.cashSales - takings.cashRefunds + codCash;
}

function evolve(state: DrawerState, event: DrawerEvent): DrawerState {
  switch (event.type) {
    case "DrawerOpened":
      return { ...state, opened: { openingCash: event.data.openingCash, by: event.data.actor, at: event.data.at } };
    case "CodCashReceived": {
      const { person, orders, amount } = event.data;
      return { ...state, cod: [...state.cod, { person, orders, amount }] };
    }
    case "DrawerClosed":
      return { ...state, closed: event.data };
  }
}

function checkDay(command: { counter: string; day: string }) {
  if (!COUNTER_NAME.test(command.counter)) throw new RuleViolation("counter.name", {}, 422);
  if (!DAY.test(command.day)) throw new RuleViolation("drawer.day", {}, 422);
}

export const drawerDecider: Decider<DrawerState, DrawerCommand, DrawerEvent> = {
  initialState: () => ({ cod: [] }),
  evolve,
  decide(command, state) {
    checkDay(command);
    const { counter, day, actor, at } = command;
    if (state.closed) throw new RuleViolation("drawer.closed", { counter, day }, 409);
    switch (command.type) {
      case "OpenDrawer": {
        if (state.opened) throw new RuleViolation("drawer.openedAlready", { counter, amount: state.opened.openingCash }, 409);
        if (!isRupees(command.openingCash)) throw new RuleViolation("drawer.amount", { most: MOST_IN_DRAWER }, 422);
        return [{ type: "DrawerOpened", data: { counter, day, openingCash: command.openingCash, actor, at } }];
      }
      case "ReceiveCodCash": {
        if (!state.opened) throw new RuleViolation("drawer.notOpened", { counter }, 409);
        if (command.orders.length === 0) throw new RuleViolation("cod.nothingChosen", {}, 422);
        const amount = command.orders.reduce((sum, o) => sum + o.amount, 0);
        // The service sums the parcels the person collected; a different sum is a fault, not a refusal.
        if (amount !== command.amount) throw new Error(`delivery cash of ${amount} handed in as ${command.amount}`);
        return [{ type: "CodCashReceived", data: { counter, day, person: command.person, orders: command.orders, amount, actor, at } }];
      }
      case "CloseDrawer": {
        if (!state.opened) throw new RuleViolation("drawer.notOpened", { counter }, 409);
        if (!isRupees(command.counted)) throw new RuleViolation("drawer.amount", { most: MOST_IN_DRAWER }, 422);
        const reason = command.reason.trim();
        if (reason.length > REASON_LIMIT) throw new RuleViolation("drawer.reasonTooLong", { most: REASON_LIMIT }, 422);
        const openingCash = state.opened.openingCash;
        const codCash = codCashIn(state);
        const expected = expectedCash(openingCash, command.takings, codCash);
        const difference = command.counted - expected;
        // A drawer short or over is kept only with what the person closing it says happened.
        const values = { expected, counted: command.counted, difference: Math.abs(difference) };
        if (difference < 0 && reason === "") throw new RuleViolation("drawer.shortNeedsReason", values, 422);
        if (difference > 0 && reason === "") throw new RuleViolation("drawer.overNeedsReason", values, 422);
        return [
          {
            type: "DrawerClosed",
            data: { counter, day, openingCash, takings: command.takings, codCash, expected, counted: command.counted, difference, reason: difference === 0 ? "" : reason, actor, at },
          },
        ];
      }
    }
  },
};
