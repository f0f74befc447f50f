// The shop's own school uniforms on the shelf (decision 180) with JavaScript off, in English and Hindi, through
// the pages' real forms (tests/support/html-browser): the owner starts counting an item on the school's stock page,
// counts a size on its SKU page, and the parent's item page says "only 2 left", marks the sizes that are out and
// will not add one; a page kept from before a size ran out cannot sell it either.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { formatPaisa } from "../../../domain/tax/lines";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Each language on an item of its own, so the two runs never share a shelf. */
const CASES: { lang: Language; item: string; name: string; path: string }[] = [
  { lang: "en", item: "school/dps/shirt", name: "Shirt", path: "/schools/dps/shirt" },
  { lang: "hi", item: "school/dps/pant", name: "पैंट", path: "/schools/dps/pant" },
];

describe.each(CASES)("school stock without JavaScript ($lang)", ({ lang, item, name, path }) => {
  const m = RESOURCES[lang];
  const s = m.stock.school;

  it("the owner counts an item and a size; the parent sees what is left, what is out, and cannot add an out size", async () => {
    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    let page = await owner.open("/admin/school-stock?school=dps");
    expect(page.status).toBe(200);
    expect(page.within({ region: name }).has(s.ruleNow.none)).toBe(true);

    // A lead time out of range is refused by the form, in the page's language, and nothing changes.
    const refused = await page.within({ form: fill(s.ruleFor, { item: name }) }).select(s.whenOut, s.rule.make).fill(s.leadDays, "0").press(s.start);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(m.refusals.schoolStockForm.leadDays);
    expect((await server.shop.schoolStock.item(item)).rule).toBeUndefined();

    page = await page.within({ form: fill(s.ruleFor, { item: name }) }).select(s.whenOut, s.rule.stop).press(s.start);
    expect(page.alerts().concat(page.texts("[role=status]"))).toContain(s.saved.saved);
    expect(page.within({ region: name }).has(s.ruleNow.stop)).toBe(true);

    // Size 30 counted: two on the shelf. Size 32 one, which the parent's kept page will have seen.
    for (const [size, units] of [["30", "2"], ["32", "1"]] as const) {
      const sku = await page.follow(fill(s.countSize, { item: name, size }));
      expect(sku.status).toBe(200);
      page = await sku.within({ form: m.stock.count.title }).fill(m.stock.count.to, units).fill(m.stock.reason, "Counted before the season").press(m.stock.count.submit);
      expect(page.texts("[role=status]")).toContain(m.stock.saved.count);
      page = await page.follow(s.back);
    }
    const row = page.within(`[data-sku="${await server.shop.schoolStock.skuOf(item, "30")}"]`);
    expect(row.texts("td").slice(0, 3)).toEqual(["2", "0", "2"]);

    const parent = htmlBrowser(server.url);
    await parent.setCookie(`shop_lng=${lang}; Path=/`);
    const few = await parent.open(`${path}?size=30`);
    expect(few.text()).toContain(fill(m.schools.item.onlyLeft, { count: 2, size: "30" }));
    // Every size not counted into stock is out, marked, and its radio cannot be chosen.
    expect(few.text()).toContain(`28 (${m.schools.item.outMark})`);
    expect(() => few.choose(/^28/)).toThrow(/disabled/);

    const kept = await parent.open(`${path}?size=32`);
    expect(kept.buttons()).toContain(m.schools.item.addToCart);
    // The last 32 leaves the shelf (the owner counts none) while the parent's page still offers it.
    const sku32 = await owner.open(`/admin/products/${await server.shop.schoolStock.skuOf(item, "32")}/stock`);
    await sku32.within({ form: m.stock.count.title }).fill(m.stock.count.to, "0").fill(m.stock.reason, "Sold at the counter").press(m.stock.count.submit);
    const added = await kept.press(m.schools.item.addToCart);
    const outWords = new RegExp(escape(fill(m.refusals.stock.outOfStock, { item: "\u0000" })).replace("\u0000", ".+"));
    expect(added.alerts().join("\n")).toMatch(outWords);
    const cart = await parent.open("/cart");
    expect(cart.text()).not.toContain("(32)");

    const out = await parent.open(`${path}?size=32`);
    expect(out.buttons()).toContain(fill(m.schools.item.sizeOut, { size: "32" }));
    await expect(out.press(fill(m.schools.item.sizeOut, { size: "32" }))).rejects.toThrow(/disabled/);
  });
});

describe("the gross margin of a school's uniforms (decision 184)", () => {
  it("is what parents paid after the offer less the pieces at the tailor's cost, size by size, for the item and the school", async () => {
    const shop = server.shop;
    const owner = { kind: "admin" as const, id: "admin-margin", name: "Asha" };
    const item = "school/dps/tunik";
    await shop.schoolStock.setRule(item, "stop", null, owner);
    const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const { batch } = await shop.tailorBatches.order({ item, tailor: "Ramesh Tailors", cost: 150, due, pieces: { "28": 10 } }, owner, randomUUID());
    await shop.tailorBatches.receive("dps", batch!, { "28": 10 }, owner, randomUUID());
    // Two tunics at the counter, with the shop's offer taken off the bill.
    const bill = await shop.orders.counterBill([{ productId: item, size: "28", quantity: 2 }]);
    const sale = await shop.orders.sellAtCounter({
      saleId: randomUUID(),
      counter: "1",
      items: [{ productId: item, size: "28", quantity: 2 }],
      shownTotal: bill.total,
      payment: { mode: "cash", cashGiven: bill.total },
      language: "en",
      staff: { id: "staff-1", name: "Meena" },
    });
    expect(await shop.waitForReadModels(sale.position, 20_000)).toBe(true);

    const m = RESOURCES.en;
    const browser = await adminHtmlBrowser(server.url, admin);
    const page = await browser.open("/admin/school-stock?school=dps");
    expect(page.status).toBe(200);
    const paid = bill.total * 100;
    const margin = paid - 2 * 150 * 100;
    const row = page.within(`[data-sku="${await shop.schoolStock.skuOf(item, "28")}"]`).texts("td");
    expect(row.slice(-3, -1)).toEqual([formatPaisa(paid), formatPaisa(margin)]);
    const percent = Math.round((margin * 100) / paid);
    const words = fill(m.stock.plan.itemMargin, { margin: formatPaisa(margin), sales: formatPaisa(paid), percent });
    expect(page.texts(`[data-margin="${item}"]`)).toEqual([words]);
    // The school's line adds up every item with a cost: here the tunics alone.
    expect(page.texts('[data-margin="school"]')).toEqual([fill(m.stock.plan.schoolMargin, { margin: formatPaisa(margin), sales: formatPaisa(paid), percent })]);
  });
});
