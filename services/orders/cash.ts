// The counter's cash (decisions 211, 212): each counter's drawer for a day, opened with its cash, closed with the notes
// counted against what its bills say it should hold; and the cash of cash-on-delivery parcels, owed by the delivery
// person who carries them until it is handed into a drawer. Every step is one command through the command handler,
// decided by domain/cash/ (drawer.ts, cod.ts); the day's takings are summed from the `cash` read model of the bills.
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { RuleViolation } from "../../domain/errors";
import { codDecider, codEvents, codStreamId, checkPersonName, type CodOrder } from "../../domain/cash/cod";
import {
  DAY,
  drawerDecider,
  drawerEvents,
  drawerStreamId,
  expectedCash,
  codCashIn,
  type DrawerClosedData,
  type DrawerCommand,
  type PersonTakings,
  type Takings,
} from "../../domain/cash/drawer";
import { checkCounter } from "../../domain/counter/sale";
import { orderStreamId, type Actor } from "../../domain/orders/events";
import { displayOrderId } from "../../domain/orders/order";
import { indiaDay } from "../../domain/reports/reports";
import { createCommandHandler, type StreamStep } from "../../eventstore/command-handler";
import type { Position } from "../../eventstore/port";
import { existingOrderId, type OrderCore } from "./core";

/** A drawer's day as the close page shows it: the drawer's own steps and what its bills say now. */
export interface DrawerDay {
  counter: string;
  day: string;
  opened?: { openingCash: number; by: Actor; at: string };
  cod: { person: string; orders: { orderId: string; number: string; amount: number }[]; amount: number }[];
  codCash: number;
  /** What the bills say now (the read model), for a drawer still open, and to compare with a closed one. */
  takings: Takings;
  /** What the drawer should hold now: opening + cash sales - cash refunds + delivery cash. */
  expected: number;
  closed?: DrawerClosedData;
}

/** One counter's takings on a day, for the day's summary of every counter. */
export interface CounterTakings extends Takings {
  counter: string;
}

/** A COD parcel not yet settled into a drawer: out with its person, or collected and not handed in. */
export interface CodParcelView {
  orderId: string;
  number: string;
  person: string;
  amount: number;
  stage: "out" | "collected";
  outDay: string;
}

/** What one delivery person holds: parcels still out and cash collected, not yet handed in. */
export interface CodPersonView {
  person: string;
  parcelsOut: number;
  cashOut: number;
  collected: number;
  cashCollected: number;
  /** Still owed, per day the parcels went out. */
  byDay: { day: string; parcels: number; amount: number }[];
  parcels: CodParcelView[];
}

const today = () => indiaDay(new Date());

/** How long a close waits for the last bills to reach the read model before it asks to be pressed again. */
const CLOSE_WAIT_MS = 10_000;

function checkDayOf(day: string | undefined): string {
  const chosen = day?.trim() || today();
  if (!DAY.test(chosen) || Number.isNaN(Date.parse(`${chosen}T00:00:00Z`))) throw new RuleViolation("drawer.day", {}, 422);
  return chosen;
}

