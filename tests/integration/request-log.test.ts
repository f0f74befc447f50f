// What an operator reads in the web process's log: one line per request (id, method, path,
// status, ms), a stack only for a fault (5xx) and under the same id, and no secret.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";
import { eventually } from "../support/fake-providers";
import { startTestServer, type TestServer } from "../support/server";

type LogLine = Record<string, unknown> & { level: number; reqId?: string; msg?: string };

const SECRETS = {
  cookie: "cookie-value-that-must-not-be-logged",
  bearer: "bearer-token-that-must-not-be-logged",
  code: "731946",
};

let server: TestServer;
const written: string[] = [];
const lines = () => written.map((line) => JSON.parse(line) as LogLine);

beforeAll(async () => {
  const destination = { write: (line: string) => void written.push(line) };
  server = await startTestServer({ log: createLogger({ level: "info", destination }) });
});
afterAll(async () => {
  await server?.close();
});

/** A request as a browser or client sends it, with a session cookie and a bearer token it must not leak. */
async function request(method: string, path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    redirect: "manual",
    ...init,
    headers: { Origin: server.url, Cookie: `__session=${SECRETS.cookie}`, Authorization: `Bearer ${SECRETS.bearer}`, ...init.headers },
  });
  await res.arrayBuffer();
  const id = res.headers.get("x-request-id");
  expect(id, `${method} ${path} answers its request id`).toMatch(/^[0-9a-f-]{36}$/);
  // The line is written once the response has finished, a moment after the client has it.
  const line = await eventually(`the request line of ${method} ${path}`, () =>
    lines().find((entry) => entry.reqId === id && entry.status !== undefined),
  );
  return { status: res.status, id: id!, line, all: () => lines().filter((entry) => entry.reqId === id) };
}

const hasStack = (entry: LogLine) => JSON.stringify(entry).includes("\\n    at ");

describe("the request log", () => {
  it("writes one line for an unknown page, with id, method, path, status and time, and no stack", async () => {
    const answer = await request("GET", `/no-such-page?code=${SECRETS.code}&token=${SECRETS.bearer}&size=24`);
    expect(answer.status).toBe(404);
    expect(answer.line).toMatchObject({
      level: 30,
      reqId: answer.id,
      method: "GET",
      path: "/no-such-page?code=[redacted]&token=[redacted]&size=24",
      status: 404,
      ms: expect.any(Number),
    });
    expect(answer.all()).toHaveLength(1);
    expect(answer.all().some(hasStack)).toBe(false);
  });

  it("writes a refused method as a 4xx line without a stack", async () => {
    // /contact is a page without an action.
    const answer = await request("POST", "/contact", { body: new URLSearchParams({ code: SECRETS.code }) });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.line).toMatchObject({ reqId: answer.id, method: "POST", path: "/contact", status: answer.status, level: 30 });
    expect(answer.all()).toHaveLength(1);
    expect(answer.all().some(hasStack)).toBe(false);
  });

  it("writes an /api refusal as a 4xx line without a stack", async () => {
    const answer = await request("GET", "/api/users/me");
    expect(answer.status).toBe(401);
    expect(answer.line).toMatchObject({ reqId: answer.id, method: "GET", path: "/api/users/me", status: 401, level: 30 });
    expect(answer.all().some(hasStack)).toBe(false);
  });

  it("writes a fault with its stack under the request's id, for a page and for an /api call", async () => {
    // A database fault the shop cannot answer around: the products read model is gone.
    await sql`alter table products rename to products_away`.execute(server.shop.db);
    try {
      for (const path of ["/product/1", "/api/products"]) {
        const answer = await request("GET", path);
        expect(answer.status, path).toBe(500);
        expect(answer.line).toMatchObject({ level: 50, reqId: answer.id, method: "GET", path, status: 500 });
        const fault = await eventually(`the fault of ${path}`, () => answer.all().find((entry) => entry.err));
        expect(fault).toMatchObject({ level: 50, reqId: answer.id });
        expect(hasStack(fault)).toBe(true);
        expect(JSON.stringify(fault)).toMatch(/products/);
      }
    } finally {
      await sql`alter table products_away rename to products`.execute(server.shop.db);
    }
  });

  it("gives every request its own id, and never logs a cookie, a token or a sign-in code", async () => {
    const first = await request("GET", "/");
    const second = await request("GET", "/");
    expect(first.id).not.toBe(second.id);
    await request("POST", "/otp", { body: new URLSearchParams({ code: SECRETS.code }) });
    const everything = written.join("");
    for (const secret of Object.values(SECRETS)) expect(everything).not.toContain(secret);
    expect(everything.toLowerCase()).not.toMatch(/"(cookie|authorization|set-cookie)"/);
  });

  it("never logs the admin's search, a tracking phone or any mobile number in the path or query", async () => {
    const person = { name: "Ramesh Kumawat", phone: "9829012345", spaced: "98290 12345", prefixed: "+91-98290-12345" };
    const asked = [
      await request("GET", `/admin?q=${encodeURIComponent(person.name)}&status=pending`),
      await request("GET", `/admin?q=${encodeURIComponent(person.spaced)}`),
      await request("GET", `/orders/track?orderId=ab12cd34&phone=${person.phone}`),
      await request("GET", `/admin/orders/ab12cd34?back=${encodeURIComponent(`/admin?q=${person.name}&page=2`)}`),
      await request("GET", `/api/orders/user/${person.phone}`),
      await request("GET", `/no-such-page?who=${encodeURIComponent(person.prefixed)}&size=24`),
    ];
    const everything = written.join("");
    for (const shown of ["Ramesh", "Kumawat", "9829012345", "98290"]) expect(everything).not.toContain(shown);
    // What stays is what an operator needs: the page, the other parameters, where the value was.
    expect(asked.map((a) => a.line.path)).toEqual([
      "/admin?q=[redacted]&status=pending",
      "/admin?q=[redacted]",
      "/orders/track?orderId=ab12cd34&phone=[redacted]",
      `/admin/orders/ab12cd34?back=${encodeURIComponent("/admin?q=[redacted]&page=2")}`,
      "/api/orders/user/[phone]",
      "/no-such-page?who=%2B[phone]&size=24",
    ]);
  });
});
