import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { htmlBrowser } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";
import { startFakeSms, type FakeSms } from "../support/fake-providers";
import { placeOrder, waitForStatus } from "../support/notifications";
import { notificationKey } from "../../workers/reactor";
import { signInAdmin } from "../../app/auth/session.server";
import { displayOrderId } from "../../domain/orders/order";

const ADMIN = { email: "notifications-admin@churu-uniforms.example", password: "admin password 1994" };

let server: TestServer;
let browser: Browser | null;
let sms: FakeSms;
/** The admin's session cookie ("name=value"), made the way the admin login makes it. */
let adminCookie: string;

beforeAll(async () => {
  sms = await startFakeSms();
  server = await startTestServer({
    env: { SMS_PROVIDER: "msg91", SMS_URL: sms.url, SMS_API_KEY: "test-auth-key", SHOP_EMAIL: "orders@churu-uniforms.test" },
  });
  const { user } = await server.shop.auth.createAdmin(ADMIN);
  // The login form has its own tests (auth.e2e); this file is about the page behind it.
  const signedIn = await signInAdmin(new Request(`${server.url}/admin/login`), server.shop, user.id);
  adminCookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await sms?.close();
});

describe("/admin/notifications", () => {
  it("sends anyone but the admin to the admin login", async () => {
    const res = await fetch(`${server.url}/admin/notifications`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login");
  });

  let phone = 9_840_000_000;
  // With JavaScript on in Chromium; the same page without it is the next test, over HTTP (decision 175).
  it("lists recent sends and failures, and Retry sends a failed message again (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const js = true;
    const failing = String(phone++);
    sms.reply = (req) => (req.to.endsWith(failing) ? { status: 503 } : {});
    const { orderId, eventId } = await placeOrder(server.shop.store, { phone: failing });
    const key = notificationKey(eventId, "sms");
    await waitForStatus(server.shop.db, key, ["failed"]);
    await waitForStatus(server.shop.db, notificationKey(eventId, "email"), ["sent"]);

    const { context, page } = await newShopperPage(browser, server.url, js);
    await page.goto("/admin/notifications");
    await page.waitForURL("**/admin/login");
    // Signing in sets more than one cookie (the session and the browser's own mark): each goes in by itself.
    await context.addCookies(adminCookie.split("; ").map((pair) => {
      const [name, value] = pair.split(/=(.*)/s);
      return { name, value, url: server.url };
    }));
    await page.goto("/admin/notifications");
    await ready(page, js);
    await page.getByRole("heading", { name: "Notifications" }).waitFor();

    const failedRow = page.getByRole("table", { name: "Failed messages" }).locator(`tr[data-key="${key}"]`);
    await failedRow.waitFor();
    expect(await failedRow.textContent()).toContain("Failed");
    expect(await failedRow.textContent()).toContain("HTTP 503");
    const emailRow = page.getByRole("table", { name: "Recent messages" }).locator(`tr[data-key="${notificationKey(eventId, "email")}"]`);
    // The shop's email names the order by its short number, as every admin page does.
    expect(await emailRow.textContent()).toContain(displayOrderId(orderId));
    // No SMTP_URL: the email was only printed to the log, and the page says so rather than "Sent".
    expect(await emailRow.textContent()).toContain("Printed to the log");
    expect(await emailRow.textContent()).not.toContain("Sent");
    expect(await emailRow.textContent()).toContain("the log only (console)");
    expect(await page.getByTestId("sms-transport").textContent()).toBe("SMS go to parents' phones through MSG91.");
    expect(await page.getByTestId("email-transport").textContent()).toBe("Email is only printed to the log (no SMTP_URL): no email reaches a mailbox.");

    // The same in Hindi.
    await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
    await page.reload();
    await ready(page, js);
    const hindiRow = page.getByRole("table", { name: "हाल के संदेश" }).locator(`tr[data-key="${notificationKey(eventId, "email")}"]`);
    expect(await hindiRow.textContent()).toContain("सिर्फ़ लॉग में लिखा गया");
    expect(await page.getByTestId("sms-transport").textContent()).toBe("SMS MSG91 सेवा से माता-पिता के फ़ोन पर जाते हैं।");
    expect(await page.getByTestId("email-transport").textContent()).toContain("ईमेल सिर्फ़ लॉग में लिखे जाते हैं");
    await context.addCookies([{ name: "shop_lng", value: "en", url: server.url }]);
    await page.reload();
    await ready(page, js);

    sms.reply = () => ({});
    await failedRow.getByRole("button", { name: "Retry" }).click();
    await page.getByRole("status").filter({ hasText: "The message is queued again." }).waitFor();
    await waitForStatus(server.shop.db, key, ["sent"]);
    expect(sms.to(failing)).toHaveLength(6);

    await page.goto("/admin/notifications");
    await ready(page, js);
    expect(await page.locator(`table[aria-label="Failed messages"] tr[data-key="${key}"]`).count()).toBe(0);
    const sentRow = await page.getByRole("table", { name: "Recent messages" }).locator(`tr[data-key="${key}"]`).textContent();
    // Through MSG91: really sent, and named so.
    expect(sentRow).toContain("Sent");
    expect(sentRow).toContain("MSG91");
    await context.close();
  });

  it("lists recent sends and failures, and Retry sends a failed message again (JS off, over HTTP)", async () => {
    const failing = String(phone++);
    sms.reply = (req) => (req.to.endsWith(failing) ? { status: 503 } : {});
    const { orderId, eventId } = await placeOrder(server.shop.store, { phone: failing });
    const key = notificationKey(eventId, "sms");
    const emailKey = notificationKey(eventId, "email");
    await waitForStatus(server.shop.db, key, ["failed"]);
    await waitForStatus(server.shop.db, emailKey, ["sent"]);

    const browser = htmlBrowser(server.url);
    let page = await browser.open("/admin/notifications");
    expect(page.url.pathname).toBe("/admin/login");
    for (const pair of adminCookie.split(/;\s*/)) await browser.setCookie(`${pair}; Path=/`);
    page = await browser.open("/admin/notifications");
    expect(page.headings()).toContain("Notifications");

    const failedRow = page.within(`table[aria-label="Failed messages"] tr[data-key="${key}"]`);
    expect(failedRow.text()).toContain("Failed");
    expect(failedRow.text()).toContain("HTTP 503");
    const emailRow = page.text(`table[aria-label="Recent messages"] tr[data-key="${emailKey}"]`);
    // The shop's email names the order by its short number, as every admin page does.
    expect(emailRow).toContain(displayOrderId(orderId));
    // No SMTP_URL: the email was only printed to the log, and the page says so rather than "Sent".
    expect(emailRow).toContain("Printed to the log");
    expect(emailRow).not.toContain("Sent");
    expect(emailRow).toContain("the log only (console)");
    expect(page.text('[data-testid="sms-transport"]')).toBe("SMS go to parents' phones through MSG91.");
    expect(page.text('[data-testid="email-transport"]')).toBe("Email is only printed to the log (no SMTP_URL): no email reaches a mailbox.");

    // The same in Hindi.
    await browser.setCookie("shop_lng=hi; Path=/");
    const hindi = await page.reload();
    expect(hindi.text(`table[aria-label="हाल के संदेश"] tr[data-key="${emailKey}"]`)).toContain("सिर्फ़ लॉग में लिखा गया");
    expect(hindi.text('[data-testid="sms-transport"]')).toBe("SMS MSG91 सेवा से माता-पिता के फ़ोन पर जाते हैं।");
    expect(hindi.text('[data-testid="email-transport"]')).toContain("ईमेल सिर्फ़ लॉग में लिखे जाते हैं");
    await browser.setCookie("shop_lng=en; Path=/");
    page = await page.reload();

    sms.reply = () => ({});
    const answered = await page.within(`table[aria-label="Failed messages"] tr[data-key="${key}"]`).press("Retry");
    expect(answered.alerts()).toContain("The message is queued again.");
    await waitForStatus(server.shop.db, key, ["sent"]);
    expect(sms.to(failing)).toHaveLength(6);

    page = await browser.open("/admin/notifications");
    expect(page.all(`table[aria-label="Failed messages"] tr[data-key="${key}"]`)).toHaveLength(0);
    const sentRow = page.text(`table[aria-label="Recent messages"] tr[data-key="${key}"]`);
    // Through MSG91: really sent, and named so.
    expect(sentRow).toContain("Sent");
    expect(sentRow).toContain("MSG91");
  });

  it("answers a Retry of something that is not a failed message with a clear 4xx", async () => {
    const cookie = adminCookie;
    const post = (form: Record<string, string>) =>
      fetch(`${server.url}/admin/notifications`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams(form),
      });
    expect((await post({ intent: "retry", key: "no-such-message" })).status).toBe(409);
    expect((await post({ intent: "delete-everything" })).status).toBe(400);
  });
});
