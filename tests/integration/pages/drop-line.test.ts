/**
 * Dropping a line the shop cannot supply before dispatch, through the order page's real forms over HTTP with
 * JavaScript off, in English and Hindi (decision 204): the confirmation shows the new total and what is owed back,
 * the drop records them, the parent is texted, the invoice made at dispatch lists only what left and adds up to the
 * new total; once the parcel left, the same confirmation is refused with words that say what to do instead.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../support/server";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { REGISTERED_SHOP_ENV } from "../../support/invoiced-order";
import { startSmsInbox, type SmsInbox } from "../../support/sms-inbox";
import { eventually } from "../../support/fake-providers";
import type { HtmlBrowser } from "../../support/html-browser";
import { foldOrder } from "../../../domain/orders/order";
import { formatRupees } from "../../../domain/money";

let server: TestServer;
let admin: TestAdmin;
let sms: SmsInbox;

beforeAll(async () => {
  sms = await startSmsInbox();
  server = await startTestServer({ env: { ...REGISTERED_SHOP_ENV, ...sms.env } });
  admin = await createTestAdmin(server.shop, server.url, `drop-line-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await sms?.close();
});

const actor = () => ({ kind: "admin" as const, id: admin.id, name: admin.name });
const BAG = "bags/classic-school-backpack";

async function owner(lang: "en" | "hi"): Promise<HtmlBrowser> {
  const browser = await adminHtmlBrowser(server.url, admin);
  await browser.setCookie(`shop_lng=${lang}; Path=/`);
  return browser;
}

/** A shirt, four notebooks and a school bag to Churu, cash collected before it is packed. */
async function paidOrder() {
  const placed = await placeTestOrder(server.shop, {
    name: "Drop Parent",
    items: [
      { productId: "school/dps/shirt", size: "30", quantity: 1 },
      { productId: "stationery/premium-school-notebook", quantity: 4 },
      { productId: BAG, quantity: 1 },
    ],
  });
  await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: actor(), at }));
  return placed;
}

/** A line as the drop's button names it: "School Bag (Free Size)". */
const itemOf = (line: { name: string; size: string }) => (line.size ? `${line.name} (${line.size})` : line.name);

async function orderNow(orderId: string) {
  const state = foldOrder(await server.shop.orders.getOrderTrail(orderId));
  if (!state.exists) throw new Error("no order");
  return state;
}

describe("dropping a line before dispatch on the order page", () => {
  for (const lang of ["en", "hi"] as const) {
    it(`confirms with the new total and what is owed back, drops it, texts the parent, and invoices only what left (${lang})`, async () => {
      const placed = await paidOrder();
      const before = await orderNow(placed.orderId);
      const bag = before.placed.lines.find((l) => l.productId === BAG)!;
      const browser = await owner(lang);
      const page = await browser.open(`/admin/orders/${placed.orderId}`);
      expect(page.status).toBe(200);

      const confirm = await page.follow(lang === "en" ? `Drop ${bag.name}` : `${bag.name} हटाएँ`);
      expect(confirm.status).toBe(200);
      const shown = confirm.text("#drop");
      // What the confirmation promises is what the drop records, to the rupee.
      const paid = before.payment.paid;
      const left = before.placed.lines.filter((l) => l.productId !== BAG).reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
      const discount = Math.floor((left * before.placed.discountPercent) / 100);
      const total = left - discount + before.placed.delivery;
      expect(shown).toContain(formatRupees(total));
      expect(shown).toContain(formatRupees(before.placed.total));
      expect(shown).toContain(formatRupees(paid - total));

      const done = await confirm.press(lang === "en" ? `Drop 1 piece of ${itemOf(bag)}` : `${itemOf(bag)} का 1 नग हटाएँ`);
      expect(done.status).toBe(200);
      expect(done.text("[data-field=dropped]")).toContain(formatRupees(total));
      expect(done.text("[data-field=total]")).toBe(formatRupees(total));
      expect(done.text("[data-field=owed-back]")).toContain(formatRupees(paid - total));
      expect(done.text("#snapshot-title ~ *")).not.toContain(bag.name);

      const after = await orderNow(placed.orderId);
      expect(after.placed.lines.map((l) => l.productId)).not.toContain(BAG);
      expect([after.placed.subtotal, after.placed.discount, after.placed.total, after.payment.due]).toEqual([left, discount, total, total]);

      // The parent hears of it, in the order's language (English here: the order was placed in English), with the new total.
      const texts = await eventually("the drop's text", () => {
        const found = sms.to(placed.phone).filter((m) => m.text.includes(formatRupees(total)) && m.text.includes(bag.name));
        return found.length > 0 ? found : null;
      });
      expect(texts[0].text).toContain("cannot supply");

      // The parcel leaves: its invoice lists the shirt and the notebooks, and adds up to the new total.
      await server.shop.orders.changeStatus(placed.orderId, "shipped", actor());
      const [invoice] = (await server.shop.orders.taxDocuments(placed.orderId))!.invoices;
      expect(invoice.lines.filter((l) => l.kind === "goods").map((l) => l.productId)).not.toContain(BAG);
      expect(invoice.totals.value).toBe(total * 100);

      // The confirmation kept open in another tab is now refused, beside it, with what to do instead.
      const refused = await confirm.press(lang === "en" ? `Drop 1 piece of ${itemOf(bag)}` : `${itemOf(bag)} का 1 नग हटाएँ`);
      expect(refused.status).toBe(409);
      expect(refused.text("#drop")).toContain(lang === "en" ? "have left the shop" : "दुकान से निकल चुका है");
      const late = await browser.open(`/admin/orders/${placed.orderId}?drop=${encodeURIComponent(`${BAG}|${bag.size}|`)}`);
      expect(late.text("[data-field=drop-refusal]")).toContain(lang === "en" ? "credit note" : "क्रेडिट नोट");
      expect(late.buttons().some((b) => b.includes(bag.name))).toBe(false);
      // No line is offered to drop once the goods left.
      expect(late.count("[data-action=drop-line]")).toBe(0);
    });
  }

  it("drops some pieces of a line: the count is shown again before it is dropped, and a count the line has not is refused", async () => {
    const placed = await paidOrder();
    const before = await orderNow(placed.orderId);
    const books = before.placed.lines.find((l) => l.productId === "stationery/premium-school-notebook")!;
    const browser = await owner("en");
    const confirm = await (await browser.open(`/admin/orders/${placed.orderId}`)).follow(`Drop ${books.name}`);
    const again = await confirm.fill("Pieces to drop (1 to 4)", "1").press("Show the new total");
    const left = before.placed.subtotal - books.unitPrice;
    const total = left - Math.floor((left * before.placed.discountPercent) / 100) + before.placed.delivery;
    expect(again.text("[data-field=drop-total]")).toContain(formatRupees(total));
    const all = await again.within("#drop").fill("Pieces to drop (1 to 4)", "4").press("Show the new total");
    expect(all.text("#drop")).toContain("Drop 4 pieces");
    const done = await again.press(`Drop 1 piece of ${itemOf(books)}`);
    expect(done.text("[data-field=total]")).toBe(formatRupees(total));
    expect((await orderNow(placed.orderId)).placed.lines.find((l) => l.productId === books.productId)?.quantity).toBe(3);
    const nine = await browser.open(`/admin/orders/${placed.orderId}?drop=${encodeURIComponent(`${books.productId}|${books.size}|`)}&units=9`);
    expect(nine.text("[data-field=drop-refusal]")).toBe(`From 1 to 3 of ${books.name} can be dropped.`);
  });
});
