// A parent's own details and their orders following them (decision 114), with JavaScript off, in English and
// Hindi, through the pages' real forms (tests/support/html-browser): sign up by phone with a name; a guest order in
// the Order History after signing in by phone (a new number's name asked before its account exists); the name and
// email edited; the number changed with a code sent to the new one; an address saved and pre-filled at checkout.
// Codes are read from the fake SMS provider, as a parent reads them. With JavaScript on: tests/e2e/account-details.e2e.test.ts.
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStreamId } from "../../../domain/orders/events";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { signInShopperOver } from "../../support/admin";
import { eventually } from "../../support/fake-providers";
import { htmlBrowser, type HtmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

// Each number in a series of its own: the shop limits how many numbers of one series get codes (the SMS budget).
const newPhone = () => String(6_000_000_000 + randomInt(0, 4_000_000_000));
const LANGUAGES: readonly Language[] = ["en", "hi"];

/** The page's words in `lang`, from the shop's own messages; `{{x}}` filled in from `values`. */
function words(lang: Language) {
  const m = RESOURCES[lang];
  const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
  return { m, fill, refusal: (english: string) => refusalWords(lang, english) };
}

/** A form message's words in `lang` (its English text looked up among the refusals, as the page does). */
function refusalWords(lang: Language, english: string): string {
  for (const [group, entries] of Object.entries(RESOURCES.en.refusals as Record<string, Record<string, string>>)) {
    for (const [key, text] of Object.entries(entries)) {
      if (text === english) return (RESOURCES[lang].refusals as Record<string, Record<string, string>>)[group][key];
    }
  }
  throw new Error(`no refusal words for "${english}"`);
}

/** The code in the `count`th sign-in text to `phone` (its orders' texts aside). */
async function codeTo(phone: string, count = 1): Promise<string> {
  const codes = await eventually(`${count} code(s) to ${phone}`, () => {
    const found = server.sms.to(phone).flatMap((r) => /\b(\d{6})\b/.exec(r.text)?.[1] ?? []);
    return found.length >= count ? found : null;
  });
  return codes[count - 1];
}

/**
 * The page as it stands once the read models have the order's link: the sign-in waits for it to
 * show (bounded at 2 s), which a machine busy with other test runs can outlast; a parent would reload.
 */
async function afterLink(page: HtmlPage, orderId: string): Promise<HtmlPage> {
  const stream = await server.shop.store.readStream(orderStreamId(orderId));
  expect(await server.shop.waitForReadModels(stream.at(-1)!.position, 20_000)).toBe(true);
  return page.reload();
}

async function parentIn(lang: Language): Promise<HtmlBrowser> {
  const parent = htmlBrowser(server.url);
  await parent.setCookie(`shop_lng=${lang}; Path=/`);
  return parent;
}

/** A parent with an email account, signed in. */
async function emailParent(parent: HtmlBrowser): Promise<string> {
  const user = await server.shop.auth.registerWithEmail({ email: `parent-${randomUUID()}@example.com`, password: "satchel-2026" });
  await signInShopperOver(parent, server.shop, user.id);
  return user.id;
}

async function guestOrder(phone: string) {
  const placed = await server.shop.orders.placeOrder({
    scope: `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
    customer: { kind: "guest", name: "Kamla Devi", phone },
    address: { name: "Kamla Devi", phone, address: "4 Bazaar Lane", city: "Churu", pincode: "331001" },
  });
  await server.shop.orders.waitUntilVisible(placed.position);
  return placed;
}

for (const lang of LANGUAGES) {
  const { m, fill, refusal } = words(lang);
  describe(`a parent's own details and orders (${lang}, JS off)`, () => {
    it("signs up by phone with a name", async () => {
      const parent = await parentIn(lang);
      const phone = newPhone();
      let page = await parent.open("/signup?method=phone");
      page = await page.fill(m.auth.phone, phone).press(m.auth.otp.send);
      expect(page.has(refusal("Name is required"))).toBe(true);
      page = await page.fill(m.auth.signup.name, "Sunita Sharma").fill(m.auth.phone, phone).press(m.auth.otp.send);
      expect(page.url.pathname).toBe("/otp");
      page = await page.fill(m.auth.otp.code, await codeTo(phone)).press(m.auth.otp.verify);
      expect(page.url.pathname).toBe("/account");
      expect(page.text("h1")).toBe(m.account.title);
      expect(page.texts(".account-details dd")[0]).toBe("Sunita Sharma");
    });

    it("shows a guest order after signing in with its number, the new account named first", async () => {
      const phone = newPhone();
      const order = await guestOrder(phone);
      const parent = await parentIn(lang);
      let page = await parent.open("/login");
      page = await page.fill(m.auth.login.identifier, phone).press(m.auth.login.submit);
      expect(page.url.pathname).toBe("/otp");
      page = await page.fill(m.auth.otp.code, await codeTo(phone)).press(m.auth.otp.verify);
      // A number new to the shop: its account waits for the parent's name.
      expect(page.has(fill(m.auth.otp.newNumber, { phone: `******${phone.slice(-4)}` }))).toBe(true);
      page = await page.press(m.auth.otp.create);
      expect(page.has(refusal("Name is required"))).toBe(true);
      page = await page.fill(m.auth.otp.name, "Kamla Devi").press(m.auth.otp.create);
      expect(page.url.pathname).toBe("/account");
      page = await afterLink(page, order.orderId);
      const history = page.within({ region: m.account.history.title });
      expect(history.has(order.displayId)).toBe(true);
      expect(history.has(m.account.history.none)).toBe(false);
      expect(page.texts(".account-details dd")[0]).toBe("Kamla Devi");
    });

    it("edits the name and email", async () => {
      const parent = await parentIn(lang);
      const userId = await emailParent(parent);
      let page = await (await parent.open("/account")).follow(m.account.details.edit);
      page = await page.fill(m.account.name, "").press(m.account.details.save);
      expect(page.has(refusal("Name is required"))).toBe(true);
      const email = `meera-${randomUUID()}@example.com`;
      page = await page.fill(m.account.name, "Meera Sharma").fill(m.account.email, email).press(m.account.details.save);
      expect(page.has(m.account.saved.details)).toBe(true);
      expect(page.texts(".account-details dd").slice(0, 2)).toEqual(["Meera Sharma", email]);
      expect(await server.shop.auth.findUser(userId)).toMatchObject({ name: "Meera Sharma", email });
    });

    it("changes the mobile number with a code sent to the new one", async () => {
      const parent = await parentIn(lang);
      const userId = await emailParent(parent);
      const phone = newPhone();
      const order = await guestOrder(phone);
      let page = await (await parent.open("/account")).follow(m.account.mobile.add);
      page = await page.fill(m.account.mobile.new, phone).press(m.account.mobile.send);
      expect(page.has(fill(m.account.mobile.sent, { digits: 6, phone: `******${phone.slice(-4)}`, minutes: 10 }))).toBe(true);
      // Not changed until the code is proven.
      expect((await server.shop.auth.findUser(userId))?.phone).toBeNull();
      page = await page.fill(m.account.mobile.code, await codeTo(phone)).press(m.account.mobile.verify);
      expect(page.has(m.account.saved.phone)).toBe(true);
      expect(page.has(fill(m.account.mobile.current, { phone }))).toBe(true);
      expect(page.has(fill(m.account.mobile.linked_one, { count: 1 }))).toBe(true);
      page = await afterLink(page, order.orderId);
      expect(page.text(".orders-table")).toContain(order.displayId);
      expect((await server.shop.auth.findUser(userId))?.phone).toBe(phone);
    });

    it("adds an address and finds it filled in at checkout", async () => {
      const parent = await parentIn(lang);
      const userId = await emailParent(parent);
      await server.shop.cart.add({ kind: "user", userId }, { productId: "stationery/scientific-calculator", quantity: 1 });
      let page = await (await parent.open("/account")).follow(m.account.addresses.add);
      const form = () => page.within("#address-form");
      const f = m.account.addresses.field;
      page = await form().fill(f.name, "Asha Devi").fill(f.phone, "98765 01234").fill(f.address, "9 Gandhi Chowk").fill(f.city, "Churu").press(m.account.addresses.save);
      expect(page.has(refusal("Pincode is required"))).toBe(true);
      page = await form().fill(f.pincode, "331001").press(m.account.addresses.save);
      expect(page.has(m.account.saved.address)).toBe(true);
      expect(page.text(".address-book")).toContain("9 Gandhi Chowk");

      const details = await (await parent.open("/checkout")).follow(m.checkout.placeOrder);
      expect(details.url.searchParams.get("step")).toBe("details");
      expect(details.field(m.checkout.details.address).value).toBe("9 Gandhi Chowk");
      expect(details.field(m.checkout.details.name).value).toBe("Asha Devi");
      expect(details.field(m.checkout.details.pincode).value).toBe("331001");
    });
  });
}
