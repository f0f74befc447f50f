// Batches from the tailor (decision 181) with JavaScript off, in English and Hindi, through the pages' real
// forms (tests/support/html-browser): the owner writes a work order for an item, prints it for the tailor in
// either language, receives it in three parts, corrects a wrong part, and the school stock page's shelf follows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
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
const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };

/** Each language on a school of its own, so each has work order #1. */
const CASES: { lang: Language; school: string; schoolName: string; schoolHi: string; item: string; name: string; nameEn: string; nameHi: string }[] = [
  { lang: "en", school: "dps", schoolName: "DPS", schoolHi: "DPS", item: "school/dps/shirt", name: "Shirt", nameEn: "Shirt", nameHi: "शर्ट" },
  { lang: "hi", school: "st-xaviers", schoolName: "सेंट ज़ेवियर्स", schoolHi: "सेंट ज़ेवियर्स", item: "school/st-xaviers/pant", name: "पैंट", nameEn: "Pant", nameHi: "पैंट" },
];

describe.each(CASES)("work orders to the tailor without JavaScript ($lang)", ({ lang, school, schoolName, schoolHi, item, name, nameEn, nameHi }) => {
  const m = RESOURCES[lang];
  const b = m.stock.batches;

  it("a work order written, printed in English and Hindi, received in three parts and one part corrected", async () => {
    await server.shop.schoolStock.setRule(item, "stop", null, owner);
    const browser = await adminHtmlBrowser(server.url, admin);
    await browser.setCookie(`shop_lng=${lang}; Path=/`);
    let page = await browser.open(`/admin/tailor-batches?school=${school}`);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(b.none);

    page = await page.within({ region: b.new.title }).select(b.new.chooseItem, name).press(b.new.pick);
    const form = { form: fill(b.new.formLabel, { item: name }) };
    // A cost of nothing is refused by the form in the page's language; nothing is written.
    const refused = await page.within(form).fill(b.tailor, "Ramesh Tailors").fill(b.cost, "0").fill(fill(b.new.piecesOf, { size: "30" }), "12").press(b.new.submit);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(m.refusals.tailorBatchForm.cost);
    expect(await server.shop.tailorBatches.school(school)).toEqual([]);

    page = await refused
      .within(form)
      .fill(b.cost, "95")
      .fill(fill(b.new.piecesOf, { size: "30" }), "12")
      .fill(fill(b.new.piecesOf, { size: "32" }), "6")
      .press(b.new.submit);
    expect(page.texts("[role=status]")).toContain(fill(b.saved.ordered, { batch: 1 }));
    expect(page.headings()).toContain(fill(b.page.title, { school: schoolName, batch: 1, item: name }));
    expect(page.within('[data-size="30"]').texts("td")).toEqual(["12", "0", "12"]);

    // The paper for the tailor, in each language, names the school and the item in it.
    const english = await browser.open(`/admin/tailor-batches/${school}/1/paper?lang=en`);
    expect(english.status).toBe(200);
    expect(english.text()).toContain(`${RESOURCES.en.stock.batches.paper.title}: ${CASES[0].school === school ? "DPS" : "St. Xavier's"} · ${nameEn}`);
    const hindi = await browser.open(`/admin/tailor-batches/${school}/1/paper?lang=hi&download=1`);
    expect(hindi.headers.get("content-disposition")).toBe(`attachment; filename="work-order-${school}-1-hi.html"`);
    expect(hindi.text()).toContain(`${RESOURCES.hi.stock.batches.paper.title}: ${schoolHi} · ${nameHi}`);
    expect(hindi.text()).toContain("Ramesh Tailors");

    // Three parts as the pieces come.
    const parts: [string, string][] = [["5", ""], ["4", "6"], ["3", ""]];
    for (const [i, [p30, p32]] of parts.entries()) {
      page = await page
        .within({ form: b.page.receive })
        .fill(fill(b.page.cameOf, { size: "30" }), p30)
        .fill(fill(b.page.cameOf, { size: "32" }), p32)
        .press(b.page.receiveSubmit);
      expect(page.texts("[role=status]")).toContain(fill(b.saved.received, { receipt: i + 1 }));
    }
    expect(page.within('[data-size="30"]').texts("td")).toEqual(["12", "12", "0"]);
    expect(page.text()).toContain(b.page.allIn);

    // Part 2 said 4 of size 30; 2 came. Corrected by a new part of the history; the shelf moves by 2.
    const correct = fill(b.page.correct, { receipt: 2 });
    page = await page.toggle(correct).within({ form: correct }).fill(fill(b.page.reallyOf, { size: "30", receipt: 2 }), "2").fill(b.page.reason, "Counted again").press(fill(b.page.correctSubmit, { receipt: 2 }));
    expect(page.texts("[role=status]")).toContain(fill(b.saved.corrected, { receipt: 2 }));
    expect(page.within('[data-size="30"]').texts("td")).toEqual(["12", "10", "2"]);
    expect(page.within('[data-receipt="2"]').texts("td").slice(1)).toEqual(["2", "6"]);

    // The pieces are on the shelf of each size, as the school stock page counts them.
    const shelf = await browser.open(`/admin/school-stock?school=${school}`);
    const sku30 = await server.shop.schoolStock.skuOf(item, "30");
    expect(shelf.within(`[data-sku="${sku30}"]`).texts("td").slice(0, 3)).toEqual(["10", "0", "10"]);
    // With the tailor 2; a piece cost ₹95; the shelf is worth ₹950 at cost; nothing sold yet, so nothing to make (decision 183).
    expect(shelf.within(`[data-sku="${sku30}"]`).texts("td").slice(3, 8)).toEqual(["2", "₹95", "₹950", "0", "0"]);

    // The list of the school's work orders: what is still with the tailor.
    const list = await browser.open(`/admin/tailor-batches?school=${school}`);
    expect(list.within('[data-batch="1"]').texts("td")).toEqual([name, "Ramesh Tailors", expect.any(String), "18", "16", "2"]);
  });
});
