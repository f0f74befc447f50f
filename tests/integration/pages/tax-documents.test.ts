/**
 * What a printed document says it is, through the real print page over HTTP in English and Hindi (decision 207):
 * notebooks alone are a bill of supply (rule 49), notebooks and a shirt an invoice-cum-bill of supply (rule 46A) whose
 * shirt shows CGST and SGST at 2.5% + 2.5%; a credit note names its invoice's number and date (rule 53); an order with
 * no tax invoice prints as an order summary that says it is not one; a composition shop's bill of supply never says
 * its prices include GST.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/server";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { REGISTERED_SHOP_ENV } from "../../support/invoiced-order";
import type { HtmlBrowser } from "../../support/html-browser";
import { formatDate } from "../../../domain/i18n";
import { findCatalogueProduct } from "../../../domain/catalogue";
import { nameIn } from "../../../domain/catalogue-words";

let regular: TestServer;
let composition: TestServer;
let admins: { regular: TestAdmin; composition: TestAdmin };

beforeAll(async () => {
  regular = await startTestServer({ env: REGISTERED_SHOP_ENV });
  composition = await startTestServer({ env: { ...REGISTERED_SHOP_ENV, SHOP_GST_SCHEME: "composition" } });
  admins = {
    regular: await createTestAdmin(regular.shop, regular.url, `documents-${randomUUID()}@churu-uniforms.example`),
    composition: await createTestAdmin(composition.shop, composition.url, `documents-c-${randomUUID()}@churu-uniforms.example`),
  };
}, 240_000);
afterAll(async () => {
  await regular?.close();
  await composition?.close();
});

const NOTEBOOKS = { productId: "stationery/premium-school-notebook", quantity: 4 };
const SHIRT = { productId: "school/dps/shirt", size: "30", quantity: 1 };

const WORDS = {
  en: {
    bill: "Bill of supply",
    mixed: "Invoice-cum-bill of supply",
    nil: "Nil-rated goods only: no GST is charged on them (CGST Rules, rule 49).",
    includes: "prices include GST",
    rateHead: "Rate (CGST + SGST)",
    summary: "Order summary",
    notInvoice: "This is an order summary, not a tax invoice.",
    composition: "Composition taxable person, not eligible to collect tax on supplies",
  },
  hi: {
    bill: "बिल ऑफ़ सप्लाई",
    mixed: "इनवॉइस-सह-बिल ऑफ़ सप्लाई",
    nil: "सिर्फ़ शून्य दर वाला सामान: इस पर कोई GST नहीं लिया गया (CGST नियम, नियम 49)।",
    includes: "दामों में जीएसटी शामिल है",
    rateHead: "दर (सीजीएसटी + एसजीएसटी)",
    summary: "ऑर्डर का सारांश",
    notInvoice: "यह ऑर्डर का सारांश है, टैक्स इनवॉइस नहीं।",
    composition: "कंपोज़िशन करदाता, आपूर्ति पर टैक्स वसूलने का पात्र नहीं",
  },
} as const;

const actor = (admin: TestAdmin) => ({ kind: "admin" as const, id: admin.id, name: admin.name });

async function owner(server: TestServer, admin: TestAdmin, lang: "en" | "hi"): Promise<HtmlBrowser> {
  const browser = await adminHtmlBrowser(server.url, admin);
  await browser.setCookie(`shop_lng=${lang}; Path=/`);
  return browser;
}

async function shipped(server: TestServer, admin: TestAdmin, items: { productId: string; size?: string; quantity: number }[]) {
  const placed = await placeTestOrder(server.shop, { name: "Document Parent", items });
  await server.shop.orders.changeStatus(placed.orderId, "shipped", actor(admin));
  return placed;
}

/** The print page's invoice view of an order. */
async function printPage(browser: HtmlBrowser, orderId: string) {
  const page = await browser.open(`/admin/orders/${orderId}/print?doc=invoice`);
  expect(page.status).toBe(200);
  return page;
}

