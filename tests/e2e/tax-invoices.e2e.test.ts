/**
 * GST documents from the owner's side, JavaScript on in Chromium and off over HTTP (docs/tax.md, decision 175): orders shipped to Churu and Jaipur
 * (Rajasthan: CGST + SGST) and to Delhi (IGST) get tax invoices whose rule-46 fields the print page shows and whose
 * lines add up to the order's total to the paisa; a return refunded after the invoice gets a credit note naming it,
 * and the order's trail shows both; the month's GST summary equals the sum of the documents issued.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage } from "../support/browser";
import { htmlBrowser, type HtmlPage } from "../support/html-browser";
import { trackInBrowser } from "../support/tracking";
import { open } from "../support/storefront";
import { startTestServer, type TestServer } from "../support/server";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, placeTestOrder, type TestAdmin } from "../support/admin";
import { formatPaisa } from "../../domain/tax/lines";
import { indianDay } from "../../domain/orders/charges";

let server: TestServer;
let browser: Browser | null;
let admin: TestAdmin;
const GSTIN = "08AAPFU0939F1ZV";

beforeAll(async () => {
  server = await startTestServer({
    env: { SHOP_GSTIN: GSTIN, SHOP_LEGAL_NAME: "Churu Uniform House Pvt Ltd", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" },
  });
  admin = await createTestAdmin(server.shop, server.url, `tax-e2e-${randomUUID()}@churu-uniforms.example`);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const adminActor = () => ({ kind: "admin" as const, id: admin.id, name: admin.name });
/** Every order this file invoiced: the month's summary must equal the sum of their documents. */
const invoiced: string[] = [];

const paisaOf = (text: string) => Math.round(Number(text.replace(/[₹,]/g, "")) * 100);

async function shippedOrder(city: string, pincode: string) {
  const placed = await placeTestOrder(server.shop, {
    name: `Tax Parent ${city}`,
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 2 },
      { productId: "stationery/geometric-box-set", quantity: 1 },
      { productId: "stationery/premium-school-notebook", quantity: 3 },
    ],
    city,
    pincode,
  });
  await server.shop.orders.changeStatus(placed.orderId, "shipped", adminActor());
  invoiced.push(placed.orderId);
  return placed;
}

/** The numbers of one printed document: each line's figures and the totals, in paisa. */
async function readDocument(page: Page, number: string) {
  const doc = page.locator(`article[data-document="${number}"]`);
  await doc.waitFor();
  const lines = await doc.locator("tr[data-tax-line]").evaluateAll((rows) =>
    rows.map((row) => Object.fromEntries([...row.querySelectorAll("[data-field]")].map((cell) => [cell.getAttribute("data-field"), cell.textContent ?? ""]))),
  );
  const field = async (name: string) => ((await doc.locator(`[data-field="${name}"]`).count()) ? ((await doc.locator(`[data-field="${name}"]`).first().textContent()) ?? "") : "");
  return {
    lines,
    total: paisaOf(await field("total")),
    placeOfSupply: await field("place-of-supply"),
    gstin: await field("gstin"),
    reverseCharge: await field("reverse-charge"),
    invoiceNumber: await field("invoice-number"),
    text: (await doc.textContent()) ?? "",
  };
}

/** The same numbers read from the document's HTML without a browser (decision 175). */
function readDocumentOver(page: HtmlPage, number: string) {
  const doc = page.within(`article[data-document="${number}"]`);
  const lines = doc.all("tr[data-tax-line]").map((row) =>
    Object.fromEntries(page.within(row).all("[data-field]").map((cell) => [cell.attribs["data-field"], page.within(cell).text()])),
  );
  const field = (name: string) => (doc.all(`[data-field="${name}"]`).length ? doc.within(doc.all(`[data-field="${name}"]`)[0]).text() : "");
  return {
    lines,
    total: paisaOf(field("total")),
    placeOfSupply: field("place-of-supply"),
    gstin: field("gstin"),
    reverseCharge: field("reverse-charge"),
    invoiceNumber: field("invoice-number"),
    text: doc.text(),
  };
}

