// The owner's bank statements and UPI reports (decision 220): a file read once into a statement stream,
// every credit matched to the orders awaiting UPI money, the sure ones confirmed with the same
// PaymentConfirmed as the owner's own confirmation on the order's page (orderSteps: the order's append
// and the reference it claims), in the same command; the proposals the owner ticks confirmed in bulk.
import { createHash, randomUUID } from "node:crypto";
import { RuleViolation } from "../../domain/errors";
import { orderStreamId, type Actor } from "../../domain/orders/events";
import { displayOrderId } from "../../domain/orders/order";
import { upiReferenceStreamId } from "../../domain/orders/upi-reference";
import { creditsThatPay, type SkippedLines, type StatementCredit } from "../../domain/payments/credits";
import { statementNote } from "../../domain/payments/received";
import { matchCredits, type AwaitingOrder, type CreditMatch, type ReferenceHolder } from "../../domain/payments/matching";
import {
  STATEMENT_ID,
  creditPaid,
  statementDecider,
  statementEvents,
  statementStreamId,
  type StatementShape,
} from "../../domain/payments/statement";
import { createCommandHandler, type StreamStep } from "../../eventstore/command-handler";
import { readStatementFile } from "../statements/read-file";
import { existingOrderId, type OrderCore } from "./core";

/** One credit as the statement's page shows it: where it stands now and the order it paid or may pay. */
export interface StatementCreditView extends StatementCredit {
  match: CreditMatch;
  /** The order it paid: matched when read, or confirmed by the owner since. */
  paidOrder?: string;
}

export interface StatementView {
  statementId: string;
  fileName: string;
  shape: StatementShape;
  readAt: string;
  readBy: string;
  skipped: SkippedLines;
  credits: StatementCreditView[];
  /** The orders the credits name, by id: their number, amount and where their money stands now. */
  orders: ReadonlyMap<string, { number: string; total: number; paymentStatus: string; placedAt: string }>;
}

export interface StatementSummary {
  statementId: string;
  fileName: string;
  shape: string;
  readAt: Date;
  readBy: string;
  firstDay: string | null;
  lastDay: string | null;
  credits: number;
  matched: number;
  proposed: number;
  unmatched: number;
  conflicts: number;
  alreadyPaid: number;
  settled: number;
}


