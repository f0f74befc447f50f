/**
 * Notes, delivery details, returns and exchanges (decision 103) through the real pages, as a browser
 * without JavaScript sends them: the shopper asks on the tracking page (order number and mobile
 * number, checked again) or the account page (their own order only); the admin answers on the order
 * page (approve, refuse, goods received, the Payment section's refund, the exchange). Each step is an
 * event with its actor in the trail; the shelves move exactly once; a replay rebuilds the same read
 * models; bad input is a 4xx with clear words, never a 500.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { orderEvents, orderStreamId, type Actor, type OrderEvent } from "../../domain/orders/events";
import { refundPaiseFor, shortReturnId } from "../../domain/orders/returns";
import { formatPaise, rupeesTyped } from "../../domain/money";
import { stockEvents, stockStreamId } from "../../domain/stock/events";
import type { EventStore } from "../../eventstore/port";
import { replay, verify } from "../../projectors/replay";
import { call, createTestAdmin, type TestAdmin } from "../support/admin";
import { lookUpOrder } from "../support/tracking";
import { formatDate } from "../../domain/i18n";
import { startTestServer, type TestServer } from "../support/server";
import { ENGLISH } from "../support/refusal";

// The rules' refusals in English, as the locale words them (app/locales/en/refusals.json "returns").
const RETURN_MESSAGES = ENGLISH.returns;
const tooManyMessage = (count: number, name: string, size: string) => `You can return at most ${count} of ${name} (${size}).`;
const notMadeMessage = (name: string, size: string) => `${name} does not come in size ${size}.`;
import { createBottle, foldedStock, stockShop } from "../support/stock-contract";
import { adapterOf } from "../support/event-store";

let server: TestServer;
let admin: TestAdmin;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(server.shop, server.url, `returns-${randomUUID()}@churu-uniforms.example`);
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const HINDI = "shop_lng=hi";
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
/** The page as a person reads it: scripts (which carry the page's data again) out, entities back. */
const decode = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

const adminActor = (): Actor => ({ kind: "admin", id: admin.id, name: admin.name });

