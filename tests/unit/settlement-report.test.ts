/**
 * Razorpay's settlement report (decision 223): the sample (tests/fixtures/settlements/razorpay.csv, the columns
 * of Razorpay's settlement reconciliation, docs/payments.md) read into settled lines in paise, whether written in
 * rupees or, as the API documents, in paise, as CSV or XLSX; each settlement's fees, GST on fees and money in the
 * bank; a settled payment against the shop's record of it; a settlement's transfer found on a bank statement.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { bankCreditOf, settledPaymentStanding, settlementsOf, type BankCredit } from "../../domain/payments/settlement";
import { readSettlementReport } from "../../services/statements/settlement-report";
import { englishOf } from "../support/refusal";

const sample = readFileSync(join(import.meta.dirname, "..", "fixtures", "settlements", "razorpay.csv"), "utf8");
const bytes = (text: string) => new TextEncoder().encode(text);

async function refusalOf(data: Uint8Array): Promise<{ status: number; message: string }> {
  try {
    await readSettlementReport(data);
  } catch (err) {
    if (isRuleViolation(err)) return { status: err.status, message: englishOf(err) };
    throw err;
  }
  throw new Error("expected a refusal");
}

/** The sample with its rupees written as paise, as Razorpay's API gives the same report. */
const inPaise = (text: string) => text.replace(/(\d+)\.(\d{2})(?=,)/g, (_, r: string, p: string) => String(Number(r) * 100 + Number(p)));

describe("Razorpay's settlement report", () => {
  it("reads each settled line in paise, leaves out what is not settled yet, and sums each settlement", async () => {
    const read = await readSettlementReport(bytes(sample));
    expect(read.skipped).toEqual({ unsettled: 1 });
    expect(read.lines.map((l) => [l.row, l.type, l.entityId, l.amount, l.fee, l.tax, l.credit, l.debit, l.settledOn])).toEqual([
      [2, "payment", "pay_NhQ2Lk7YdA1bCc", 111600, 2232, 402, 108966, 0, "2026-12-05"],
      [3, "payment", "pay_NhQ9Mn3XyZ2dEe", 55800, 1116, 201, 54483, 0, "2026-12-05"],
      [4, "payment", "pay_NhR3Pq4WxY3fGg", 167400, 3348, 603, 163449, 0, "2026-12-05"],
      [5, "refund", "rfnd_NhS1Rs5VwX4hIi", 30000, 0, 0, 0, 30000, "2026-12-05"],
      [6, "payment", "pay_NhT5Uv7TuV6lMm", 223200, 4464, 804, 217932, 0, "2026-12-06"],
    ]);
    // The refund names the payment it gives back; each line the shop's order its gateway order was opened for.
    expect(read.lines[3]).toMatchObject({ paymentId: "pay_NgZ7Tu6UvW5jKk", receipt: "44444444-4444-4444-8444-444444444444", method: "upi" });
    expect(read.lines[1]).toMatchObject({ paymentId: "pay_NhQ9Mn3XyZ2dEe", gatewayOrderId: "order_NhQ8bC3dE4fG5h", method: "card" });
    expect(settlementsOf(read.lines)).toEqual([
      { settlementId: "setl_NiA8pQ2rStUv01", settlementUtr: "AXISCN0123456789", settledOn: "2026-12-05", payments: 3, gross: 334800, fees: 6696, tax: 1206, refunds: 30000, net: 296898 },
      { settlementId: "setl_NiB9qR3sTuVw02", settlementUtr: "AXISCN0123456790", settledOn: "2026-12-06", payments: 1, gross: 223200, fees: 4464, tax: 804, refunds: 0, net: 217932 },
    ]);
  });

  it("reads the same report in paise (the API's unit) and as an Excel file to the same lines", async () => {
    const csv = await readSettlementReport(bytes(sample));
    const paise = await readSettlementReport(bytes(inPaise(sample)));
    expect(paise.lines).toEqual(csv.lines);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Settlements");
    for (const line of inPaise(sample).trim().split("\n")) {
      sheet.addRow(line.split(",").map((cell) => (/^\d+$/.test(cell) && cell.length < 9 ? Number(cell) : cell)));
    }
    const xlsx = await readSettlementReport(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(xlsx.lines).toEqual(csv.lines);
  });

  it("refuses a file that is no settlement report, or one with an amount or a day it cannot read, naming the row", async () => {
    const statement = readFileSync(join(import.meta.dirname, "..", "fixtures", "statements", "sbi.csv"));
    expect(await refusalOf(new Uint8Array(statement))).toEqual({ status: 422, message: expect.stringContaining("Razorpay") });
    const badAmount = sample.replace("1089.66", "1089.6x");
    expect((await refusalOf(bytes(badAmount))).message).toMatch(/Row 2 .*1089\.6x/);
    const badDay = sample.replace("05/12/2026 09:12:40", "next Friday");
    expect((await refusalOf(bytes(badDay))).message).toMatch(/Row 2 .*next Friday/);
    const header = sample.split("\n")[0];
    expect((await refusalOf(bytes(`${header}\n`))).message).toBe("This settlement report has no settled lines.");
  });

  it("checks a settled payment against the shop's record of it", () => {
    const line = { row: 2, type: "payment" as const, entityId: "pay_NhQ2Lk7YdA1bCc", amount: 111600, fee: 2232, tax: 402, credit: 108966, debit: 0, settlementId: "setl_NiA8pQ2rStUv01", settledOn: "2026-12-05" };
    const order = "11111111-1111-4111-8111-111111111111";
    expect(settledPaymentStanding(line, { orderId: order, paise: 111600, applied: true })).toEqual({ standing: "matched", orderId: order });
    expect(settledPaymentStanding(line, { orderId: order, paise: 111600, applied: false })).toEqual({ standing: "paidTwice", orderId: order });
    expect(settledPaymentStanding(line, { orderId: order, paise: 55800, applied: true })).toEqual({ standing: "amountDiffers", orderId: order, recorded: 55800 });
    expect(settledPaymentStanding({ ...line, receipt: order }, undefined)).toEqual({ standing: "notRecorded", orderId: order });
    expect(settledPaymentStanding(line, undefined)).toEqual({ standing: "noOrder" });
  });

  it("finds a settlement's transfer on the bank statement by its exact amount within three days, never guessing between two", () => {
    const credit = (row: number, on: string, paise: number): BankCredit => ({ statementId: "a".repeat(64), fileName: "sbi.csv", row, on, paise });
    const settlement = { net: 296898, settledOn: "2026-12-05" };
    expect(bankCreditOf(settlement, [credit(9, "2026-12-05", 296899), credit(10, "2026-12-06", 296898)])).toEqual({ standing: "found", credit: credit(10, "2026-12-06", 296898) });
    // Before the settlement, or more than three days after, is another credit of the same sum.
    expect(bankCreditOf(settlement, [credit(9, "2026-12-04", 296898), credit(10, "2026-12-09", 296898)])).toEqual({ standing: "notFound" });
    expect(bankCreditOf(settlement, [credit(9, "2026-12-05", 296898), credit(10, "2026-12-08", 296898)])).toEqual({ standing: "several", count: 2 });
  });
});
