/**
 * A parent's return request with JavaScript off, through the pages' real forms (tests/support/html-browser), in
 * English and Hindi (decision 103): on the tracking page and the account page, the answer (sent, or refused) is
 * where the page reopens, at the top of the order's returns part, not thousands of pixels below the page's top;
 * several requests may be under way on one order, each for what no other asks back, and the form offers only
 * that (an exchanged line is not offered again) (decision 243).
 * With JavaScript on: tests/e2e/returns.e2e.test.ts.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import type { Actor } from "../../../domain/orders/events";
import { createTestAdmin, signInShopperOver, type TestAdmin } from "../../support/admin";
import { htmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";
import { eventually } from "../../support/fake-providers";
import { CUSTOMER_TEXTS } from "../../../domain/customer-texts";
import { interpolate } from "../../../domain/i18n";
import { formatPaise, formatRupees } from "../../../domain/money";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `returns-parent-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const LANGUAGES: readonly Language[] = ["en", "hi"];
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
const adminActor = (): Actor => ({ kind: "admin", id: admin.id, name: admin.name });

/** The shop's own words in `lang`, `{{x}}` filled in. */
function words(lang: Language) {
  const m = RESOURCES[lang];
  return {
    track: m.account.track,
    shopper: m.returns.shopper,
    refusals: m.refusals.returns,
  };
}

/** The shirt as the catalogue names it on a page in `lang`. */
const shirtIn = (lang: Language) => (lang === "hi" ? "शर्ट" : "Shirt");

