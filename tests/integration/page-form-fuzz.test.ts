// Generated bad posts to every page action (the 16 routes with an `action`), as a guest, a
// signed-in shopper and a signed-in admin, with a same-origin Origin header: random fields
// and values (NUL, broken characters, huge strings, odd names), every content type a client
// can send (url-encoded, multipart and broken multipart, text/plain, JSON, none, odd
// charsets) and odd methods. Each request carries at least one thing the page form pipeline
// must refuse, so the shop must answer every one below 500 and write nothing: the event
// store's head stays put and the read models keep their rows. The /api has its own
// (api-fuzz.test.ts); this one shares its fingerprint of the shop's state.
//
// Deterministic: a fixed seed (PAGE_FUZZ_SEED to change it), printed with any failure. 100 batches in every run of the
// suite; `npm run test:fuzz` sends 300 (decision 176).
import http from "node:http";
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { MAX_PAGE_FORM_BYTES } from "../../domain/forms";
import { stateFingerprint } from "../support/api";
import { createTestAdmin, placeTestOrder } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

const RUNS = Number(process.env.PAGE_FUZZ_RUNS ?? 100);
const SEED = Number(process.env.PAGE_FUZZ_SEED ?? 88_2026);
const BATCH = 12;

type Role = "guest" | "shopper" | "admin";
const ROLES: Role[] = ["guest", "shopper", "admin"];

let server: TestServer;
const cookies: Record<Role, string> = { guest: "", shopper: "", admin: "" };
let pages: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const admin = await createTestAdmin(server.shop, server.url);
  cookies.admin = admin.cookie;
  const user = await server.shop.auth.registerWithEmail({ email: `fuzz-${randomUUID()}@example.com`, password: "satchel-2026" });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, user.id);
  cookies.shopper = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  // Real targets, so an action that let a bad post through would change something visible.
  const order = await placeTestOrder(server.shop, { userId: user.id });
  const product = await server.shop.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  pages = [
    "/login",
    "/signup",
    "/otp",
    "/admin/login",
    "/logout",
    "/admin/logout",
    "/newsletter",
    "/cart",
    "/checkout",
    "/account?details",
    "/admin?index",
    "/admin/notifications",
    `/admin/orders/${order.orderId}/delete`,
    "/admin/products",
    `/admin/products/${product.id}/delete`,
    `/admin/orders/${order.orderId}/reference`,
    "/admin/password",
  ];
}, 180_000);
afterAll(async () => {
  await server?.close();
});

/** The names the shop's forms use, so a bad value lands where an action looks. */
const FIELD_NAMES = [
  "identifier", "email", "password", "phone", "otp", "intent", "method", "redirectTo", "remember", "name", "address", "city",
  "pincode", "productId", "size", "school", "quantity", "id", "orderId", "status", "payment", "back", "category", "description",
  "image", "price", "stock_quantity", "gender", "key", "idempotencyKey", "via", "respond", "reference", "from", "to", "current",
  "next", "repeat",
];
const INTENTS = ["add", "update", "remove", "clear", "send", "resend", "change", "verify", "save", "delete", "retry", "status", "payment", "fetcher", "data", "profile", "phone-send", "phone-verify", "address-add", "address-edit", "address-delete", "address-from-order", "name"];
const NASTY = [
  "'; DROP TABLE orders; --", "<script>alert(1)</script>", "../../etc/passwd", "${jndi:ldap://x/a}", "{{7*7}}", "__proto__", "constructor",
  "🙂".repeat(100), "\u202e\u0645\u0631\u062d\u0628\u0627", "9876543210", "331001", "a@b.in", "school/dps/shirt", "-1", "1e999", "0x10", "NaN",
  "\uFEFF", "\u2028", "a\r\nSet-Cookie: x=1",
];

const knownName = fc.constantFrom(...FIELD_NAMES);
const oddName = fc.oneof(
  fc.constantFrom("__proto__", "constructor", "a[b]", "a.b", "", " ", "x".repeat(5000), "é", "\u0000", "items[0][id]", "email[]"),
  fc.string({ unit: "grapheme", maxLength: 12 }),
);
const value = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(...NASTY, ...INTENTS),
  fc.integer().map(String),
  fc.constantFrom("\uD800", "a\uDC00b", "\uDBFF\uDBFF"),
  fc.integer({ min: 400, max: 4000 }).map((n) => "a".repeat(n)),
);
const field = fc.tuple(fc.oneof({ weight: 4, arbitrary: knownName }, { weight: 1, arbitrary: oddName }), value);

