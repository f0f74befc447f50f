// The contract every /api call keeps, walked from domain/api/calls.ts: the auth matrix
// (anonymous, shopper, admin, a bad token), 405 with Allow, the body rules (415, 413 declared
// and chunked, 400 malformed, unknown fields, wrong types), JSON 404 for unknown addresses and
// JSON 500 for faults. The happy paths and each call's own errors: api-contract-*.test.ts.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CALLS, methodsOf, type HttpMethod } from "../../domain/api/calls";
import { API_MESSAGES, MAX_BODY_BYTES } from "../../domain/api/policy";
import { AUTH_MESSAGES } from "../../domain/auth";
import { apiRoute, zodProblem } from "../../app/api/http.server";
import { createLogger } from "../../server/logger";
import { callName, pathOf, startApiHarness, stateFingerprint, type ApiHarness, type Who } from "../support/api";
import { adminApiCalls } from "../support/admin-surface";
import { z } from "zod";

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(async () => {
  await api?.close();
});

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const jsonCalls = API_CALLS.filter((c) => !c.redirect);
const bodyCalls = API_CALLS.filter((c) => c.body);

function expectJsonMessage(answer: { status: number; headers: Headers; body: unknown; text: string }, context: string) {
  expect(answer.headers.get("content-type") ?? "", context).toMatch(/^application\/json/);
  expect(answer.body, `${context}: ${answer.text.slice(0, 200)}`).toEqual({ message: expect.any(String) });
}

/**
 * Streams a JSON-looking body in 16 KB chunks without a Content-Length until the server
 * answers (or `total` bytes are sent). node:http, not fetch: fetch gives up on the upload
 * when the server answers early and closes, before the answer can be read.
 */
function sendChunked(method: string, path: string, token: string | undefined, total: number): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, api.server.url);
    const req = http.request(url, {
      method,
      headers: { "Content-Type": "application/json", "Transfer-Encoding": "chunked", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, text });
      });
      res.on("error", reject);
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const chunk = `{"padding":"${"x".repeat(16 * 1024)}`;
    let sent = 0;
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe("the catalogue", () => {
  it("names every call of spec section 7", () => {
    const names = API_CALLS.filter((c) => c.spec).map(callName);
    expect(names).toEqual(
      expect.arrayContaining([
        "GET /api/cart",
        "POST /api/cart",
        "DELETE /api/cart",
        "POST /api/users/login",
        "POST /api/users/register",
        "GET /api/users/google",
        "POST /api/users/admin-login",
        "POST /api/users/auth/send-otp",
        "POST /api/users/auth/verify-otp",
        "POST /api/orders/guest",
        "POST /api/orders",
        "GET /api/orders/user",
        "GET /api/orders",
        "PATCH /api/orders/{id}",
        "DELETE /api/orders/{id}",
        "GET /api/products",
        "GET /api/products/{id}",
        "GET /api/products/categories",
        "POST /api/products",
        "PUT /api/products/{id}",
        "PATCH /api/products/{id}",
        "PATCH /api/products/{id}/stock",
        "DELETE /api/products/{id}",
      ]),
    );
  });

  it("lists every admin call in tests/support/admin-surface.ts", () => {
    const surface = new Set(adminApiCalls.map((c) => `${c.method} ${c.path.replace(/\?.*$/, "").replace(/\/(?:[0-9a-f-]{36}|\d+)(?=\/|$)/, "/{id}")}`));
    for (const call of API_CALLS.filter((c) => c.auth === "admin")) expect(surface, callName(call)).toContain(callName(call));
  });

  it("documents 405 and 500 for every call, and 401/403 for every call that needs a token", () => {
    for (const call of API_CALLS) {
      const statuses = call.errors.map((e) => e.status);
      expect(statuses, callName(call)).toEqual(expect.arrayContaining([405, 500]));
      if (call.auth !== "none") expect(statuses, callName(call)).toContain(401);
      if (call.auth === "shopper" || call.auth === "admin") expect(statuses, callName(call)).toContain(403);
      if (call.body) expect(statuses, callName(call)).toEqual(expect.arrayContaining([400, 413, 415]));
    }
  });
});

