/**
 * A parent's erasure as the pages show it, JavaScript off through their real forms (tests/support/html-browser),
 * in English and Hindi (issue 48, decision 248): "Ask to erase" and "Erase now" confirm first, saying what is still
 * open; a parent may take the request back during its cooling-off and the admin waits it out; the parent is texted
 * when it is done, a browser coming back to the erased account is told why it is signed out, and a complaint whose
 * parent was erased says so in the page's language.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import { formatDate, interpolate } from "../../../domain/i18n";
import { ERASED } from "../../../domain/privacy/erased";
import { erasureDueBy, privacyEvents, privacyStreamId } from "../../../domain/privacy/events";
import { accountSubject, orderSubject } from "../../../domain/privacy/subjects";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, signInShopperOver, type TestAdmin } from "../../support/admin";
import { adapterOf } from "../../support/event-store";
import { eventually } from "../../support/fake-providers";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `erasure-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const adminActor = () => ({ kind: "admin" as const, id: admin.id, name: admin.name });
const en = RESOURCES.en.privacy;
const clientIp = () => `10.48.${randomInt(0, 255)}.${randomInt(1, 254)}`;

/** A delivered cash order with a return asked and not yet answered, and a complaint still open: what an erasure leaves open. */
async function orderWithOpenMatters(userId?: string) {
  const order = await placeTestOrder(server.shop, { name: "Kamla Devi", ...(userId ? { userId } : {}), items: [{ productId: "school/dps/shirt", size: "30", quantity: 1 }], paymentMethod: "cod" });
  await server.shop.orders.changeStatus(order.orderId, "shipped", adminActor());
  await server.shop.orders.changeStatus(order.orderId, "delivered", adminActor());
  await server.shop.orders.requestReturn(order.orderId, { lines: [{ productId: "school/dps/shirt", size: "30", school: "DPS", quantity: 1 }], want: "refund", reason: "Too small" }, { kind: "guest", name: "Kamla Devi" });
  const filed = await server.shop.grievances.file({
    key: randomUUID(),
    ...(userId ? { userId } : {}),
    name: "Kamla Devi",
    phone: order.phone,
    ...(userId ? {} : { orderNumber: order.displayId }),
    topic: "refund",
    text: "Where is my refund?",
    language: "en",
    clientIp: clientIp(),
  });
  if (!("number" in filed)) throw new Error("the complaint was not filed");
  await eventually("the complaint on the desk", async () =>
    (await server.shop.db.selectFrom("grievance_tickets").select("number").where("number", "=", filed.number).executeTakeFirst()) ? true : null,
  );
  return { ...order, complaint: filed.number };
}

/** A request the parent made three days ago: its cooling-off is over and the admin may act (the shop's history, seeded). */
async function askedDaysAgo(subject: string, by: "parent" | "guest") {
  const at = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
  const event = privacyEvents.toAppend({ type: "ErasureRequested", data: { subject, by, at, dueBy: erasureDueBy(at) } }, randomUUID());
  const appended = await adapterOf(server.shop.store).append(privacyStreamId(subject), [event], "any");
  expect(await server.shop.waitForReadModels(appended.position, 20_000)).toBe(true);
}

const openMatters = (order: { displayId: string; complaint: string }) => [
  interpolate(en.matters.return, { order: order.displayId, what: en.matters.refund, stage: RESOURCES.en.returns.stage.requested }),
  interpolate(en.matters.complaint, { number: order.complaint }),
];