describe("a regular shop's documents", () => {
  for (const lang of ["en", "hi"] as const) {
    const words = WORDS[lang];

    it(`prints notebooks alone as a bill of supply that charges no GST (${lang})`, async () => {
      const placed = await shipped(regular, admins.regular, [NOTEBOOKS]);
      const [invoice] = (await regular.shop.orders.taxDocuments(placed.orderId))!.invoices;
      expect(invoice.kind).toBe("nil-bill-of-supply");
      const doc = (await printPage(await owner(regular, admins.regular, lang), placed.orderId)).within(`article[data-document="${invoice.number}"]`);
      expect(doc.text("h2")).toContain(words.bill);
      expect(doc.text("h2")).not.toContain(words.mixed);
      expect(doc.text()).toContain(words.nil);
      expect(doc.text()).not.toContain(words.includes);
    });

    it(`prints notebooks and a shirt as an invoice-cum-bill of supply, the shirt at 2.5% + 2.5% (${lang})`, async () => {
      const placed = await shipped(regular, admins.regular, [NOTEBOOKS, SHIRT]);
      const [invoice] = (await regular.shop.orders.taxDocuments(placed.orderId))!.invoices;
      expect(invoice.kind).toBe("invoice-cum-bill-of-supply");
      const page = await printPage(await owner(regular, admins.regular, lang), placed.orderId);
      const doc = page.within(`article[data-document="${invoice.number}"]`);
      expect(doc.text("h2")).toContain(words.mixed);
      expect(doc.text("thead")).toContain(words.rateHead);
      const shirtRow = invoice.lines.findIndex((l) => l.productId === SHIRT.productId);
      expect(doc.text(`tr[data-tax-line="${shirtRow}"] [data-field="rate"]`)).toBe("2.5% + 2.5%");
      const notebookRow = invoice.lines.findIndex((l) => l.productId === NOTEBOOKS.productId);
      expect(doc.text(`tr[data-tax-line="${notebookRow}"] [data-field="rate"]`)).toBe("0% + 0%");
      // Items are named in the page's language where the catalogue names them there (decision 208).
      expect(doc.text(`tr[data-tax-line="${notebookRow}"] .print-item`)).toContain(nameIn(lang, findCatalogueProduct(NOTEBOOKS.productId)!));
      if (lang === "hi") expect(doc.text(`tr[data-tax-line="${notebookRow}"] .print-item`)).not.toContain("Notebook");
    });

    it(`names the invoice's number and date on its credit note (${lang})`, async () => {
      const placed = await shipped(regular, admins.regular, [SHIRT]);
      await regular.shop.orders.changeStatus(placed.orderId, "cancelled", actor(admins.regular));
      const docs = (await regular.shop.orders.taxDocuments(placed.orderId))!;
      const [invoice] = docs.invoices;
      const [note] = docs.creditNotes;
      const doc = (await printPage(await owner(regular, admins.regular, lang), placed.orderId)).within(`article[data-document="${note.number}"]`);
      expect(doc.text('[data-field="invoice-number"]')).toBe(invoice.number);
      expect(doc.text('[data-field="invoice-date"]')).toBe(formatDate(invoice.issuedAt, lang));
    });

    it(`prints an order not sent yet as an order summary that says it is not a tax invoice (${lang})`, async () => {
      const placed = await placeTestOrder(regular.shop, { name: "Summary Parent", items: [SHIRT] });
      const page = await printPage(await owner(regular, admins.regular, lang), placed.orderId);
      const doc = page.within(`article[data-order-id="${placed.orderId}"]`);
      expect(doc.text("h2")).toContain(words.summary);
      expect(doc.text("h2")).not.toMatch(lang === "en" ? /invoice/i : /इनवॉइस|बिल/);
      expect(doc.text('[data-field="not-tax-invoice"]')).toContain(words.notInvoice);
    });
  }
});

describe("a composition shop's bill of supply", () => {
  for (const lang of ["en", "hi"] as const) {
    const words = WORDS[lang];
    it(`says the shop may not collect tax and never that its prices include GST (${lang})`, async () => {
      const placed = await shipped(composition, admins.composition, [SHIRT, NOTEBOOKS]);
      const [invoice] = (await composition.shop.orders.taxDocuments(placed.orderId))!.invoices;
      expect(invoice.kind).toBe("bill-of-supply");
      const doc = (await printPage(await owner(composition, admins.composition, lang), placed.orderId)).within(`article[data-document="${invoice.number}"]`);
      expect(doc.text("h2")).toContain(words.bill);
      expect(doc.text()).toContain(words.composition);
      expect(doc.text()).not.toContain(words.includes);
    });
  }
});