describe("the auth matrix: anonymous, shopper, admin and a bad token on every call", () => {
  for (const call of API_CALLS) {
    it(callName(call), async () => {
      const path = call.example.path && call.auth === "none" && call.method === "GET" ? call.example.path : pathOf(call);
      // Logout revokes the token it is sent: give it tokens of its own.
      const own = call.auth === "any";
      const tokens: Record<string, string | undefined> = {
        anonymous: undefined,
        bad: "shop_not-a-real-token",
        shopper: own ? await api.server.shop.auth.issueToken(api.shopper.id, "shopper") : api.tokenOf("shopper"),
        admin: own ? await api.server.shop.auth.issueToken(api.admin.id, "admin") : api.tokenOf("admin"),
      };
      for (const who of ["anonymous", "bad", "shopper", "admin"]) {
        const answer = await api.request(call.method, path, { token: tokens[who], body: call.example.request });
        const context = `${callName(call)} as ${who}: ${answer.text.slice(0, 200)}`;
        expect(answer.status, context).toBeLessThan(500);
        if (call.auth === "none") {
          // A token changes nothing: never a refusal for it.
          if (!call.redirect) expect([AUTH_MESSAGES.signInRequired, AUTH_MESSAGES.notAllowed], context).not.toContain(answer.body?.message);
        } else if (who === "anonymous" || who === "bad") {
          expect(answer.status, context).toBe(401);
          expect(answer.body, context).toEqual({ message: AUTH_MESSAGES.signInRequired });
          if (call.auth !== "any") expect(answer.headers.get("www-authenticate"), context).toMatch(/^Bearer/);
        } else if (call.auth === "any" || call.auth === who) {
          expect([401, 403], context).not.toContain(answer.status);
        } else {
          expect(answer.status, context).toBe(403);
          expect(answer.body, context).toEqual({ message: AUTH_MESSAGES.notAllowed });
        }
      }
    });
  }
});

describe("405 with Allow for every method an address does not answer", () => {
  const paths = [...new Set(API_CALLS.map((c) => c.path))];
  for (const template of paths) {
    it(template, async () => {
      const path = template.replace("{id}", template.startsWith("/api/orders") ? "00000000-0000-4000-8000-000000000000" : "999999");
      const allow = methodsOf(template);
      for (const method of METHODS.filter((m) => !allow.includes(m))) {
        const answer = await api.request(method, path, { who: "admin", body: method === "GET" ? undefined : {} });
        expect(answer.status, `${method} ${template}`).toBe(405);
        expectJsonMessage(answer, `${method} ${template}`);
        expect(new Set(answer.headers.get("allow")?.split(/,\s*/)), `${method} ${template}`).toEqual(new Set(allow));
      }
    });
  }
});

