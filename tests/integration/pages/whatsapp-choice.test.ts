// A parent's choice of WhatsApp (decision 231), with JavaScript off, in English and Hindi, through the pages'
// real forms (tests/support/html-browser): the box at checkout, the account page's button to give and withdraw
// it, and what each choice does to the parent's texts, with WhatsApp faked at its HTTP edge
// (tests/support/fake-whatsapp.ts) and SMS at the provider's. Without the shop's WhatsApp the checkout has no
// box: tests/integration/pages/checkout.test.ts.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { privacyStreamId } from "../../../domain/privacy/events";
import { accountSubject, orderSubject } from "../../../domain/privacy/subjects";
import { eventually } from "../../support/fake-providers";
import { postWebhook, startFakeWhatsApp, webhookPayload, type FakeWhatsApp } from "../../support/fake-whatsapp";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { htmlBrowser, type HtmlBrowser, type HtmlPage } from "../../support/html-browser";
import type { Submission } from "../../support/html-browser/form";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let whatsapp: FakeWhatsApp;
let owner: TestAdmin | undefined;
const admin = async () => (owner ??= await createTestAdmin(server.shop, server.url));

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  server = await startTestServer({ env: whatsapp.env });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await whatsapp?.close();
});

// Each number in a series of its own: the shop limits how many numbers of one series get codes (the SMS budget).
const newPhone = () => String(6_000_000_000 + randomInt(0, 4_000_000_000));
const LANGUAGES: readonly Language[] = ["en", "hi"];