export function cashCommands(core: OrderCore, waitForCash: (position: Position, timeoutMs?: number) => Promise<boolean>) {
  const { deps, orders, changes, orderSteps } = core;
  const { db, store } = deps;
  const drawers = createCommandHandler(store, { decider: drawerDecider, events: drawerEvents });
  const parcels = createCommandHandler(store, { decider: codDecider, events: codEvents });

  /** Every bill stored so far is in the read model (a sum read after this counts them all); false when it is still behind. */
  async function caughtUp(): Promise<boolean> {
    const head = await store.headPosition();
    return head === undefined || (await waitForCash(head, CLOSE_WAIT_MS));
  }

  /** The day's takings of one counter, or of every counter, from the read model: the bills' own money. */
  async function takingsOf(day: string, counter?: string): Promise<CounterTakings[]> {
    let query = db
      .selectFrom("cash_takings")
      .select(["counter", "person_id", "person_name", "kind", "method"])
      .select((eb) => [eb.fn.sum<string>("amount").as("amount"), sql<string>`count(distinct order_id)`.as("bills")])
      .where("day", "=", day)
      .where("counter", "is not", null)
      .groupBy(["counter", "person_id", "person_name", "kind", "method"]);
    if (counter !== undefined) query = query.where("counter", "=", counter);
    const rows = await query.execute();
    // A bill paid part by UPI and part in cash has two rows: count it once per person.
    let billsQuery = db
      .selectFrom("cash_takings")
      .select(["counter", "person_id"])
      .select(sql<string>`count(distinct order_id)`.as("bills"))
      .where("day", "=", day)
      .where("kind", "=", "sale")
      .where("counter", "is not", null)
      .groupBy(["counter", "person_id"]);
    if (counter !== undefined) billsQuery = billsQuery.where("counter", "=", counter);
    const bills = await billsQuery.execute();
    const byCounter = new Map<string, CounterTakings>();
    const counterOf = (name: string) => {
      let found = byCounter.get(name);
      if (!found) byCounter.set(name, (found = { counter: name, bills: 0, cashSales: 0, upiSales: 0, cashRefunds: 0, upiRefunds: 0, people: [] }));
      return found;
    };
    const personOf = (takings: CounterTakings, id: string, name: string): PersonTakings => {
      let found = takings.people.find((p) => p.id === id);
      if (!found) takings.people.push((found = { id, name, bills: 0, cashSales: 0, upiSales: 0, cashRefunds: 0, upiRefunds: 0 }));
      if (!found.name && name) found.name = name;
      return found;
    };
    for (const row of rows) {
      const takings = counterOf(row.counter!);
      const person = personOf(takings, row.person_id, row.person_name);
      const amount = Number(row.amount);
      const field = row.kind === "sale" ? (row.method === "cash" ? "cashSales" : "upiSales") : row.method === "cash" ? "cashRefunds" : "upiRefunds";
      takings[field] += amount;
      person[field] += amount;
    }
    for (const row of bills) {
      const takings = counterOf(row.counter!);
      const person = personOf(takings, row.person_id, "");
      person.bills = Number(row.bills);
      takings.bills += Number(row.bills);
    }
    for (const takings of byCounter.values()) takings.people.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
    return [...byCounter.values()].sort((a, b) => a.counter.localeCompare(b.counter, "en", { numeric: true }));
  }

  const noTakings = (): Takings => ({ bills: 0, cashSales: 0, upiSales: 0, cashRefunds: 0, upiRefunds: 0, people: [] });

  /** One counter's takings on a day, as its drawer keeps them. */
  async function counterTakings(day: string, counter: string): Promise<Takings> {
    const found = (await takingsOf(day, counter))[0];
    if (!found) return noTakings();
    const { counter: _counter, ...takings } = found;
    return takings;
  }

  /** The drawer's stream folded, with its answer once the read model has it. */
  async function drawerStep(counterName: string, dayAsked: string | undefined, decide: (takings: () => Promise<Takings>) => Promise<DrawerCommand>) {
    const counter = checkCounter(counterName);
    const day = checkDayOf(dayAsked);
    const streamId = drawerStreamId(counter, day);
    const command = await decide(async () => {
      // A close never sums fewer bills than were made before it: behind, it is refused and pressed again.
      if (!(await caughtUp())) throw new RuleViolation("drawer.notReady", {}, 409);
      return counterTakings(day, counter);
    });
    const handled = await drawers.handle(streamId, command, { commandId: randomUUID() });
    if (handled.position) await waitForCash(handled.position);
    return { counter, day, changed: handled.changed };
  }

  /**
   * A COD parcel's cash taken (collected at the door or remitted by the courier): the order paid with the same
   * CashCollected as the order page's, and the parcel's step, in one command; answered once the pages show both.
   */
  async function paidWithParcel(id: string, loaded: Parameters<typeof orderSteps>[1], parcelStep: StreamStep["prepared"], actor: Actor, at: string, commandId: string) {
    const paid = (await orderSteps(id, loaded, { type: "CollectCash", actor, at }, at, commandId)) ?? [];
    const steps: StreamStep[] = [...paid, { prepared: parcelStep, handler: parcels }];
    return {
      steps,
      answer: async (results: readonly { position: string }[]) => {
        const position = results.at(-1)!.position;
        await deps.waitUntilVisible(position);
        await waitForCash(position);
        return { changed: true, number: displayOrderId(id) };
      },
    };
  }

  return {
    /** Opens a counter's drawer for the day (today unless another is named) with the cash counted into it. */
    async openDrawer(input: { counter: string; openingCash: number; actor: Actor; day?: string }) {
      return drawerStep(input.counter, input.day, async () => ({
        type: "OpenDrawer" as const,
        counter: input.counter.trim(),
        day: checkDayOf(input.day),
        openingCash: input.openingCash,
        actor: input.actor,
        at: new Date().toISOString(),
      }));
    },

    /**
     * Closes a counter's drawer for the day: its bills summed from the read model once it holds every bill stored
     * so far, the notes counted, the difference kept with its reason. The close keeps the sums it was made with.
     */
    async closeDrawer(input: { counter: string; counted: number; reason: string; actor: Actor; day?: string }) {
      return drawerStep(input.counter, input.day, async (takings) => {
        const sums = await takings();
        return {
          type: "CloseDrawer" as const,
          counter: input.counter.trim(),
          day: checkDayOf(input.day),
          takings: sums,
          counted: input.counted,
          reason: input.reason,
          actor: input.actor,
          at: new Date().toISOString(),
        };
      });
    },

    /** A drawer's day as the page shows it: its steps from its stream, its bills from the read model. */
    async drawerDay(counterName: string, dayAsked?: string): Promise<DrawerDay> {
      const counter = checkCounter(counterName);
      const day = checkDayOf(dayAsked);
      const { state } = await drawers.load(drawerStreamId(counter, day));
      await caughtUp();
      const takings = await counterTakings(day, counter);
      const codCash = codCashIn(state);
      return {
        counter,
        day,
        ...(state.opened ? { opened: state.opened } : {}),
        cod: state.cod.map((c) => ({ ...c, orders: c.orders.map((o) => ({ ...o, number: displayOrderId(o.orderId) })) })),
        codCash,
        takings,
        expected: expectedCash(state.opened?.openingCash ?? 0, takings, codCash),
        ...(state.closed ? { closed: state.closed } : {}),
      };
    },

    /** Every counter's takings on a day (cash and UPI, per person), for the day's summary. */
    async dayTakings(dayAsked?: string): Promise<{ day: string; counters: CounterTakings[] }> {
      const day = checkDayOf(dayAsked);
      await caughtUp();
      return { day, counters: await takingsOf(day) };
    },

    /** A COD parcel handed to a delivery person: cash that person owes the shop from now on. */
    async giveCodParcel(orderId: string, person: string, actor: Actor) {
      const id = existingOrderId(orderId);
      const name = checkPersonName(person);
      const handled = await parcels.handle(codStreamId(id), async () => {
        const { state } = await orders.load(orderStreamId(id));
        if (!state.exists) throw new RuleViolation("orders.notFound", {}, 404);
        const order: CodOrder = {
          method: state.payment.method,
          due: state.payment.due,
          paid: state.payment.paid,
          cancelled: state.status === "cancelled",
          deleted: state.deleted,
          counter: state.placed.channel === "counter",
        };
        return { type: "GiveParcel" as const, orderId: id, person: name, order, actor, at: new Date().toISOString() };
      });
      if (handled.position) await waitForCash(handled.position);
      return { changed: handled.changed, number: displayOrderId(id) };
    },

    /**
     * The parent paid the delivery person at the door: the parcel's cash is collected (owed by that person until
     * handed in) and the order is paid with the same CashCollected as the order page's, in one command.
     */
    async collectCod(orderId: string, actor: Actor) {
      const id = existingOrderId(orderId);
      const codId = codStreamId(id);
      const commandId = randomUUID();
      return changes.handle<{ changed: boolean; number: string }>({
        locks: [orderStreamId(id), codId],
        plan: async () => {
          const at = new Date().toISOString();
          const loadedCod = await parcels.load(codId);
          const collected = parcels.prepare(codId, loadedCod, { type: "CollectCod", orderId: id, actor, at }, { commandId });
          if (!collected) return { answer: { changed: false, number: displayOrderId(id) } };
          const loaded = await orders.load(orderStreamId(id));
          if (!loaded.state.exists) throw new RuleViolation("orders.notFound", {}, 404);
          return paidWithParcel(id, loaded, collected, actor, at, commandId);
        },
      });
    },

    /**
     * A line of the courier's COD remittance (decision 233): the courier collected this parcel's cash and paid it to
     * the shop's bank. The parcel's cash is remitted and the order paid with the same CashCollected as the order
     * page's, in one command; the same line again is nothing new. Only a courier parcel with this AWB, at the sum the
     * order charges, is taken.
     */
    async remitCod(line: { orderId: string; awb: string; amount: number; remittance: string; utr?: string; fee?: number }, actor: Actor) {
      const id = existingOrderId(line.orderId);
      const codId = codStreamId(id);
      const commandId = randomUUID();
      return changes.handle<{ changed: boolean; number: string }>({
        locks: [orderStreamId(id), codId],
        plan: async () => {
          const at = new Date().toISOString();
          const loaded = await orders.load(orderStreamId(id));
          const { state } = loaded;
          if (!state.exists) throw new RuleViolation("cod.noSuchOrder", { order: line.orderId }, 404);
          const shipment = state.parcel?.shipment;
          if (!shipment || shipment.awb !== line.awb) throw new RuleViolation("cod.notThisParcel", { awb: line.awb }, 409);
          const order: CodOrder = {
            method: state.payment.method,
            due: state.payment.due,
            paid: state.payment.paid,
            cancelled: state.status === "cancelled",
            deleted: state.deleted,
            counter: state.placed.channel === "counter",
          };
          const loadedCod = await parcels.load(codId);
          const command = {
            type: "RemitCod" as const,
            orderId: id,
            courier: shipment.courier,
            amount: line.amount,
            remittance: line.remittance,
            ...(line.utr ? { utr: line.utr } : {}),
            ...(line.fee !== undefined ? { fee: line.fee } : {}),
            order,
            actor,
            at,
          };
          const remitted = parcels.prepare(codId, loadedCod, command, { commandId });
          if (!remitted) return { answer: { changed: false, number: displayOrderId(id) } };
          return paidWithParcel(id, loaded, remitted, actor, at, commandId);
        },
      });
    },

    /** The parent refused the parcel at the door: nothing is owed for it; the parcel comes back to the shop. */
    async refuseCodAtDoor(orderId: string, note: string, actor: Actor) {
      const id = existingOrderId(orderId);
      const handled = await parcels.handle(codStreamId(id), { type: "RefuseAtDoor", orderId: id, note, actor, at: new Date().toISOString() });
      if (handled.position) await waitForCash(handled.position);
      return { changed: handled.changed, number: displayOrderId(id) };
    },

    /**
     * A delivery person hands the cash of the parcels they collected into a counter's drawer (today's, which must be
     * open): each parcel marked handed in and the drawer's delivery cash, in one command.
     */
    async handInCod(input: { person: string; orderIds: readonly string[]; counter: string; actor: Actor }) {
      const person = checkPersonName(input.person);
      const counter = checkCounter(input.counter);
      const ids = [...new Set(input.orderIds.map(existingOrderId))].sort();
      if (ids.length === 0) throw new RuleViolation("cod.nothingChosen", {}, 422);
      const day = today();
      const drawerId = drawerStreamId(counter, day);
      const commandId = randomUUID();
      return changes.handle<{ changed: boolean; amount: number; counter: string; day: string }>({
        locks: [drawerId, ...ids.map(codStreamId)].sort(),
        plan: async () => {
          const at = new Date().toISOString();
          const steps: StreamStep[] = [];
          const handed: { orderId: string; amount: number }[] = [];
          for (const orderId of ids) {
            const loaded = await parcels.load(codStreamId(orderId));
            const prepared = parcels.prepare(codStreamId(orderId), loaded, { type: "HandInCod", orderId, person, counter, day, actor: input.actor, at }, { commandId });
            if (!prepared) continue;
            steps.push({ prepared, handler: parcels });
            handed.push({ orderId, amount: loaded.state.amount });
          }
          const amount = handed.reduce((sum, h) => sum + h.amount, 0);
          const loadedDrawer = await drawers.load(drawerId);
          const received = drawers.prepare(drawerId, loadedDrawer, { type: "ReceiveCodCash", counter, day, person, orders: handed, amount, actor: input.actor, at }, { commandId });
          if (!received) return { answer: { changed: false, amount: 0, counter, day } };
          // The drawer last: where streams are appended one by one, a failure before it leaves the parcels to hand in again.
          steps.push({ prepared: received, handler: drawers });
          return {
            steps,
            answer: async (results) => {
              await waitForCash(results.at(-1)!.position);
              return { changed: true, amount, counter, day };
            },
          };
        },
      });
    },

    /** Cash still out, per delivery person and per day: parcels not yet paid or refused, and cash collected not handed in. */
    async codOutstanding(): Promise<CodPersonView[]> {
      await caughtUp();
      const rows = await db
        .selectFrom("cod_parcels")
        .select(["order_id", "person", "person_key", "amount", "stage", "out_day"])
        .where("stage", "in", ["out", "collected"])
        .orderBy("person_key")
        .orderBy("out_day")
        .orderBy("order_id")
        .execute();
      const people = new Map<string, CodPersonView>();
      for (const row of rows) {
        let view = people.get(row.person_key);
        if (!view) people.set(row.person_key, (view = { person: row.person, parcelsOut: 0, cashOut: 0, collected: 0, cashCollected: 0, byDay: [], parcels: [] }));
        const amount = Number(row.amount);
        const stage = row.stage as "out" | "collected";
        if (stage === "out") {
          view.parcelsOut += 1;
          view.cashOut += amount;
        } else {
          view.collected += 1;
          view.cashCollected += amount;
        }
        let day = view.byDay.find((d) => d.day === row.out_day);
        if (!day) view.byDay.push((day = { day: row.out_day, parcels: 0, amount: 0 }));
        day.parcels += 1;
        day.amount += amount;
        view.parcels.push({ orderId: row.order_id, number: displayOrderId(row.order_id), person: row.person, amount, stage, outDay: row.out_day });
      }
      return [...people.values()];
    },
  };
}
