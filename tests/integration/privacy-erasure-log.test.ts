/**
 * The shop's log after an erasure (issue 33: nothing readable of an erased person in "the event table, the read
 * models, the outbox, logs or Redis"). A parent signs up, orders, tracks the order and asks to be erased, through the
 * pages, against the shop as it runs in production with SMS printed to the log (SMS_PROVIDER=console): every request
 * line and every line of its jobs and sweeps is kept, and after the erasure none holds the parent's name, mobile
 * number (however written), email or address. The tables, the outbox and Redis are scanned by
 * privacy-erasure.test.ts; this file scans what the process wrote.
 */
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { displayOrderId } from "../../domain/orders/order";
import { ERASED } from "../../domain/privacy/erased";
import { accountSubject } from "../../domain/privacy/subjects";
import { call, createTestAdmin } from "../support/admin";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
/** The request log as the web process writes it (JSON lines), and the jobs' and sweeps' lines. */
const requestLines: string[] = [];
const appLines: string[] = [];
const everything = () => [...requestLines, ...appLines];

beforeAll(async () => {
  server = await startTestServer({
    log: createLogger({ level: "info", destination: { write: (line: string) => void requestLines.push(line) } }),
    appLog: (line) => appLines.push(line),
    // As an owner runs it without an SMS provider, on purpose: every text printed to the log.
    // No cooling-off (decision 248): the admin erases at once what the parent just asked.
    env: { NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in", ERASURE_COOLING_OFF_HOURS: "0" },
  });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

type Jar = { cookie: string };
const keep = (res: Response, jar: Jar) => {
  const kept = new Map(jar.cookie ? jar.cookie.split("; ").map((c) => c.split(/=(.*)/s) as [string, string]) : []);
  for (const line of res.headers.getSetCookie()) {
    const [name, value] = line.split(";")[0].split(/=(.*)/s);
    kept.set(name, value);
  }
  jar.cookie = [...kept].filter(([, v]) => v).map(([n, v]) => `${n}=${v}`).join("; ");
};
const get = async (path: string, jar: Jar) => {
  const res = await call(`${server.url}${path}`, { headers: { Cookie: jar.cookie } });
  keep(res, jar);
  return res;
};
const post = async (path: string, fields: Record<string, string>, jar: Jar) => {
  const res = await call(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { Origin: server.url, Cookie: jar.cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
  keep(res, jar);
  return res;
};

describe("the shop's log after an erasure", () => {
  it("holds nothing of the parent who signed up, ordered, tracked and was erased", async () => {
    const n = randomInt(10_000_000, 99_999_999);
    const parent = {
      name: `Zorawar Pratapsingh${n}`,
      // Its own series: the shop limits how many numbers of one series get codes.
      phone: String(6_000_000_000 + randomInt(0, 4_000_000_000)),
      email: `zorawar.pratapsingh${n}@example.in`,
      address: `House ${n}, Gaushala Road`,
    };
    const spaced = `${parent.phone.slice(0, 5)} ${parent.phone.slice(5)}`;
    const jar: Jar = { cookie: "" };

    // Signs up with an email and a password.
    const signedUp = await post("/signup", { method: "email", email: parent.email, password: "satchel-2026" }, jar);
    expect(signedUp.status).toBe(302);
    const user = await server.shop.auth.findUserByEmail(parent.email);
    // A browser whose form lost its method sends the sign-in as a query: the address bar is logged.
    await get(`/login?identifier=${encodeURIComponent(parent.email)}&password=satchel-2026`, { cookie: "" });

    // Orders: the cart, then the checkout's details form as the page sends it.
    expect((await post("/cart", { intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" }, jar)).status).toBe(302);
    const form = await (await get("/checkout?step=details", jar)).text();
    const hidden = Object.fromEntries(
      [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value.replace(/&quot;/g, '"').replace(/&amp;/g, "&")]),
    );
    const placed = await post(
      "/checkout",
      { ...hidden, name: parent.name, phone: spaced, address: parent.address, city: "Churu", pincode: "331001", paymentMethod: "cod" },
      jar,
    );
    expect(placed.status).toBe(302);
    const orderId = new URL(placed.headers.get("location")!, server.url).searchParams.get("order")!;
    expect(orderId).toBeTruthy();
    await get(placed.headers.get("location")!, jar);
    // The order's text went out (printed to the log: the console transport).
    await eventually("the order's text", async () =>
      (await server.shop.db.selectFrom("outbox_messages").select("id").where("recipient", "=", parent.phone).executeTakeFirst()) ? true : null,
    );

    // Tracks it: the form, the page it leads to, and the link with the number as a text or a note might carry it.
    const number = displayOrderId(orderId);
    const tracked = await post("/orders/track", { intent: "track", orderId: number, phone: spaced }, { cookie: "" });
    expect(tracked.status).toBe(303);
    await get(`/orders/track?orderId=${number}&phone=${parent.phone}`, { cookie: "" });
    await get(`/orders/track?orderId=${number}&mobile=%2B91+${spaced.replace(" ", "+")}`, { cookie: "" });

    // Asks to be erased, and the admin erases them.
    expect((await post("/account/privacy", { intent: "privacy-erase", confirmed: "yes" }, jar)).status).toBeLessThan(400);
    const admin = await createTestAdmin(server.shop, server.url);
    const erased = await post("/admin/privacy", { subject: accountSubject(user!.id), confirmed: "yes" }, { cookie: admin.cookie });
    expect(erased.status).toBe(303);
    // The read models have followed the erasure, and every text has gone out, before the log is read.
    await eventually("the order's row scrubbed", async () =>
      (await server.shop.db.selectFrom("orders").select("customer_name").where("id", "=", orderId).executeTakeFirst())?.customer_name === ERASED ? true : null,
    );
    await eventually("every text sent", async () =>
      (await server.shop.db.selectFrom("notification_sends").select("key").where("status", "in", ["pending", "sending"]).executeTakeFirst()) ? null : true,
    );
    expect(requestLines.length).toBeGreaterThan(8);
    expect(appLines.some((line) => line.startsWith("sms"))).toBe(true);

    const words = [parent.name, "Pratapsingh", parent.phone, spaced, parent.email, encodeURIComponent(parent.email), parent.address, "Gaushala"];
    const found = everything().filter((line) => words.some((w) => line.includes(w)));
    expect(found).toEqual([]);
    if (process.env.SHOW_LOG) console.log(everything().join("\n"));
  });
});