/** A message of the shop's pages in `lang`, as `namespace:path.to.key`, `{{x}}` filled in from `values`. */
function w(lang: Language, key: string, values: Record<string, string> = {}): string {
  const [namespace, path] = key.split(":");
  let node: unknown = (RESOURCES[lang] as Record<string, unknown>)[namespace];
  for (const part of path.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "string") throw new Error(`no words for ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k]);
}

/** A guest with a shirt in the cart, reading the shop in `lang`. */
async function guestIn(lang: Language): Promise<HtmlBrowser> {
  const parent = htmlBrowser(server.url);
  const cart = await (await parent.open("/schools/dps/shirt?size=30")).fill("Quantity", "1").press("BUY NOW");
  expect(cart.url.pathname).toBe("/cart");
  await parent.setCookie(`shop_lng=${lang}; Path=/`);
  return parent;
}

/** The checkout's details form: its own page without JavaScript. */
async function detailsPage(parent: HtmlBrowser, lang: Language): Promise<HtmlPage> {
  const page = await parent.open("/checkout?step=details");
  expect(page.headings()).toContain(w(lang, "checkout:details.title"));
  return page;
}

function fillDetails(page: HtmlPage, lang: Language, phone: string): HtmlPage {
  return page
    .fill(w(lang, "checkout:details.name"), "Meena Sharma")
    .fill(w(lang, "checkout:details.phone"), phone)
    .fill(w(lang, "checkout:details.address"), "4 Gandhi Nagar")
    .fill(w(lang, "checkout:details.city"), "Churu")
    .fill(w(lang, "checkout:details.pincode"), "331001");
}

/** What pressing a button sends, with one field's value changed: a form the page never sends. */
function withField(submission: Submission, name: string, value: string): Submission {
  const body = new URLSearchParams(submission.body as URLSearchParams);
  body.set(name, value);
  return { ...submission, body };
}

async function consentOf(subject: string) {
  return server.shop.db.selectFrom("whatsapp_consents").selectAll().where("subject", "=", subject).executeTakeFirst();
}

const ship = (orderId: string) => server.shop.orders.changeStatus(orderId, "shipped", { kind: "admin", name: "Test Admin" });
/** How the order's shipped news went, once it went. */
const shippedBy = (orderId: string) =>
  eventually("the shipped news sent", async () => {
    const row = await server.shop.db
      .selectFrom("notification_sends")
      .select(["transport", "status"])
      .where("stream_id", "=", `order-${orderId}`)
      .where("kind", "=", "order-shipped")
      .executeTakeFirst();
    return row?.status === "sent" ? row.transport : null;
  });

describe("the WhatsApp box at checkout (JS off)", () => {
  for (const lang of LANGUAGES) {
    it(`records a guest's yes with the order, and the order's news then comes on WhatsApp (${lang})`, async () => {
      const parent = await guestIn(lang);
      const phone = newPhone();
      let page = await detailsPage(parent, lang);
      const box = page.field(w(lang, "checkout:details.whatsapp"));
      expect(box.type).toBe("checkbox");
      // Never assumed: a guest's box starts unticked.
      expect(box.checked).toBe(false);
      expect(page.has(w(lang, "checkout:details.whatsappHint"))).toBe(true);

      // A refused submit keeps the tick.
      page = await fillDetails(page, lang, "12345").check(w(lang, "checkout:details.whatsapp")).press(w(lang, "checkout:details.confirm"));
      expect(page.url.pathname).toBe("/checkout");
      expect(page.field(w(lang, "checkout:details.whatsapp")).checked).toBe(true);

      page = await fillDetails(page, lang, phone).press(w(lang, "checkout:details.confirm"));
      expect(page.url.pathname).toBe("/checkout/done");
      const orderId = page.url.searchParams.get("order")!;
      const events = await server.shop.store.readStream(privacyStreamId(orderSubject(orderId)));
      expect(events.map((e) => e.type)).toContain("WhatsAppConsentGiven");
      await eventually("the yes in the read model", async () => (await consentOf(orderSubject(orderId)))?.consented === true);
      expect(await consentOf(orderSubject(orderId))).toMatchObject({ place: "checkout", language: lang });

      await ship(orderId);
      const [message] = await eventually("the shipped news on WhatsApp", () => {
        const sent = whatsapp.to(phone).filter((r) => r.body.template.name === "order_shipped");
        return sent.length ? sent : null;
      });
      expect(message.body.template.language.code).toBe(lang);
      expect(await shippedBy(orderId)).toBe("whatsapp");

      // The admin's notifications page says the message went on WhatsApp and what WhatsApp last said of it.
      expect((await postWebhook(server.url, webhookPayload([{ id: message.id, status: "delivered" }]))).status).toBe(200);
      const { key } = await server.shop.db
        .selectFrom("notification_sends")
        .select("key")
        .where("stream_id", "=", `order-${orderId}`)
        .where("kind", "=", "order-shipped")
        .executeTakeFirstOrThrow();
      const notifications = await (await adminHtmlBrowser(server.url, await admin())).open("/admin/notifications");
      const row = notifications.within(`tr[data-key="${key}"]`);
      expect(row.text("td")).toContain("WhatsApp");
      expect(row.text("[data-testid=whatsapp-state]")).toBe("WhatsApp: delivered.");
    });
  }

  it("leaves a guest who did not tick it on SMS, and records nothing", async () => {
    const parent = await guestIn("en");
    const phone = newPhone();
    const page = await fillDetails(await detailsPage(parent, "en"), "en", phone).press("Confirm Order");
    expect(page.url.pathname).toBe("/checkout/done");
    const orderId = page.url.searchParams.get("order")!;
    const events = await server.shop.store.readStream(privacyStreamId(orderSubject(orderId)));
    expect(events.map((e) => e.type)).not.toContain("WhatsAppConsentGiven");
    await ship(orderId);
    expect(await shippedBy(orderId)).not.toBe("whatsapp");
    expect(server.sms.to(phone).at(-1)?.text).toContain("has been shipped");
    expect(whatsapp.to(phone)).toEqual([]);
  });

  it("refuses a box value the page never sends", async () => {
    const parent = await guestIn("en");
    const phone = newPhone();
    const page = fillDetails(await detailsPage(parent, "en"), "en", phone).check("Send my order's messages on WhatsApp");
    const answer = await parent.navigate({ ...withField(page.request("Confirm Order"), "whatsapp", "always"), from: page });
    expect(answer.status).toBe(400);
    expect(answer.text(".error-summary")).toContain("Please send this form from the shop's page.");
    expect(await server.shop.db.selectFrom("orders").select("id").where("phone", "=", phone).execute()).toEqual([]);
  });
});

/** A parent signed up by phone through the pages, on their account page; the code read from the SMS. */
async function signedUpParent(lang: Language): Promise<{ parent: HtmlBrowser; phone: string; page: HtmlPage; userId: string }> {
  const parent = htmlBrowser(server.url);
  const phone = newPhone();
  let page = await (await parent.open("/signup")).follow("Sign up with Phone");
  page = await page.fill("Your name", "Asha Devi").fill("Mobile number", phone).press("Send OTP");
  page = await page.fill("OTP", await server.sms.code(phone, 1)).press("Verify OTP");
  expect(page.url.pathname).toBe("/account");
  await parent.setCookie(`shop_lng=${lang}; Path=/`);
  const user = await server.shop.db.selectFrom("users").select("id").where("phone", "=", phone).executeTakeFirstOrThrow();
  return { parent, phone, page: await page.reload(), userId: user.id };
}

/** Signs in by phone on a browser of its own; the code as the parent reads it, and how it came. */
async function signInCode(phone: string, smsBefore: number): Promise<{ by: "whatsapp" | "sms"; code: string }> {
  const other = htmlBrowser(server.url);
  const asked = whatsapp.to(phone).length;
  let page = await (await other.open("/otp")).fill("Mobile number", phone).press("Send OTP");
  expect(page.url.pathname).toBe("/otp");
  const came = await eventually("the sign-in code", () => {
    const sent = whatsapp.to(phone).slice(asked).find((r) => r.body.template.name === "sign_in_code");
    if (sent) return { by: "whatsapp" as const, code: sent.body.template.components[0].parameters[0].text };
    const texts = server.sms.to(phone);
    return texts.length > smsBefore ? { by: "sms" as const, code: /\b(\d{6})\b/.exec(texts[texts.length - 1].text)![1] } : null;
  });
  page = await page.fill("OTP", came.code).press("Verify OTP");
  expect(page.url.pathname).toBe("/account");
  return came;
}

describe("the account page's WhatsApp choice (JS off)", () => {
  for (const lang of LANGUAGES) {
    it(`gives and withdraws the choice, and the sign-in code follows it (${lang})`, async () => {
      const { parent, phone, page: account, userId } = await signedUpParent(lang);
      const section = () => account.within({ region: w(lang, "account:whatsapp.title") });
      expect(section().text("[data-testid=whatsapp-choice]")).toBe(w(lang, "account:whatsapp.off", { phone }));

      let page = await section().press(w(lang, "account:whatsapp.turnOn"));
      expect(page.url.pathname + page.url.search).toBe("/account?texts=on");
      expect(page.within({ region: w(lang, "account:whatsapp.title") }).text("[data-testid=whatsapp-choice]")).toBe(w(lang, "account:whatsapp.on", { phone }));
      expect(page.texts("[role=status]")).toContain(w(lang, "account:whatsapp.savedOn"));
      await eventually("the yes in the read model", async () => (await consentOf(accountSubject(userId)))?.consented === true);
      expect(await consentOf(accountSubject(userId))).toMatchObject({ place: "account", language: lang });

      // The sign-in code comes on WhatsApp, as its authentication template, and no SMS carries it.
      const smsBefore = server.sms.to(phone).length;
      expect(await signInCode(phone, smsBefore)).toMatchObject({ by: "whatsapp" });
      expect(server.sms.to(phone)).toHaveLength(smsBefore);

      // Their checkout has the box ticked for them.
      await server.shop.cart.add({ kind: "user", userId }, { productId: "stationery/scientific-calculator", quantity: 1 });
      expect((await detailsPage(parent, lang)).field(w(lang, "checkout:details.whatsapp")).checked).toBe(true);

      page = await page.within({ region: w(lang, "account:whatsapp.title") }).press(w(lang, "account:whatsapp.turnOff"));
      expect(page.url.pathname + page.url.search).toBe("/account?texts=off");
      expect(page.texts("[role=status]")).toContain(w(lang, "account:whatsapp.savedOff"));
      const events = await server.shop.store.readStream(privacyStreamId(accountSubject(userId)));
      expect(events.map((e) => e.type).filter((t) => t.startsWith("WhatsApp"))).toEqual(["WhatsAppConsentGiven", "WhatsAppConsentWithdrawn"]);
      await eventually("the no in the read model", async () => (await consentOf(accountSubject(userId)))?.consented === false);

      // Withdrawn: the next code comes by SMS.
      expect(await signInCode(phone, server.sms.to(phone).length)).toMatchObject({ by: "sms" });
    });
  }

  it("refuses a choice the page never sends", async () => {
    const { parent, page, userId } = await signedUpParent("en");
    const section = page.within({ region: "Messages on WhatsApp" });
    const answer = await parent.navigate({ ...withField(section.request("Send my messages on WhatsApp"), "whatsapp", "maybe"), from: page });
    expect(answer.status).toBe(400);
    expect(answer.within({ region: "Messages on WhatsApp" }).alerts()).toContain("Please send this form from the shop's page.");
    expect(await server.shop.whatsapp.wants(accountSubject(userId))).toBe(false);
  });
});
