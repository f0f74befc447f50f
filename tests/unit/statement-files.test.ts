/**
 * The statements the shop reads (services/statements/): each of the eight shapes from a realistic sample
 * (tests/fixtures/statements/, docs/payments.md says where each came from), all with the same payments:
 * two reported references (one credited twice), a reversed credit, a note with an order number, an amount
 * two orders share; the banks' also an NEFT credit and a cash withdrawal. And every refusal names what is wrong.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { creditsThatPay } from "../../domain/payments/credits";
import { STATEMENT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from "../../domain/payments/limits";
import { zipSync } from "fflate";
import { STATEMENT_SHAPES } from "../../domain/payments/statement";
import { isRuleViolation } from "../../domain/errors";
import { readStatementFile } from "../../services/statements/read-file";
import { statementDay } from "../../services/statements/dates";
import { englishOf } from "../support/refusal";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "statements");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const BANKS = ["sbi", "hdfc", "icici", "axis", "bob"] as const;

async function refusalOf(bytes: Uint8Array): Promise<{ status: number; message: string }> {
  try {
    await readStatementFile(bytes);
  } catch (err) {
    if (isRuleViolation(err)) return { status: err.status, message: englishOf(err) };
    throw err;
  }
  throw new Error("expected a refusal");
}

const paying = [
  ["634512345678", 55800, undefined],
  ["634512345679", 111600, undefined],
  ["634512345681", 167400, "7F3A2C9E"],
  ["634512345682", 83700, undefined],
];

describe("the eight shapes, read from their samples", () => {
  for (const shape of STATEMENT_SHAPES) {
    it(`reads ${shape}: each payment once, the reversed one left out, the order number of the note`, async () => {
      const read = await readStatementFile(fixture(`${shape}.csv`));
      expect(read.shape).toBe(shape);
      const { credits, skipped } = creditsThatPay(read.lines);
      const bank = (BANKS as readonly string[]).includes(shape);
      const upi = credits.filter((c) => c.reference).map((c) => [c.reference, c.paise, c.orderNumber]);
      expect(upi).toEqual(paying);
      // The banks' NEFT credit is money in without a UPI reference; the UPI apps' reports carry none.
      expect(credits.filter((c) => !c.reference).map((c) => c.paise)).toEqual(bank ? [1250000] : []);
      expect(skipped).toEqual({ duplicates: 1, reversed: 2, debits: bank ? 1 : 0 });
      expect(credits[0].on).toBe("2026-12-04");
      expect(credits.at(-1)!.on).toBe("2026-12-05");
      // A payer is kept masked where the file names one.
      for (const credit of credits) if (credit.payer) expect(credit.payer).toMatch(/\*\*/);
    });
  }

  it("gives the row of the file the owner finds the credit in", async () => {
    const { lines } = await readStatementFile(fixture("sbi.csv"));
    expect(lines[0]).toMatchObject({ row: 12, direction: "credit", paise: 55800 });
  });

  it("reads the times the UPI apps give, as India's", async () => {
    const { lines } = await readStatementFile(fixture("phonepe.csv"));
    expect(lines[0].at).toBe("2026-12-04T04:42:31.000Z");
    const bharatpe = await readStatementFile(fixture("bharatpe.csv"));
    expect(bharatpe.lines[4].at).toBe("2026-12-05T10:00:00.000Z");
  });

  it("reads an XLSX statement with the account's details above the header and real date cells", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Statement");
    sheet.addRow(["Account Name", ":", "CHURU UNIFORM HOUSE"]);
    sheet.addRow(["Account Number", ":", "_00000031994120443"]);
    sheet.addRow([]);
    sheet.addRow(["Txn Date", "Value Date", "Description", "Ref No./Cheque No.", "Debit", "Credit", "Balance"]);
    const day = new Date(Date.UTC(2026, 11, 4));
    sheet.addRow([day, day, "BY TRANSFER-UPI/CR/634512345678/RAHUL KU/SBIN/rahul.kumar@oksbi/UPI--", "TRANSFER FROM 3199412044305", null, 558, 48768.5]);
    sheet.addRow([day, day, "ATM WDL-ATM CASH 1234 STATION ROAD CHURU", "", 1200, null, 47568.5]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const read = await readStatementFile(bytes);
    expect(read.shape).toBe("sbi");
    expect(read.lines).toEqual([
      expect.objectContaining({ row: 5, on: "2026-12-04", direction: "credit", paise: 55800 }),
      expect.objectContaining({ row: 6, on: "2026-12-04", direction: "debit", paise: 120000 }),
    ]);
  });
});

