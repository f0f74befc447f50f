// The gateway's settlement reports (decision 223): a file read once into a report stream, and a report shown
// checked against what the shop knows now: each settled payment against the gateway stream of the order its
// receipt names (domain/payments/gateway.ts), each settlement's transfer against the credits of the owner's bank
// statements (decision 220). Nothing here pays or changes an order.
import { createHash, randomUUID } from "node:crypto";
import type { Actor } from "../../domain/orders/events";
import { gatewayDecider, gatewayEvents, gatewayStreamId, type GatewayState } from "../../domain/payments/gateway";
import {
  SETTLEMENT_BANK_DAYS,
  SETTLEMENT_REPORT_ID,
  bankCreditOf,
  settledPaymentStanding,
  settlementReportDecider,
  settlementReportEvents,
  settlementReportStreamId,
  settlementsOf,
  type BankCredit,
  type BankStanding,
  type Settlement,
  type SettlementLine,
  type SettledPaymentStanding,
  type SkippedSettlementRows,
} from "../../domain/payments/settlement";
import { creditPaid, statementDecider, statementEvents, statementStreamId } from "../../domain/payments/statement";
import { createCommandHandler } from "../../eventstore/command-handler";
import { readSettlementReport } from "../statements/settlement-report";
import type { OrderCore } from "./core";

/** Where a settled refund stands: the shop recorded it processed, asked it and waits, or never heard of it. */
export type SettledRefundStanding = { standing: "refundProcessed" | "refundAsked"; orderId: string } | { standing: "refundNotRecorded"; orderId?: string };

export interface SettlementLineView extends SettlementLine {
  check: SettledPaymentStanding | SettledRefundStanding | { standing: "other" };
}

export interface SettlementView extends Settlement {
  bank: BankStanding;
  lines: SettlementLineView[];
}

export interface SettlementReportView {
  reportId: string;
  fileName: string;
  readAt: string;
  readBy: string;
  skipped: SkippedSettlementRows;
  settlements: SettlementView[];
}

export interface SettlementReportSummary {
  reportId: string;
  fileName: string;
  readAt: Date;
  readBy: string;
  firstDay: string | null;
  lastDay: string | null;
  settlements: number;
  payments: number;
  gross: number;
  fees: number;
  tax: number;
  net: number;
}

