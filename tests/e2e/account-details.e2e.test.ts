// A parent's own details and their orders following them (decision 114), in a browser with
// JavaScript on, in English and Hindi (with it off, through the real forms: tests/integration/pages/account-details.test.ts): sign up by phone with a name; a guest order in the
// Order History after signing in by phone (a new number's name asked before its account exists);
// the name and email edited; the number changed with a code sent to the new one; an address saved
// and pre-filled at checkout. Codes are read from the fake SMS provider, as a parent reads them.
import { randomInt, randomUUID } from "node:crypto";
import { orderStreamId } from "../../domain/orders/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import type { Language } from "../../domain/i18n";
import { signInShopperIn } from "../support/admin";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";
import { settle } from "../support/storefront";

/** With JavaScript on: the same pages with it off are checked through their real forms in tests/integration/pages/. */
const js = true;

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
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
async function afterLink(page: Page, js: boolean, orderId: string): Promise<void> {
  const stream = await server.shop.store.readStream(orderStreamId(orderId));
  expect(await server.shop.waitForReadModels(stream.at(-1)!.position, 20_000)).toBe(true);
  await page.reload();
  await ready(page, js);
}

async function shopperPage(js: boolean, lang: Language): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newShopperPage(browser!, server.url, js);
  await opened.context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
  return opened;
}