function post(path: string, fields: Record<string, string>, cookie = "") {
  return call(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

/** A step of the order page as its form posts it; the admin signed in. */
const adminPost = (orderId: string, fields: Record<string, string>, lang: "en" | "hi" = "en") =>
  post(`/admin/orders/${orderId}`, fields, `${admin.cookie}; shop_lng=${lang}`);

async function page(path: string, cookie = ""): Promise<string> {
  const res = await call(`${server.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status, path).toBe(200);
  return decode(await res.text());
}

const adminPage = (orderId: string, lang: "en" | "hi" = "en") => page(`/admin/orders/${orderId}`, `${admin.cookie}; shop_lng=${lang}`);

/** The order page's trail rows as text, oldest first. */
async function trailRows(orderId: string): Promise<string[]> {
  const html = await adminPage(orderId);
  const table = html.slice(html.indexOf('class="trail-table"'));
  return [...table.matchAll(/<tr data-revision="\d+"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1].replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim());
}

const events = async (orderId: string) => orderEvents.readAll(await server.shop.store.readStream(orderStreamId(orderId)));
const lastOf = async <T extends OrderEvent["type"]>(orderId: string, type: T) =>
  (await events(orderId)).filter((e): e is Extract<typeof e, { type: T }> => e.type === type).at(-1);

async function available(productId: number): Promise<number> {
  return (await server.shop.stock.level(productId))?.available ?? -1;
}
async function holdOf(productId: number, orderId: string): Promise<number> {
  const row = await server.shop.db.selectFrom("stock_holds").select("quantity").where("product_id", "=", productId).where("order_id", "=", orderId).executeTakeFirst();
  return row?.quantity ?? 0;
}

/** A product of the shop's own table (one size each), with stock. */
async function product(stock: number, name: string, size = "Free Size") {
  return server.shop.products.create({
    name,
    price: 199,
    description: "Returned and exchanged in tests.",
    imageUrl: null,
    stockQuantity: stock,
    category: "socks",
    gender: "unisex",
    size,
  });
}

/**
 * An order through the order service (priced by the server, its stock reserved), taken to delivered
 * by the admin, cash collected: what a parent can return.
 */
async function deliveredOrder(items: { productId: string; size?: string; quantity: number }[], options: { userId?: string; name?: string; deliver?: boolean } = {}) {
  const phone = newPhone();
  const name = options.name ?? "Asha Devi";
  const placed = await server.shop.orders.placeOrder({
    scope: options.userId ? `user:${options.userId}` : `guest:${phone}`,
    idempotencyKey: randomUUID(),
    items,
    customer: options.userId ? { kind: "user", userId: options.userId, name, phone } : { kind: "guest", name, phone },
    address: { name, phone, address: "Ward 5, Station Road", city: "Churu", pincode: "331001" },
    paymentMethod: "cod",
  });
  if (options.deliver !== false) {
    await server.shop.orders.changeStatus(placed.orderId, "shipped", adminActor());
    await server.shop.orders.changeStatus(placed.orderId, "delivered", adminActor());
    await server.shop.orders.pay(placed.orderId, (at) => ({ type: "CollectCash", actor: adminActor(), at }));
  }
  return { ...placed, phone, name };
}

type Tracked = { displayId: string; phone: string };

/** The cookie of a lookup of `order` with its mobile number, as the tracking page's form posts it (once per order). */
const trackCookies = new Map<string, string>();
async function trackCookie(order: Tracked): Promise<string> {
  let cookie = trackCookies.get(order.displayId);
  if (!cookie) {
    const lookup = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone });
    expect(lookup.res.status).toBe(303);
    cookie = lookup.cookie;
    trackCookies.set(order.displayId, cookie);
  }
  return cookie;
}

/** The tracking page of `order` as its parent sees it once they looked it up. */
const trackedPage = async (order: Tracked, cookie = "") =>
  page(`/orders/track?orderId=${order.displayId}`, [cookie, await trackCookie(order)].filter(Boolean).join("; "));

const returnPath = (order: Tracked) => `/orders/track?orderId=${order.displayId}&return=1`;

/** The lines a request names, as the form's boxes tick them: each `qty-<n>` sent with its `line-<n>` ticked. */
const ticked = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (name.startsWith("qty-") ? [[`line-${name.slice(4)}`, "on"], [name, value]] : [[name, value]])));

/** The shopper's request as the tracking page's form posts it, from a browser that looked the order up. */
const askOnTrack = async (order: Tracked, fields: Record<string, string>, cookie = "") =>
  post(returnPath(order), { intent: "return", orderId: order.displayId, ...ticked(fields) }, [cookie, await trackCookie(order)].filter(Boolean).join("; "));

async function shopperSession(name: string) {
  const user = await server.shop.auth.registerWithEmail({ email: `returns-${randomUUID()}@example.com`, password: "satchel-2026", name });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, user.id);
  return {
    user,
    cookie: signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; "),
  };
}

describe("notes and delivery details", () => {
  it("the admin's note is on the order page and in the trail with the admin's name, never on the shopper's pages", async () => {
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }], { deliver: false });
    const note = `Call after 6 pm, the father works days ${randomUUID().slice(0, 6)}`;
    let res = await adminPost(order.orderId, { intent: "note", text: `  ${note}  `, back: "/admin?status=pending" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${order.orderId}?done=note&back=%2Fadmin%3Fstatus%3Dpending#notes`);
    expect((await lastOf(order.orderId, "OrderNoteAdded"))?.data).toMatchObject({ text: note, actor: { kind: "admin", id: admin.id } });

    const html = await page(`/admin/orders/${order.orderId}?done=note`, admin.cookie);
    expect(html).toContain("Note added.");
    expect(html).toMatch(new RegExp(`data-testid="order-note"><p>${note}</p><p class="muted">Admin: ${admin.name}`));
    const row = (await trailRows(order.orderId)).find((text) => text.includes("Note added"));
    expect(row).toContain(`Admin: ${admin.name}`);
    expect(row).toContain(note);

    // The parent's tracking page never shows it, nor do the texts the page carries for scripts.
    expect(await trackedPage(order)).not.toContain("the father works days");

    res = await adminPost(order.orderId, { intent: "note", text: "   " });
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.noteEmpty);
    res = await adminPost(order.orderId, { intent: "note", text: "   " }, "hi");
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain("पहले नोट लिखिए।");
    res = await adminPost(order.orderId, { intent: "note", text: "x".repeat(1001) });
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toMatch(/at most 1000 characters/);
  });

  it("records the courier and tracking number the parent then sees; by hand; refusals say what is missing", async () => {
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }], { deliver: false });
    let res = await adminPost(order.orderId, { intent: "delivery", method: "courier", courier: "DTDC", trackingNumber: "" });
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.courierNeeded);
    res = await adminPost(order.orderId, { intent: "delivery", method: "courier", courier: "DTDC", trackingNumber: "D40012345", note: "Leave with the neighbour" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${order.orderId}?done=delivery#delivery`);
    expect(await trackedPage(order)).toContain("Sent by DTDC, tracking number D40012345.");
    const html = await adminPage(order.orderId);
    expect(html).toContain("Now: by courier — DTDC, tracking number D40012345 — Leave with the neighbour");
    // The delivery note is the shop's own too.
    expect(await trackedPage(order)).not.toContain("Leave with the neighbour");

    // The same details again change nothing; by hand replaces them.
    const before = (await events(order.orderId)).length;
    res = await adminPost(order.orderId, { intent: "delivery", method: "courier", courier: "DTDC", trackingNumber: "D40012345", note: "Leave with the neighbour" });
    expect(res.status).toBe(302);
    expect(await events(order.orderId)).toHaveLength(before);
    res = await adminPost(order.orderId, { intent: "delivery", method: "hand", courier: "DTDC", trackingNumber: "D40012345" });
    expect(res.status).toBe(302);
    expect((await lastOf(order.orderId, "DeliveryRecorded"))?.data).toEqual(expect.objectContaining({ method: "hand", actor: expect.objectContaining({ id: admin.id }) }));
    expect((await lastOf(order.orderId, "DeliveryRecorded"))?.data.courier).toBeUndefined();
    expect(await trackedPage(order)).toContain("Delivered by the shop's own hand.");
    const rows = (await trailRows(order.orderId)).filter((text) => text.includes("Delivery recorded"));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain("DTDC, tracking D40012345");
    expect(rows.every((text) => text.includes(`Admin: ${admin.name}`))).toBe(true);
  });
});

