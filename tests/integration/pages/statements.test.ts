// The owner's bank statements (decision 220) with JavaScript off, in English and Hindi, through the pages' real
// forms (tests/support/html-browser): a file that is no statement is refused in the page's language; a sample
// statement is read, the orders whose reported reference came in are paid, a proposal is ticked and confirmed in
// bulk; the same file again changes nothing, and the list links the statement.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { displayOrderId } from "../../../domain/orders/order";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { startTestServer, type TestServer } from "../../support/server";
import { placeUpiOrder } from "../../support/statements";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House" } });
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures", "statements");

const upiOrder = (shirts: number, reference?: string) => placeUpiOrder(server.shop, "statement-pages", shirts, reference);

/** Each language with references of its own (the first digit), so the two runs never claim the same one. */
const CASES: { lang: Language; first: string }[] = [
  { lang: "en", first: "6" },
  { lang: "hi", first: "7" },
];

describe.each(CASES)("bank statements without JavaScript ($lang)", ({ lang, first }) => {
  const m = RESOURCES[lang];
  const w = m.payment.statements;

  it("refuses a file that is not a statement, reads one, and confirms a proposal in bulk", async () => {
    const ref = (last: string) => `${first}345123456${last}`;
    const a = await upiOrder(2, ref("78"));
    const b = await upiOrder(4, ref("79"));
    const noted = await upiOrder(6);
    const number = displayOrderId(noted);
    const csv = readFileSync(join(FIXTURES, "sbi.csv"), "utf8").replaceAll("6345123456", `${first}345123456`).replaceAll("7F3A2C9E", number);

    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    let page = await owner.open("/admin/statements");
    expect(page.status).toBe(200);
    expect(page.headings()).toContain(w.title);
    // The admin header's "More" opens without JavaScript and names the page.
    expect(page.toggle(m.admin.nav.more).links().map((l) => l.name)).toContain(m.admin.nav.statements);

    // A class list is no statement: refused in the page's language, naming what is missing, and nothing is read.
    const refused = await page.attach(w.file, { name: "class-5.csv", type: "text/csv", data: "Name,Class,Shirt size\nAarav,5,30\n" }).press(w.upload);
    expect(refused.status).toBe(422);
    expect(refused.alerts().join("\n")).toContain(fill(m.refusals.statements.noHeader, { rows: 40 }));

    page = await refused.attach(w.file, { name: "sbi-december.csv", type: "text/csv", data: csv }).press(w.upload);
    expect(page.status).toBe(200);
    expect(page.texts("[role=status]")).toContain(fill(w.readNew, { matched: 2, proposed: 1 }));
    expect(page.within({ region: `${w.section.matched} (2)` }).has(fill(w.order, { number: displayOrderId(a) }))).toBe(true);
    expect(page.text()).toContain(fill(w.skipped, { debits: 1, duplicates: 1, reversed: 2 }));
    for (const id of [a, b]) expect((await server.shop.orders.getOrder(id))?.paymentStatus).toBe("paid");

    // Nothing ticked: the owner is told, nothing is paid.
    const none = await page.press(w.confirm);
    expect(none.status).toBe(422);
    expect(none.alerts().join("\n")).toContain(m.refusals.statements.nothingChosen);
    expect((await server.shop.orders.getOrder(noted))?.paymentStatus).toBe("unpaid");

    const statementId = page.url.pathname.split("/").pop()!;
    const row = (await server.shop.orders.statement(statementId))!.credits.find((c) => c.orderNumber === number)!.row;
    page = await none.check(fill(w.confirmBox, { row, number })).press(w.confirm);
    expect(page.texts("[role=status]")).toContain(fill(w.settled, { count: 1 }));
    expect(page.within({ region: `${w.section.settled} (1)` }).has(fill(w.order, { number }))).toBe(true);
    expect(await server.shop.orders.getOrder(noted)).toMatchObject({ paymentStatus: "paid", amountPaid: 1674, paymentReference: ref("81") });

    // The same file again: nothing changes, and the owner is told so.
    const list = await owner.open("/admin/statements");
    const again = await list.attach(w.file, { name: "sbi-december.csv", type: "text/csv", data: csv }).press(w.upload);
    expect(again.texts("[role=status]")).toContain(w.readSame);
    const listed = await owner.open("/admin/statements");
    expect(listed.links().map((l) => l.name)).toContain(fill(w.open, { file: "sbi-december.csv" }));
  });
});
