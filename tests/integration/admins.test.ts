/**
 * Named admins (decision 104): the Admins page as a browser without JavaScript posts it, the
 * `shop admin` commands against the same database, a disabled admin shut out of the login
 * page, the /api login, their page session and their token, and the trail naming each admin.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { call, placeTestOrder } from "../support/admin";
import { signInAdmin } from "../../app/auth/session.server";
import { SHOP_CLI } from "../support/shop-cli";
import { OPERATOR } from "../../services/staff";

let server: TestServer;
let owner: { id: string; cookie: string };
const OWNER_EMAIL = "asha@example.in";
const PASSWORD = "asha's long password 1994";

beforeAll(async () => {
  server = await startTestServer();
  const { user } = await server.shop.auth.createAdmin({ email: OWNER_EMAIL, name: "Asha Sharma", password: PASSWORD });
  const signedIn = await signInAdmin(new Request(`${server.url}/admin/login`), server.shop, user.id);
  owner = { id: user.id, cookie: signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
});
afterAll(async () => {
  await server?.close();
});

const form = (cookie: string, pathname: string, fields: Record<string, string>, lang = "en") =>
  call(`${server.url}${pathname}`, {
    method: "POST",
    headers: { Cookie: `${cookie}; shop_lng=${lang}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
const page = (cookie: string, pathname: string, lang = "en") => call(`${server.url}${pathname}`, { headers: { Cookie: `${cookie}; shop_lng=${lang}` } });

/** Signs in through the login page as a browser without JavaScript does: the admin cookie, or null. */
async function login(email: string, password: string): Promise<string | null> {
  const res = await form("", "/admin/login", { email, password });
  if (res.status !== 302) return null;
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/**
 * The first sign-in of an admin added with a temporary password: the login page, then their own
 * password on /admin/password, which every admin page asks for first (decision 120). The cookie
 * of the fresh session the change signs in.
 */
async function firstSignIn(email: string, temporary: string, own: string): Promise<string> {
  const cookie = await login(email, temporary);
  expect(cookie, `${email} signs in`).not.toBeNull();
  expect((await page(cookie!, "/admin")).headers.get("Location")).toBe("/admin/password");
  const changed = await form(cookie!, "/admin/password", { current: temporary, next: own, repeat: own });
  expect(changed.status, `${email} changes the temporary password`).toBe(302);
  return changed.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

const apiLogin = (email: string, password: string) =>
  call(`${server.url}/api/users/admin-login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password }) });

function shop(args: string[]) {
  const result = spawnSync(process.execPath, [...SHOP_CLI, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: server.shop.testDatabase.url ?? "",
      REDIS_URL: "",
      EVENTSTORE_URL: "",
      SHOP_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "shop-admins-")),
    },
    encoding: "utf8",
    input: "",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe("the Admins page", () => {
  it("the owner adds a manager, who signs in; only an owner may add or disable; nobody disables themselves", async () => {
    let res = await page(owner.cookie, "/admin/admins");
    expect(res.status).toBe(200);
    let html = await res.text();
    expect(html).toContain("Asha Sharma");
    expect(html).toContain("Owner");

    res = await form(owner.cookie, "/admin/admins", { intent: "add", name: "Ravi Kumar", email: "Ravi@Example.in", password: "ravi temporary 2026", role: "manager" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/admins?saved=added");

    // The same email again, and a short password: refused with words, not a 500.
    res = await form(owner.cookie, "/admin/admins", { intent: "add", name: "Ravi Again", email: "ravi@example.in", password: "ravi temporary 2026", role: "counter" });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("That email already belongs to an admin.");
    res = await form(owner.cookie, "/admin/admins", { intent: "add", name: "Short", email: "short@example.in", password: "short", role: "counter" });
    expect(res.status).toBe(422);

    const ravi = await firstSignIn("ravi@example.in", "ravi temporary 2026", "ravi's own password");
    // A manager does everything but name people (decision 215).
    const raviId = (await server.shop.auth.findUserByEmail("ravi@example.in"))!.id;
    expect(await server.shop.staff.roleOf(raviId)).toBe("manager");
    res = await page(ravi!, "/admin/admins");
    expect(res.status).toBe(403);
    html = await res.text();
    expect(html).toContain("Only the owner may name people and give them roles.");
    expect(html).not.toContain('name="intent" value="add"');
    const listed = (await server.shop.auth.listAdmins()).find((a) => a.email === "ravi@example.in")!;
    expect(listed).toMatchObject({ name: "Ravi Kumar", owner: false, disabledAt: null });
    expect(listed.lastSignInAt).toBeInstanceOf(Date);

    res = await form(ravi!, "/admin/admins", { intent: "add", name: "Mallory", email: "mallory@example.in", password: "mallory password 1", role: "owner" });
    expect(res.status).toBe(403);
    res = await form(ravi!, "/admin/admins", { intent: "disable", email: OWNER_EMAIL }, "hi");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("केवल मालिक");
    res = await form(owner.cookie, "/admin/admins", { intent: "disable", email: OWNER_EMAIL });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("You cannot disable yourself.");
    res = await form(owner.cookie, "/admin/admins", { intent: "disable", email: "nobody@example.in" });
    expect(res.status).toBe(404);
  });

  it("names each admin by name and email in the trail of an order they both changed", async () => {
    await server.shop.auth.addAdmin({ kind: "cli" }, { name: "Meena Joshi", email: "meena@example.in", password: "meena temporary 2026" });
    const meena = await firstSignIn("meena@example.in", "meena temporary 2026", "meena's own password");
    const order = await placeTestOrder(server.shop);
    const change = (cookie: string, status: string) => form(cookie, "/admin?index", { intent: "status", orderId: order.orderId, status, back: "/admin" });
    expect((await change(owner.cookie, "shipped")).status).toBe(302);
    expect((await change(meena, "delivered")).status).toBe(302);
    const trail = await server.shop.store.readStream(`order-${order.orderId}`);
    expect(trail.map((e) => (e.data as { actor?: unknown }).actor).filter(Boolean)).toEqual(
      expect.arrayContaining([{ kind: "admin", id: owner.id, name: "Asha Sharma" }, expect.objectContaining({ kind: "admin", name: "Meena Joshi" })]),
    );

    const html = (await (await page(owner.cookie, `/admin/orders/${order.orderId}`)).text()).replaceAll("&#x27;", "'");
    expect(html).toContain("Admin: Asha Sharma (asha@example.in)");
    expect(html).toContain("Admin: Meena Joshi (meena@example.in)");
    const hindi = await (await page(meena, `/admin/orders/${order.orderId}`, "hi")).text();
    expect(hindi).toContain("Meena Joshi (meena@example.in)");
  });

  it("a disabled admin cannot sign in (page or /api) and their cookie and token stop at once; enabled again they can", async () => {
    await server.shop.auth.addAdmin({ kind: "cli" }, { name: "Kiran Rao", email: "kiran@example.in", password: "kiran temporary 2026" });
    const kiran = await firstSignIn("kiran@example.in", "kiran temporary 2026", "kiran own password");
    const token = ((await (await apiLogin("kiran@example.in", "kiran own password")).json()) as { token: string }).token;
    const apiOrders = () => call(`${server.url}/api/orders`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await page(kiran, "/admin")).status).toBe(200);
    expect((await apiOrders()).status).toBe(200);

    let res = await form(owner.cookie, "/admin/admins", { intent: "disable", email: "kiran@example.in" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/admins?saved=disabled");
    res = await page(kiran, "/admin");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/login");
    expect((await apiOrders()).status).toBe(401);
    expect(await login("kiran@example.in", "kiran own password")).toBeNull();
    res = await form("", "/admin/login", { email: "kiran@example.in", password: "kiran own password" });
    expect(await res.text()).toContain("Login failed.");
    expect([401, 403]).toContain((await apiLogin("kiran@example.in", "kiran own password")).status);
    expect(await (await page(owner.cookie, "/admin/admins")).text()).toContain("Disabled");

    res = await form(owner.cookie, "/admin/admins", { intent: "enable", email: "kiran@example.in" });
    expect(res.status).toBe(302);
    expect(await login("kiran@example.in", "kiran own password")).not.toBeNull();
  });
});

describe("shop admin", () => {
  it("adds (a generated password printed once, or one from --password-file never printed), lists, disables and enables", { timeout: 240_000 }, async () => {
    const added = shop(["admin", "add", "--email", "suresh@example.in", "--name", "Suresh Meghwal"]);
    expect(added.stderr).toBe("");
    expect(added.code).toBe(0);
    const password = /temporary password \(shown once\): (\S+)/.exec(added.stdout)?.[1];
    expect(password).toHaveLength(16);
    expect(await login("suresh@example.in", password!)).not.toBeNull();
    // A password someone else chose: the first admin page is the one that changes it (decision 120).
    expect((await page((await login("suresh@example.in", password!))!, "/admin")).headers.get("Location")).toBe("/admin/password");

    const secret = "from a file 42";
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-admins-")), "password.txt");
    fs.writeFileSync(file, `${secret}\n`);
    const fromFile = shop(["admin", "add", "--email", "pooja@example.in", "--name", "Pooja Saini", "--password-file", file]);
    expect(fromFile.code).toBe(0);
    expect(fromFile.stdout + fromFile.stderr).not.toContain(secret);
    expect(await login("pooja@example.in", secret)).not.toBeNull();

    const list = shop(["admin", "list"]);
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n")[0]).toMatch(/^asha@example\.in\tAsha Sharma\t.*enabled, owner$/);
    expect(list.stdout).toMatch(/suresh@example\.in\tSuresh Meghwal\tadded .*\tlast sign-in \d{4}-.*\tenabled$/m);

    const disabled = shop(["admin", "disable", "--email", "suresh@example.in"]);
    expect(disabled).toMatchObject({ code: 0, stdout: "suresh@example.in is disabled" });
    expect(await login("suresh@example.in", password!)).toBeNull();
    expect(shop(["admin", "list"]).stdout).toMatch(/suresh@example\.in\t.*\tdisabled$/m);
    expect(shop(["admin", "enable", "--email", "suresh@example.in"])).toMatchObject({ code: 0, stdout: "suresh@example.in is enabled" });
    expect(await login("suresh@example.in", password!)).not.toBeNull();

    const again = shop(["admin", "add", "--email", "suresh@example.in", "--name", "Suresh"]);
    expect(again).toMatchObject({ code: 1, stderr: "shop: That email already belongs to an admin." });
    expect(shop(["admin", "disable", "--email", "nobody@example.in"])).toMatchObject({ code: 1, stderr: "shop: There is no admin with that email." });
  });

  it("never disables the last enabled admin", async () => {
    const enabled = (await server.shop.auth.listAdmins()).filter((a) => !a.disabledAt);
    for (const a of enabled.slice(1)) await server.shop.auth.setAdminEnabled({ kind: "cli" }, a.email!, false);
    await expect(server.shop.auth.setAdminEnabled({ kind: "cli" }, enabled[0].email!, false)).rejects.toMatchObject({ key: "admins.lastEnabled", status: 409 });
    for (const a of enabled.slice(1)) await server.shop.auth.setAdminEnabled({ kind: "cli" }, a.email!, true);
  });
});

describe("the last owner who can sign in", () => {
  it("is never switched off, nor made something else, while other owners are switched off and counter staff can sign in", { timeout: 120_000 }, async () => {
    const cli = { kind: "cli" } as const;
    const roles = await server.shop.staff.roles();
    const owners = (await server.shop.auth.listAdmins()).filter((a) => !a.disabledAt && roles.get(a.id) === "owner");
    // Counter staff who can sign in: the rule of the last enabled admin alone would let the last owner go.
    const { user: counter } = await server.shop.auth.createAdmin({ email: "ravi.counter@example.in", name: "Ravi", password: PASSWORD });
    await server.shop.staff.giveRole(counter.id, "counter", OPERATOR);
    const [last, ...others] = owners;
    for (const o of others) await server.shop.auth.setAdminEnabled(cli, o.email!, false);
    const refused = { key: "staff.lastOwner", status: 409 };
    await expect(server.shop.auth.setAdminEnabled(cli, last.email!, false)).rejects.toMatchObject(refused);
    await expect(server.shop.staff.giveRole(last.id, "manager", OPERATOR)).rejects.toMatchObject(refused);
    const atServer = shop(["admin", "disable", "--email", last.email!]);
    expect(atServer).toMatchObject({ code: 1, stderr: `shop: ${last.name} is the shop's only owner who can sign in: make someone else an owner, or enable another owner, first.` });
    expect((await server.shop.auth.listAdmins()).find((a) => a.id === last.id)?.disabledAt).toBeNull();
    expect(await server.shop.staff.roleOf(last.id)).toBe("owner");
    for (const o of others) await server.shop.auth.setAdminEnabled(cli, o.email!, true);
    await server.shop.auth.setAdminEnabled(cli, counter.email!, false);
  });
});

