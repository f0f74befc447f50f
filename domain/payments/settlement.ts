/**
 * Razorpay's settlement report, read once (decision 223): the owner uploads the report the gateway gives for
 * what it paid into his bank account, as a stream of its own, `settlement-<sha256 of the file>`, so the same
 * file read twice is the same stream and changes nothing the second time. It keeps every settled line as the
 * shop read it (ids, amounts in paise, the day), never the report's description or notes, which may name a
 * payer. Nothing here pays an order: a payment is believed only as the gateway's API says it (decision 221);
 * the report is what the owner checks it against, and what ties the gateway's money to his bank statement.
 *
 * Razorpay's rows (its settlement reconciliation report, "recon/combined"): one per payment, refund, transfer
 * or adjustment settled; a payment's `credit` is its `amount` less the gateway's `fee` and the GST on that
 * fee (`tax`); a refund's `debit` is what it took back. A settlement's money in the bank is its lines'
 * credits less their debits, paid in one transfer named by the settlement's UTR.
 */
import "../zod-in-browser";
import { z } from "zod";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";

export const settlementReportStreamId = (reportId: string) => `settlement-${reportId}`;
/** A report's id: the file's sha256 in hex. */
export const SETTLEMENT_REPORT_ID = /^[0-9a-f]{64}$/;

/** What a settled line is: the report's `type`, any other word kept as "other". */
export const SETTLEMENT_LINE_TYPES = ["payment", "refund", "transfer", "adjustment", "other"] as const;
export type SettlementLineType = (typeof SETTLEMENT_LINE_TYPES)[number];

/** One settled row of the report, in paise. */
export interface SettlementLine {
  /** The row's number in the file, so the owner can find it. */
  row: number;
  type: SettlementLineType;
  /** The gateway's id of the line: pay_… for a payment, rfnd_… for a refund. */
  entityId: string;
  /** The payment a refund gives back (a payment's own id for a payment). */
  paymentId?: string;
  gatewayOrderId?: string;
  /** The gateway order's receipt: the shop's order id, where the shop opened it (services/orders/gateway.ts). */
  receipt?: string;
  /** upi, card, netbanking, wallet, … */
  method?: string;
  amount: number;
  fee: number;
  /** GST on the fee. */
  tax: number;
  credit: number;
  debit: number;
  settlementId: string;
  /** The bank transfer's reference, as the bank statement shows it. */
  settlementUtr?: string;
  /** The day the gateway settled it (India's calendar). */
  settledOn: string;
}

/** Rows of the report that are no settled money: not settled yet (on hold), or with no settlement named. */
export interface SkippedSettlementRows {
  unsettled: number;
}

export interface SettlementReportReadData {
  reportId: string;
  fileName: string;
  lines: SettlementLine[];
  skipped: SkippedSettlementRows;
  actor: Actor;
  at: string;
}