describe("the parent's Ask to erase", () => {
  it("confirms first with what is still open, may be taken back during its cooling-off, and the admin waits it out", async () => {
    const user = await server.shop.auth.registerWithEmail({ email: `erase-${randomUUID()}@example.com`, password: "satchel-2026", name: "Kamla Devi" });
    const order = await orderWithOpenMatters(user.id);
    const parent = htmlBrowser(server.url);
    await signInShopperOver(parent, server.shop, user.id);
    let page = await parent.open("/account/privacy");
    page = await page.press(en.account.erase);
    // Nothing asked yet: the confirmation says what goes, what stays and what is still open.
    expect(page.url.searchParams.get("erase")).toBe("confirm");
    expect(page.url.hash).toBe("#erase-confirm");
    expect(page.text("#erase-confirm-title")).toBe(en.confirm.title);
    expect(page.has(en.confirm.what)).toBe(true);
    expect(page.texts("[data-testid=open-matters] li")).toEqual(openMatters(order));
    expect((await server.shop.privacy.state(accountSubject(user.id))).erasureAskedAt).toBeUndefined();
    page = await page.follow(en.confirm.no);
    expect(page.has(en.confirm.title)).toBe(false);

    page = await (await page.press(en.account.erase)).press(en.confirm.yes);
    expect(page.alerts().join(" ")).toContain(en.account.erasureAsked.split("{{")[0].trim());
    expect(page.alerts().join(" ")).toContain(en.account.coolingOffUntil.split("{{")[0].trim());

    // The admin's list names the request and when its cooling-off ends, with nothing to press; the rule refuses an erasure now, erasing nothing.
    await eventually("the request on the admin's list", async () => ((await server.shop.privacy.requests()).open.some((r) => r.subject === accountSubject(user.id)) ? true : null));
    const desk = await adminHtmlBrowser(server.url, admin);
    const list = await desk.open("/admin/privacy");
    const row = list.all("tbody tr").find((tr) => list.within(tr).has("Kamla Devi"));
    expect(row).toBeTruthy();
    expect(list.within(row!).has(en.admin.coolingOff.split("{{")[0].trim())).toBe(true);
    expect(list.within(row!).buttons()).toEqual([]);
    await expect(server.shop.privacy.erase(accountSubject(user.id), adminActor())).rejects.toMatchObject({ key: "privacy.coolingOff" });
    expect((await server.shop.db.selectFrom("orders").select("customer_name").where("id", "=", order.orderId).executeTakeFirstOrThrow()).customer_name).toBe("Kamla Devi");

    // Taken back: nothing erased, and off the admin's list.
    page = await page.press(en.account.keep);
    expect(page.alerts()).toContain(en.account.kept);
    await eventually("the request off the list", async () => ((await server.shop.privacy.requests()).open.some((r) => r.subject === accountSubject(user.id)) ? null : true));
  });

  it("a guest's confirms first on /privacy and may be taken back with the same numbers (Hindi)", async () => {
    const order = await orderWithOpenMatters();
    const hi = RESOURCES.hi.privacy;
    let page = await htmlBrowser(server.url, { language: "hi" }).open("/privacy");
    page = await page.fill(hi.orderNumber, order.displayId).fill(hi.phone, order.phone).press(hi.askErasure);
    expect(page.has(hi.confirm.title)).toBe(true);
    expect(page.texts("[data-testid=open-matters] li")).toHaveLength(2);
    expect(page.text("[data-testid=open-matters]")).toContain(interpolate(hi.matters.complaint, { number: order.complaint }));
    expect((await server.shop.privacy.state(orderSubject(order.orderId))).erasureAskedAt).toBeUndefined();
    page = await page.press(hi.confirm.yes);
    expect(page.alerts().join(" ")).toContain(hi.erasureAsked.split("{{")[0].trim());
    expect((await server.shop.privacy.state(orderSubject(order.orderId))).erasureAskedAt).toBeDefined();
    page = await page.press(hi.account.keep);
    expect(page.alerts()).toContain(hi.account.kept);
    expect((await server.shop.privacy.state(orderSubject(order.orderId))).erasureAskedAt).toBeUndefined();
  });
});

