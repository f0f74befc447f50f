/**
 * Credit notes through the real pages over HTTP (decision 206), in English and Hindi: a parent's return of a school bag
 * (18%) from an order that also has a shirt (5%) and notebooks (nil) gets a note of exactly the bag, reason "goods
 * returned", and the refund form then says the goods' note came with them; a refund tied to no goods is a note of its
 * value alone with no quantities, and the refund form tells the owner before what it does to his GST.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/server";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { REGISTERED_SHOP_ENV } from "../../support/invoiced-order";
import type { HtmlBrowser } from "../../support/html-browser";
import { attr } from "../../support/html-browser/dom";
import { formatPaisa } from "../../../domain/tax/lines";
import { shortReturnId } from "../../../domain/orders/returns";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: REGISTERED_SHOP_ENV });
  admin = await createTestAdmin(server.shop, server.url, `credit-notes-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const actor = () => ({ kind: "admin" as const, id: admin.id, name: admin.name });
const BAG = { productId: "bags/classic-school-backpack", size: "Free Size", school: "" };

/** The owner's browser with JavaScript off, signed in, in `lang`. */
async function owner(lang: "en" | "hi"): Promise<HtmlBrowser> {
  const browser = await adminHtmlBrowser(server.url, admin);
  await browser.setCookie(`shop_lng=${lang}; Path=/`);
  return browser;
}

/** A shirt, four notebooks and a school bag to Churu, shipped, delivered and paid in cash. */
async function deliveredOrder() {
  const placed = await placeTestOrder(server.shop, {
    name: "Credit Parent",
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 1 },
      { productId: "stationery/premium-school-notebook", quantity: 4 },
      { productId: BAG.productId, quantity: 1 },
    ],
  });
  for (const to of ["shipped", "delivered"]) await server.shop.orders.changeStatus(placed.orderId, to, actor());
  await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: actor(), at }));
  return placed;
}

/** The text of one printed document on the print page, its table rows as cell texts. */
async function printed(browser: HtmlBrowser, orderId: string, number: string) {
  const page = await browser.open(`/admin/orders/${orderId}/print?doc=invoice`);
  expect(page.status).toBe(200);
  const doc = page.within(`article[data-document="${number}"]`);
  const rows = doc.all("tr[data-tax-line]").map((row) => {
    const cells = page.within(row);
    return Object.fromEntries(cells.all("[data-field]").map((cell) => [attr(cell, "data-field"), page.within(cell).text()]));
  });
  return { text: doc.text(), rows };
}

describe("a return's credit note", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`reverses exactly the returned bag, and the refund form says its note came with the goods (${lang})`, async () => {
      const placed = await deliveredOrder();
      const { returnId } = await server.shop.orders.requestReturn(placed.orderId, { lines: [{ ...BAG, quantity: 1 }], want: "refund", reason: "Strap torn" }, { kind: "guest", name: "Credit Parent" });
      await server.shop.orders.approveReturn(placed.orderId, returnId, undefined, actor());
      await server.shop.orders.receiveReturn(placed.orderId, returnId, "drop-off", actor());
      const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
      const [invoice] = docs.invoices;
      expect(docs.creditNotes).toHaveLength(1);
      const [note] = docs.creditNotes;
      const bag = invoice.lines.find((l) => l.productId === BAG.productId)!;

      const browser = await owner(lang);
      const { text, rows } = await printed(browser, placed.orderId, note.number);
      expect(rows).toHaveLength(1);
      expect(rows[0].hsn).toBe(bag.hsn);
      // Inside Rajasthan the rate is shown as its two heads (decision 207).
      expect(rows[0].rate).toBe("9% + 9%");
      expect(rows[0].quantity).toMatch(/^1 /);
      expect(rows[0].value).toBe(formatPaisa(bag.value));
      expect(rows[0].cgst).toBe(formatPaisa(bag.cgst));
      expect(text).toContain(lang === "en" ? "goods returned" : "सामान वापस");

      const page = await browser.open(`/admin/orders/${placed.orderId}`);
      expect(page.text()).toContain(
        lang === "en"
          ? `The goods of return ${shortReturnId(returnId)} came back with credit note ${note.number}`
          : `वापसी ${shortReturnId(returnId)} का सामान क्रेडिट नोट ${note.number} के साथ लौटा`,
      );
      // The refund that pays for the bag issues no second note.
      await server.shop.orders.pay(placed.orderId, (at) => ({ type: "RefundPayment", paise: 495_00, method: "cash", actor: actor(), at }));
      expect((await server.shop.orders.taxDocuments(placed.orderId))!.creditNotes).toHaveLength(1);
    });
  }
});

describe("a refund tied to no goods", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`is told to the owner before, and printed as a note of its value alone with no quantities (${lang})`, async () => {
      const placed = await deliveredOrder();
      const invoice = (await server.shop.orders.taxDocuments(placed.orderId))!.invoices[0];
      const browser = await owner(lang);
      const page = await browser.open(`/admin/orders/${placed.orderId}`);
      const told = page.text(".refund-tax");
      expect(told).toContain(invoice.number);
      expect(told).toContain(lang === "en" ? "Every ₹100 refunded lowers the GST you owe on it by ₹" : "हर ₹100 लौटाने पर उस पर आपका देय GST ₹");

      await server.shop.orders.pay(placed.orderId, (at) => ({ type: "RefundPayment", paise: 100_00, method: "cash", note: "Late delivery", actor: actor(), at }));
      const [note] = (await server.shop.orders.taxDocuments(placed.orderId))!.creditNotes;
      expect(note.reason).toBe("refund");
      const tax = note.totals.cgst + note.totals.sgst + note.totals.igst;
      expect(told).toContain(formatPaisa(tax));
      const { text, rows } = await printed(browser, placed.orderId, note.number);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.every((row) => row.quantity === "—")).toBe(true);
      expect(text).toContain(lang === "en" ? "Credit note of value only: no goods came back with it" : "सिर्फ़ रकम का क्रेडिट नोट");
    });
  }
});