/** What makes the request one the pipeline must refuse, whatever else is in it. */
type Poison =
  | { kind: "nul"; name: string; at: number }
  | { kind: "too-large"; bytes: number }
  | { kind: "file"; name: string }
  | { kind: "content-type"; type: string | null }
  | { kind: "broken-multipart"; cut: number };

const poison: fc.Arbitrary<Poison> = fc.oneof(
  fc.record({ kind: fc.constant("nul" as const), name: knownName, at: fc.nat(20) }),
  fc.record({ kind: fc.constant("too-large" as const), bytes: fc.oneof(fc.integer({ min: MAX_PAGE_FORM_BYTES + 1, max: 64 * 1024 }), fc.constant(1024 * 1024)) }),
  fc.record({ kind: fc.constant("file" as const), name: knownName }),
  fc.record({
    kind: fc.constant("content-type" as const),
    type: fc.constantFrom(
      null,
      "text/plain",
      "application/json",
      "text/html",
      "application/xml",
      "application/x-www-form-urlencoded; charset=iso-8859-1",
      "application/x-www-form-urlencoded; charset=utf-16",
      "multipart/form-data; charset=shift_jis; boundary=fz",
      "application/x-www-form-urlencodedx",
      "multipart/mixed; boundary=fz",
      "",
    ),
  }),
  fc.record({ kind: fc.constant("broken-multipart" as const), cut: fc.integer({ min: 1, max: 60 }) }),
);

interface Generated {
  page: number;
  role: Role;
  method: string;
  encoding: "urlencoded" | "multipart";
  chunked: boolean;
  fields: [string, string][];
  poison: Poison;
}

