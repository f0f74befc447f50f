/**
 * The statements the shop reads, each known by its header row (docs/payments.md says where each
 * shape came from). A shape names the columns it needs (compared as letters and digits only, any
 * case: "Withdrawal Amount (INR )" is "withdrawalamountinr") and turns one row into a StatementLine.
 */
import { RuleViolation } from "../../domain/errors";
import { paiseOf, type StatementLine } from "../../domain/payments/credits";
import type { StatementShape } from "../../domain/payments/statement";
import { statementDay } from "./dates";

/** A header cell as shapes compare it. */
export const columnKey = (cell: unknown) => cellText(cell).toLowerCase().replace(/[^a-z0-9]/g, "");

/** A cell's text: what the bank wrote, numbers as digits. */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "string") return cell.trim();
  if (typeof cell === "number") return String(cell);
  if (cell instanceof Date) return cell.toISOString();
  return "";
}

/** One data row by its column: the cell under each header. */
export type Cells = (column: string) => unknown;

interface Shape {
  shape: StatementShape;
  /** Columns (as columnKey gives them) that together say "this is that shape". */
  needs: readonly string[];
  /** The row as a line, or null for a row that is not a transaction (a blank, a balance brought forward). */
  line(cell: Cells, row: number): StatementLine | null;
}

/** The day of a row: null when the cell holds no digit at all (a separator, a footer), a 422 when it holds one the shop cannot read. */
function dayOf(cell: unknown, row: number): ReturnType<typeof statementDay> | null {
  if (cell instanceof Date) return statementDay(cell) ?? refuse("statements.badDate", row, cell.toISOString());
  const text = cellText(cell);
  if (!/\d/.test(text)) return null;
  return statementDay(text) ?? refuse("statements.badDate", row, text);
}

function refuse(key: string, row: number, text: string): never {
  throw new RuleViolation(key, { row, text: text.slice(0, 40) }, 422);
}

function amountOf(cell: unknown, row: number): number | undefined {
  if (typeof cell === "number") return paiseOf(cell);
  const text = cellText(cell);
  if (text === "" || text === "-") return undefined;
  return paiseOf(text) ?? refuse("statements.badAmount", row, text);
}

/** An account statement with a withdrawal and a deposit column. */
function bankShape(shape: StatementShape, columns: { date: string; narration: string; reference?: string; debit: string; credit: string }, also: readonly string[] = []): Shape {
  return {
    shape,
    needs: [columns.date, columns.narration, columns.debit, columns.credit, ...(columns.reference ? [columns.reference] : []), ...also],
    line(cell, row) {
      const when = dayOf(cell(columns.date), row);
      if (!when) return null;
      const debit = amountOf(cell(columns.debit), row) ?? 0;
      const credit = amountOf(cell(columns.credit), row) ?? 0;
      if (debit === 0 && credit === 0) return null;
      const narration = cellText(cell(columns.narration));
      const referenceText = columns.reference ? cellText(cell(columns.reference)) : undefined;
      const base = { row, ...when, narration, ...(referenceText ? { referenceText } : {}) };
      return credit > 0 ? { ...base, direction: "credit", paise: credit } : { ...base, direction: "debit", paise: Math.abs(debit) };
    },
  };
}

