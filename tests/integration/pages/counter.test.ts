// The counter (decision 210) without JavaScript, in English and Hindi, through the page's real forms over HTTP: the
// staff picks school, item and size, the sale survives a reload (it lives in the page's address), cash short is
// refused on the page with nothing sold, enough cash makes the sale with its change, the bill prints, and the
// size left the shelf.
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
  server = await startTestServer({ env: { SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } });
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const owner = { kind: "admin" as const, id: "owner", name: "Asha" };

/** Each language on an item of its own, so the two runs never share a shelf. */
const CASES: { lang: Language; item: string; size: string }[] = [
  { lang: "en", item: "school/dps/shirt", size: "30" },
  { lang: "hi", item: "school/dps/pant", size: "32" },
];

describe.each(CASES)("the counter without JavaScript ($lang)", ({ lang, item, size }) => {
  const m = RESOURCES[lang];
  const c = m.counter;

  it("picks an item, keeps the sale over a reload, refuses cash short, sells with change and prints the bill", async () => {
    await server.shop.schoolStock.setRule(item, "stop", null, owner);
    const sku = (await server.shop.schoolStock.skuOf(item, size))!;
    await server.shop.schoolStock.count(sku, 2, owner, "Counted the shelf");
    const product = findCatalogueProduct(item)!;
    const name = lang === "hi" ? product.nameHi : product.name;

    const staff = await adminHtmlBrowser(server.url, admin);
    await staff.setCookie(`shop_lng=${lang}; Path=/`);
    let page = await staff.open("/admin/counter?counter=2");
    expect(page.status).toBe(200);
    expect(page.headings()).toContain(fill(c.title, { counter: "2" }));
    page = await page.within({ form: c.add.school }).select(c.add.school, "DPS").press(c.add.showItems);
    page = await page.within({ form: c.add.item }).select(c.add.item, `${name} (${size})`).press(c.add.submit);
    expect(page.texts("tbody th")).toEqual([name]);

    // The sale lives in the page's address: a reload shows the same line and the same total.
    const total = (await server.shop.orders.counterBill([{ productId: item, size, quantity: 1 }])).total;
    page = await page.reload();
    expect(page.texts("tbody th")).toEqual([name]);
    expect(page.text(".counter-total")).toBe(formatRupees(total));

    const pay = () => page.within({ form: c.pay.title });
    const short = await pay().fill(c.pay.cashGiven, String(total - 10)).press(fill(c.pay.submit, { amount: formatRupees(total) }));
    expect(short.status).toBe(422);
    expect(short.text()).toContain(fill(m.refusals.counter.cashShort, { due: total, given: total - 10, short: 10 }));
    expect((await server.shop.stock.level(sku))?.available).toBe(2);

    const done = await pay().fill(c.pay.cashGiven, String(total + 50)).fill(c.pay.mobile, "98765 43210").press(fill(c.pay.submit, { amount: formatRupees(total) }));
    expect(done.status).toBe(200);
    expect(done.text()).toContain(fill(c.done.change, { amount: formatRupees(50) }));
    const receipt = await done.follow(c.done.receipt);
    expect(receipt.status).toBe(200);
    expect(receipt.text()).toMatch(/[A-Z0-9-]{1,4}\/\d{4}\/\d{6}/);
    // The invoice names its goods as the catalogue does in the page's language (decision 208).
    expect(receipt.text()).toContain(name);
    expect((await server.shop.stock.level(sku))?.available).toBe(1);

    // The next sale starts empty, with a new sale id.
    const next = await done.follow(c.done.next);
    expect(next.text()).toContain(c.lines.empty);
  });

  it("an item code that names no item is refused on the page, and the sale is unchanged", async () => {
    const staff = await adminHtmlBrowser(server.url, admin);
    await staff.setCookie(`shop_lng=${lang}; Path=/`);
    const page = await staff.open("/admin/counter");
    const after = await page.within({ form: c.add.code }).fill(c.add.code, "42").press(c.add.submit);
    expect(after.alerts()).toContain(fill(c.add.unknownCode, { code: "42" }));
    expect(after.text()).toContain(c.lines.empty);
  });
});