describe("a refund return asked on the tracking page", () => {
  it("checks the mobile number, records the request, and the admin approves, receives (stock back once) and refunds the suggested amount", async () => {
    const bottle = await createBottle(server.shop.products, 5);
    const order = await deliveredOrder([
      { productId: "school/dps/shirt", size: "30", quantity: 2 },
      { productId: `product/${bottle.id}`, quantity: 2 },
    ]);
    expect(await available(bottle.id)).toBe(3);
    // Delivered: the order's units left the shelf when it shipped (decision 109), so it holds none.
    expect(await holdOf(bottle.id, order.orderId)).toBe(0);

    const tracked = await trackedPage(order);
    expect(tracked).toContain("Return or exchange");
    expect(tracked).toContain("within 7 days of delivery, until ");
    expect(tracked).toContain(`How many of ${bottle.name} (Free Size)`);
    // Each line is a box to tick, its quantity starting at 1; the shirt may be exchanged for the other sizes it is made in.
    expect(tracked).toMatch(/<input type="checkbox" name="line-1"\/>/);
    expect(tracked).toMatch(/name="qty-1" type="number" min="1" max="2"[^>]*value="1"/);
    expect(tracked).toContain("Size wanted for Shirt (30) (for an exchange)");
    expect(tracked).toMatch(/<select [^>]*name="size-0"[^>]*><option value=""[^>]*>Choose a size \(for an exchange\)<\/option><option value="24">24<\/option><option value="26">26<\/option><option value="28">28<\/option><option value="32">32<\/option>/);
    expect(tracked).not.toMatch(/name="size-0"[^>]*>(?:(?!<\/select>)[^])*<option value="30">/);

    // Not looked up with its mobile number (another browser; a number typed into the form counts for nothing): nothing recorded.
    let res = await post(returnPath(order), { intent: "return", orderId: order.displayId, phone: order.phone, want: "refund", reason: "Leaks", ...ticked({ "qty-1": "1" }) });
    expect(res.status).toBe(403);
    expect(decode(await res.text())).toContain("To keep your order private, please enter its mobile number again.");
    expect(await lastOf(order.orderId, "ReturnRequested")).toBeUndefined();

    res = await askOnTrack(order, { want: "refund", reason: "Leaks", "qty-1": "lots" });
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.quantity);
    res = await askOnTrack(order, { want: "refund", reason: "Leaks", "qty-1": "3" });
    expect(res.status).toBe(422);
    const refused = decode(await res.text());
    expect(refused).toContain(tooManyMessage(2, bottle.name, "Free Size"));
    // What was typed comes back in the form.
    expect(refused).toContain(">Leaks</textarea>");
    res = await askOnTrack(order, { want: "refund", reason: "", "qty-1": "1" });
    expect(res.status).toBe(422);
    res = await askOnTrack(order, { want: "refund", reason: "Leaks", "qty-1": "1" }, HINDI);
    // Sent: back to the order at its returns part, which says so (tests/integration/pages/returns-parent.test.ts).
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/orders/track?orderId=${order.displayId}&return=sent#track-return`);
    expect(await trackedPage(order, HINDI)).not.toContain("आपकी माँग दुकान तक पहुँच गई।");
    expect(await page(res.headers.get("location")!, [HINDI, await trackCookie(order)].join("; "))).toContain("आपकी माँग दुकान तक पहुँच गई।");
    const asked = (await lastOf(order.orderId, "ReturnRequested"))!;
    expect(asked.data).toMatchObject({ want: "refund", reason: "Leaks", lines: [{ productId: `product/${bottle.id}`, quantity: 1 }], actor: { kind: "guest", name: order.name } });
    const { returnId } = asked.data;

    // Another request may be under way beside it, only for what it does not ask back: refused in Hindi for a Hindi page.
    res = await askOnTrack(order, { want: "refund", reason: "Also the other", "qty-1": "2" }, HINDI);
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(`${bottle.name} (फ्री साइज़) में से ज़्यादा से ज़्यादा 1 लौटा सकते हैं।`);
    // The parent reads a sentence: what, when, and that the shop has it to answer.
    // On the day the return was asked for, as recorded: not the day the test runs, which differs across midnight.
    expect(await trackedPage(order)).toContain(`Refund of ${bottle.name} (Free Size) x 1 asked on ${formatDate(asked.data.at, "en")}, waiting for the shop.`);
    expect(await trackedPage(order, HINDI)).toContain(`${bottle.name} (फ्री साइज़) x 1 के पैसे वापस पाने की माँग ${formatDate(asked.data.at, "hi")} को की गई, दुकान के जवाब का इंतज़ार है।`);

    // The admin: receiving before approving is refused; approve; receive by drop-off.
    res = await adminPost(order.orderId, { intent: "receive", returnId, method: "drop-off" });
    expect(res.status).toBe(409);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.notApproved);
    res = await adminPost(order.orderId, { intent: "approve", returnId, note: "Bring it with the tags" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${order.orderId}?done=approve#returns`);
    expect(await trackedPage(order)).toContain("Shop's note: Bring it with the tags");
    res = await adminPost(order.orderId, { intent: "receive", returnId, method: "drop-off" });
    expect(res.status).toBe(302);
    expect(await available(bottle.id)).toBe(4);
    // The order shipped: it held nothing, and the goods back come off no hold (decision 109).
    expect(await holdOf(bottle.id, order.orderId)).toBe(0);
    // The form sent again (a refresh, a second tab): nothing more goes on the shelf.
    res = await adminPost(order.orderId, { intent: "receive", returnId, method: "drop-off" });
    expect(res.status).toBe(302);
    expect(await available(bottle.id)).toBe(4);
    const returned = stockEvents.readAll(await server.shop.store.readStream(stockStreamId(bottle.id))).filter((e) => e.type === "StockReturned");
    expect(returned).toHaveLength(1);
    expect(returned[0].data).toMatchObject({ quantity: 1, fromHold: 0, orderId: order.orderId, actor: { kind: "admin", id: admin.id, name: admin.name } });

    // The stock history says it: returned, by whom, for which return and order.
    const history = await page(`/admin/products/${bottle.id}/stock`, admin.cookie);
    expect(history).toContain(`Return ${shortReturnId(returnId)} of order ${order.displayId}`);
    expect(history).toContain(admin.name);

    // The Payment section's refund comes filled in with the suggested amount.
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    // In paise (decision 209): the bottle's price less its share of the offer, to the paisa, as its credit note reverses it.
    const suggested = refundPaiseFor(asked.data.lines, summary, summary.amountPaid * 100 - summary.refundedPaise);
    expect(Math.abs(suggested - (19900 - (summary.discount * 19900) / summary.subtotal))).toBeLessThan(1);
    let html = await adminPage(order.orderId);
    expect(html).toContain(`Refund ${formatPaise(suggested)}: the returned items less their share of the discount.`);
    expect(html).toMatch(new RegExp(`id="refund-amount"[^>]*value="${rupeesTyped(suggested)}"`));
    expect(html).toMatch(new RegExp(`id="refund-note"[^>]*value="Return ${shortReturnId(returnId)}"`));
    res = await adminPost(order.orderId, { intent: "refund", amount: rupeesTyped(suggested), method: "upi", note: `Return ${shortReturnId(returnId)}` });
    expect(res.status).toBe(302);
    html = await adminPage(order.orderId);
    expect(html).toMatch(/data-field="return-stage">State: refunded</);
    expect(html).toContain(`Refunded ${formatPaise(suggested)}.`);
    expect(await trackedPage(order)).toContain(`Refund of ${bottle.name} (Free Size) x 1 asked on ${formatDate(asked.data.at, "en")}: the money has been returned.`);
    expect((await server.shop.orders.getOrder(order.orderId))!.paymentStatus).toBe("partly refunded");

    // Every step is in the trail, with who did it.
    const rows = await trailRows(order.orderId);
    const row = (what: string) => rows.find((text) => text.includes(what)) ?? "";
    expect(row("Return requested")).toContain(`Guest: ${order.name}`);
    expect(row("Return requested")).toContain(`${bottle.name} (Free Size) x 1; reason: Leaks`);
    expect(row("Return approved")).toContain(`Admin: ${admin.name}`);
    expect(row("Return received")).toContain(`Admin: ${admin.name}`);
    expect(row("Return received")).toContain("dropped off at the shop");
    expect(row("Refunded")).toContain(`Admin: ${admin.name}`);

    // The rest may be asked for.
    res = await askOnTrack(order, { want: "refund", reason: "Too small", "qty-0": "1" });
    expect(res.status).toBe(303);
  });

  it("a refused return says why to the parent; after 7 days no form and a clear refusal", async () => {
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }]);
    expect((await askOnTrack(order, { want: "refund", reason: "Colour", "qty-0": "1" })).status).toBe(303);
    const { returnId } = (await lastOf(order.orderId, "ReturnRequested"))!.data;
    let res = await adminPost(order.orderId, { intent: "refuse", returnId, note: "" });
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.refuseNote);
    res = await adminPost(order.orderId, { intent: "refuse", returnId, note: "Washed: the tag is gone" });
    expect(res.status).toBe(302);
    expect(await trackedPage(order)).toContain("Shop's note: Washed: the tag is gone");
    res = await adminPost(order.orderId, { intent: "approve", returnId });
    expect(res.status).toBe(409);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.notRequested);

    // Delivered eight days ago (the status change as it was stored then).
    const late = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }], { deliver: false });
    await server.shop.orders.changeStatus(late.orderId, "shipped", adminActor());
    const stream = await server.shop.store.readStream(orderStreamId(late.orderId));
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    const appended = await adapterOf(server.shop.store).append(
      orderStreamId(late.orderId),
      [orderEvents.toAppend({ type: "OrderStatusChanged", data: { orderId: late.orderId, from: "shipped", to: "delivered", actor: adminActor(), at: eightDaysAgo } }, randomUUID())],
      stream.length - 1,
    );
    await server.shop.orders.waitUntilVisible(appended.position);
    const html = await trackedPage(late);
    expect(html).toContain(late.displayId);
    expect(html).not.toContain("Ask for a return");
    res = await askOnTrack(late, { want: "refund", reason: "Small", "qty-0": "1" });
    expect(res.status).toBe(409);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.tooLate);
    res = await askOnTrack(late, { want: "refund", reason: "Small", "qty-0": "1" }, HINDI);
    expect(decode(await res.text())).toContain("इस ऑर्डर के 7 दिन निकल चुके हैं");
  });
});

