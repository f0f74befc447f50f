// 1 MB in one field at a time, for every page form and every /api call with a body: the
// cases the integration test (tests/integration/hostile-input.test.ts) checks and the
// benchmark (tests/bench/hostile-input.bench.ts) times.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { signInAdmin, signInShopper } from "../../app/auth/session.server";
import { API_CALLS } from "../../domain/api/calls";
import type { Shop } from "../../services/index";

export const ONE_MB = 2 ** 20;

export interface HostileCase {
  name: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface HostileTargets {
  url: string;
  origin: string;
  shopperCookie: string;
  adminCookie: string;
  shopperToken: string;
  adminToken: string;
  orderId: string;
  productId: number;
}

const cookieOfResponse = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

/**
 * Sessions and tokens for every role, and real ids to aim at (so a body that got through
 * would reach a real order or product). Made through the services, without the test
 * runner: the benchmark uses this too.
 */
export async function prepareHostileTargets(shop: Shop, url: string): Promise<HostileTargets> {
  const { user: admin } = await shop.auth.createAdmin({ email: `hostile-admin-${randomUUID()}@example.com`, password: "hostile admin password" });
  const user = await shop.auth.registerWithEmail({ email: `hostile-${randomUUID()}@example.com`, password: "satchel-2026" });
  const placed = await shop.orders.placeOrder({
    scope: `user:${user.id}`,
    idempotencyKey: randomUUID(),
    items: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
    customer: { kind: "user", userId: user.id, name: "Hostile Test", phone: "9876500001" },
    address: { name: "Hostile Test", phone: "9876500001", address: "1 Station Road", city: "Churu", pincode: "331001" },
  });
  await shop.orders.waitUntilVisible(placed.position);
  const product = await shop.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  return {
    url,
    origin: new URL(url).origin,
    shopperCookie: cookieOfResponse(await signInShopper(new Request(`${url}/login`), shop, user.id)),
    adminCookie: cookieOfResponse(await signInAdmin(new Request(`${url}/admin/login`), shop, admin.id)),
    shopperToken: await shop.auth.issueToken(user.id, "shopper"),
    adminToken: await shop.auth.issueToken(admin.id, "admin"),
    orderId: placed.orderId,
    productId: product.id,
  };
}

type Role = "guest" | "shopper" | "admin";

/** Each page action and the fields its forms send (a form with none gets one the shop never reads). */
function pageForms(t: HostileTargets): { path: string; role: Role; fields: string[] }[] {
  return [
    { path: "/login", role: "guest", fields: ["identifier", "password", "redirectTo", "remember"] },
    { path: "/signup", role: "guest", fields: ["method", "email", "password", "phone", "name", "redirectTo"] },
    { path: "/otp", role: "guest", fields: ["intent", "phone", "otp", "name"] },
    { path: "/account?details", role: "shopper", fields: ["intent", "name", "email", "phone", "otp", "address", "city", "pincode", "id", "orderId"] },
    { path: "/admin/login", role: "guest", fields: ["email", "password"] },
    { path: "/logout", role: "shopper", fields: ["padding"] },
    { path: "/admin/logout", role: "admin", fields: ["padding"] },
    { path: "/newsletter", role: "guest", fields: ["email"] },
    { path: "/cart", role: "guest", fields: ["intent", "productId", "school", "size", "quantity", "redirectTo", "respond"] },
    { path: "/checkout", role: "guest", fields: ["name", "phone", "address", "city", "pincode", "idempotencyKey", "shownTotal"] },
    { path: "/checkout", role: "shopper", fields: ["name", "phone", "address", "city", "pincode", "idempotencyKey", "shownTotal"] },
    { path: "/admin?index", role: "admin", fields: ["intent", "orderId", "status", "back", "via", "sort", "dir"] },
    { path: "/admin/notifications", role: "admin", fields: ["intent", "key"] },
    { path: `/admin/orders/${t.orderId}/delete`, role: "admin", fields: ["back"] },
    {
      path: "/admin/products",
      role: "admin",
      fields: ["intent", "id", "name", "price", "description", "image", "category", "gender", "size", "stock_quantity"],
    },
    { path: `/admin/products/${t.productId}/delete`, role: "admin", fields: ["back", "padding"] },
    { path: `/admin/orders/${t.orderId}/reference`, role: "admin", fields: ["intent", "reference", "from", "to"] },
    { path: "/admin/password", role: "admin", fields: ["current", "next", "repeat"] },
  ];
}

function cookieOf(t: HostileTargets, role: Role): Record<string, string> {
  const cookie = role === "admin" ? t.adminCookie : role === "shopper" ? t.shopperCookie : "";
  return cookie ? { Cookie: cookie } : {};
}

/** One case per page form field: that field 1 MB long (or `size` characters), the others short. */
export function pageCases(t: HostileTargets, size = ONE_MB): HostileCase[] {
  return pageForms(t).flatMap(({ path, role, fields }) =>
    fields.map((field) => {
      const form = new URLSearchParams(fields.map((f) => [f, f === field ? "a".repeat(size) : "x"]));
      return {
        name: `POST ${path.replace(/[0-9a-f-]{36}|\/\d+\//g, (m) => (m.startsWith("/") ? "/{id}/" : "{id}"))} (${role}) ${field}`,
        method: "POST",
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: t.origin, ...cookieOf(t, role) },
        body: Buffer.from(form.toString()),
      };
    }),
  );
}

/** The paths to every leaf of an example body: `items.0.name`, `shipping.pincode`, ... */
function leaves(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? leaves(value[0], [...prefix, 0]) : [prefix];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => leaves(inner, [...prefix, key]));
  return [prefix];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (!path.length) return by;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? replaced(item, rest, by) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaced(record[head], rest, by) };
}

/** One case per field of every /api call with a body, the field (however deep) 1 MB long. */
export function apiCases(t: HostileTargets): HostileCase[] {
  return API_CALLS.filter((call) => call.body && call.example.request).flatMap((call) => {
    const id = call.path.startsWith("/api/orders") ? t.orderId : String(t.productId);
    const path = call.path.replace("{id}", id);
    const token = call.auth === "admin" ? t.adminToken : call.auth === "shopper" || call.auth === "any" ? t.shopperToken : undefined;
    return leaves(call.example.request).map((leaf) => ({
      name: `${call.method} ${call.path} ${leaf.join(".")}`,
      method: call.method,
      path,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: Buffer.from(JSON.stringify(replaced(call.example.request, leaf, "a".repeat(ONE_MB)))),
    }));
  });
}

/** Sends one case on a connection of its own: the status and how long until it came. */
export function sendHostile(t: HostileTargets, c: HostileCase): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(new URL(c.path, t.url), { method: c.method, headers: { ...c.headers, "Content-Length": String(c.body.length) }, agent: false }, (res) => {
      answered = true;
      const ms = performance.now() - started;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ms }));
      res.on("error", reject);
    });
    // The server may stop reading a refused body once it has answered: the answer is what counts.
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
    req.on("close", () => (answered ? undefined : resolve({ status: 0, ms: performance.now() - started })));
    req.end(c.body);
  });
}