describe("who acted, as the trail shows it", () => {
  it("shows a looked-up admin with today's name and email; one still named Admin by the signed name; id-less and unknown admins as recorded", async () => {
    const { withAdminNames } = await import("../../app/admin/admins.server");
    const { actorLabel } = await import("../../domain/orders/describe");
    const admins = new Map([
      ["a1", { name: "Asha Sharma", email: "asha@example.in" }],
      ["a2", { name: "Admin", email: "old@example.in" }],
    ]);
    const shown = (actor: object) => actorLabel((withAdminNames({ data: { actor } }, admins).data as { actor: never }).actor);
    expect(shown({ kind: "admin", id: "a1", name: "Asha" })).toBe("Admin: Asha Sharma (asha@example.in)");
    // Signed before admins had names: the id still says who it was.
    expect(shown({ kind: "admin", id: "a1", name: "Admin" })).toBe("Admin: Asha Sharma (asha@example.in)");
    expect(shown({ kind: "admin", id: "a2", name: "Ravi" })).toBe("Admin: Ravi (old@example.in)");
    expect(shown({ kind: "admin", name: "Asha" })).toBe("Admin: Asha");
    expect(shown({ kind: "admin", id: "gone", name: "Ravi" })).toBe("Admin: Ravi");
    expect(shown({ kind: "guest", id: "a1", name: "Ravi" })).toBe("Guest: Ravi");
  });
});