describe("an exchange asked on the account page", () => {
  it("only for the shopper's own order; the new size goes out at ₹0 and is taken off its shelf, refused with a 409 when none is left", async () => {
    const tag = randomUUID().slice(0, 6);
    const medium = await product(5, `School Socks ${tag}`, "M");
    const large = await product(1, `School Socks ${tag}`, "L");
    const { user, cookie } = await shopperSession("Meena Sharma");
    const order = await deliveredOrder(
      [
        { productId: `product/${medium.id}`, quantity: 2 },
        { productId: "school/dps/shirt", size: "30", quantity: 1 },
      ],
      { userId: user.id, name: "Meena Sharma" },
    );
    const stranger = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }]);

    const account = await page("/account", cookie);
    expect(account).toContain(`id="return-${order.displayId}-qty-0"`);
    expect(account).not.toContain(`id="return-${stranger.displayId}-qty-0"`);

    // Someone else's order is not found from this account.
    let res = await post("/account?return=1", { intent: "return", orderId: stranger.orderId, want: "refund", reason: "x", "line-0": "on", "qty-0": "1" }, cookie);
    expect(res.status).toBe(404);
    expect(await lastOf(stranger.orderId, "ReturnRequested")).toBeUndefined();

    // A size the socks are not made in is refused now, not once the goods are back.
    res = await post("/account?return=1", { intent: "return", orderId: order.orderId, want: "exchange", exchangeSize: "XXL", reason: "Too small", "line-0": "on", "qty-0": "1" }, cookie);
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(notMadeMessage(medium.name, "XXL"));
    res = await post("/account?return=1", { intent: "return", orderId: order.orderId, want: "exchange", exchangeSize: "", reason: "Too small", "line-0": "on", "qty-0": "1" }, cookie);
    expect(res.status).toBe(422);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.exchangeSize.replace("{{name}}", medium.name));

    res = await post("/account?return=1", { intent: "return", orderId: order.orderId, want: "exchange", exchangeSize: "l", reason: "Too small", "line-0": "on", "qty-0": "1" }, cookie);
    expect(res.status).toBe(303);
    expect(await page(res.headers.get("location")!, cookie)).toContain("Your request is with the shop.");
    const first = (await lastOf(order.orderId, "ReturnRequested"))!.data;
    expect(first).toMatchObject({ want: "exchange", lines: [{ exchangeSize: "l" }], actor: { kind: "customer", id: user.id } });

    // Exchanging before the goods are back is refused; then approve, receive (pickup), exchange.
    expect((await adminPost(order.orderId, { intent: "approve", returnId: first.returnId })).status).toBe(302);
    res = await adminPost(order.orderId, { intent: "exchange", returnId: first.returnId });
    expect(res.status).toBe(409);
    expect(decode(await res.text())).toContain(RETURN_MESSAGES.notReceived);
    expect((await adminPost(order.orderId, { intent: "receive", returnId: first.returnId, method: "pickup" })).status).toBe(302);
    expect(await available(medium.id)).toBe(4);
    res = await adminPost(order.orderId, { intent: "exchange", returnId: first.returnId });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/admin/orders/${order.orderId}?done=exchange#returns`);
    expect(await available(large.id)).toBe(0);
    // The new size went out with the parent: off the shelf, held by nobody (decision 109).
    expect(await holdOf(large.id, order.orderId)).toBe(0);
    expect((await foldedStock(server.shop.store, large.id)).held).toEqual({});
    expect((await lastOf(order.orderId, "ExchangeMade"))?.data.lines).toEqual([
      { productId: `product/${medium.id}`, fromSize: "M", toSize: "L", school: "", quantity: 1, toProductId: `product/${large.id}` },
    ]);
    // Sent again: the exchange is made once, the shelf moves once.
    expect((await adminPost(order.orderId, { intent: "exchange", returnId: first.returnId })).status).toBe(302);
    expect(await available(large.id)).toBe(0);

    // The order as the parent holds it: one pair of M and one of L at the price paid for it, three items, not four.
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    const mediumLine = summary.lines.find((l) => l.productId === `product/${medium.id}`)!;
    expect(mediumLine.quantity).toBe(1);
    expect(summary.lines.at(-1)).toEqual({ productId: `product/${large.id}`, name: large.name, size: "L", school: "", unitPrice: mediumLine.unitPrice, quantity: 1, exchangedFrom: "M" });
    expect(summary.itemCount).toBe(3);
    expect(summary.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)).toBe(summary.subtotal);
    const html = await adminPage(order.orderId);
    expect(html).toMatch(new RegExp(`<td>${large.name}</td><td>L \\(exchanged from M\\)</td><td></td><td>1</td><td>₹${mediumLine.unitPrice}</td>`));
    // The packing slip for it lists what goes out to the parent now: three items, never the pair that came back as well.
    const slip = await page(`/admin/orders/${order.orderId}/print?doc=slip`, admin.cookie);
    expect(slip).toContain("3 lines, 3 items in all");
    expect((await trailRows(order.orderId)).find((text) => text.includes("Exchange made"))).toContain(`${medium.name}: size M → L x 1`);
    expect(await page("/account", cookie)).toContain(`Exchange of ${medium.name} (M) x 1 for size l asked on ${formatDate(first.at, "en")}: done, the new size is given.`);

    // The other pair, for L too: none is left now, so the exchange is refused with the shelf's words and nothing changes.
    res = await post("/account?return=1", { intent: "return", orderId: order.orderId, want: "exchange", exchangeSize: "L", reason: "Same", "line-0": "on", "qty-0": "1" }, cookie);
    expect(res.status).toBe(303);
    const second = (await lastOf(order.orderId, "ReturnRequested"))!.data;
    await adminPost(order.orderId, { intent: "approve", returnId: second.returnId });
    await adminPost(order.orderId, { intent: "receive", returnId: second.returnId, method: "drop-off" });
    expect(await available(medium.id)).toBe(5);
    res = await adminPost(order.orderId, { intent: "exchange", returnId: second.returnId });
    expect(res.status).toBe(409);
    expect(decode(await res.text())).toContain(`${large.name} is out of stock.`);
    res = await adminPost(order.orderId, { intent: "exchange", returnId: second.returnId }, "hi");
    expect(res.status).toBe(409);
    expect(decode(await res.text())).not.toContain(`${large.name} is out of stock.`);
    expect(await lastOf(order.orderId, "ExchangeMade")).toMatchObject({ data: { returnId: first.returnId } });

    // A delivery comes in: the exchange goes through.
    await server.shop.stock.receive(large.id, 2, { kind: "admin", name: "Asha" }, "Delivery");
    expect((await adminPost(order.orderId, { intent: "exchange", returnId: second.returnId })).status).toBe(302);
    expect(await available(large.id)).toBe(1);
    // Both pairs of L went out with the parent: off the shelf, held by nobody (decision 109).
    expect(await holdOf(large.id, order.orderId)).toBe(0);
    expect(await holdOf(medium.id, order.orderId)).toBe(0);

    // A delivered order is never cancelled (decision 160): its goods come back only as a return, and nothing moves.
    await expect(server.shop.orders.changeStatus(order.orderId, "cancelled", adminActor())).rejects.toMatchObject({ key: "lifecycle.deliveredStays" });
    expect(await available(large.id)).toBe(1);
    expect(await available(medium.id)).toBe(5);
  });

  it("a school item is exchanged for another size of the same item, made to order", async () => {
    const { user, cookie } = await shopperSession("Ravi Kumar");
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 2 }], { userId: user.id, name: "Ravi Kumar" });
    const res = await post("/account?return=1", { intent: "return", orderId: order.orderId, want: "exchange", exchangeSize: "32", reason: "Too small", "line-0": "on", "qty-0": "2" }, cookie);
    expect(res.status).toBe(303);
    const { returnId } = (await lastOf(order.orderId, "ReturnRequested"))!.data;
    const steps: Record<string, string>[] = [{ intent: "approve" }, { intent: "receive", method: "pickup" }, { intent: "exchange" }];
    for (const fields of steps) {
      expect((await adminPost(order.orderId, { ...fields, returnId })).status).toBe(302);
    }
    // Both shirts are size 32 now, at the price paid for them: a packer sends two shirts, not four.
    const summary = (await server.shop.orders.getOrder(order.orderId))!;
    expect(summary.lines).toEqual([expect.objectContaining({ productId: "school/dps/shirt", size: "32", unitPrice: summary.subtotal / 2, quantity: 2, exchangedFrom: "30" })]);
    expect(summary.itemCount).toBe(2);
    expect(summary.total).toBe(summary.subtotal - summary.discount + summary.delivery);
  });
});