describe("a file that is not a statement the shop reads is refused, naming what is wrong", () => {
  it("an old .xls", async () => {
    const ole2 = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(await refusalOf(ole2)).toEqual({ status: 422, message: expect.stringContaining("old Excel file (.xls)") });
  });

  it("a picture or other binary", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await refusalOf(png)).toEqual({ status: 422, message: expect.stringContaining("neither CSV nor Excel") });
  });

  it("a CSV of something else", async () => {
    const csv = new TextEncoder().encode("Name,Class,Shirt size\nAarav,5,30\n");
    expect(await refusalOf(csv)).toEqual({ status: 422, message: expect.stringContaining("none of its first 40 rows") });
  });

  it("a broken XLSX", async () => {
    const broken = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect(await refusalOf(broken)).toEqual({ status: 422, message: "This Excel file is damaged or cut short and could not be opened." });
  });

  it("an XLSX whose parts open to more than the shop unpacks, before anything is unpacked", async () => {
    const bomb = zipSync({ "xl/worksheets/sheet1.xml": new Uint8Array(XLSX_MAX_UNPACKED_BYTES + 1) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusalOf(bomb)).toEqual({ status: 413, message: "This Excel file opens to more than 64 MB. Please upload a shorter period, or save it as CSV." });
  });

  it("a CSV whose quotes do not add up, with its row", async () => {
    const text = readFileSync(join(FIXTURES, "hdfc.csv"), "utf8").replace('"1,395.00",,"51,000.50"', '"1,395.00,,"51,000.50"');
    expect(await refusalOf(new TextEncoder().encode(text))).toMatchObject({ status: 422, message: expect.stringMatching(/^Row \d+ of this CSV file could not be read/) });
  });

  it("an amount or a date the shop cannot read, with its row and text", async () => {
    const amount = readFileSync(join(FIXTURES, "axis.csv"), "utf8").replace(",558.00,", ",5S8.00,");
    expect(await refusalOf(new TextEncoder().encode(amount))).toEqual({ status: 422, message: 'Row 4 has an amount the shop cannot read: "5S8.00".' });
    const date = readFileSync(join(FIXTURES, "axis.csv"), "utf8").replace("04-12-2026,,UPI/P2M/634512345678", "31-13-2026,,UPI/P2M/634512345678");
    expect(await refusalOf(new TextEncoder().encode(date))).toEqual({ status: 422, message: 'Row 4 has a date the shop cannot read: "31-13-2026".' });
  });

  it("more rows than the shop reads at once", async () => {
    const header = "Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance\n";
    const row = "4 Dec 2026,4 Dec 2026,ATM WDL,,100.00,,1000.00\n";
    const text = header + row.repeat(STATEMENT_MAX_ROWS);
    expect(await refusalOf(new TextEncoder().encode(text))).toEqual({ status: 413, message: "This file has more than 20,000 rows. Please upload a shorter period." });
  });

  it("a statement with no transactions", async () => {
    const csv = new TextEncoder().encode("Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance\n");
    expect(await refusalOf(csv)).toEqual({ status: 422, message: "This statement has no transactions." });
  });
});

describe("a statement's days", () => {
  it("reads the banks' day-first dates and the reports' times", () => {
    expect(statementDay("05 Dec 2026")).toEqual({ on: "2026-12-05" });
    expect(statementDay("5-Dec-26")).toEqual({ on: "2026-12-05" });
    expect(statementDay("05/12/26")).toEqual({ on: "2026-12-05" });
    expect(statementDay("05-12-2026")).toEqual({ on: "2026-12-05" });
    expect(statementDay("2026-12-05 18:22:19")).toEqual({ on: "2026-12-05", at: "2026-12-05T12:52:19.000Z" });
    expect(statementDay("05-12-2026 12:10 AM")).toEqual({ on: "2026-12-05", at: "2026-12-04T18:40:00.000Z" });
    expect(statementDay("31/02/2026")).toBeUndefined();
    expect(statementDay("yesterday")).toBeUndefined();
  });
});
