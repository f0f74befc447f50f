/**
 * An admin's own password (decision 120): an admin added with a temporary password (`shop admin
 * add`, the Admins page) is sent to /admin/password from every admin page and action until they
 * change it, the /api gives them no token meanwhile, and a change (the current password required,
 * the admin rules for the new one) ends every other session and token of theirs. Pages as a
 * browser without JavaScript sends them.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_CHANGE_MAX_WRONG, PASSWORD_CHANGE_MESSAGES, PASSWORD_CHANGE_WINDOW_MINUTES } from "../../domain/admin-password";
import { call, createTestAdmin, placeTestOrder } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { clearOfWindowEdge } from "../support/time";

let server: TestServer;
let orderId: string;

beforeAll(async () => {
  server = await startTestServer();
  // The owner, added first.
  await createTestAdmin(server.shop, server.url, `owner-${randomUUID()}@churu-uniforms.example`);
  orderId = (await placeTestOrder(server.shop)).orderId;
});
afterAll(async () => {
  await server?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const cookieFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__admin="))!;

/** An admin as `shop admin add` makes one: a temporary password someone else chose. */
async function addedAdmin() {
  const email = `ravi-${randomUUID()}@churu-uniforms.example`;
  const temporary = "Temp0rary-Pass-42";
  await server.shop.auth.addAdmin({ kind: "cli" }, { email, name: "Ravi Kumar", password: temporary });
  return { email, temporary };
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await call(`${server.url}/admin/login`, { method: "POST", headers: FORM, body: form({ email, password }) });
  expect(res.status, "signed in").toBe(302);
  return cookieFrom(res);
}

const get = (path: string, cookie: string, lang = "en") => call(`${server.url}${path}`, { headers: { Cookie: `${cookie}; shop_lng=${lang}` } });
const change = (cookie: string, fields: Record<string, string>, lang = "en") =>
  call(`${server.url}/admin/password`, { method: "POST", headers: { ...FORM, Cookie: `${cookie}; shop_lng=${lang}` }, body: form(fields) });