/** A delivered order of two shirts (size 30), cash collected: what a parent can return. */
async function deliveredOrder(userId?: string, language: Language = "en", items = [{ productId: "school/dps/shirt", size: "30", quantity: 2 }]) {
  const phone = newPhone();
  const name = "Asha Devi";
  const placed = await server.shop.orders.placeOrder({
    scope: userId ? `user:${userId}` : `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items,
    customer: userId ? { kind: "user", userId, name, phone } : { kind: "guest", name, phone },
    address: { name, phone, address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
    paymentMethod: "cod",
    language,
  });
  await server.shop.orders.changeStatus(placed.orderId, "shipped", adminActor());
  await server.shop.orders.changeStatus(placed.orderId, "delivered", adminActor());
  const paid = await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: adminActor(), at }));
  if (paid.position) expect(await server.shop.waitForReadModels(paid.position, 20_000)).toBe(true);
  return { ...placed, phone };
}

/** The element the page's address points at (its fragment): where the browser shows the page from. */
function opensAt(page: HtmlPage) {
  const id = decodeURIComponent(page.url.hash.slice(1));
  expect(id, `${page.url} has no place to open at`).not.toBe("");
  expect(page.count(`[id="${id}"]`), `no element #${id}`).toBe(1);
  return page.within(`[id="${id}"]`);
}

/** A return step's text to the parent as the shop words it (the test server's shop name and address). */
function stepText(template: string, order: { displayId: string }, amount = formatRupees(0)): string {
  return interpolate(template, {
    shop: server.shop.config.shopName,
    number: order.displayId,
    amount,
    link: `${server.shop.config.shopUrl}/orders/track?orderId=${order.displayId}`,
  });
}

/** The tracking page of a guest's order, looked up with its mobile number as the parent does. */
async function trackedPage(lang: Language, order: { displayId: string; phone: string }): Promise<HtmlPage> {
  const w = words(lang);
  const page = await htmlBrowser(server.url, { language: lang }).open(`/orders/track?orderId=${order.displayId}`);
  return page.fill(w.track.mobile, order.phone).press(w.track.submit);
}

/** The lines the return form offers (its boxes' labels) and how many of each at most. */
function offered(page: HtmlPage): { line: string; most: string | undefined }[] {
  return page.all("form.return-request .return-line").map((el) => {
    const line = page.within(el);
    return { line: line.text("label.choice"), most: line.attr('input[type="number"]', "max") };
  });
}

describe("a return request's answer is where the page reopens (JS off)", () => {
  for (const lang of LANGUAGES) {
    const w = words(lang);

    it(`on the tracking page: a refusal and a sent request open at the order's returns part (${lang})`, async () => {
      const order = await deliveredOrder();
      const parent = htmlBrowser(server.url, { language: lang });
      let page = await parent.open(`/orders/track?orderId=${order.displayId}`);
      page = await page.fill(w.track.mobile, order.phone).press(w.track.submit);
      expect(page.has(w.shopper.title)).toBe(true);

      // An exchange with no size chosen: refused, the page opens at the returns part with the refusal on top.
      page = await page.choose(w.shopper.exchange).fill(w.shopper.reason, "Too small").press(w.shopper.submit);
      expect(page.status).toBe(422);
      let part = opensAt(page);
      const noSize = interpolate(w.refusals.exchangeSize, { name: shirtIn(lang) });
      expect(part.lines()[0]).toBe(noSize);
      expect(part.alerts()).toContain(noSize);

      // Sent: a redirect to the order at its returns part, the answer first there (a reload sends nothing again).
      page = await page.choose(w.shopper.refund).press(w.shopper.submit);
      expect(page.status).toBe(200);
      expect(page.redirects.at(-1)?.status).toBe(303);
      part = opensAt(page);
      expect(part.lines()[0]).toBe(w.shopper.sent);
      const again = await page.reload();
      expect(opensAt(again).lines()[0]).toBe(w.shopper.sent);
      const stream = await server.shop.store.readStream(`order-${order.orderId}`);
      expect(stream.filter((e) => e.type === "ReturnRequested")).toHaveLength(1);
    });

    it(`on the account page: a refusal and a sent request open at that order's returns part (${lang})`, async () => {
      const user = await server.shop.auth.registerWithEmail({ email: `returns-${randomUUID()}@example.com`, password: "satchel-2026", name: "Asha Devi" });
      const order = await deliveredOrder(user.id);
      const parent = htmlBrowser(server.url, { language: lang });
      await signInShopperOver(parent, server.shop, user.id);
      let page = await parent.open("/account");
      const form = page.within(`section[data-order="${order.displayId}"]`);

      page = await form.choose(w.shopper.exchange).fill(w.shopper.reason, "Too small").press(w.shopper.submit);
      expect(page.status).toBe(422);
      let part = opensAt(page);
      expect(part.lines()[0]).toBe(interpolate(w.refusals.exchangeSize, { name: shirtIn(lang) }));

      page = await page.within(`section[data-order="${order.displayId}"]`).choose(w.shopper.refund).press(w.shopper.submit);
      expect(page.status).toBe(200);
      expect(page.url.pathname).toBe("/account");
      part = opensAt(page);
      expect(part.lines()[0]).toBe(w.shopper.sent);
    });
  }

  for (const lang of LANGUAGES) {
    const w = words(lang);

    it(`takes a second request while the first is open, for what is left, then offers nothing more (${lang})`, async () => {
      const order = await deliveredOrder();
      let page = await trackedPage(lang, order);
      expect(offered(page)).toEqual([{ line: `${shirtIn(lang)} (30)`, most: "2" }]);
      page = await page.fill(w.shopper.reason, "Too small").press(w.shopper.submit);
      expect(opensAt(page).lines()[0]).toBe(w.shopper.sent);

      // The first is waiting for the shop; the other shirt may be asked for beside it.
      expect(offered(page)).toEqual([{ line: `${shirtIn(lang)} (30)`, most: "1" }]);
      page = await page.fill(w.shopper.reason, "Colour").press(w.shopper.submit);
      expect(opensAt(page).lines()[0]).toBe(w.shopper.sent);
      const stream = await server.shop.store.readStream(`order-${order.orderId}`);
      expect(stream.filter((e) => e.type === "ReturnRequested")).toHaveLength(2);
      // Both shirts asked back: no form, and no button to press.
      expect(offered(page)).toEqual([]);
      expect(page.buttons()).not.toContain(w.shopper.submit);
    });

    it(`after an exchange offers the new size, not the shirts given back; the parent is texted each step (${lang})`, async () => {
      const order = await deliveredOrder(undefined, lang);
      const asked = await server.shop.orders.requestReturn(
        order.orderId,
        { lines: [{ productId: "school/dps/shirt", size: "30", school: "DPS", quantity: 2 }], want: "exchange", exchangeSize: "32", reason: "Too small" },
        { kind: "guest", name: "Asha Devi" },
      );
      await server.shop.orders.approveReturn(order.orderId, asked.returnId, undefined, adminActor());
      await server.shop.orders.receiveReturn(order.orderId, asked.returnId, "drop-off", adminActor());
      const made = await server.shop.orders.makeExchange(order.orderId, asked.returnId, adminActor());
      if (made.position) expect(await server.shop.waitForReadModels(made.position, 20_000)).toBe(true);

      const page = await trackedPage(lang, order);
      expect(offered(page)).toEqual([{ line: `${shirtIn(lang)} (32)`, most: "2" }]);

      // The shop's yes, the goods back, the exchange made: a text each, in the order's language, naming the order.
      const texts = CUSTOMER_TEXTS[lang].returns;
      const expected = [texts.approved, texts.received, texts.exchanged].map((text) => stepText(text, order));
      const got = await eventually("three return texts", () => {
        const sent = server.sms.to(order.phone).map((r) => r.text);
        return expected.every((text) => sent.includes(text)) ? sent : null;
      });
      expect(got.filter((text) => expected.includes(text))).toHaveLength(3);
    });

    it(`exchanges each ticked line for its own size, named in the page's language (${lang}; issue 48)`, async () => {
      const socks = lang === "hi" ? "मोज़े 1" : "Socks 1";
      const order = await deliveredOrder(undefined, lang, [
        { productId: "school/dps/shirt", size: "30", quantity: 1 },
        { productId: "school/dps/socks-1", size: "4", quantity: 1 },
      ]);
      let page = await trackedPage(lang, order);
      expect(offered(page)).toEqual([
        { line: `${shirtIn(lang)} (30)`, most: "1" },
        { line: `${socks} (4)`, most: "1" },
      ]);
      const sizeOf = (item: string) => interpolate(w.shopper.exchangeSizeOf, { item });
      // The socks' own sizes only: no 32 to pick for them, no 5 for the shirt.
      expect(page.field(sizeOf(`${socks} (4)`)).options).toEqual([w.shopper.noSize, "2", "3", "5", "6", "7"]);
      page = await page
        .check(`${shirtIn(lang)} (30)`)
        .check(`${socks} (4)`)
        .choose(w.shopper.exchange)
        .select(sizeOf(`${shirtIn(lang)} (30)`), "32")
        .select(sizeOf(`${socks} (4)`), "5")
        .fill(w.shopper.reason, "Too small")
        .press(w.shopper.submit);
      expect(opensAt(page).lines()[0]).toBe(w.shopper.sent);
      const lines = [`${shirtIn(lang)} (30) x 1`, `${socks} (4) x 1`].map((line, i) => interpolate(w.shopper.exchangeLine, { line, size: ["32", "5"][i] }));
      const what = interpolate(w.shopper.what.exchange, { lines: lines.join(", ") });
      expect(page.text("[data-testid=return-states]")).toContain(what);

      const [asked] = (await server.shop.store.readStream(`order-${order.orderId}`)).filter((e) => e.type === "ReturnRequested");
      const { returnId } = asked.data as { returnId: string };
      await server.shop.orders.approveReturn(order.orderId, returnId, undefined, adminActor());
      await server.shop.orders.receiveReturn(order.orderId, returnId, "drop-off", adminActor());
      await server.shop.orders.makeExchange(order.orderId, returnId, adminActor());
      const after = await server.shop.orders.afterSale(order.orderId);
      expect(after!.lines.filter((l) => l.unitPrice === 0).map((l) => [l.productId, l.size])).toEqual([
        ["school/dps/shirt", "32"],
        ["school/dps/socks-1", "5"],
      ]);
    });

    it(`texts the parent the money refunded for a return (${lang})`, async () => {
      const order = await deliveredOrder(undefined, lang);
      const asked = await server.shop.orders.requestReturn(
        order.orderId,
        { lines: [{ productId: "school/dps/shirt", size: "30", school: "DPS", quantity: 1 }], want: "refund", reason: "Too small" },
        { kind: "guest", name: "Asha Devi" },
      );
      await server.shop.orders.approveReturn(order.orderId, asked.returnId, undefined, adminActor());
      await server.shop.orders.receiveReturn(order.orderId, asked.returnId, "drop-off", adminActor());
      // To the paisa by UPI (decision 209): the text says ₹99.50.
      await server.shop.orders.pay(order.orderId, (at) => ({ type: "RefundPayment", paise: 99_50, method: "upi", note: "Return", actor: adminActor(), at }));
      const refunded = stepText(CUSTOMER_TEXTS[lang].returns.refunded, order, formatPaise(99_50));
      expect(refunded).toContain("₹99.50");
      await eventually("the refund's text", () => server.sms.to(order.phone).some((r) => r.text === refunded));
    });
  }
});