describe("the body rules of every call with a body", () => {
  for (const call of bodyCalls) {
    const who: Who = call.auth === "none" ? "anonymous" : call.auth === "any" ? "shopper" : call.auth;
    const max = call.maxBodyBytes ?? MAX_BODY_BYTES;
    it(`${callName(call)}: 415, 413 (declared and chunked), 400 malformed, unknown field, wrong type; nothing written`, async () => {
      const before = await stateFingerprint(api.server);
      const path = pathOf(call);
      const valid = call.example.request as Record<string, unknown>;
      const cases: [string, Parameters<ApiHarness["request"]>[2], number, RegExp?][] = [
        ["text/plain", { raw: JSON.stringify(valid), headers: { "Content-Type": "text/plain" } }, 415, /JSON/],
        ["a form post", { raw: "a=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } }, 415],
        ["no content type", { raw: JSON.stringify(valid) }, 415],
        ["JSON in Latin-1", { raw: JSON.stringify(valid), headers: { "Content-Type": "application/json; charset=iso-8859-1" } }, 415],
        ["too large", { raw: JSON.stringify({ ...valid, padding: "x".repeat(max) }), headers: { "Content-Type": "application/json" } }, 413, /too large/],
        ["truncated JSON", { raw: JSON.stringify(valid).slice(0, -1), headers: { "Content-Type": "application/json" } }, 400, /not valid JSON/],
        ["empty body", { raw: "", headers: { "Content-Type": "application/json" } }, 400, /not valid JSON/],
        ["not UTF-8", { raw: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), headers: { "Content-Type": "application/json" } }, 400, /UTF-8/],
        ["an array", { body: [valid] }, 400, /Invalid request/],
        ["a string", { body: "hello" }, 400, /Invalid request/],
        ["null", { body: null, raw: "null", headers: { "Content-Type": "application/json" } }, 400, /Invalid request/],
        ["an unknown field", { body: { ...valid, isAdmin: true } }, 400, /unknown field isAdmin/],
        ["a field of the wrong type", { body: Object.fromEntries(Object.keys(valid).map((k, i) => [k, i === 0 ? { nested: true } : valid[k]])) }, 400, new RegExp(`Invalid request: ${Object.keys(valid)[0]}`)],
      ];
      for (const [what, options, status, message] of cases) {
        const answer = await api.request(call.method, path, { who, ...options });
        const context = `${callName(call)} ${what}: ${answer.text.slice(0, 200)}`;
        expect(answer.status, context).toBe(status);
        expectJsonMessage(answer, context);
        if (message) expect(answer.body.message, context).toMatch(message);
      }
      // A chunked body (no Content-Length) is counted while it is read and cut off past the limit.
      const chunked = await sendChunked(call.method, path, api.tokenOf(who), max * 4);
      expect(chunked.status, `${callName(call)} chunked`).toBe(413);
      expect(JSON.parse(chunked.text), `${callName(call)} chunked`).toEqual({ message: expect.stringMatching(/too large/) });
      expect(await stateFingerprint(api.server)).toEqual(before);
    });
  }

  it("names a nested unknown field and a nested wrong type", async () => {
    const guest = API_CALLS.find((c) => callName(c) === "POST /api/orders/guest")!;
    const valid = guest.example.request as { cartItems: object[]; address: object };
    let answer = await api.request("POST", "/api/orders/guest", { body: { ...valid, address: { ...valid.address, landmark: "temple" } } });
    expect(answer).toMatchObject({ status: 400, body: { message: "Invalid request: unknown field address.landmark." } });
    answer = await api.request("POST", "/api/orders/guest", { body: { ...valid, cartItems: [{ ...valid.cartItems[0], quantity: "2" }] } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Invalid request: cartItems\.0\.quantity: /);
  });
});

describe("unknown addresses and faults", () => {
  it("answers an unknown /api address with a JSON 404, whatever the method", async () => {
    for (const [method, path] of [
      ["GET", "/api/nope"],
      ["POST", "/api/users/nope"],
      ["DELETE", "/api/orders/00000000-0000-4000-8000-000000000000/items"],
      ["GET", "/api/products/12/stock/more"],
      ["PUT", "/api/"],
    ]) {
      const answer = await api.request(method, path, { who: "admin" });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expectJsonMessage(answer, `${method} ${path}`);
      expect(answer.body.message).toBe(API_MESSAGES.notFound(method, path));
    }
    // Outside /api the HTML page stays.
    const page = await api.request("GET", "/no-such-page");
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
  });

  it("turns a thrown error into a JSON 500 with the spec's message, logged with its stack, without the stack", async () => {
    const logged: string[] = [];
    const log = createLogger({ level: "info", destination: { write: (line: string) => void logged.push(line) } });
    const handler = apiRoute({
      GET() {
        throw new Error("secret detail: connection to 10.0.0.5 refused");
      },
    });
    const res = await handler({ request: new Request("http://shop.test/api/x"), params: {}, context: { log } as never });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ message: "Server error. Please try again later." });
    expect(text).not.toMatch(/secret|stack|at /);
    expect(logged.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 50, err: expect.objectContaining({ message: expect.stringMatching(/^secret detail/), stack: expect.stringMatching(/\n\s+at /) }) }),
    ]);
  });

  it("maps a zod problem of shape to 400 and of value to 422, naming the field", () => {
    const schema = z.strictObject({ a: z.string(), n: z.number().min(1, "n must be at least 1") });
    const problem = (value: unknown) => zodProblem(schema.safeParse(value).error!);
    expect(problem({ a: 1, n: 1 })).toEqual({ status: 400, message: expect.stringMatching(/^Invalid request: a: /) });
    expect(problem({ n: 1 })).toEqual({ status: 400, message: expect.stringMatching(/^Invalid request: a: /) });
    expect(problem({ a: "x", n: 1, b: 2 })).toEqual({ status: 400, message: "Invalid request: unknown field b." });
    expect(problem({ a: "x", n: 0 })).toEqual({ status: 422, message: "n: n must be at least 1" });
  });

  it("answers HEAD like GET without a body, and OPTIONS with a 405 in JSON", async () => {
    const head = await fetch(`${api.server.url}/api/products/categories`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const options = await api.request("OPTIONS", "/api/products");
    expect(options.status).toBeGreaterThanOrEqual(400);
    expect(options.status).toBeLessThan(500);
    expect(options.body).toEqual({ message: expect.any(String) });
  });
});

describe("every JSON call answers JSON", () => {
  it("with a no-store cache header (but the categories list)", async () => {
    for (const call of jsonCalls.filter((c) => c.method === "GET")) {
      const answer = await api.request("GET", call.example.path ?? pathOf(call), { who: call.auth === "none" || call.auth === "any" ? "anonymous" : call.auth });
      expect(answer.headers.get("content-type"), callName(call)).toMatch(/^application\/json/);
      expect(answer.headers.get("cache-control"), callName(call)).toBe(call.path === "/api/products/categories" ? "public, max-age=300" : "no-store");
    }
  });
});