describe("bad input", () => {
  it("answers 4xx with clear words, never a 500, and records nothing", async () => {
    const order = await deliveredOrder([{ productId: "school/dps/shirt", size: "30", quantity: 1 }]);
    const before = (await events(order.orderId)).length;
    const cases: [Record<string, string>, number, string?][] = [
      [{ intent: "teleport" }, 400],
      [{ intent: "approve" }, 400],
      [{ intent: "approve", returnId: randomUUID() }, 404, RETURN_MESSAGES.noSuchReturn],
      [{ intent: "delivery", method: "pigeon" }, 422, RETURN_MESSAGES.deliveryMethod],
      [{ intent: "delivery" }, 422, RETURN_MESSAGES.deliveryMethod],
      [{ intent: "delivery", method: "courier", courier: "x".repeat(81), trackingNumber: "1" }, 422],
      [{ intent: "note", text: "bad\u0000byte" }, 422],
    ];
    for (const [fields, status, words] of cases) {
      const res = await adminPost(order.orderId, fields);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      if (words) expect(decode(await res.text())).toContain(words);
    }
    expect((await adminPost(randomUUID(), { intent: "note", text: "Hello" })).status).toBe(404);
    const plain = await call(`${server.url}/admin/orders/${order.orderId}`, {
      method: "POST",
      headers: { Origin: server.url, Cookie: admin.cookie, "Content-Type": "text/plain" },
      body: "intent=note&text=hi",
    });
    expect(plain.status).toBe(415);
    const huge = await adminPost(order.orderId, { intent: "note", text: "x".repeat(40_000) });
    expect(huge.status).toBe(413);
    // Without the admin's session nothing is recorded.
    const anonymous = await post(`/admin/orders/${order.orderId}`, { intent: "note", text: "Hello" });
    expect([302, 303, 401, 403]).toContain(anonymous.status);

    const requests: Record<string, string>[] = [
      { want: "refund", "qty-0": "1" },
      { want: "gift", reason: "x", "qty-0": "1" },
      { want: "refund", reason: "x", "qty-0": "-1" },
      { want: "refund", reason: "x" },
      { want: "refund", reason: "x".repeat(501), "qty-0": "1" },
    ];
    for (const fields of requests) {
      const res = await askOnTrack(order, fields);
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    const notLookedUp = await post(returnPath(order), { intent: "return", orderId: order.displayId, want: "refund", reason: "x", ...ticked({ "qty-0": "1" }) });
    expect(notLookedUp.status).toBe(403);
    expect(await events(order.orderId)).toHaveLength(before);
  });
});

describe("on a store without multi-stream appends (EventStoreDB's way)", () => {
  /** The store as it is, but the order's append fails once after `armed`: the process died between the two writes. */
  function dyingStore(store: EventStore) {
    const state = { armed: false };
    const proxy = new Proxy(store, {
      get(target, name, receiver) {
        if (name === "appendsToStreamsAtomically") return false;
        if (name === "append") {
          return async (...args: Parameters<EventStore["append"]>) => {
            if (state.armed && args[0].startsWith("order-")) {
              state.armed = false;
              throw new Error("the process died here");
            }
            return target.append(...args);
          };
        }
        const value = Reflect.get(target, name, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { store: proxy as EventStore, state };
  }

  it("the goods go on the shelf and the new size is held once, even when the process dies between the stock and the order", async () => {
    const { store, state } = dyingStore(adapterOf(server.shop.store));
    const { orders } = stockShop({ store, db: server.shop.db }, "reserve first");
    const tag = randomUUID().slice(0, 6);
    const small = await product(4, `Sports Socks ${tag}`, "S");
    const medium = await product(3, `Sports Socks ${tag}`, "M");
    const order = await deliveredOrder([{ productId: `product/${small.id}`, quantity: 2 }]);
    const parent = { kind: "guest" as const, name: order.name };
    const line = { productId: `product/${small.id}`, size: "S", school: "", quantity: 1 };
    const { returnId } = await orders.requestReturn(order.orderId, { lines: [line], want: "exchange", exchangeSize: "M", reason: "Small" }, parent);
    await orders.approveReturn(order.orderId, returnId, undefined, adminActor());

    state.armed = true;
    await expect(orders.receiveReturn(order.orderId, returnId, "pickup", adminActor())).rejects.toThrow("the process died here");
    expect((await foldedStock(server.shop.store, small.id)).available).toBe(3);
    // The admin presses "Goods received" again: the order records it, the shelf does not move again.
    expect((await orders.receiveReturn(order.orderId, returnId, "pickup", adminActor())).changed).toBe(true);
    expect((await foldedStock(server.shop.store, small.id)).available).toBe(3);
    // The order shipped before its return: nothing of it is held (decision 109), before or after the goods came back.
    expect((await foldedStock(server.shop.store, small.id)).held).toEqual({});

    state.armed = true;
    await expect(orders.makeExchange(order.orderId, returnId, adminActor())).rejects.toThrow("the process died here");
    expect((await foldedStock(server.shop.store, medium.id)).available).toBe(2);
    expect((await orders.makeExchange(order.orderId, returnId, adminActor())).changed).toBe(true);
    const held = await foldedStock(server.shop.store, medium.id);
    expect(held.available).toBe(2);
    // Reserved and shipped at once, once: the exchanged size is off the shelf and held by nobody.
    expect(held.held).toEqual({});
    expect((await server.shop.store.readStream(stockStreamId(medium.id))).filter((e) => e.type === "StockShipped")).toHaveLength(1);
    expect((await events(order.orderId)).filter((e) => e.type === "ExchangeMade")).toHaveLength(1);
  });
});

describe("replay", () => {
  it("rebuilds the same orders and stock read models: verify finds no difference", async () => {
    const bottle = await createBottle(server.shop.products, 6);
    const order = await deliveredOrder([
      { productId: `product/${bottle.id}`, quantity: 3 },
      { productId: "school/dps/shirt", size: "30", quantity: 1 },
    ]);
    const school = (await server.shop.orders.getOrder(order.orderId))!.lines.find((l) => l.productId === "school/dps/shirt")!.school;
    await server.shop.orders.addNote(order.orderId, "Replay me", adminActor());
    await server.shop.orders.recordDelivery(order.orderId, { method: "courier", courier: "India Post", trackingNumber: "EE123456789IN" }, adminActor());
    const exchange = await server.shop.orders.requestReturn(
      order.orderId,
      { lines: [{ productId: "school/dps/shirt", size: "30", school, quantity: 1 }], want: "exchange", exchangeSize: "32", reason: "Small" },
      { kind: "guest", name: order.name },
    );
    for (const step of [
      () => server.shop.orders.approveReturn(order.orderId, exchange.returnId, undefined, adminActor()),
      () => server.shop.orders.receiveReturn(order.orderId, exchange.returnId, "drop-off", adminActor()),
      () => server.shop.orders.makeExchange(order.orderId, exchange.returnId, adminActor()),
    ]) {
      await step();
    }
    const refund = await server.shop.orders.requestReturn(
      order.orderId,
      { lines: [{ productId: `product/${bottle.id}`, size: "Free Size", school: "", quantity: 2 }], want: "refund", reason: "Two too many" },
      { kind: "guest", name: order.name },
    );
    await server.shop.orders.approveReturn(order.orderId, refund.returnId, undefined, adminActor());
    await server.shop.orders.receiveReturn(order.orderId, refund.returnId, "pickup", adminActor());

    const snapshot = async () => ({
      order: await server.shop.orders.getOrder(order.orderId),
      level: await server.shop.stock.level(bottle.id),
      hold: await holdOf(bottle.id, order.orderId),
    });
    const before = await snapshot();
    expect(before.level?.available).toBe(5);
    // Shipped before the return and the exchange: the order holds nothing (decision 109).
    expect(before.hold).toBe(0);
    // The shirt exchanged from 30 is one shirt of 32, at its price: two lines, not three.
    expect(before.order?.lines.map((l) => `${l.size} x ${l.quantity}`)).toEqual(["Free Size x 3", "32 x 1"]);
    expect(await verify(server.shop.db, server.shop.store, [...server.shop.projectors])).toEqual([]);
    await replay(server.shop.db, server.shop.store, [...server.shop.projectors]);
    const after = await snapshot();
    expect({ ...after.order, updatedAt: null }).toEqual({ ...before.order, updatedAt: null });
    expect({ ...after.level, updatedAt: null }).toEqual({ ...before.level, updatedAt: null });
    expect(after.hold).toBe(before.hold);
  });

  it("a return stored before holds were lowered (StockReturned version 1, no version stamp) projects and replays as it did", async () => {
    const bottle = await createBottle(server.shop.products, 4);
    // Not shipped, so the order still holds its units (a shipped one holds none since decision 109).
    const order = await deliveredOrder([{ productId: `product/${bottle.id}`, quantity: 2 }], { deliver: false });
    const stream = await server.shop.store.readStream(stockStreamId(bottle.id));
    const appended = await adapterOf(server.shop.store).append(
      stockStreamId(bottle.id),
      [
        {
          id: randomUUID(),
          type: "StockReturned",
          metadata: {},
          data: { productId: bottle.id, quantity: 1, orderId: order.orderId, actor: { kind: "admin", name: "Asha" }, reason: "Returned unopened", at: new Date().toISOString() },
        },
      ],
      stream.at(-1)!.revision,
    );
    await server.shop.orders.waitUntilVisible(appended.position);
    expect(await available(bottle.id)).toBe(3);
    // It took nothing off the order's hold: a cancel gives back both units the order holds.
    expect(await holdOf(bottle.id, order.orderId)).toBe(2);
    expect((await foldedStock(server.shop.store, bottle.id)).held).toEqual({ [order.orderId]: 2 });
    expect(await verify(server.shop.db, server.shop.store, [...server.shop.projectors])).toEqual([]);
  });
});