/** A UPI app's report: one amount, a type that says payment or refund, the RRN in its own column. */
function upiReport(
  shape: StatementShape,
  columns: { date: string; amount: string; reference: string; type?: string; status?: string; payer?: string; notes: readonly string[] },
  also: readonly string[] = [],
): Shape {
  return {
    shape,
    needs: [columns.date, columns.amount, columns.reference, ...(columns.type ? [columns.type] : []), ...also],
    line(cell, row) {
      const when = dayOf(cell(columns.date), row);
      if (!when) return null;
      // A failed or pending payment is no money.
      if (columns.status && !/^(success|successful|settled|completed)$/i.test(cellText(cell(columns.status)))) return null;
      const amount = amountOf(cell(columns.amount), row);
      if (!amount) return null;
      const type = columns.type ? cellText(cell(columns.type)) : "";
      const notes = columns.notes.map((c) => cellText(cell(c))).filter(Boolean);
      const narration = [type, ...notes].join(" ");
      const out = /refund|chargeback|reverse/i.test(type) || amount < 0;
      const payerText = columns.payer ? cellText(cell(columns.payer)) : "";
      return {
        row,
        ...when,
        direction: out ? "debit" : "credit",
        paise: Math.abs(amount),
        referenceText: cellText(cell(columns.reference)),
        narration,
        ...(payerText ? { payerText } : {}),
        upi: true,
      };
    },
  };
}

// Account statements first, the reports after; each needs columns no other shape has together.
export const SHAPES: readonly Shape[] = [
  // SBI: Txn Date | Value Date | Description | Ref No./Cheque No. | Debit | Credit | Balance
  bankShape("sbi", { date: "txndate", narration: "description", reference: "refnochequeno", debit: "debit", credit: "credit" }),
  // HDFC: Date | Narration | Chq./Ref.No. | Value Dt | Withdrawal Amt. | Deposit Amt. | Closing Balance
  bankShape("hdfc", { date: "date", narration: "narration", reference: "chqrefno", debit: "withdrawalamt", credit: "depositamt" }),
  // ICICI: S No. | Value Date | Transaction Date | Cheque Number | Transaction Remarks | Withdrawal Amount (INR ) | Deposit Amount (INR ) | Balance (INR )
  bankShape("icici", { date: "transactiondate", narration: "transactionremarks", reference: "chequenumber", debit: "withdrawalamountinr", credit: "depositamountinr" }),
  // Axis: Tran Date | CHQNO | PARTICULARS | DR | CR | BAL | SOL
  bankShape("axis", { date: "trandate", narration: "particulars", reference: "chqno", debit: "dr", credit: "cr" }),
  // Bank of Baroda: TRAN DATE | VALUE DATE | NARRATION | CHQ.NO. | WITHDRAWAL(DR) | DEPOSIT(CR) | BALANCE(INR)
  bankShape("bob", { date: "trandate", narration: "narration", reference: "chqno", debit: "withdrawaldr", credit: "depositcr" }),
  // PhonePe Business settlement report (PhonePe's developer docs, "Settlement report format").
  upiReport(
    "phonepe",
    { date: "transactiondate", amount: "amount", reference: "bankreferenceno", type: "paymenttype", payer: "from", notes: ["instrument", "merchantreferenceid"] },
    ["phonepereferenceid"],
  ),
  // Paytm for Business settlement report (the fields of Paytm's Settlement Detail API, as the panel's download names them).
  upiReport(
    "paytm",
    { date: "transactiondate", amount: "amount", reference: "banktransactionid", type: "transactiontype", status: "status", payer: "customervpa", notes: ["orderid"] },
    ["transactionid", "utrno"],
  ),
  // BharatPe settlement report: no public documentation; the columns merchants' downloads show (unverified).
  upiReport(
    "bharatpe",
    { date: "transactiondate", amount: "amount", reference: "utr", type: "transactiontype", status: "status", payer: "payervpa", notes: ["payername", "remarks"] },
    ["transactionid", "payervpa"],
  ),
];

/** The shape whose columns a row has, with where each column is; undefined when it is no known header. */
export function shapeOfHeader(row: readonly unknown[]): { shape: Shape; index: ReadonlyMap<string, number> } | undefined {
  const index = new Map<string, number>();
  row.forEach((cell, i) => {
    const key = columnKey(cell);
    if (key && !index.has(key)) index.set(key, i);
  });
  const shape = SHAPES.find((s) => s.needs.every((column) => index.has(column)));
  return shape ? { shape, index } : undefined;
}
