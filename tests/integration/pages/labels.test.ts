// Labels that scan (decision 182) with JavaScript off, in English and Hindi: the labels of a work order name
// the school, the item, the size and the MRP inclusive of all taxes, and their bars, decoded by an independent
// reader (ZXing, zxing-wasm), read back to the item and the size; a shelf counted by scanning and by typing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { readLabelCode } from "../../../domain/stock/labels";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  // The reader's WebAssembly from the package itself: nothing is fetched.
  const wasm = readFileSync(createRequire(import.meta.url).resolve("zxing-wasm/reader/zxing_reader.wasm"));
  await prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer }, fireImmediately: true });
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

const CASES: { lang: Language; school: string; schoolName: string; item: string; name: string }[] = [
  { lang: "en", school: "dps", schoolName: "DPS", item: "school/dps/shirt", name: "Shirt" },
  { lang: "hi", school: "st-xaviers", schoolName: "सेंट ज़ेवियर्स", item: "school/st-xaviers/shirt", name: "शर्ट" },
];

describe.each(CASES)("labels and a count by scanning without JavaScript ($lang)", ({ lang, school, schoolName, item, name }) => {
  const m = RESOURCES[lang];
  const l = m.stock.labels;
  const s = m.stock.scan;

  it("a work order's labels say what the piece is and its bars read back to its item and size; scanning counts the shelf", async () => {
    await server.shop.schoolStock.setRule(item, "stop", null, owner);
    await server.shop.tailorBatches.order({ item, tailor: "Ramesh Tailors", cost: 95, due: later, pieces: { "30": 3, "32": 2 } }, owner, randomUUID());
    const browser = await adminHtmlBrowser(server.url, admin);
    await browser.setCookie(`shop_lng=${lang}; Path=/`);
    const batchPage = await browser.open(`/admin/tailor-batches/${school}/1`);
    const sheet = await batchPage.follow(l.batchA4);
    expect(sheet.status).toBe(200);
    expect(sheet.headings()).toContain(fill(l.title.a4, { count: 5 }));
    expect(sheet.count(".label")).toBe(5);
    const price = m.stock.labels.mrp.replace("{{price}}", "₹310");
    const first = sheet.within(".label");
    expect(first.texts("p")).toEqual([schoolName, fill(l.what, { item: name, size: "30" }), price]);

    // The bars of each size, as the page prints them, decoded by ZXing.
    const decoded = new Map<string, string>();
    for (const size of ["30", "32"]) {
      const code = sheet.all(".label").map((el) => el.attribs["data-code"])[size === "30" ? 0 : 3];
      const src = sheet.attr(`.label[data-code="${code}"] img`, "src")!;
      const bars = await browser.open(src);
      expect(bars.contentType).toBe("image/png");
      const [found] = await readBarcodes(new Blob([new Uint8Array(bars.bytes)]), { formats: ["EAN13"] });
      expect(found?.text).toBe(code);
      const read = readLabelCode(found!.text);
      expect(read.ok && (await server.shop.schoolStock.named(read.sku))).toMatchObject({ item, size });
      decoded.set(size, found!.text);
    }

    const roll = await sheet.follow(l.other.a4);
    expect(roll.headings()).toContain(fill(l.title.thermal, { count: 5 }));

    // Two pieces of size 30 scanned, a mistyped code refused, one of 32 typed without its check digit.
    let page = await browser.open("/admin/scan-count");
    const form = { form: s.title };
    expect(page.within(form).buttons()[0]).toBe(s.add);
    page = await page.within(form).fill(s.code, decoded.get("30")!).press(s.add);
    page = await page.within(form).fill(s.code, decoded.get("30")!).press(s.add);
    expect(page.texts("[role=status]")).toContain(fill(s.added, { item: name, size: "30", count: 2 }));
    const wrong = `${decoded.get("32")!.slice(0, 12)}${(Number(decoded.get("32")!.at(-1)) + 1) % 10}`;
    page = await page.within(form).fill(s.code, wrong).press(s.add);
    expect(page.status).toBe(422);
    expect(page.alerts()).toContain(fill(m.refusals.labels.checkDigit, { code: wrong }));
    page = await page.within(form).fill(s.code, decoded.get("32")!.slice(0, 12)).press(s.add);
    const sku30 = (await server.shop.schoolStock.skuOf(item, "30"))!;
    expect(page.within(`[data-sku="${sku30}"]`).texts("td")).toEqual([schoolName, "30", "2"]);
    page = await page.within(form).press(s.save);
    expect(page.texts("[role=status]")).toContain(fill(s.saved, { count: 2 }));
    expect((await server.shop.stock.level(sku30))?.available).toBe(2);
    expect((await server.shop.stock.level((await server.shop.schoolStock.skuOf(item, "32"))!))?.available).toBe(1);
  });
});
