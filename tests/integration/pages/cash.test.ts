// The day close and cash on delivery (decisions 211, 212) without JavaScript, in English and Hindi, through the pages'
// real forms over HTTP: a drawer opened with its cash, a walk-in bill, a COD parcel given to the delivery boy, paid at
// the door and its cash handed into the drawer, a close ₹50 short refused without a reason and kept with one, and the
// Z report printed on the 80 mm roll and A4 with the person's bills.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { formatRupees } from "../../../domain/money";
import type { CartOwner } from "../../../services/cart";
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

/** Each language on a counter, a shelf and a delivery boy of its own. */
const CASES: { lang: Language; counter: string; size: string; person: string; phone: string }[] = [
  { lang: "en", counter: "3", size: "30", person: "Ramesh", phone: "9600000011" },
  { lang: "hi", counter: "4", size: "32", person: "सुरेश", phone: "9600000012" },
];

describe.each(CASES)("the day close without JavaScript ($lang)", ({ lang, counter, size, person, phone }) => {
  const m = RESOURCES[lang];
  const c = m.cash;

  it("opens the drawer, takes a COD parcel's cash in, refuses a close ₹50 short without a reason, keeps it with one and prints the Z report", async () => {
    const item = "school/dps/shirt";
    await server.shop.schoolStock.setRule(item, "stop", null, owner);
    await server.shop.schoolStock.count((await server.shop.schoolStock.skuOf(item, size))!, 5, owner, "Counted the shelf");

    const staff = await adminHtmlBrowser(server.url, admin);
    await staff.setCookie(`shop_lng=${lang}; Path=/`);
    let page = await staff.open(`/admin/cash?counter=${counter}`);
    expect(page.status).toBe(200);
    expect(page.text()).toContain(c.takings.none);
    page = await page.within({ form: c.open.title }).fill(c.open.openingCash, "1000").press(c.open.submit);
    expect(page.text()).toContain(fill(c.open.done, { amount: formatRupees(1000) }));

    // A walk-in bill in cash by this admin.
    const items = [{ productId: item, size, quantity: 1 }];
    const { total } = await server.shop.orders.counterBill(items);
    await server.shop.orders.sellAtCounter({
      saleId: randomUUID(), counter, items, shownTotal: total, payment: { mode: "cash", cashGiven: total }, language: lang, staff: { id: admin.id, name: admin.name || admin.email },
    });

    // A parcel paid on delivery: out with the delivery boy by its number, paid at the door, handed into this drawer.
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    await server.shop.cart.add(parent, { productId: item, size, quantity: 1 });
    const parcel = await server.shop.orders.placeOrderFromCart({
      owner: parent, idempotencyKey: randomUUID(), details: { name: "Ravi Kumar", phone, address: "12 Station Road", city: "Churu", pincode: "331001" },
    });
    await server.shop.orders.waitUntilVisible(parcel.position);
    const p = c.codPage;
    let cod = await staff.open("/admin/cod");
    cod = await cod.within({ form: p.give.title }).fill(p.give.number, parcel.displayId).fill(p.give.person, person).press(p.give.submit);
    expect(cod.text()).toContain(fill(p.give.done, { number: parcel.displayId, person }));
    expect(cod.text()).toContain(fill(p.people.summary, { person, out: 1, cashOut: formatRupees(parcel.total), collected: 0, cashCollected: formatRupees(0) }));
    cod = await cod.within({ form: `${p.parcel.paid} ${parcel.displayId}` }).press(p.parcel.paid);
    expect(cod.text()).toContain(fill(p.collectedDone, { number: parcel.displayId }));
    cod = await cod.within({ form: fill(p.handIn.title, { person }) }).fill(p.handIn.counter, counter).press(p.handIn.submit);
    expect(cod.text()).toContain(fill(p.handIn.done, { amount: formatRupees(parcel.total), counter }));
    expect(cod.text()).toContain(p.people.none);

    page = await page.reload();
    expect(page.texts(".cash-takings tbody th")).toEqual([admin.name || admin.email, c.takings.total]);
    expect(page.text()).toContain(fill(c.cod.row, { person, amount: formatRupees(parcel.total), orders: parcel.displayId }));
    const expected = 1000 + total + parcel.total;
    expect(page.text(".cash-expected")).toBe(formatRupees(expected));

    const close = () => page.within({ form: c.close.title });
    const short = await close().fill(c.close.counted, String(expected - 50)).press(c.close.submit);
    expect(short.status).toBe(422);
    expect(short.text()).toContain(fill(m.refusals.drawer.shortNeedsReason, { expected: formatRupees(expected).slice(1), counted: formatRupees(expected - 50).slice(1), difference: 50 }));
    const closed = await close().fill(c.close.counted, String(expected - 50)).fill(c.close.reason, "Change given twice").press(c.close.submit);
    expect(closed.status).toBe(200);
    expect(closed.text(".cash-difference")).toBe(fill(c.closed.short, { amount: formatRupees(50) }));
    expect(closed.text()).toContain("Change given twice");

    for (const [link, paper] of [[c.closed.print80, "receipt"], [c.closed.printA4, "a4"]] as const) {
      const z = await closed.follow(link);
      expect(z.status).toBe(200);
      expect(z.attr(".print-view", "class")).toContain(`paper-${paper}`);
      const report = z.text(".z-report");
      expect(report).toContain(c.z.title);
      expect(report).toContain(fill(c.z.counter, { counter }));
      expect(report).toContain(formatRupees(expected - 50));
      expect(report).toContain(formatRupees(parcel.total));
      expect(report).toContain("Change given twice");
      expect(report).toContain(admin.name || admin.email);
    }
  });
});

describe("refusals on the cash pages", () => {
  it("a Z report of a drawer not closed is a 404 that says so, and a parcel number that names no order is refused", async () => {
    const staff = await adminHtmlBrowser(server.url, admin);
    const z = await staff.open("/admin/cash/z?counter=9&day=2026-01-01&paper=a4");
    expect(z.status).toBe(404);
    expect(z.text()).toContain(fill(RESOURCES.en.cash.z.notClosed, { counter: "9", day: "2026-01-01" }));
    const p = RESOURCES.en.cash.codPage;
    const cod = await (await staff.open("/admin/cod")).within({ form: p.give.title }).fill(p.give.number, "ABCDEF12").fill(p.give.person, "Ramesh").press(p.give.submit);
    expect(cod.status).toBe(404);
    expect(cod.text()).toContain(fill(p.notFound, { number: "ABCDEF12" }));
    const closeUnopened = await (await staff.open("/admin/cash?counter=9")).text();
    expect(closeUnopened).toContain(RESOURCES.en.cash.close.notOpened);
  });
});