export type SettlementReportEvent = { type: "SettlementReportRead"; data: SettlementReportReadData };

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const paise = z.number().int();
const id = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{6,30}$`));
const line = z.object({
  row: z.number().int().positive(),
  type: z.enum(SETTLEMENT_LINE_TYPES),
  entityId: z.string().regex(/^[A-Za-z0-9_]{1,40}$/),
  paymentId: id("pay").optional(),
  gatewayOrderId: id("order").optional(),
  receipt: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/).optional(),
  method: z.string().regex(/^[a-z_]{1,20}$/).optional(),
  amount: paise.nonnegative(),
  fee: paise,
  tax: paise,
  credit: paise.nonnegative(),
  debit: paise.nonnegative(),
  settlementId: id("setl"),
  settlementUtr: z.string().regex(/^[A-Za-z0-9]{1,40}$/).optional(),
  settledOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export const settlementReportEvents = createEventRegistry<SettlementReportEvent>("settlement", {
  SettlementReportRead: {
    version: 1,
    schema: z.object({
      reportId: z.string().regex(SETTLEMENT_REPORT_ID),
      fileName: z.string().max(255),
      lines: z.array(line),
      skipped: z.object({ unsettled: z.number().int().nonnegative() }),
      actor,
      at: z.string(),
    }),
  },
});

export type SettlementReportState = { read: false } | { read: true; reportId: string };
export type SettlementReportCommand = { type: "ReadSettlementReport" } & SettlementReportReadData;

export const settlementReportDecider: Decider<SettlementReportState, SettlementReportCommand, SettlementReportEvent> = {
  initialState: () => ({ read: false }),
  evolve: (_state, event) => ({ read: true, reportId: event.data.reportId }),
  decide(command, state) {
    // The same file again: read once, whoever uploads it and whenever.
    if (state.read) return [];
    const { type: _type, ...data } = command;
    return [{ type: "SettlementReportRead", data }];
  },
};

/** One settlement of the report: one transfer to the owner's bank, and what it is made of. */
export interface Settlement {
  settlementId: string;
  settlementUtr?: string;
  settledOn: string;
  payments: number;
  /** What parents paid, before the gateway's fee. */
  gross: number;
  fees: number;
  /** GST on the fees. */
  tax: number;
  /** Given back to parents in this settlement. */
  refunds: number;
  /** What reached the bank: the lines' credits less their debits. */
  net: number;
}

/** The report's settlements in the order they first appear, each line counted once in its own. */
export function settlementsOf(lines: readonly SettlementLine[]): Settlement[] {
  const byId = new Map<string, Settlement>();
  for (const l of lines) {
    let s = byId.get(l.settlementId);
    if (!s) {
      s = { settlementId: l.settlementId, settledOn: l.settledOn, payments: 0, gross: 0, fees: 0, tax: 0, refunds: 0, net: 0 };
      byId.set(l.settlementId, s);
    }
    if (!s.settlementUtr && l.settlementUtr) s.settlementUtr = l.settlementUtr;
    if (l.type === "payment") {
      s.payments++;
      s.gross += l.amount;
    }
    if (l.type === "refund") s.refunds += l.debit;
    s.fees += l.fee;
    s.tax += l.tax;
    s.net += l.credit - l.debit;
  }
  return [...byId.values()];
}

/** What the shop recorded of a gateway payment (domain/payments/gateway.ts), for a settled line to be checked against. */
export interface RecordedCapture {
  orderId: string;
  paise: number;
  /** It paid the order (false: the order was paid already, money to give back). */
  applied: boolean;
}

/** Where a settled payment stands against the shop's own record of it. */
export type SettledPaymentStanding =
  /** The shop recorded this payment for this order, for the same amount. */
  | { standing: "matched"; orderId: string }
  /** Recorded, but it did not pay the order (paid already): money the owner gives back. */
  | { standing: "paidTwice"; orderId: string }
  /** Recorded for another amount than the gateway settled. */
  | { standing: "amountDiffers"; orderId: string; recorded: number }
  /** The receipt names one of the shop's orders, but the shop never heard of this payment (its webhook lost). */
  | { standing: "notRecorded"; orderId: string }
  /** No order of this shop: no receipt, or one the shop did not make. */
  | { standing: "noOrder" };

export function settledPaymentStanding(line: SettlementLine, capture: RecordedCapture | undefined): SettledPaymentStanding {
  if (capture) {
    if (capture.paise !== line.amount) return { standing: "amountDiffers", orderId: capture.orderId, recorded: capture.paise };
    return capture.applied ? { standing: "matched", orderId: capture.orderId } : { standing: "paidTwice", orderId: capture.orderId };
  }
  return line.receipt ? { standing: "notRecorded", orderId: line.receipt } : { standing: "noOrder" };
}

/** A credit on one of the owner's bank statements, as a settlement is looked for among them. */
export interface BankCredit {
  statementId: string;
  fileName: string;
  row: number;
  on: string;
  paise: number;
}

/** Days after the settlement's day its transfer may reach the bank statement (Razorpay: the same day, NEFT can take to the next working day). */
export const SETTLEMENT_BANK_DAYS = 3;

export type BankStanding = { standing: "found"; credit: BankCredit } | { standing: "several"; count: number } | { standing: "notFound" };

const dayNumber = (on: string) => Date.UTC(Number(on.slice(0, 4)), Number(on.slice(5, 7)) - 1, Number(on.slice(8, 10))) / 86_400_000;

/**
 * The bank statement's credit that brought a settlement in: the one credit of exactly its net amount on its day
 * or within SETTLEMENT_BANK_DAYS after. Two that fit are shown as such, never guessed between.
 */
export function bankCreditOf(settlement: Pick<Settlement, "net" | "settledOn">, credits: readonly BankCredit[]): BankStanding {
  const from = dayNumber(settlement.settledOn);
  const fits = credits.filter((c) => c.paise === settlement.net && dayNumber(c.on) >= from && dayNumber(c.on) <= from + SETTLEMENT_BANK_DAYS);
  if (fits.length === 1) return { standing: "found", credit: fits[0] };
  return fits.length === 0 ? { standing: "notFound" } : { standing: "several", count: fits.length };
}