const apiLogin = (email: string, password: string) =>
  call(`${server.url}/api/users/admin-login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) });

describe("an admin added with a temporary password", () => {
  it("is sent to change it from every admin page and action, and the /api gives no token until then", async () => {
    const { email, temporary } = await addedAdmin();
    const cookie = await signIn(email, temporary);
    for (const path of ["/admin", "/admin/products", "/admin/notifications", "/admin/admins", `/admin/orders/${orderId}`, `/admin/orders/${orderId}/reference`, "/admin/orders/export.csv"]) {
      const res = await get(path, cookie);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/admin/password");
    }
    const posted = await call(`${server.url}/admin/orders/${orderId}`, { method: "POST", headers: { ...FORM, Cookie: cookie }, body: form({ intent: "cash" }) });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/admin/password");
    expect((await server.shop.orders.getOrder(orderId))?.paymentStatus).toBe("unpaid");

    const page = await get("/admin/password", cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('role="alert">You signed in with a temporary password');
    expect(html).toContain('name="current"');
    expect(await (await get("/admin/password", cookie, "hi")).text()).toContain("अपना पासवर्ड बदलें");

    const api = await apiLogin(email, temporary);
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: "Change your temporary password on the admin pages (/admin/password) first." });
  });

  it("changes it with the current one and the admin rules, ends every other session and token, and opens the admin pages", async () => {
    const { email, temporary } = await addedAdmin();
    const cookie = await signIn(email, temporary);
    const elsewhere = await signIn(email, temporary);
    const refusals: [Record<string, string>, string][] = [
      [{ current: "", next: "my own password 1", repeat: "my own password 1" }, PASSWORD_CHANGE_MESSAGES.currentRequired],
      [{ current: temporary, next: "short", repeat: "short" }, PASSWORD_CHANGE_MESSAGES.tooShort],
      [{ current: temporary, next: "my own password 1", repeat: "my own password 2" }, PASSWORD_CHANGE_MESSAGES.notRepeated],
      [{ current: temporary, next: temporary, repeat: temporary }, PASSWORD_CHANGE_MESSAGES.sameAsCurrent],
      [{ current: "not the password", next: "my own password 1", repeat: "my own password 1" }, PASSWORD_CHANGE_MESSAGES.currentWrong],
    ];
    for (const [fields, message] of refusals) {
      const res = await change(cookie, fields);
      expect(res.status, message).toBe(422);
      const html = await res.text();
      expect(html).toContain(message);
      // What was typed is never sent back.
      expect(html).not.toContain("my own password");
      expect(html).not.toContain("not the password");
    }
    const hindi = await change(cookie, { current: temporary, next: "short", repeat: "short" }, "hi");
    expect(await hindi.text()).toContain("एडमिन का पासवर्ड कम से कम 10 अक्षरों का होना चाहिए।");

    const done = await change(cookie, { current: temporary, next: "my own password 1", repeat: "my own password 1" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin/password?changed=1");
    const fresh = cookieFrom(done);
    expect(fresh).not.toBe(cookie);

    // This browser goes on with its fresh session; the old one and the other browser are signed out.
    expect((await get("/admin", fresh)).status).toBe(200);
    expect(await (await get("/admin/password?changed=1", fresh)).text()).toContain("Your password is changed.");
    for (const old of [cookie, elsewhere]) {
      const res = await get("/admin", old);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/login");
    }
    // The temporary password is gone; the new one works on the page and the /api.
    expect((await call(`${server.url}/admin/login`, { method: "POST", headers: FORM, body: form({ email, password: temporary }) })).status).not.toBe(302);
    expect((await apiLogin(email, "my own password 1")).status).toBe(200);
  });

  it("ends the admin's /api tokens when the password changes", async () => {
    const admin = await createTestAdmin(server.shop, server.url);
    const me = () => call(`${server.url}/api/orders`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect((await me()).status).toBe(200);
    const res = await change(admin.cookie, { current: "admin password 1994", next: "a brand new password", repeat: "a brand new password" });
    expect(res.status).toBe(302);
    expect((await me()).status).toBe(401);
  });

  it(`holds back a session that guesses ${PASSWORD_CHANGE_MAX_WRONG} wrong current passwords, and leaves the admin's own browser free to change it at once`, async () => {
    const admin = await createTestAdmin(server.shop, server.url);
    // The owner's own browser, and a session someone took (a cookie copied from a shared computer).
    const own = await signIn(admin.email, "admin password 1994");
    const stolen = admin.cookie;
    await clearOfWindowEdge(PASSWORD_CHANGE_WINDOW_MINUTES);
    for (let i = 0; i < PASSWORD_CHANGE_MAX_WRONG; i++) {
      expect((await change(stolen, { current: `guess ${i}`, next: "a brand new password", repeat: "a brand new password" })).status).toBe(422);
    }
    // That session waits: even the right password from it is refused, in words, and nothing changes.
    const held = await change(stolen, { current: "admin password 1994", next: "a brand new password", repeat: "a brand new password" });
    expect(held.status).toBe(429);
    expect(await held.text()).toContain(PASSWORD_CHANGE_MESSAGES.tooManyTries);
    expect((await apiLogin(admin.email, "admin password 1994")).status).toBe(200);

    // The owner, meanwhile, is not held at 429: the change goes through from their own browser.
    const mine = await change(own, { current: "admin password 1994", next: "a brand new password", repeat: "a brand new password" });
    expect(mine.status).toBe(302);
    expect(mine.headers.get("location")).toBe("/admin/password?changed=1");
    expect((await apiLogin(admin.email, "a brand new password")).status).toBe(200);
  });

  it("leaves an admin who chose their own password free to use every page", async () => {
    const admin = await createTestAdmin(server.shop, server.url);
    expect((await get("/admin", admin.cookie)).status).toBe(200);
    // The page's words travel with it; the notice is drawn only for a temporary password.
    expect(await (await get("/admin/password", admin.cookie)).text()).not.toContain('role="alert">You signed in with a temporary password');
  });
});