describe("the admin's Erase now", () => {
  it("confirms first with what is still open, erases, texts the parent, and tells the parent's browser why it is signed out", async () => {
    const user = await server.shop.auth.registerWithEmail({ email: `erase-${randomUUID()}@example.com`, password: "satchel-2026", name: "Sunita Meena" });
    const order = await orderWithOpenMatters(user.id);
    await server.shop.db.updateTable("users").set({ phone: order.phone }).where("id", "=", user.id).execute();
    const parent = htmlBrowser(server.url);
    await signInShopperOver(parent, server.shop, user.id);
    expect((await parent.open("/account")).url.pathname).toBe("/account");
    await askedDaysAgo(accountSubject(user.id), "parent");

    const desk = await adminHtmlBrowser(server.url, admin);
    let list = await desk.open("/admin/privacy");
    const row = list.all("tbody tr").find((tr) => list.within(tr).has("Sunita Meena"));
    let page = await list.within(row!).press(en.admin.erase);
    // Nothing erased yet: the confirmation names the person and what is still open.
    expect(page.url.hash).toBe("#erase-confirm");
    expect(page.has(interpolate(en.admin.confirmTitle, { who: "Sunita Meena" }))).toBe(true);
    expect(page.texts("[data-testid=open-matters] li")).toEqual(openMatters(order));
    expect((await server.shop.privacy.state(accountSubject(user.id))).erased).toBeUndefined();
    list = await page.follow(en.admin.confirmNo);
    expect(list.has(interpolate(en.admin.confirmTitle, { who: "Sunita Meena" }))).toBe(false);

    page = await (await list.within(list.all("tbody tr").find((tr) => list.within(tr).has("Sunita Meena"))!).press(en.admin.erase)).press(
      interpolate(en.admin.confirmYes, { who: "Sunita Meena" }),
    );
    expect(page.alerts()).toContain(en.admin.erasedOk);
    // The parent is texted that it is done.
    await eventually("the erasure's text", () => (server.sms.to(order.phone).some((t) => /erased/.test(t.text)) ? true : null));
    await eventually("the order scrubbed", async () =>
      (await server.shop.db.selectFrom("orders").select("customer_name").where("id", "=", order.orderId).executeTakeFirst())?.customer_name === ERASED ? true : null,
    );

    // The parent's browser comes back: signed out, and told why.
    const back = await parent.open("/account");
    expect(back.url.pathname).toBe("/login");
    expect(back.text("[data-testid=erased-signed-out]")).toBe(interpolate(en.erasedSignedOut, { date: formatDate(new Date().toISOString(), "en") }));
    // A browser that never had that account is told nothing.
    expect((await htmlBrowser(server.url).open("/login")).count("[data-testid=erased-signed-out]")).toBe(0);
  });
});

describe("a complaint whose parent was erased", () => {
  it("says erased in the page's language on the parent's ticket and the desk, never the English word on a Hindi page", async () => {
    const order = await placeTestOrder(server.shop, { name: "Kamla Devi" });
    const filed = await server.shop.grievances.file({
      key: randomUUID(),
      name: "Kamla Devi",
      phone: order.phone,
      orderNumber: order.displayId,
      topic: "delivery",
      text: "The parcel came late",
      language: "hi",
      clientIp: clientIp(),
    });
    if (!("ticketId" in filed)) throw new Error("the complaint was not filed");
    await server.shop.privacy.erase(orderSubject(order.orderId), adminActor());

    const hindi = RESOURCES.hi.privacy.erased;
    const ticket = await htmlBrowser(server.url, { language: "hi" }).open(`/grievance/${filed.ticketId}`);
    expect(ticket.status).toBe(200);
    expect(ticket.has(hindi)).toBe(true);
    expect(ticket.has(/erased/)).toBe(false);
    expect(ticket.has("The parcel came late")).toBe(false);

    const desk = await adminHtmlBrowser(server.url, admin, { language: "hi" });
    const page = await desk.open(`/admin/grievances/${filed.ticketId}`);
    expect(page.has(hindi)).toBe(true);
    expect(page.has(/erased/)).toBe(false);
    const list = await desk.open("/admin/grievances");
    expect(list.has(/erased/)).toBe(false);

    const english = await htmlBrowser(server.url).open(`/grievance/${filed.ticketId}`);
    expect(english.has(RESOURCES.en.privacy.erased)).toBe(true);
  });
});

describe("the parent's copy of their data", () => {
  it("reads as a page to print or save beside the JSON file, without the store's own fields (Hindi)", async () => {
    const user = await server.shop.auth.registerWithEmail({ email: `copy-${randomUUID()}@example.com`, password: "satchel-2026", name: "Geeta Saini" });
    const order = await placeTestOrder(server.shop, { name: "Geeta Saini", userId: user.id, items: [{ productId: "school/dps/shirt", size: "30", quantity: 2 }] });
    const hi = RESOURCES.hi.privacy;
    const parent = htmlBrowser(server.url, { language: "hi" });
    await signInShopperOver(parent, server.shop, user.id);
    const page = await (await parent.open("/account/privacy")).press(hi.account.readCopy);
    expect(page.status).toBe(200);
    expect(page.text("h1")).toBe(hi.copyPage.title);
    expect(page.has(interpolate(hi.copyPage.order, { number: order.displayId }))).toBe(true);
    expect(page.has("शर्ट (30) x 2")).toBe(true);
    expect(page.has(interpolate(hi.copyPage.deliverTo, { address: `Geeta Saini, 12 Station Road, Churu 331001, ${order.phone}` }))).toBe(true);
    expect(page.has("Geeta Saini")).toBe(true);
    for (const internal of ["stream", "revision", "ConsentGiven", "{"]) expect(page.text("main"), internal).not.toContain(internal);
  });
});