const METHODS = fc.oneof(
  { weight: 8, arbitrary: fc.constant("POST") },
  { weight: 3, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE") },
  { weight: 1, arbitrary: fc.constantFrom("PROPFIND", "OPTIONS", "REPORT", "M-SEARCH", "PURGE", "HEAD", "GET") },
);

const generated: fc.Arbitrary<Generated> = fc.record({
  // One less than the number of pages listed in beforeAll.
  page: fc.nat(16),
  role: fc.constantFrom(...ROLES),
  method: METHODS,
  encoding: fc.constantFrom("urlencoded" as const, "multipart" as const),
  chunked: fc.boolean(),
  fields: fc.array(field, { maxLength: 8 }),
  poison,
});

const BOUNDARY = "----fuzz7MA4YWxkTrZu0gW";

function multipart(fields: [string, string][], file?: string): Buffer {
  const parts: Buffer[] = [];
  for (const [name, text] of fields) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name.replace(/["\r\n]/g, "_")}"\r\n\r\n`));
    parts.push(Buffer.from(text, "utf8"));
    parts.push(Buffer.from("\r\n"));
  }
  if (file) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file}"; filename="x.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

/** The request's body and content type, with its poison in it. */
function bodyOf(g: Generated): { body: Buffer; type: string | null } {
  const fields: [string, string][] = [...g.fields];
  const p = g.poison;
  if (p.kind === "nul") fields.push([p.name, `${"x".repeat(p.at)}\u0000y`]);
  if (p.kind === "too-large") fields.push(["name", "a".repeat(p.bytes)]);
  const formType = g.encoding === "multipart" ? `multipart/form-data; boundary=${BOUNDARY}` : "application/x-www-form-urlencoded";
  const encode = () => (g.encoding === "multipart" ? multipart(fields, p.kind === "file" ? p.name : undefined) : Buffer.from(new URLSearchParams(fields).toString()));
  switch (p.kind) {
    case "content-type": {
      // The same fields, but not as a form: as JSON for the JSON type, else the form's own bytes. Never empty: a post
      // with no type and no body is a bare empty form by design (form.server.ts), which would poison nothing.
      const body = p.type === "application/json" ? Buffer.from(JSON.stringify(Object.fromEntries(fields))) : encode();
      return { body: body.length > 0 ? body : Buffer.from("x=1"), type: p.type };
    }
    case "broken-multipart": {
      const whole = multipart(fields);
      return { body: whole.subarray(0, Math.max(1, whole.length - p.cut - BOUNDARY.length)), type: `multipart/form-data; boundary=${BOUNDARY}` };
    }
    case "file":
      return { body: multipart(fields, p.name), type: `multipart/form-data; boundary=${BOUNDARY}` };
    default:
      return { body: encode(), type: formType };
  }
}

/** One request over a connection of its own; any answer is read to the end. */
function send(g: Generated): Promise<{ status: number; text: string }> {
  const url = new URL(pages[g.page], server.url);
  const { body, type } = bodyOf(g);
  const headers: Record<string, string> = { Origin: new URL(server.url).origin };
  if (type !== null) headers["Content-Type"] = type;
  if (cookies[g.role]) headers.Cookie = cookies[g.role];
  const bodiless = g.method === "GET" || g.method === "HEAD";
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: g.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    // A refused body may be cut off once the answer has gone out: that is the server's right.
    // Cut off with no answer at all is a failure (status 0), not a hang.
    let answered = false;
    req.on("response", () => (answered = true));
    req.on("error", (err: NodeJS.ErrnoException) => (err.code === "EPIPE" || err.code === "ECONNRESET" ? undefined : reject(err)));
    req.on("close", () => (answered ? undefined : resolve({ status: 0, text: "the connection closed without an answer" })));
    if (bodiless) return req.end();
    if (g.chunked) {
      req.setHeader("Transfer-Encoding", "chunked");
      const half = Math.floor(body.length / 2);
      req.write(body.subarray(0, half));
      req.end(body.subarray(half));
    } else {
      req.setHeader("Content-Length", String(body.length));
      req.end(body);
    }
  });
}

function describeRequest(g: Generated, status: number, text: string): string {
  const fields = g.fields.map(([n, v]) => `${n.slice(0, 20)}=${JSON.stringify(v.slice(0, 30))}`).join("&");
  return `${g.method} ${pages[g.page]} as ${g.role} (${g.encoding}${g.chunked ? ", chunked" : ""}, ${JSON.stringify(g.poison).slice(0, 120)}) ${fields.slice(0, 200)} -> ${status} ${text.replace(/\s+/g, " ").slice(0, 300)}`;
}

/** What a refused post must leave alone: the /api fuzz's fingerprint, the event store's head, subscribers and sessions' owners. */
async function shopState(): Promise<Record<string, string>> {
  const state = await stateFingerprint(server);
  state.head = String(await server.shop.store.headPosition());
  const subscribers = await sql<{ n: string }>`select count(*)::text as n from newsletter_subscribers`.execute(server.shop.db);
  state.newsletter_subscribers = subscribers.rows[0].n;
  return state;
}

describe("page actions under generated bad posts", () => {
  it("never answer 500 or more, and write nothing", { timeout: 240_000 }, async () => {
    const before = await shopState();
    const statuses = new Map<string, number>();
    const reached = new Set<string>();
    let sent = 0;
    const started = performance.now();
    const run = await fc.check(
      fc.asyncProperty(fc.array(generated, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers = await Promise.all(batch.map(send));
        sent += batch.length;
        const faults: string[] = [];
        answers.forEach(({ status, text }, i) => {
          const g = batch[i];
          statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
          reached.add(`${pages[g.page]} ${g.role}`);
          if (status === 0 || status >= 500) faults.push(describeRequest(g, status, text));
        });
        if (faults.length) throw new Error(`answered 500 or more (or nothing):\n${faults.join("\n")}`);
        expect(await shopState(), "a batch of refused posts changed the shop's state").toEqual(before);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    // fast-check's own report prints every generated megabyte: this one names the requests.
    if (run.failed) {
      const error = run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
      throw new Error(`page form fuzz failed (PAGE_FUZZ_SEED=${SEED}, run ${run.numRuns}): ${error}`);
    }
    console.log(
      `page form fuzz: ${sent} requests in ${((performance.now() - started) / 1000).toFixed(1)} s, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    // Every page as every role, and the pipeline's refusals all seen.
    expect(reached.size).toBe(pages.length * ROLES.length);
    for (const status of ["413", "415", "422"]) expect(statuses.get(status) ?? 0, status).toBeGreaterThan(0);
  });

  it("left the shopper and the admin signed in (no bad post signed anyone out)", async () => {
    const account = await fetch(`${server.url}/account`, { headers: { Cookie: cookies.shopper }, redirect: "manual" });
    await account.text();
    expect(account.status).toBe(200);
    const admin = await fetch(`${server.url}/admin`, { headers: { Cookie: cookies.admin }, redirect: "manual" });
    await admin.text();
    expect(admin.status).toBe(200);
  });
});
