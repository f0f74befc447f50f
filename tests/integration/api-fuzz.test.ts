// Thousands of generated bad requests to every /api call (domain/api/calls.ts): wrong types,
// missing and unknown fields, huge numbers, unicode, injection strings, truncated JSON, wrong
// content types, bodies over the limit, bad tokens, bad ids, wrong methods, unknown addresses.
// Every answer must be a 4xx (or a 2xx for a harmless GET) with a JSON body, never a 5xx, and
// nothing may be written: no event appended, no read-model row changed. One server for the file.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CALLS, methodsOf, type ApiCall, type HttpMethod } from "../../domain/api/calls";
import { MAX_BODY_BYTES } from "../../domain/api/policy";
import { callName, startApiHarness, stateFingerprint, type ApiHarness } from "../support/api";

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
  // Something in the read models to leave alone: a cart, a product, orders.
  await api.request("POST", "/api/cart", { who: "shopper", body: { items: [{ id: "school/dps/shirt", size: "30", quantity: 1 }] } });
  await api.request("POST", "/api/products", { who: "admin", body: { name: "Fuzz Target", price: 100, stock_quantity: 5 } });
  await api.request("POST", "/api/orders", {
    who: "shopper",
    body: { items: [{ productId: "stationery/scientific-calculator", quantity: 1 }], shipping: { name: "Fuzz", phone: "9876500009", address: "1 Road", city: "Churu", pincode: "331001" } },
  });
});
afterAll(async () => {
  await api?.close();
});

// 80 batches in every run of the suite; `npm run test:fuzz` sends 250 (decision 176). Each run draws a new seed, printed,
// so runs cover different requests and a failure is repeated with API_FUZZ_SEED=<seed>.
const RUNS = Number(process.env.API_FUZZ_RUNS ?? 80);
const SEED = Number(process.env.API_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const BATCH = 10;

const nasty = fc.constantFrom(
  "'; DROP TABLE orders; --",
  "\" OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "\u0000",
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "🙂".repeat(200),
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "a".repeat(5000),
  "__proto__",
  "constructor",
);
const hugeNumber = fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 31, -(2 ** 53), 1e-320);
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  nasty,
  hugeNumber,
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const printable = fc.stringMatching(/^[\x21-\x7e]{0,300}$/);
const badId = fc.oneof(
  fc.uuid(),
  fc.integer().map(String),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom("%E0%A4", "%00", "..", "%2e%2e", "1e5", "-1", "0x10", "0", "2147483648", "99999999999999999999", "null", "undefined", "x".repeat(300), "%F0%9F%98%80"),
);

type Tokens = "none" | "bad" | "shopper" | "admin";
interface Generated {
  method: string;
  path: string;
  token: Tokens;
  badToken: string;
  headers: Record<string, string>;
  raw?: string | Uint8Array;
  /** A GET may succeed: it changes nothing. */
  mayPass: boolean;
}

const jsonCalls = API_CALLS.filter((c) => !c.redirect);

/** The tokens that a call refuses (401/403). */
function refusedTokens(call: ApiCall): Tokens[] {
  if (call.auth === "shopper") return ["none", "bad", "admin"];
  if (call.auth === "admin") return ["none", "bad", "shopper"];
  if (call.auth === "any") return ["none", "bad"];
  return [];
}
const rightToken = (call: ApiCall): Tokens => (call.auth === "shopper" || call.auth === "any" ? "shopper" : call.auth === "admin" ? "admin" : "none");

function fillPath(call: ApiCall, id: string, query: string): string {
  return call.path.replace("{id}", id) + query;
}

