/**
 * Razorpay's settlement report as SettlementLines (decision 223), read through the same CSV/XLSX reader as a
 * bank statement (csv-parse, exceljs). The columns are those Razorpay documents for its settlement
 * reconciliation ("Fetch Settlement Recon Details", GET /v1/settlements/recon/combined, razorpay.com/docs/api/
 * settlements/fetch-recon): entity_id, type, debit, credit, amount, currency, fee, tax, on_hold, settled,
 * created_at, settled_at, settlement_id, settlement_utr, order_id, order_receipt, payment_id, method, …; the
 * Dashboard's settlement report download carries the same fields as its header row. Compared as letters and
 * digits in any case, "Settlement UTR" is "settlement_utr".
 *
 * Amounts: Razorpay documents them in paise (100000 is ₹1,000). A report whose amounts are written with a
 * decimal point ("1000.00", as a spreadsheet saved in rupees has them) is read in rupees, the whole file alike.
 */
import { RuleViolation } from "../../domain/errors";
import { paiseOf } from "../../domain/payments/credits";
import { HEADER_SEARCH_ROWS } from "../../domain/payments/limits";
import { SETTLEMENT_LINE_TYPES, type SettlementLine, type SettlementLineType, type SkippedSettlementRows } from "../../domain/payments/settlement";
import { statementDay } from "./dates";
import { readSheetRows } from "./read-file";
import { cellText, columnKey } from "./shapes";

/** The columns without which a file is no settlement report (as columnKey has them). */
const NEEDS = ["entityid", "type", "debit", "credit", "amount", "fee", "tax", "settlementid"] as const;
const MONEY = ["debit", "credit", "amount", "fee", "tax"] as const;

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const gatewayId = (prefix: string, text: string) => (new RegExp(`^${prefix}_[A-Za-z0-9]{6,30}$`).test(text) ? text : undefined);

function refuse(key: string, row: number, text: string): never {
  throw new RuleViolation(key, { row, text: text.slice(0, 40) }, 422);
}

/** A money cell as written: its paise when read as paise (whole numbers) and when read as rupees. */
function moneyCell(cell: unknown, row: number): { whole: boolean; value: number } {
  if (typeof cell === "number") {
    if (!Number.isFinite(cell)) refuse("statements.badAmount", row, String(cell));
    return { whole: Number.isInteger(cell), value: cell };
  }
  const text = cellText(cell).replace(/[\s,₹]/g, "");
  if (text === "" || text === "-") return { whole: true, value: 0 };
  if (!/^-?\d{1,12}(?:\.\d{1,2})?$/.test(text)) refuse("statements.badAmount", row, cellText(cell));
  return { whole: !text.includes("."), value: Number(text) };
}

/** The day the report says a line was settled: a Unix time (the API's) or a day as the Dashboard writes it. */
function settledDay(cell: unknown, row: number): string {
  const text = cellText(cell);
  if (typeof cell === "number" || /^\d{9,10}$/.test(text)) {
    const seconds = Number(text);
    // India's calendar: the day in Kolkata of that moment.
    return new Date((seconds + 5.5 * 3600) * 1000).toISOString().slice(0, 10);
  }
  const day = statementDay(cell);
  if (!day) refuse("statements.badDate", row, text);
  return day.on;
}

const isSettled = (cell: unknown) => /^(true|1|yes|y)$/i.test(cellText(cell));

export interface ReadSettlementReport {
  lines: SettlementLine[];
  skipped: SkippedSettlementRows;
}

/** The settled lines of a settlement report's bytes, or a refusal naming what is wrong. */
export async function readSettlementReport(bytes: Uint8Array): Promise<ReadSettlementReport> {
  const rows = await readSheetRows(bytes);
  const headerAt = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => {
    const keys = new Set(row.cells.map(columnKey));
    return NEEDS.every((k) => keys.has(k));
  });
  if (headerAt < 0) throw new RuleViolation("settlements.noHeader", { rows: HEADER_SEARCH_ROWS }, 422);
  const index = new Map<string, number>();
  rows[headerAt].cells.forEach((cell, i) => {
    const key = columnKey(cell);
    if (key && !index.has(key)) index.set(key, i);
  });
  const body = rows.slice(headerAt + 1);

  // Paise unless any amount is written with a decimal point: then the whole report is in rupees.
  let rupees = false;
  const money = body.map(({ number, cells }) => {
    const values = {} as Record<(typeof MONEY)[number], number>;
    for (const column of MONEY) {
      const { whole, value } = moneyCell(cells[index.get(column)!], number);
      if (!whole) rupees = true;
      values[column] = value;
    }
    return values;
  });
  const toPaise = (value: number) => (rupees ? paiseOf(value)! : value);

  const lines: SettlementLine[] = [];
  const skipped: SkippedSettlementRows = { unsettled: 0 };
  body.forEach(({ number, cells }, i) => {
    const cell = (column: string) => cells[index.get(column) ?? -1];
    const entityId = cellText(cell("entityid"));
    if (entityId === "") return;
    if (!/^[A-Za-z0-9_]{1,40}$/.test(entityId)) refuse("settlements.badId", number, entityId);
    const settlementId = cellText(cell("settlementid"));
    // Not settled yet (on hold, or a later cycle's): no money in the bank from this report.
    if ((index.has("settled") && !isSettled(cell("settled"))) || settlementId === "") {
      skipped.unsettled++;
      return;
    }
    if (!gatewayId("setl", settlementId)) refuse("settlements.badId", number, settlementId);
    const typeText = cellText(cell("type")).toLowerCase();
    const type: SettlementLineType = (SETTLEMENT_LINE_TYPES as readonly string[]).includes(typeText) ? (typeText as SettlementLineType) : "other";
    const m = money[i];
    const paymentId = gatewayId("pay", type === "payment" ? entityId : cellText(cell("paymentid")));
    const gatewayOrderId = gatewayId("order", cellText(cell("orderid")));
    const receipt = cellText(cell("orderreceipt")).toLowerCase();
    const method = cellText(cell("method")).toLowerCase().replace(/[^a-z_]/g, "").slice(0, 20);
    const utr = cellText(cell("settlementutr"));
    const amount = toPaise(m.amount);
    const credit = toPaise(m.credit);
    const debit = toPaise(m.debit);
    if (amount < 0 || credit < 0 || debit < 0) refuse("statements.badAmount", number, String(Math.min(m.amount, m.credit, m.debit)));
    lines.push({
      row: number,
      type,
      entityId,
      ...(paymentId ? { paymentId } : {}),
      ...(gatewayOrderId ? { gatewayOrderId } : {}),
      ...(ORDER_ID.test(receipt) ? { receipt } : {}),
      ...(method ? { method } : {}),
      amount,
      fee: toPaise(m.fee),
      tax: toPaise(m.tax),
      credit,
      debit,
      settlementId,
      ...(/^[A-Za-z0-9]{1,40}$/.test(utr) ? { settlementUtr: utr } : {}),
      settledOn: settledDay(index.has("settledat") ? cell("settledat") : cell("createdat"), number),
    });
  });
  if (lines.length === 0 && skipped.unsettled === 0) throw new RuleViolation("settlements.empty", {}, 422);
  return { lines, skipped };
}