describe("tax invoices and credit notes", () => {
  const mode = { name: "JS on" };
  const js = true;

  it(`invoices orders to Churu, Jaipur and Delhi with every rule-46 field, summed to the paisa (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    for (const [city, pincode, intra, state] of [
      ["Churu", "331001", true, "Rajasthan (code 08)"],
      ["Jaipur", "302001", true, "Rajasthan (code 08)"],
      ["Delhi", "110001", false, "Delhi (code 07)"],
    ] as const) {
      const placed = await shippedOrder(city, pincode);
      const summary = (await server.shop.orders.getOrder(placed.orderId))!;
      const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
      const number = docs.invoices[0].number;
      expect(number).toMatch(/^CUH\/\d{4}\/\d{6}$/);
      await open(page, `/admin/orders/${placed.orderId}/print?doc=invoice`, js);
      const printed = await readDocument(page, number);
      // Taxable goods with nil-rated notebooks: an invoice-cum-bill of supply (rule 46A, decision 207).
      expect(printed.text).toContain("Invoice-cum-bill of supply");
      expect(printed.text).toContain("Churu Uniform House Pvt Ltd");
      expect(printed.text).toContain("Station Road, Churu, Rajasthan 331001");
      expect(printed.gstin).toBe(GSTIN);
      expect(printed.text).toContain(placed.name);
      expect(printed.text).toContain(pincode);
      expect(printed.placeOfSupply).toBe(state);
      expect(printed.reverseCharge).toBe("Whether tax is payable on reverse charge: No");
      expect(printed.text).toContain("Signature of the supplier or authorised representative");
      // Shirts, the geometry box, the notebooks (and delivery where charged): HSN, quantity and unit, rate.
      expect(printed.lines.slice(0, 3).map((l) => l.hsn)).toEqual(["6205", "9017", "4820"]);
      // Inside Rajasthan the rate is shown as CGST + SGST, each at half.
      const rate = (r: number) => (intra ? `${r / 2}% + ${r / 2}%` : `${r}%`);
      expect(printed.lines.slice(0, 3).map((l) => l.rate)).toEqual([rate(5), rate(5), rate(0)]);
      // Delivery is shared over the goods' rates by value (decision 203): a 5% line and a nil line, under its own code.
      if (summary.delivery > 0) expect(printed.lines.slice(3).map((l) => [l.hsn, l.rate])).toEqual([["9968", rate(5)], ["9968", rate(0)]]);
      expect(printed.lines[0].quantity).toBe("2 pcs");
      let sum = 0;
      for (const line of printed.lines) {
        const tax = intra ? paisaOf(line.cgst) + paisaOf(line.sgst) : paisaOf(line.igst);
        expect(intra ? line.igst : line.cgst).toBeUndefined();
        expect(paisaOf(line.taxable) + tax).toBe(paisaOf(line.value));
        sum += paisaOf(line.value);
      }
      expect(sum).toBe(summary.total * 100);
      expect(printed.total).toBe(summary.total * 100);
    }
    // The same invoice in Hindi.
    await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
    await open(page, `/admin/orders/${invoiced.at(-1)}/print?doc=invoice&paper=receipt`, js);
    const hindi = await page.locator("article.print-tax").first().textContent();
    expect(hindi).toContain("इनवॉइस-सह-बिल ऑफ़ सप्लाई");
    expect(hindi).toContain("क्या टैक्स रिवर्स चार्ज पर देय है: नहीं");
    await context.close();
  });

  it(`a return refunded after the invoice gets a credit note naming it; the trail shows both (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const placed = await shippedOrder("Churu", "331001");
    await server.shop.orders.changeStatus(placed.orderId, "delivered", adminActor());
    await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: adminActor(), at }));
    await server.shop.orders.pay(placed.orderId, (at) => ({ type: "RefundPayment", paise: 100_00, method: "cash", note: "one shirt back", actor: adminActor(), at }));
    const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
    expect(docs.creditNotes).toHaveLength(1);
    const note = docs.creditNotes[0];
    expect(note.number).toMatch(/^CUH\/C\d{4}\/\d{6}$/);
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    await open(page, `/admin/orders/${placed.orderId}/print?doc=invoice`, js);
    const printed = await readDocument(page, note.number);
    expect(printed.invoiceNumber).toBe(docs.invoices[0].number);
    expect(printed.total).toBe(10_000);
    let sum = 0;
    for (const line of printed.lines) {
      expect(paisaOf(line.taxable) + paisaOf(line.cgst) + paisaOf(line.sgst)).toBe(paisaOf(line.value));
      sum += paisaOf(line.value);
    }
    expect(sum).toBe(10_000);
    await open(page, `/admin/orders/${placed.orderId}`, js);
    const trail = (await page.locator(".trail-table").textContent()) ?? "";
    expect(trail).toContain(`Invoice-cum-bill of supply issued`);
    expect(trail).toContain(docs.invoices[0].number);
    expect(trail).toContain("Credit note issued");
    expect(trail).toContain(note.number);
    await context.close();
  });

  it(`a parent opens the invoice and the credit note from the tracking page; others get a 404 (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const placed = await shippedOrder("Delhi", "110001");
    await server.shop.orders.changeStatus(placed.orderId, "cancelled", adminActor());
    const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
    expect(docs.creditNotes.map((n) => n.reason)).toEqual(["cancellation"]);
    expect(docs.creditNotes[0].totals).toEqual(docs.invoices[0].totals);
    const stranger = await fetch(`${server.url}/orders/invoice?orderId=${placed.orderId}`);
    expect(stranger.status).toBe(404);
    const parent = await newShopperPage(browser, server.url, js);
    await trackInBrowser(parent.page, placed.displayId, placed.phone, js);
    const links = parent.page.getByTestId(`tax-documents-${placed.orderId}`);
    expect(await links.textContent()).toBe(`Invoice ${docs.invoices[0].number} · Credit note ${docs.creditNotes[0].number}`);
    await links.getByRole("link").first().click();
    const printed = await readDocument(parent.page, docs.invoices[0].number);
    expect(printed.placeOfSupply).toBe("Delhi (code 07)");
    expect(printed.text).toContain(placed.name);
    const note = await readDocument(parent.page, docs.creditNotes[0].number);
    expect(note.invoiceNumber).toBe(docs.invoices[0].number);
    expect(note.total).toBe(printed.total);
    await parent.context.close();
  });

  it(`the month's GST summary equals the sum of the documents (${mode.name})`, async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    let invoices = 0;
    let credits = 0;
    let numbers = 0;
    for (const id of invoiced) {
      const docs = (await server.shop.orders.taxDocuments(id))!;
      invoices += docs.invoices[0].totals.value;
      credits += docs.creditNotes.reduce((s, n) => s + n.totals.value, 0);
      numbers += 1;
    }
    const month = indianDay(new Date()).slice(0, 7);
    const { context, page } = await newAdminPage(browser, server.url, admin, js);
    await open(page, `/admin/gst?month=${month}`, js);
    const total = async (table: string) => paisaOf((await page.locator(`table[data-table="${table}"] tfoot [data-field="value"]`).textContent()) ?? "");
    expect(await total("invoices")).toBe(invoices);
    expect(await total("credit-notes")).toBe(credits);
    expect(await total("net")).toBe(invoices - credits);
    const issued = await page.locator('table[data-table="documents"] tr[data-row] [data-field="count"]').allTextContents();
    expect(Number(issued[0])).toBe(numbers);
    expect(formatPaisa(invoices - credits)).toBe(await page.locator('table[data-table="net"] tfoot [data-field="value"]').textContent());
    // The settings section says which rates are settings and where they come from.
    expect(await page.locator('table[data-table="rates"] tr[data-row="bag"] [data-field="setting"]').textContent()).toBe("Setting, default (check it)");
    expect(await page.locator('table[data-table="rates"] tr[data-row="notebook"] [data-field="setting"]').textContent()).toBe("Fixed by the notification");
    // The same figures as a CSV.
    const csv = await (await fetch(`${server.url}/admin/gst.csv?month=${month}`, { headers: { Cookie: admin.cookie } })).text();
    expect(csv).toContain(`Total,,`);
    expect(csv.split("\r\n").filter((line) => line.startsWith("Total,")).map((line) => line.split(",").at(-1))).toEqual(
      [invoices, credits, invoices - credits].map((paisa) => (paisa / 100).toFixed(2)),
    );
    await context.close();
  });

  it("invoices orders to Churu, Jaipur and Delhi with every rule-46 field, summed to the paisa (JS off, over HTTP)", async () => {
    const browser = await adminHtmlBrowser(server.url, admin);
    for (const [city, pincode, intra, state] of [
      ["Churu", "331001", true, "Rajasthan (code 08)"],
      ["Jaipur", "302001", true, "Rajasthan (code 08)"],
      ["Delhi", "110001", false, "Delhi (code 07)"],
    ] as const) {
      const placed = await shippedOrder(city, pincode);
      const summary = (await server.shop.orders.getOrder(placed.orderId))!;
      const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
      const number = docs.invoices[0].number;
      expect(number).toMatch(/^CUH\/\d{4}\/\d{6}$/);
      const printed = readDocumentOver(await browser.open(`/admin/orders/${placed.orderId}/print?doc=invoice`), number);
      // Taxable goods with nil-rated notebooks: an invoice-cum-bill of supply (rule 46A, decision 207).
      expect(printed.text).toContain("Invoice-cum-bill of supply");
      expect(printed.text).toContain("Churu Uniform House Pvt Ltd");
      expect(printed.text).toContain("Station Road, Churu, Rajasthan 331001");
      expect(printed.gstin).toBe(GSTIN);
      expect(printed.text).toContain(placed.name);
      expect(printed.text).toContain(pincode);
      expect(printed.placeOfSupply).toBe(state);
      expect(printed.reverseCharge).toBe("Whether tax is payable on reverse charge: No");
      expect(printed.text).toContain("Signature of the supplier or authorised representative");
      expect(printed.lines.slice(0, 3).map((l) => l.hsn)).toEqual(["6205", "9017", "4820"]);
      const rate = (r: number) => (intra ? `${r / 2}% + ${r / 2}%` : `${r}%`);
      expect(printed.lines.slice(0, 3).map((l) => l.rate)).toEqual([rate(5), rate(5), rate(0)]);
      if (summary.delivery > 0) expect(printed.lines.slice(3).map((l) => [l.hsn, l.rate])).toEqual([["9968", rate(5)], ["9968", rate(0)]]);
      expect(printed.lines[0].quantity).toBe("2 pcs");
      let sum = 0;
      for (const line of printed.lines) {
        const tax = intra ? paisaOf(line.cgst) + paisaOf(line.sgst) : paisaOf(line.igst);
        expect(intra ? line.igst : line.cgst).toBeUndefined();
        expect(paisaOf(line.taxable) + tax).toBe(paisaOf(line.value));
        sum += paisaOf(line.value);
      }
      expect(sum).toBe(summary.total * 100);
      expect(printed.total).toBe(summary.total * 100);
    }
    // The same invoice in Hindi.
    await browser.setCookie("shop_lng=hi; Path=/");
    const hindi = (await browser.open(`/admin/orders/${invoiced.at(-1)}/print?doc=invoice&paper=receipt`)).text("article.print-tax");
    expect(hindi).toContain("इनवॉइस-सह-बिल ऑफ़ सप्लाई");
    expect(hindi).toContain("क्या टैक्स रिवर्स चार्ज पर देय है: नहीं");
  });

  it("a return refunded after the invoice gets a credit note naming it; the trail shows both (JS off, over HTTP)", async () => {
    const placed = await shippedOrder("Churu", "331001");
    await server.shop.orders.changeStatus(placed.orderId, "delivered", adminActor());
    await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: adminActor(), at }));
    await server.shop.orders.pay(placed.orderId, (at) => ({ type: "RefundPayment", paise: 100_00, method: "cash", note: "one shirt back", actor: adminActor(), at }));
    const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
    expect(docs.creditNotes).toHaveLength(1);
    const note = docs.creditNotes[0];
    expect(note.number).toMatch(/^CUH\/C\d{4}\/\d{6}$/);
    const browser = await adminHtmlBrowser(server.url, admin);
    const printed = readDocumentOver(await browser.open(`/admin/orders/${placed.orderId}/print?doc=invoice`), note.number);
    expect(printed.invoiceNumber).toBe(docs.invoices[0].number);
    expect(printed.total).toBe(10_000);
    let sum = 0;
    for (const line of printed.lines) {
      expect(paisaOf(line.taxable) + paisaOf(line.cgst) + paisaOf(line.sgst)).toBe(paisaOf(line.value));
      sum += paisaOf(line.value);
    }
    expect(sum).toBe(10_000);
    const trail = (await browser.open(`/admin/orders/${placed.orderId}`)).text(".trail-table");
    expect(trail).toContain(`Invoice-cum-bill of supply issued`);
    expect(trail).toContain(docs.invoices[0].number);
    expect(trail).toContain("Credit note issued");
    expect(trail).toContain(note.number);
  });

  it("a parent opens the invoice and the credit note from the tracking page; others get a 404 (JS off, over HTTP)", async () => {
    const placed = await shippedOrder("Delhi", "110001");
    await server.shop.orders.changeStatus(placed.orderId, "cancelled", adminActor());
    const docs = (await server.shop.orders.taxDocuments(placed.orderId))!;
    expect(docs.creditNotes.map((n) => n.reason)).toEqual(["cancellation"]);
    expect(docs.creditNotes[0].totals).toEqual(docs.invoices[0].totals);
    const stranger = await htmlBrowser(server.url).open(`/orders/invoice?orderId=${placed.orderId}`);
    expect(stranger.status).toBe(404);
    // As a text's link opens the tracking page: the number filled in, the mobile number typed.
    const parent = htmlBrowser(server.url);
    const tracked = await (await parent.open(`/orders/track?orderId=${placed.displayId}`)).fill("Mobile number", placed.phone).press("Track Order");
    expect(tracked.count("[data-testid=tracked-status]")).toBe(1);
    const links = tracked.within(`[data-testid="tax-documents-${placed.orderId}"]`);
    expect(links.text()).toBe(`Invoice ${docs.invoices[0].number} · Credit note ${docs.creditNotes[0].number}`);
    const page = await links.follow(docs.invoices[0].number);
    const printed = readDocumentOver(page, docs.invoices[0].number);
    expect(printed.placeOfSupply).toBe("Delhi (code 07)");
    expect(printed.text).toContain(placed.name);
    const note = readDocumentOver(page, docs.creditNotes[0].number);
    expect(note.invoiceNumber).toBe(docs.invoices[0].number);
    expect(note.total).toBe(printed.total);
  });

  it("the month's GST summary equals the sum of the documents (JS off, over HTTP)", async () => {
    let invoices = 0;
    let credits = 0;
    let numbers = 0;
    for (const id of invoiced) {
      const docs = (await server.shop.orders.taxDocuments(id))!;
      invoices += docs.invoices[0].totals.value;
      credits += docs.creditNotes.reduce((s, n) => s + n.totals.value, 0);
      numbers += 1;
    }
    const month = indianDay(new Date()).slice(0, 7);
    const page = await (await adminHtmlBrowser(server.url, admin)).open(`/admin/gst?month=${month}`);
    const total = (table: string) => paisaOf(page.text(`table[data-table="${table}"] tfoot [data-field="value"]`));
    expect(total("invoices")).toBe(invoices);
    expect(total("credit-notes")).toBe(credits);
    expect(total("net")).toBe(invoices - credits);
    const issued = page.texts('table[data-table="documents"] tr[data-row] [data-field="count"]');
    expect(Number(issued[0])).toBe(numbers);
    expect(formatPaisa(invoices - credits)).toBe(page.text('table[data-table="net"] tfoot [data-field="value"]'));
    expect(page.text('table[data-table="rates"] tr[data-row="bag"] [data-field="setting"]')).toBe("Setting, default (check it)");
    expect(page.text('table[data-table="rates"] tr[data-row="notebook"] [data-field="setting"]')).toBe("Fixed by the notification");
  });
});