/** A body that is refused whatever else is in it, as raw text and its content type. */
function badBody(call: ApiCall, example: Record<string, unknown>): fc.Arbitrary<{ raw: string | Uint8Array; type: string }> {
  const keys = Object.keys(example);
  const required = keys.filter((k) => !call.body!.safeParse({ ...example, [k]: undefined }).success && call.body!.safeParse(example).success);
  const json = (value: unknown) => ({ raw: JSON.stringify(value), type: "application/json" });
  // Noise in the values first (unicode, injections, huge numbers), then one change that makes it invalid.
  const noisy = fc.array(fc.tuple(fc.constantFrom(...keys), anyValue), { maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = structuredClone(example);
    for (const [key, value] of changes) body[key] = value;
    return body;
  });
  const max = call.maxBodyBytes ?? MAX_BODY_BYTES;
  const options: fc.Arbitrary<{ raw: string | Uint8Array; type: string }>[] = [
    fc.tuple(noisy, fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !keys.includes(k) && k !== "__proto__"), anyValue).map(([body, key, value]) => json({ ...body, [key]: value })),
    fc.tuple(noisy, fc.constantFrom(...keys), fc.constantFrom<unknown>(true, {}, [], { $gt: "" })).map(([body, key, wrong]) => {
      const value = Array.isArray(example[key]) ? (Array.isArray(wrong) ? "not a list" : wrong) : wrong;
      return json({ ...body, [key]: value });
    }),
    fc.tuple(noisy, fc.integer({ min: 1, max: 200 })).map(([body, cut]) => {
      const text = JSON.stringify(body);
      return { raw: text.slice(0, Math.max(0, text.length - cut)), type: "application/json" };
    }),
    fc.oneof(anyValue.filter((v) => v === null || typeof v !== "object" || Array.isArray(v)), fc.array(anyValue, { maxLength: 3 })).map(json),
    fc.tuple(noisy, fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "", "application/json; charset=utf-16", "application/jsonx")).map(([body, type]) => ({
      raw: JSON.stringify(body),
      type,
    })),
    fc.constantFrom("x", "\u00e9", "🙂").map((c) => ({ raw: JSON.stringify({ ...example, padding: c.repeat(Math.ceil((max + 10) / Buffer.byteLength(c))) }), type: "application/json" })),
    fc.constant({ raw: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), type: "application/json" }),
  ];
  if (required.length) options.push(fc.tuple(noisy, fc.constantFrom(...required)).map(([body, key]) => json({ ...body, [key]: undefined })));
  return fc.oneof(...options);
}

/** One bad request to `call`, of a kind that can only be refused (or, for a GET, read). */
function requestFor(call: ApiCall): fc.Arbitrary<Generated> {
  const id = call.path.includes("{id}") ? badId : fc.constant("");
  const query = call.method === "GET" ? fc.oneof(fc.constant(""), fc.dictionary(fc.constantFrom("category", "gender", "size", "minPrice", "maxPrice", "inStock", "status", "x"), fc.string({ unit: "grapheme", maxLength: 12 }), { maxKeys: 4 }).map((q) => `?${new URLSearchParams(q)}`)) : fc.constant("");
  const base = { method: fc.constant<string>(call.method), badToken: printable, mayPass: fc.constant(false) };
  if (call.method === "GET") {
    return fc.record({ ...base, mayPass: fc.constant(true), path: fc.tuple(id, query).map(([i, q]) => fillPath(call, i, q)), token: fc.constantFrom<Tokens>("none", "bad", "shopper", "admin"), headers: fc.constant({}) });
  }
  const refused = refusedTokens(call);
  const example = (call.example.request ?? {}) as Record<string, unknown>;
  const kinds: fc.Arbitrary<Generated>[] = [];
  if (refused.length) {
    // A refused token: the body may be anything, even valid.
    kinds.push(
      fc.record({
        ...base,
        path: id.map((i) => fillPath(call, i, "")),
        token: fc.constantFrom(...refused),
        headers: fc.constant({ "Content-Type": "application/json" }),
        raw: fc.oneof(fc.constant(JSON.stringify(example)), anyValue.map((v) => JSON.stringify(v) ?? "")),
      }),
    );
  }
  if (call.body) {
    kinds.push(
      fc.tuple(id, badBody(call, example), printable).map(([i, body, badToken]) => ({
        method: call.method,
        path: fillPath(call, i, ""),
        token: rightToken(call),
        badToken,
        headers: (body.type ? { "Content-Type": body.type } : {}) as Record<string, string>,
        raw: body.raw,
        mayPass: false,
      })),
    );
  }
  if (call.path.includes("{id}") && call.auth === "admin") {
    // The right token and a valid body for an id that names nothing.
    // Never an id that could name a product of the seed (a PUT to it would be a good request).
    const missing = badId.filter((i) => !/^[1-9]\d{0,8}$/.test(i));
    kinds.push(
      fc.tuple(missing, printable).map(([i, badToken]) => ({
        method: call.method,
        path: fillPath(call, i, ""),
        token: "admin" as Tokens,
        badToken,
        headers: (call.example.request ? { "Content-Type": "application/json" } : {}) as Record<string, string>,
        raw: call.example.request ? JSON.stringify(call.example.request) : undefined,
        mayPass: false,
      })),
    );
  }
  return fc.oneof(...kinds);
}

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const paths = [...new Set(jsonCalls.map((c) => c.path))];
const wrongMethod: fc.Arbitrary<Generated> = fc
  .tuple(fc.constantFrom(...paths), badId, fc.constantFrom<Tokens>("none", "bad", "shopper", "admin"), printable, anyValue)
  .chain(([path, i, token, badToken, body]) => {
    const allowed = methodsOf(path);
    const others = METHODS.filter((m) => !allowed.includes(m));
    return fc.constantFrom(...others).map((method) => ({
      method,
      path: path.replace("{id}", i),
      token,
      badToken,
      headers: (method === "GET" ? {} : { "Content-Type": "application/json" }) as Record<string, string>,
      raw: method === "GET" ? undefined : JSON.stringify(body) ?? "",
      mayPass: false,
    }));
  })
  .filter((g) => !jsonCalls.some((c) => c.method === g.method && new RegExp(`^${c.path.replace("{id}", "[^/]+")}$`).test(g.path)));