export function statementCommands(core: OrderCore) {
  const { deps, orders, references, changes, orderSteps, shownChange } = core;
  const { db, store } = deps;
  const statements = createCommandHandler(store, { decider: statementDecider, events: statementEvents });

  /** Orders whose UPI money the shop still waits for, as the order pages have them. */
  async function awaitingOrders(): Promise<AwaitingOrder[]> {
    const rows = await db
      .selectFrom("orders")
      .select(["id", "total", "placed_at"])
      .where("payment_method", "=", "upi")
      .where("payment_status", "in", ["unpaid", "reported"])
      .where("deleted", "=", false)
      .where("status", "!=", "cancelled")
      .execute();
    return rows.map((row) => ({
      orderId: row.id,
      number: displayOrderId(row.id),
      duePaise: Number(row.total) * 100,
      placedAt: new Date(row.placed_at).toISOString(),
    }));
  }

  /** Who holds each reference of the credits, from the references' and the orders' own streams. */
  async function holdersOf(credits: readonly StatementCredit[]): Promise<Map<string, ReferenceHolder>> {
    const holders = new Map<string, ReferenceHolder>();
    for (const credit of credits) {
      if (!credit.reference || holders.has(credit.reference)) continue;
      const { state } = await references.load(upiReferenceStreamId(credit.reference));
      if (!state.orderId) continue;
      const { state: order } = await orders.load(orderStreamId(state.orderId));
      holders.set(credit.reference, { orderId: state.orderId, paid: order.exists && order.payment.paid > 0, disputedBy: state.disputedBy ?? [] });
    }
    return holders;
  }

  /** The confirmation of one credit for one order: the same payment step as the owner's own, with the credit's reference. */
  async function confirmation(orderId: string, credit: StatementCredit, statementId: string, actor: Actor, at: string, commandId: string): Promise<StreamStep[]> {
    const loaded = await orders.load(orderStreamId(orderId));
    if (!loaded.state.exists) throw new RuleViolation("orders.notFound", {}, 404);
    const command = { type: "ConfirmPayment" as const, reference: credit.reference, note: statementNote(statementId, credit.row), actor, at };
    return (await orderSteps(orderId, loaded, command, at, commandId)) ?? [];
  }

  function checkStatementId(statementId: string): string {
    const id = statementId.trim().toLowerCase();
    if (!STATEMENT_ID.test(id)) throw new RuleViolation("statements.notFound", {}, 404);
    return id;
  }

  return {
    /**
     * The owner's upload: the file read (a refusal names what is wrong and writes nothing), its credits
     * matched, and in one command the statement's stream with every order matched by its reported
     * reference confirmed. The same file again changes nothing.
     */
    async readStatement(file: { name: string; bytes: Uint8Array }, actor: Actor): Promise<{ statementId: string; changed: boolean }> {
      const { shape, lines } = await readStatementFile(file.bytes);
      const { credits, skipped } = creditsThatPay(lines);
      const statementId = createHash("sha256").update(file.bytes).digest("hex");
      const streamId = statementStreamId(statementId);
      const fileName = [...file.name].filter((ch) => ch.charCodeAt(0) >= 32).join("").slice(-120) || "statement";
      const commandId = randomUUID();
      return changes.handle<{ statementId: string; changed: boolean }>({
        locks: [streamId],
        plan: async () => {
          const loaded = await statements.load(streamId);
          if (loaded.state.read) return { answer: { statementId, changed: false } };
          const at = new Date().toISOString();
          const matches = matchCredits(credits, { awaiting: await awaitingOrders(), holders: await holdersOf(credits) });
          const read = statements.prepare(streamId, loaded, { type: "ReadStatement", statementId, fileName, shape, credits, matches, skipped, actor, at }, { commandId });
          if (!read) return { answer: { statementId, changed: false } };
          const steps: StreamStep[] = [];
          for (const match of matches) {
            if (match.standing !== "matched") continue;
            steps.push(...(await confirmation(match.orderId, credits.find((c) => c.row === match.row)!, statementId, actor, at, commandId)));
          }
          // The statement last: where streams are appended one by one, a failure before it leaves it unread, to be read again.
          steps.push({ prepared: read, handler: statements });
          return {
            steps,
            answer: async (results) => {
              await shownChange(results);
              return { statementId, changed: true };
            },
          };
        },
      });
    },

    /**
     * The owner's bulk confirmation of credits (proposals he ticked): the statement records them and each
     * order gets its PaymentConfirmed with the credit's reference claimed for it, all in one command.
     */
    async settleCredits(statementId: string, choices: readonly { row: number; orderId: string }[], actor: Actor) {
      const id = checkStatementId(statementId);
      const streamId = statementStreamId(id);
      const chosen = choices.map(({ row, orderId }) => ({ row, orderId: existingOrderId(orderId) }));
      const commandId = randomUUID();
      return changes.handle<{ changed: boolean; settled: number }>({
        locks: [streamId, ...new Set(chosen.map((c) => orderStreamId(c.orderId)))].sort(),
        plan: async () => {
          const loaded = await statements.load(streamId);
          const at = new Date().toISOString();
          const settled = statements.prepare(streamId, loaded, { type: "SettleCredits", statementId: id, choices: chosen, actor, at }, { commandId });
          if (!settled || !loaded.state.read) return { answer: { changed: false, settled: 0 } };
          const steps: StreamStep[] = [];
          for (const { row, orderId } of chosen) {
            steps.push(...(await confirmation(orderId, loaded.state.credits.get(row)!, id, actor, at, commandId)));
          }
          steps.push({ prepared: settled, handler: statements });
          return {
            steps,
            answer: async (results) => {
              await shownChange(results);
              return { changed: true, settled: chosen.length };
            },
          };
        },
      });
    },

    /** A statement as its page shows it, from its stream; undefined when there is none. */
    async statement(statementId: string): Promise<StatementView | undefined> {
      const id = STATEMENT_ID.test(statementId) ? statementId : undefined;
      if (!id) return undefined;
      const stored = statementEvents.readAll(await store.readStream(statementStreamId(id)));
      const read = stored.find((e) => e.type === "StatementRead");
      if (!read || read.type !== "StatementRead") return undefined;
      const state = stored.reduce(statementDecider.evolve, statementDecider.initialState());
      if (!state.read) return undefined;
      const { fileName, shape, at, actor, skipped, credits, matches } = read.data;
      const byRow = new Map(matches.map((m) => [m.row, m]));
      const views = credits.map((credit) => {
        const paidOrder = creditPaid(state, credit.row);
        return { ...credit, match: byRow.get(credit.row)!, ...(paidOrder ? { paidOrder } : {}) };
      });
      const named = new Set<string>();
      for (const m of matches) {
        if ("orderId" in m) named.add(m.orderId);
        if (m.standing === "conflict") m.orderIds.forEach((o) => named.add(o));
      }
      for (const o of state.settled.values()) named.add(o);
      const rows = named.size
        ? await db.selectFrom("orders").select(["id", "total", "payment_status", "placed_at"]).where("id", "in", [...named]).execute()
        : [];
      const orderViews = new Map(
        rows.map((r) => [r.id, { number: displayOrderId(r.id), total: Number(r.total), paymentStatus: r.payment_status, placedAt: new Date(r.placed_at).toISOString() }]),
      );
      return { statementId: id, fileName, shape, readAt: at, readBy: actor.name ?? actor.id ?? actor.kind, skipped, credits: views, orders: orderViews };
    },

    /** The statements uploaded, newest first. */
    async statements(limit = 100): Promise<StatementSummary[]> {
      const rows = await db.selectFrom("statements").selectAll().orderBy("read_at", "desc").limit(limit).execute();
      return rows.map((r) => ({
        statementId: r.id,
        fileName: r.file_name,
        shape: r.shape,
        readAt: new Date(r.read_at),
        readBy: r.read_by,
        firstDay: r.first_day,
        lastDay: r.last_day,
        credits: r.credits,
        matched: r.matched,
        proposed: r.proposed,
        unmatched: r.unmatched,
        conflicts: r.conflicts,
        alreadyPaid: r.already_paid,
        settled: r.settled,
      }));
    },
  };
}
