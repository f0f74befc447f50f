/**
 * Guest tracking is a POST: the order number and the mobile number go in the body, a match answers
 * with a redirect to the order's page at its number alone (and a cookie that shows it there), so the
 * mobile number is in no address, history entry or request log. Lookups are throttled per client
 * address like password sign-in (decision 083): misses count, finds do not, and past the limit the
 * address is told in words how long to wait, in its language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, placeTestOrder } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { clearOfWindowEdge } from "../support/time";
import { lookUpOrder } from "../support/tracking";
import { TRACKING_MAX_MISSES_PER_IP, TRACKING_MAX_MISSES_PER_ORDER, TRACKING_WINDOW_MINUTES } from "../../domain/tracking";
import { createTrackingService } from "../../services/tracking";
import { createLogger } from "../../server/logger";

let server: TestServer;
const lines: string[] = [];

beforeAll(async () => {
  // The test's requests all come from 127.0.0.1: a trusted proxy's X-Forwarded-For gives each test an address of its own.
  server = await startTestServer({
    env: { TRUST_PROXY: "loopback" },
    log: createLogger({ level: "info", destination: { write: (line: string) => void lines.push(line) } }),
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const from = (address: string) => ({ "X-Forwarded-For": address });

describe("tracking an order", () => {
  it("posts the mobile number and lands on the order's page by its number alone, which a reload shows again", async () => {
    const order = await placeTestOrder(server.shop);
    const lookup = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", from("10.9.0.1"));
    expect(lookup.res.status).toBe(303);
    expect(lookup.location).toBe(`/orders/track?orderId=${order.displayId}`);
    expect(lookup.cookie).toMatch(/^shop_track=/);
    expect(lookup.res.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(lookup.res.headers.get("set-cookie")).toMatch(/Path=\/orders;/);
    // The number is sealed in the cookie: neither its text nor its base64 reads as the phone.
    const value = decodeURIComponent(lookup.cookie.slice("shop_track=".length));
    const decoded = Buffer.from(value.split(".")[0], "base64").toString("latin1");
    expect(decoded).toContain('"until"');
    expect(decoded).not.toContain(order.phone);
    expect(value).not.toContain(order.phone);
    for (let i = 0; i < 2; i++) {
      const page = await call(`${server.url}${lookup.location}`, { headers: { Cookie: lookup.cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-testid="tracked-status"');
      expect(html).not.toContain(order.phone);
    }
    // The same address without the cookie (a shared link, another phone) is only the form, the number filled in.
    const bare = await (await call(`${server.url}${lookup.location}`)).text();
    expect(bare).not.toContain('data-testid="tracked-status"');
    expect(bare).toMatch(new RegExp(`id="track-order"[^>]*value="${order.displayId}"`));
    // Nothing the server logged names the mobile number.
    expect(lines.join("\n")).not.toContain(order.phone);
    expect(lines.some((line) => line.includes("/orders/track"))).toBe(true);
  });

  it("refuses an address that keeps missing, in words, in English and Hindi; another address and finds are not held back", async () => {
    const order = await placeTestOrder(server.shop);
    const guesser = from("10.9.0.2");
    await clearOfWindowEdge(TRACKING_WINDOW_MINUTES);
    for (let i = 0; i < TRACKING_MAX_MISSES_PER_IP; i++) {
      const miss = await lookUpOrder(server.url, { orderId: order.displayId, phone: `900000000${i}` }, "", guesser);
      expect(miss.res.status, `miss ${i + 1}`).toBe(404);
    }
    // Past the limit even the right number is refused from there, for a while.
    const refused = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", guesser);
    expect(refused.res.status).toBe(429);
    const html = await refused.res.text();
    expect(html).toMatch(/Too many tries to find an order from your network\. Please try again in \d+ min\./);
    expect(html).toMatch(new RegExp(`id="track-order"[^>]*value="${order.displayId}"`));
    const hindi = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "shop_lng=hi", guesser);
    expect(hindi.res.status).toBe(429);
    expect(await hindi.res.text()).toMatch(/आपके नेटवर्क से ऑर्डर ढूँढने की बहुत ज़्यादा कोशिशें हुई हैं। \d+ मिनट बाद फिर कोशिश करें।/);

    // Another address finds the order at once.
    expect((await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", from("10.9.0.3"))).res.status).toBe(303);
    // A parent who finds their order again and again never uses up their tries.
    const parent = from("10.9.0.4");
    for (let i = 0; i < TRACKING_MAX_MISSES_PER_IP + 5; i++) {
      expect((await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", parent)).res.status).toBe(303);
    }
    expect((await lookUpOrder(server.url, { orderId: order.displayId, phone: "9000000000" }, "", parent)).res.status).toBe(404);
  });

  it("counts an IPv6 client by its /64: each new address in it is the same client", async () => {
    const order = await placeTestOrder(server.shop);
    await clearOfWindowEdge(TRACKING_WINDOW_MINUTES);
    for (let i = 0; i < TRACKING_MAX_MISSES_PER_IP; i++) {
      const miss = await lookUpOrder(server.url, { orderId: order.displayId, phone: `900000001${i}` }, "", from(`2001:db8:77:1::${(i + 1).toString(16)}`));
      expect(miss.res.status, `miss ${i + 1}`).toBe(404);
    }
    const sameNetwork = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", from("2001:db8:77:1:aaaa:bbbb:cccc:dddd"));
    expect(sameNetwork.res.status).toBe(429);
    expect((await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", from("2001:db8:77:2::1"))).res.status).toBe(303);
  });

  it("holds one order's number back once many addresses, each under its own limit, keep missing its mobile number; other orders are found", async () => {
    const order = await placeTestOrder(server.shop);
    const other = await placeTestOrder(server.shop);
    await clearOfWindowEdge(TRACKING_WINDOW_MINUTES);
    for (let i = 0; i < TRACKING_MAX_MISSES_PER_ORDER; i++) {
      // A new address every few guesses: never the per-address limit.
      const miss = await lookUpOrder(server.url, { orderId: order.displayId, phone: `90000002${String(i).padStart(2, "0")}` }, "", from(`10.9.1.${Math.floor(i / 5) + 1}`));
      expect(miss.res.status, `miss ${i + 1}`).toBe(404);
    }
    const held = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "", from("10.9.2.1"));
    expect(held.res.status).toBe(429);
    expect(await held.res.text()).toMatch(/Too many wrong tries to find orders lately\. Please try again in \d+ min\., or log in to see your orders\./);
    const hindi = await lookUpOrder(server.url, { orderId: order.displayId, phone: order.phone }, "shop_lng=hi", from("10.9.2.2"));
    expect(await hindi.res.text()).toMatch(/हाल में ऑर्डर ढूँढने की बहुत ज़्यादा गलत कोशिशें हुई हैं। \d+ मिनट बाद/);
    // Typed as its whole id or with a "#", it is the same order number.
    expect((await lookUpOrder(server.url, { orderId: `#${order.displayId.toLowerCase()}`, phone: order.phone }, "", from("10.9.2.3"))).res.status).toBe(429);
    expect((await lookUpOrder(server.url, { orderId: other.displayId, phone: other.phone }, "", from("10.9.2.4"))).res.status).toBe(303);
  });

  it("pauses lookups for everyone once misses across the shop pass the shop-wide limit, and counts no refused lookup", async () => {
    // Its own clock, a day ahead: the shop-wide count starts empty, whatever the other tests missed.
    const later = new Date(Date.now() + 86_400_000);
    const tracking = createTrackingService({ db: server.shop.db, orders: server.shop.orders, now: () => later, limits: { perOrder: 100, shopWide: 6 } });
    const orders = await Promise.all([placeTestOrder(server.shop), placeTestOrder(server.shop)]);
    for (let i = 0; i < 6; i++) {
      const lookup = await tracking.find({ orderId: orders[i % 2].displayId, phone: `900000030${i}`, clientIp: `10.9.3.${i + 1}` });
      expect(lookup).toEqual({ ok: true, found: undefined });
    }
    const paused = await tracking.find({ orderId: orders[0].displayId, phone: orders[0].phone, clientIp: "10.9.3.99" });
    expect(paused).toMatchObject({ ok: false, status: 429, refusal: { key: "tracking.tooManyHere" } });
    // The refused lookup did not count against the fresh address: it is the shop that waits.
    const again = await tracking.find({ orderId: orders[1].displayId, phone: orders[1].phone, clientIp: "10.9.3.99" });
    expect(again).toMatchObject({ ok: false, refusal: { key: "tracking.tooManyHere" } });
  });

  it("no longer takes the mobile number in the address: a GET with one shows only the form", async () => {
    const order = await placeTestOrder(server.shop);
    const res = await call(`${server.url}/orders/track?orderId=${order.displayId}&phone=${order.phone}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('data-testid="tracked-status"');
    expect(html).toContain('<form method="post" action="/orders/track"');
  });
});