const addDays = (on: string, days: number) => new Date(Date.parse(`${on}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function settlementCommands(core: OrderCore) {
  const { deps, changes, shownChange } = core;
  const { db, store } = deps;
  const reports = createCommandHandler(store, { decider: settlementReportDecider, events: settlementReportEvents });

  async function gatewayState(orderId: string): Promise<GatewayState> {
    const stored = gatewayEvents.readAll(await store.readStream(gatewayStreamId(orderId)));
    return stored.reduce(gatewayDecider.evolve, gatewayDecider.initialState());
  }

  function checkLine(line: SettlementLine, gateway: GatewayState | undefined): SettlementLineView["check"] {
    if (line.type === "payment") {
      const capture = line.paymentId && line.receipt ? gateway?.captures.get(line.paymentId) : undefined;
      return settledPaymentStanding(line, capture && line.receipt ? { orderId: line.receipt, paise: capture.paise, applied: capture.applied } : undefined);
    }
    if (line.type === "refund") {
      const refund = gateway?.refunds.get(line.entityId);
      if (refund && line.receipt) return { standing: refund.processed ? "refundProcessed" : "refundAsked", orderId: line.receipt };
      return { standing: "refundNotRecorded", ...(line.receipt ? { orderId: line.receipt } : {}) };
    }
    return { standing: "other" };
  }

  /** Credits of the bank statements read for the days a transfer may have come in, not paid to any order. */
  async function bankCredits(from: string, to: string): Promise<BankCredit[]> {
    const rows = await db
      .selectFrom("statements")
      .select(["id", "file_name"])
      .where("first_day", "<=", to)
      .where("last_day", ">=", from)
      .orderBy("read_at")
      .execute();
    const credits: BankCredit[] = [];
    for (const row of rows) {
      const state = statementEvents.readAll(await store.readStream(statementStreamId(row.id))).reduce(statementDecider.evolve, statementDecider.initialState());
      if (!state.read) continue;
      for (const credit of state.credits.values()) {
        // A credit that paid an order, or holds a UPI reference, is a parent's payment, not the gateway's transfer.
        if (credit.reference || creditPaid(state, credit.row) !== undefined) continue;
        credits.push({ statementId: row.id, fileName: row.file_name, row: credit.row, on: credit.on, paise: credit.paise });
      }
    }
    return credits;
  }

  return {
    /** The owner's upload: the report read (a refusal names what is wrong and writes nothing); the same file again changes nothing. */
    async readSettlementReport(file: { name: string; bytes: Uint8Array }, actor: Actor): Promise<{ reportId: string; changed: boolean }> {
      const { lines, skipped } = await readSettlementReport(file.bytes);
      const reportId = createHash("sha256").update(file.bytes).digest("hex");
      const streamId = settlementReportStreamId(reportId);
      const fileName = [...file.name].filter((ch) => ch.charCodeAt(0) >= 32).join("").slice(-120) || "settlement report";
      const commandId = randomUUID();
      return changes.handle<{ reportId: string; changed: boolean }>({
        locks: [streamId],
        plan: async () => {
          const loaded = await reports.load(streamId);
          const read = reports.prepare(streamId, loaded, { type: "ReadSettlementReport", reportId, fileName, lines, skipped, actor, at: new Date().toISOString() }, { commandId });
          if (!read) return { answer: { reportId, changed: false } };
          return { steps: [{ prepared: read, handler: reports }], answer: async (results) => (await shownChange(results), { reportId, changed: true }) };
        },
      });
    },

    /** A report as its page shows it, checked against the gateway streams and the bank statements as they are now. */
    async settlementReport(reportId: string): Promise<SettlementReportView | undefined> {
      if (!SETTLEMENT_REPORT_ID.test(reportId)) return undefined;
      const [read] = settlementReportEvents.readAll(await store.readStream(settlementReportStreamId(reportId)));
      if (!read) return undefined;
      const { fileName, lines, skipped, actor, at } = read.data;
      const gateways = new Map<string, GatewayState>();
      for (const line of lines) if (line.receipt && !gateways.has(line.receipt)) gateways.set(line.receipt, await gatewayState(line.receipt));
      const settlements = settlementsOf(lines);
      const days = settlements.map((s) => s.settledOn).sort();
      const credits = days.length ? await bankCredits(days[0], addDays(days.at(-1)!, SETTLEMENT_BANK_DAYS)) : [];
      return {
        reportId,
        fileName,
        readAt: at,
        readBy: actor.name ?? actor.id ?? actor.kind,
        skipped,
        settlements: settlements.map((s) => ({
          ...s,
          bank: bankCreditOf(s, credits),
          lines: lines
            .filter((l) => l.settlementId === s.settlementId)
            .map((l) => ({ ...l, check: checkLine(l, l.receipt ? gateways.get(l.receipt) : undefined) })),
        })),
      };
    },

    /** The settlement reports uploaded, newest first. */
    async settlementReports(limit = 100): Promise<SettlementReportSummary[]> {
      const rows = await db.selectFrom("settlement_reports").selectAll().orderBy("read_at", "desc").limit(limit).execute();
      return rows.map((r) => ({
        reportId: r.id,
        fileName: r.file_name,
        readAt: new Date(r.read_at),
        readBy: r.read_by,
        firstDay: r.first_day,
        lastDay: r.last_day,
        settlements: r.settlements,
        payments: r.payments,
        gross: Number(r.gross),
        fees: Number(r.fees),
        tax: Number(r.tax),
        net: Number(r.net),
      }));
    },
  };
}