const unknownPath: fc.Arbitrary<Generated> = fc
  .tuple(fc.constantFrom<string>("GET", "POST", "PUT", "PATCH", "DELETE"), fc.array(badId, { minLength: 1, maxLength: 3 }), fc.constantFrom<Tokens>("none", "bad", "shopper", "admin"), printable)
  .map(([method, parts, token, badToken]) => ({ method, path: `/api/zz-${parts.join("/")}`, token, badToken, headers: {}, mayPass: false }));

const anyRequest = fc.oneof(
  { weight: 12, arbitrary: fc.oneof(...jsonCalls.map(requestFor)) },
  { weight: 2, arbitrary: wrongMethod },
  { weight: 1, arbitrary: unknownPath },
);

async function send(g: Generated) {
  const token = g.token === "bad" ? `shop_${g.badToken}` : g.token === "none" ? undefined : api.tokenOf(g.token);
  return api.request(g.method, g.path, { token, raw: g.raw, headers: g.headers });
}

describe("the /api under generated bad requests", () => {
  it("never answers 5xx, always answers JSON, and writes nothing", { timeout: 240_000 }, async () => {
    const initial = await stateFingerprint(api.server);
    let sent = 0;
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(anyRequest, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
        const answers = await Promise.all(batch.map(send));
        sent += batch.length;
        answers.forEach((answer, i) => {
          const g = batch[i];
          // fetch resolves "." and ".." segments before it sends (as a browser does): a generated
          // path that resolves outside /api asks the shop for a page, which is not this test's.
          if (!new URL(g.path, "http://shop.test").pathname.startsWith("/api")) return;
          const what = `${g.method} ${g.path.slice(0, 120)} [${g.token}] ${String(g.raw ?? "").slice(0, 120)} -> ${answer.status} ${answer.text.slice(0, 200)}`;
          seen.set(String(answer.status), (seen.get(String(answer.status)) ?? 0) + 1);
          expect(answer.status, what).toBeLessThan(500);
          expect(answer.headers.get("content-type") ?? "", what).toMatch(/^application\/json/);
          expect(answer.body, what).toBeDefined();
          if (!g.mayPass) expect(answer.status, what).toBeGreaterThanOrEqual(400);
          // A rule's refusal also names its key as `code` (decision 108); nothing else ever rides along.
          if (answer.status >= 400) {
            const body = answer.body as Record<string, unknown>;
            expect(body, what).toEqual("code" in body ? { message: expect.any(String), code: expect.stringMatching(/^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/) } : { message: expect.any(String) });
          }
        });
        expect(await stateFingerprint(api.server)).toEqual(initial);
      }),
      { numRuns: RUNS, seed: SEED },
    ).catch((error: unknown) => {
      throw new Error(`api fuzz failed (API_FUZZ_SEED=${SEED}): ${error instanceof Error ? error.message : String(error)}`);
    });
    expect(sent).toBeGreaterThanOrEqual(RUNS * BATCH);
    // Every call was reached, and the statuses spread across the refusals.
    console.log(`api fuzz: ${sent} requests, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...seen].sort()))}`);
    for (const status of ["400", "401", "403", "404", "405", "413", "415"]) expect(seen.get(status) ?? 0, status).toBeGreaterThan(0);
  });

  it("still answers the good requests afterwards", async () => {
    expect((await api.request("GET", "/api/cart", { who: "shopper" })).body.items).toHaveLength(1);
    expect((await api.request("GET", "/api/products")).status).toBe(200);
    for (const call of jsonCalls.filter((c) => c.method === "GET" && !c.path.includes("{id}"))) {
      const who = call.auth === "none" || call.auth === "any" ? "anonymous" : call.auth;
      expect((await api.request("GET", call.path, { who })).status, callName(call)).toBe(200);
    }
  });
});
