/**
 * The 80 mm receipt's pages (app/admin/receipt-pages.ts, decision 138): the stylesheet names a
 * page of its own length for each receipt and refuses lengths it should not print; the server's
 * reckoning grows with the text (the browser test holds it to the printed page).
 */
import { describe, expect, it } from "vitest";
import { receiptLengthMm, receiptPagesCss, wrappedLines, type ReceiptText } from "../../app/admin/receipt-pages";

const slip = (over: Partial<ReceiptText> = {}): ReceiptText => ({
  doc: "slip",
  shopLines: 3,
  facts: ["26 Nov 2026, 7:15 pm", "Sunita Saini", "9829012345"],
  address: ["Sunita Saini", "12 Station Road", "Churu 331001", "9829012345"],
  lines: [{ item: "School Shirt", school: "DPS Churu" }],
  below: [],
  collect: false,
  ...over,
});

describe("the receipt's pages", () => {
  it("names a page of each receipt's length, in the documents' order", () => {
    expect(receiptPagesCss("112.5,130", 200)).toBe(
      "@page receipt-1 { size: 80mm 112.5mm; margin: 0; }\n.paper-receipt > .print-doc:nth-of-type(1) { page: receipt-1; }\n" +
        "@page receipt-2 { size: 80mm 130mm; margin: 0; }\n.paper-receipt > .print-doc:nth-of-type(2) { page: receipt-2; }\n",
    );
  });

  it("refuses what is not a length it prints: nothing, words, CSS, too short, too long, too many", () => {
    for (const bad of [null, "", "abc", "100;}body{display:none", "10", "3001", "1e3", "-50", "100,,120"]) {
      expect(receiptPagesCss(bad, 200), String(bad)).toBeUndefined();
    }
    expect(receiptPagesCss(Array(201).fill("100").join(","), 200)).toBeUndefined();
  });

  it("reckons a longer receipt for more lines, a longer address, Hindi text and the cash to collect", () => {
    const base = receiptLengthMm(slip());
    expect(receiptLengthMm(slip({ lines: [...slip().lines, { item: "School Pant", school: "DPS Churu" }] }))).toBeGreaterThan(base);
    expect(receiptLengthMm(slip({ address: ["Sunita Saini", "House 118, behind the old Sethani ka Johra, near the Girls School", "Churu 331001", "9829012345"] }))).toBeGreaterThan(base);
    expect(receiptLengthMm(slip({ collect: true }))).toBeGreaterThan(base);
    expect(wrappedLines("रमेश कुमार शर्मा, स्टेशन रोड के पास", 20)).toBeGreaterThan(wrappedLines("Ramesh Kumar Sharma, near Station", 20));
    expect(base % 0.5).toBe(0);
  });
});