/** A parent with an email account, signed in in `context`. */
async function emailParent(context: BrowserContext): Promise<string> {
  const user = await server.shop.auth.registerWithEmail({ email: `parent-${randomUUID()}@example.com`, password: "satchel-2026" });
  await signInShopperIn(context, server.shop, server.url, user.id);
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
  describe(`a parent's own details and orders (${lang})`, () => {

    it("signs up by phone with a name (JS on)", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await shopperPage(js, lang);
      const phone = newPhone();
      await page.goto("/signup?method=phone");
      await ready(page, js);
      await page.getByLabel(m.auth.phone, { exact: true }).fill(phone);
      await page.getByRole("button", { name: m.auth.otp.send, exact: true }).click();
      await page.getByText(refusal("Name is required")).waitFor();
      await page.getByLabel(m.auth.signup.name, { exact: true }).fill("Sunita Sharma");
      await page.getByLabel(m.auth.phone, { exact: true }).fill(phone);
      await page.getByRole("button", { name: m.auth.otp.send, exact: true }).click();
      await settle(page, "**/otp", js);
      await page.getByLabel(m.auth.otp.code, { exact: true }).fill(await codeTo(phone));
      await page.getByRole("button", { name: m.auth.otp.verify, exact: true }).click();
      await settle(page, "**/account", js);
      await page.getByRole("heading", { level: 1, name: m.account.title }).waitFor();
      expect(await page.locator(".account-details dd").first().textContent()).toBe("Sunita Sharma");
      await context.close();
    });

    it("shows a guest order after signing in with its number, the new account named first (JS on)", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const phone = newPhone();
      const order = await guestOrder(phone);
      const { context, page } = await shopperPage(js, lang);
      await page.goto("/login");
      await ready(page, js);
      await page.getByLabel(m.auth.login.identifier, { exact: true }).fill(phone);
      await page.getByRole("button", { name: m.auth.login.submit, exact: true }).click();
      await settle(page, "**/otp", js);
      await page.getByLabel(m.auth.otp.code, { exact: true }).fill(await codeTo(phone));
      await page.getByRole("button", { name: m.auth.otp.verify, exact: true }).click();
      // A number new to the shop: its account waits for the parent's name.
      await page.getByText(fill(m.auth.otp.newNumber, { phone: `******${phone.slice(-4)}` })).waitFor();
      await ready(page, js);
      await page.getByRole("button", { name: m.auth.otp.create, exact: true }).click();
      await page.getByText(refusal("Name is required")).waitFor();
      await page.getByLabel(m.auth.otp.name, { exact: true }).fill("Kamla Devi");
      await page.getByRole("button", { name: m.auth.otp.create, exact: true }).click();
      await settle(page, "**/account", js);
      await afterLink(page, js, order.orderId);
      const history = page.locator("section", { has: page.getByRole("heading", { name: m.account.history.title }) });
      await history.getByText(order.displayId).waitFor();
      expect(await history.getByText(m.account.history.none).count()).toBe(0);
      expect(await page.locator(".account-details dd").first().textContent()).toBe("Kamla Devi");
      await context.close();
    });

    it("edits the name and email (JS on)", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await shopperPage(js, lang);
      const userId = await emailParent(context);
      await page.goto("/account");
      await ready(page, js);
      await page.getByRole("link", { name: m.account.details.edit }).click();
      const name = page.getByLabel(m.account.name, { exact: true });
      await name.waitFor();
      await ready(page, js);
      await name.fill("");
      await page.getByRole("button", { name: m.account.details.save }).click();
      await page.getByText(refusal("Name is required")).waitFor();
      const email = `meera-${randomUUID()}@example.com`;
      await page.getByLabel(m.account.name, { exact: true }).fill("Meera Sharma");
      await page.getByLabel(m.account.email, { exact: true }).fill(email);
      await page.getByRole("button", { name: m.account.details.save }).click();
      await page.getByText(m.account.saved.details).waitFor();
      await ready(page, js);
      expect(await page.locator(".account-details dd").nth(0).textContent()).toBe("Meera Sharma");
      expect(await page.locator(".account-details dd").nth(1).textContent()).toBe(email);
      expect(await server.shop.auth.findUser(userId)).toMatchObject({ name: "Meera Sharma", email });
      await context.close();
    });

    it("changes the mobile number with a code sent to the new one (JS on)", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await shopperPage(js, lang);
      const userId = await emailParent(context);
      const phone = newPhone();
      const order = await guestOrder(phone);
      await page.goto("/account");
      await ready(page, js);
      await page.getByRole("link", { name: m.account.mobile.add }).click();
      await page.getByLabel(m.account.mobile.new, { exact: true }).fill(phone);
      await ready(page, js);
      await page.getByRole("button", { name: m.account.mobile.send, exact: true }).click();
      await page.getByText(fill(m.account.mobile.sent, { digits: 6, phone: `******${phone.slice(-4)}`, minutes: 10 })).waitFor();
      await ready(page, js);
      // Not changed until the code is proven.
      expect((await server.shop.auth.findUser(userId))?.phone).toBeNull();
      await page.getByLabel(m.account.mobile.code, { exact: true }).fill(await codeTo(phone));
      await page.getByRole("button", { name: m.account.mobile.verify, exact: true }).click();
      await page.getByText(m.account.saved.phone).waitFor();
      await page.getByText(fill(m.account.mobile.current, { phone })).waitFor();
      await page.getByText(fill(m.account.mobile.linked_one, { count: 1 })).waitFor();
      await afterLink(page, js, order.orderId);
      await page.locator(".orders-table").getByText(order.displayId).waitFor();
      expect((await server.shop.auth.findUser(userId))?.phone).toBe(phone);
      await context.close();
    });

    it("adds an address and finds it filled in at checkout (JS on)", async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const { context, page } = await shopperPage(js, lang);
      const userId = await emailParent(context);
      await server.shop.cart.add({ kind: "user", userId }, { productId: "stationery/scientific-calculator", quantity: 1 });
      await page.goto("/account");
      await ready(page, js);
      await page.getByRole("link", { name: m.account.addresses.add }).click();
      const field = (name: "name" | "phone" | "address" | "city" | "pincode") =>
        page.locator("#address-form").getByLabel(m.account.addresses.field[name], { exact: true });
      await field("name").waitFor();
      await ready(page, js);
      await field("name").fill("Asha Devi");
      await field("phone").fill("98765 01234");
      await field("address").fill("9 Gandhi Chowk");
      await field("city").fill("Churu");
      await page.getByRole("button", { name: m.account.addresses.save }).click();
      await page.getByText(refusal("Pincode is required")).waitFor();
      await field("pincode").fill("331001");
      await page.getByRole("button", { name: m.account.addresses.save }).click();
      await page.getByText(m.account.saved.address).waitFor();
      await page.locator(".address-book").getByText("9 Gandhi Chowk", { exact: false }).waitFor();

      await page.goto("/checkout");
      await ready(page, js);
      await page.getByRole("link", { name: m.checkout.placeOrder }).click();
      await page.locator("dialog[open]").waitFor();
      const address = page.getByLabel(m.checkout.details.address, { exact: true });
      await address.waitFor();
      expect(await address.inputValue()).toBe("9 Gandhi Chowk");
      expect(await page.getByLabel(m.checkout.details.name, { exact: true }).inputValue()).toBe("Asha Devi");
      expect(await page.getByLabel(m.checkout.details.pincode, { exact: true }).inputValue()).toBe("331001");
      await context.close();
    });
  });
}
