// Parents' data rights, JavaScript on in Chromium and off over HTTP through the real forms (decision 175), English and Hindi (docs/privacy.md, decisions
// 121-124): the notice read from the footer; consent recorded at sign-up; the copy downloaded and an erasure
// asked for on the account page; a guest's copy downloaded and erasure asked for on the notice with order number and phone; the
// admin erasing a requested person, after which the order reads "erased".
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { RESOURCES } from "../../app/i18n/i18n.server";
import type { Language } from "../../domain/i18n";
import { ERASED } from "../../domain/privacy/erased";
import { accountSubject, orderSubject } from "../../domain/privacy/subjects";
import { adminHtmlBrowser, createTestAdmin, newAdminPage, placeTestOrder, signInShopperIn, signInShopperOver } from "../support/admin";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { htmlBrowser, type HtmlBrowser } from "../support/html-browser";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let browser: Browser | null;

beforeAll(async () => {
  // No cooling-off (decision 248): the admin erases at once what the parent just asked (tests/integration/pages/erasure.test.ts waits it out).
  server = await startTestServer({ env: { ERASURE_COOLING_OFF_HOURS: "0" } });
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const LANGUAGES: readonly Language[] = ["en", "hi"];

async function page(lang: Language, javaScriptEnabled: boolean) {
  const opened = await newShopperPage(browser!, server.url, javaScriptEnabled);
  await opened.context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
  return opened;
}

/** A browser without JavaScript, over HTTP, in `lang` (the language switch's cookie). */
async function overHttp(lang: Language, browser: HtmlBrowser = htmlBrowser(server.url)): Promise<HtmlBrowser> {
  await browser.setCookie(`shop_lng=${lang}; Path=/`);
  return browser;
}

describe("a parent's data", () => {
  const mode = { name: "JS on", javaScriptEnabled: true };
  for (const lang of LANGUAGES) {
    const m = RESOURCES[lang].privacy;
    it(`reads the notice from the footer and asks for a guest order's erasure (${mode.name}, ${lang})`, async () => {
      if (!browser) return;
      const order = await placeTestOrder(server.shop);
      const { context, page: p } = await page(lang, mode.javaScriptEnabled);
      try {
        await p.goto("/");
        await ready(p, mode.javaScriptEnabled);
        await p.getByRole("link", { name: RESOURCES[lang].common.footer.privacy }).click();
        await p.waitForURL(/\/privacy$/);
        // With JavaScript the address changes before the page is drawn: wait for the notice itself.
        await p.getByRole("heading", { level: 1, name: m.title }).waitFor();
        expect(await p.textContent("article")).toContain(m.kept.children.slice(0, 30));
        await ready(p, mode.javaScriptEnabled);
        await p.fill("#privacy-order", order.displayId);
        await p.fill("#privacy-phone", order.phone);
        const [download] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: m.download }).click()]);
        const copy = JSON.parse(await streamText(await download.createReadStream()));
        expect(copy.orders[0].order).toMatchObject({ id: order.orderId, customer_name: order.name, phone: order.phone });
        await p.goto("/privacy");
        await ready(p, mode.javaScriptEnabled);
        await p.fill("#privacy-order", order.displayId);
        await p.fill("#privacy-phone", order.phone);
        await p.getByRole("button", { name: m.askErasure }).click();
        // Asked first (decision 248): the confirmation's "Yes" makes the request.
        await p.getByRole("button", { name: m.confirm.yes }).click();
        await p.getByRole("status").filter({ hasText: m.erasureAsked.split("{{")[0].trim() }).waitFor();
        const state = await server.shop.privacy.state(orderSubject(order.orderId));
        expect(state.erasureAskedAt).toBeTruthy();
      } finally {
        await context.close();
      }
    });

    it(`downloads the copy and asks for erasure on the account page; the admin erases (${mode.name}, ${lang})`, async () => {
      if (!browser) return;
      const userId = randomUUID();
      const name = `Bhanwar Lal ${userId.slice(0, 6)}`;
      await server.shop.db.insertInto("users").values({ id: userId, name, email: `${userId}@example.in`, phone: null, password_hash: null, google_id: null }).execute();
      await server.shop.privacy.consent({ subject: accountSubject(userId), place: "sign-up", language: lang });
      const order = await placeTestOrder(server.shop, { userId, name });
      const { context, page: p } = await page(lang, mode.javaScriptEnabled);
      try {
        await signInShopperIn(context, server.shop, server.url, userId);
        await p.goto("/account");
        await ready(p, mode.javaScriptEnabled);
        await p.getByRole("link", { name: RESOURCES[lang].account.yourData }).click();
        await p.waitForURL(/\/account\/privacy$/);
        await ready(p, mode.javaScriptEnabled);
        const [download] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: m.account.download }).click()]);
        const copy = JSON.parse(await streamText(await download.createReadStream()));
        expect(copy.account.name).toBe(name);
        expect(copy.orders.map((o: { order: { id: string } }) => o.order.id)).toContain(order.orderId);
        expect(copy.privacy.map((e: { type: string }) => e.type)).toContain("ConsentGiven");
        await p.goto("/account/privacy");
        await ready(p, mode.javaScriptEnabled);
        await p.getByRole("button", { name: m.account.erase }).click();
        await p.getByRole("button", { name: m.confirm.yes }).click();
        await p.getByRole("status").filter({ hasText: m.account.erasureAsked.split("{{")[0].trim() }).waitFor();
      } finally {
        await context.close();
      }

      const admin = await createTestAdmin(server.shop, server.url);
      const adminPage = await newAdminPage(browser, server.url, admin, mode.javaScriptEnabled);
      try {
        await adminPage.context.addCookies([{ name: "shop_lng", value: lang, url: server.url }]);
        await eventually("the request on the admin's list", async () =>
          (await server.shop.privacy.requests()).open.some((r) => r.subject === accountSubject(userId)) ? true : null,
        );
        await adminPage.page.goto("/admin/privacy");
        await ready(adminPage.page, mode.javaScriptEnabled);
        const row = adminPage.page.getByRole("row").filter({ hasText: name });
        await row.getByRole("button", { name: m.admin.erase }).click();
        await adminPage.page.getByRole("button", { name: m.admin.confirmYes.replace("{{who}}", name) }).click();
        await adminPage.page.getByRole("status").filter({ hasText: m.admin.erasedOk }).waitFor();
        await eventually("the order erased", async () =>
          (await server.shop.db.selectFrom("orders").select("customer_name").where("id", "=", order.orderId).executeTakeFirst())?.customer_name === ERASED ? true : null,
        );
        // The order's page and trail word "erased" in the page's language, never the raw marker.
        await adminPage.page.goto(`/admin/orders/${order.orderId}`);
        await ready(adminPage.page, mode.javaScriptEnabled);
        const shown = await adminPage.page.locator("main").innerText();
        expect(shown).toContain(m.erased);
        expect(shown).not.toContain(ERASED);
        if (lang === "hi") expect(shown).not.toContain("erased");
      } finally {
        await adminPage.context.close();
      }
    });
  }

  for (const lang of LANGUAGES) {
    const m = RESOURCES[lang].privacy;
    it(`reads the notice from the footer and asks for a guest order's erasure (JS off, over HTTP, ${lang})`, async () => {
      const order = await placeTestOrder(server.shop);
      const browser = await overHttp(lang);
      const notice = await (await browser.open("/")).follow(RESOURCES[lang].common.footer.privacy);
      expect(notice.url.pathname).toBe("/privacy");
      expect(notice.headings()[0]).toBe(m.title);
      expect(notice.text("article")).toContain(m.kept.children.slice(0, 30));
      const download = await notice.fill({ css: "#privacy-order" }, order.displayId).fill({ css: "#privacy-phone" }, order.phone).press(m.download);
      expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
      const copy = JSON.parse(download.body);
      expect(copy.orders[0].order).toMatchObject({ id: order.orderId, customer_name: order.name, phone: order.phone });
      const again = await browser.open("/privacy");
      const asked = await again.fill({ css: "#privacy-order" }, order.displayId).fill({ css: "#privacy-phone" }, order.phone).press(m.askErasure).then((confirm) => confirm.press(m.confirm.yes));
      expect(asked.alerts().join(" ")).toContain(m.erasureAsked.split("{{")[0].trim());
      const state = await server.shop.privacy.state(orderSubject(order.orderId));
      expect(state.erasureAskedAt).toBeTruthy();
    });

    it(`downloads the copy and asks for erasure on the account page; the admin erases (JS off, over HTTP, ${lang})`, async () => {
      const userId = randomUUID();
      const name = `Bhanwar Lal ${userId.slice(0, 6)}`;
      await server.shop.db.insertInto("users").values({ id: userId, name, email: `${userId}@example.in`, phone: null, password_hash: null, google_id: null }).execute();
      await server.shop.privacy.consent({ subject: accountSubject(userId), place: "sign-up", language: lang });
      const order = await placeTestOrder(server.shop, { userId, name });
      const browser = await overHttp(lang);
      await signInShopperOver(browser, server.shop, userId);
      const yours = await (await browser.open("/account")).follow(RESOURCES[lang].account.yourData);
      expect(yours.url.pathname).toBe("/account/privacy");
      const download = await yours.press(m.account.download);
      expect(download.headers.get("content-disposition")).toMatch(/^attachment/);
      const copy = JSON.parse(download.body);
      expect(copy.account.name).toBe(name);
      expect(copy.orders.map((o: { order: { id: string } }) => o.order.id)).toContain(order.orderId);
      expect(copy.privacy.map((e: { type: string }) => e.type)).toContain("ConsentGiven");
      const asked = await (await (await browser.open("/account/privacy")).press(m.account.erase)).press(m.confirm.yes);
      expect(asked.alerts().join(" ")).toContain(m.account.erasureAsked.split("{{")[0].trim());

      const admin = await createTestAdmin(server.shop, server.url);
      const desk = await overHttp(lang, await adminHtmlBrowser(server.url, admin));
      await eventually("the request on the admin's list", async () =>
        (await server.shop.privacy.requests()).open.some((r) => r.subject === accountSubject(userId)) ? true : null,
      );
      const list = await desk.open("/admin/privacy");
      const row = list.all("tbody tr, tr").find((tr) => list.within(tr).has(name));
      expect(row, `no row names ${name}`).toBeTruthy();
      const erased = await (await list.within(row!).press(m.admin.erase)).press(m.admin.confirmYes.replace("{{who}}", name));
      expect(erased.alerts().join(" ")).toContain(m.admin.erasedOk);
      await eventually("the order erased", async () =>
        (await server.shop.db.selectFrom("orders").select("customer_name").where("id", "=", order.orderId).executeTakeFirst())?.customer_name === ERASED ? true : null,
      );
      // The order's page and trail word "erased" in the page's language, never the raw marker.
      const shown = (await desk.open(`/admin/orders/${order.orderId}`)).text("main");
      expect(shown).toContain(m.erased);
      expect(shown).not.toContain(ERASED);
      if (lang === "hi") expect(shown).not.toContain("erased");
    });
  }
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
