// Returns at the counter (decision 214) without JavaScript, in English and Hindi, through the page's real forms over
// HTTP: the staff finds a walk-in sale by its bill's number from the counter page, chooses what comes back, sees the
// refund before giving it, gives it in cash and prints the bill with its credit note; the shelf has the piece back.
// A UPI refund without its reference is refused on the page with nothing returned. The bill's code, printed at its
// foot, is read by an independent reader (ZXing) as a scanner would read it, and typed into the find field.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import { findCatalogueProduct } from "../../../domain/catalogue";
import type { Language } from "../../../domain/i18n";
import { formatRupees } from "../../../domain/money";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  // The reader's WebAssembly from the package itself: nothing is fetched.
  const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  server = await startTestServer({ env: { SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } });
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const owner = { kind: "admin" as const, id: "owner", name: "Asha" };

const CASES: { lang: Language; item: string }[] = [
  { lang: "en", item: "school/dps/belt" },
  { lang: "hi", item: "school/dps/tie-small" },
];

describe.each(CASES)("a refund at the counter without JavaScript ($lang)", ({ lang, item }) => {
  const m = RESOURCES[lang];
  const r = m.counter.returns;

  it("finds the bill by its number, shows the refund, refuses UPI without a reference, gives it in cash with its credit note", async () => {
    await server.shop.schoolStock.setRule(item, "stop", null, owner);
    const sku = (await server.shop.schoolStock.skuOf(item, "Free Size"))!;
    await server.shop.schoolStock.count(sku, 3, owner, "Counted the shelf");
    const items = [{ productId: item, size: "Free Size", quantity: 2 }];
    const { total } = await server.shop.orders.counterBill(items);
    const sold = await server.shop.orders.sellAtCounter({ saleId: randomUUID(), counter: "1", items, shownTotal: total, payment: { mode: "cash", cashGiven: total }, language: lang, staff: { id: "s1", name: "Meena" } });
    await server.shop.waitForReadModels(sold.position);
    expect((await server.shop.stock.level(sku))?.available).toBe(1);

    const staff = await adminHtmlBrowser(server.url, admin);
    await staff.setCookie(`shop_lng=${lang}; Path=/`);
    const counter = await staff.open("/admin/counter?counter=1");
    let page = await counter.follow(r.fromCounter);
    expect(page.headings()).toContain(fill(r.title, { counter: "1" }));
    // The parent brings the printed bill: its code at the foot, read as a scanner reads it, types the bill's number
    // and Enter into the focused field.
    const bill = await staff.open(`/admin/orders/${sold.orderId}/print?doc=invoice&paper=receipt`);
    const src = bill.attr('[data-field="bill-code"] img', "src")!;
    expect(bill.attr('[data-field="bill-code"] img', "alt")).toBe(fill(m.print.order.billCode, { number: sold.displayId }));
    const bars = await staff.open(src);
    expect(bars.contentType).toBe("image/png");
    const [scanned] = await readBarcodes(new Blob([new Uint8Array(bars.bytes)]), { formats: ["Code128"] });
    expect(scanned?.text).toBe(sold.displayId);
    page = await page.within({ form: r.find.submit }).fill(r.find.label, scanned!.text).press(r.find.submit);
    expect(page.status).toBe(200);
    expect(page.headings()).toContain(fill(r.order.title, { number: sold.displayId }));
    const line = page.texts("tbody th")[0];
    // Items are named as the catalogue names them in the page's language, as on the bill.
    const product = findCatalogueProduct(item)!;
    expect(line).toBe(lang === "hi" ? product.nameHi : product.name);
    page = await page.within({ form: r.check }).fill(`${r.lines.back}: ${line} (Free Size)`, "1").choose(r.outcome.refund).press(r.check);
    const due = Math.round(total / 2);
    expect(page.text(".counter-total")).toBe(fill(r.confirm.refund, { items: `${line} (Free Size) x 1`, amount: formatRupees(due) }));

    const confirm = () => page.within({ form: r.confirm.title });
    const refused = await confirm().choose(r.confirm.upi).press(fill(r.confirm.doRefund, { amount: formatRupees(due) }));
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(m.refusals.counterReturns.upiReference);
    expect((await server.shop.stock.level(sku))?.available).toBe(1);

    const done = await confirm().choose(r.confirm.cash).press(fill(r.confirm.doRefund, { amount: formatRupees(due) }));
    expect(done.status).toBe(200);
    expect(done.text()).toContain(fill(r.done.refund, { amount: formatRupees(due), number: sold.displayId }));
    expect((await server.shop.stock.level(sku))?.available).toBe(2);
    const printed = await done.follow(r.done.receipt);
    expect(printed.status).toBe(200);
    // The bill and its credit note, each with its number in the shop's series.
    expect(printed.text().match(/[A-Z0-9-]{1,5}\/\d{4}\/\d{6}/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });
});

describe("an exchange at the counter without JavaScript", () => {
  it("a mobile number lists the parent's orders; the shirt goes back for the next size in one press", async () => {
    const r = RESOURCES.en.counter.returns;
    await server.shop.schoolStock.setRule("school/dps/shirt", "stop", null, owner);
    const from = (await server.shop.schoolStock.skuOf("school/dps/shirt", "34"))!;
    const to = (await server.shop.schoolStock.skuOf("school/dps/shirt", "36"))!;
    await server.shop.schoolStock.count(from, 1, owner, "Counted the shelf");
    await server.shop.schoolStock.count(to, 1, owner, "Counted the shelf");
    const items = [{ productId: "school/dps/shirt", size: "34", quantity: 1 }];
    const { total } = await server.shop.orders.counterBill(items);
    const sold = await server.shop.orders.sellAtCounter({ saleId: randomUUID(), counter: "1", items, shownTotal: total, payment: { mode: "cash", cashGiven: total }, mobile: "9829033333", language: "en", staff: { id: "s1", name: "Meena" } });
    await server.shop.waitForReadModels(sold.position);

    const staff = await adminHtmlBrowser(server.url, admin);
    let page = await staff.open("/admin/counter/returns?counter=1");
    page = await page.within({ form: r.find.submit }).fill(r.find.label, "98290 33333").press(r.find.submit);
    expect(page.headings()).toContain(fill(r.order.title, { number: sold.displayId }));
    page = await page.within({ form: r.check }).choose(r.outcome.exchange).fill(r.size, "36").press(r.check);
    const done = await page.within({ form: r.confirm.title }).press(fill(r.confirm.doExchange, { size: "36" }));
    expect(done.status).toBe(200);
    expect(done.text()).toContain(fill(r.done.exchange, { number: sold.displayId }));
    expect([(await server.shop.stock.level(from))?.available, (await server.shop.stock.level(to))?.available]).toEqual([1, 0]);
  });
});
