import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";
import { openTestShop } from "../support/shop";
import {
  AUTH_MESSAGES,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_DELAY_MS,
  LOGIN_MAX_FAILURES_PER_PAIR,
  LOGIN_WINDOW_MINUTES,
} from "../../domain/auth";
import { clearOfWindowEdge } from "../support/time";
import { action as signupAction } from "../../app/routes/signup";

let server: TestServer;
let seq = 0;
let phoneSeq = 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
const email = (what: string) => `${what}.${Date.now().toString(36)}.${seq++}@example.com`;
const ADMIN = { email: "api.admin@example.com", password: "admin password 1994" };

beforeAll(async () => {
  server = await startTestServer();
  await server.shop.auth.createAdmin(ADMIN);
});
afterAll(async () => {
  await server?.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function answer(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The code as the shopper reads it: from the text that reached the (fake) SMS provider. */
async function codeFor(phone: string, count = 1): Promise<string> {
  return server.sms.code(phone, count);
}

function cookieOf(res: Response, name: string): string | null {
  const raw = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return raw ?? null;
}

describe("POST /api/users/register and /login", () => {
  it("registers by email with a user and a token, then logs in", async () => {
    const address = email("api");
    const registered = await answer(await post("/api/users/register", { email: address, password: "satchel-2026" }));
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({ email: address, role: "customer" });
    expect(registered.body.token).toMatch(/^shop_/);
    expect(registered.body.user).not.toHaveProperty("password_hash");

    const again = await answer(await post("/api/users/register", { email: address.toUpperCase(), password: "satchel-2026" }));
    expect(again).toEqual({ status: 409, body: { message: AUTH_MESSAGES.emailTaken, code: "auth.emailTaken" } });

    const login = await answer(await post("/api/users/login", { email: address, password: "satchel-2026" }));
    expect(login.status).toBe(200);
    expect(login.body.token).not.toBe(registered.body.token);

    const me = await answer(await fetch(`${server.url}/api/users/me`, { headers: { Authorization: `Bearer ${login.body.token}` } }));
    expect(me.body.user).toMatchObject({ email: address });
  });

  it("answers a phone-only login or register that a code was sent, never a token", async () => {
    const phone = String(phoneSeq++);
    const login = await answer(await post("/api/users/login", { phone }));
    expect(login).toEqual({ status: 200, body: { message: AUTH_MESSAGES.otpSent, otpSent: true } });
    await codeFor(phone);
    const register = await answer(await post("/api/users/register", { phone }));
    expect(register.body).not.toHaveProperty("token");
    expect(register.body.otpSent).toBe(true);
    const code = await codeFor(phone, 2);

    const wrong = await answer(await post("/api/users/auth/verify-otp", { phone, otp: code === "000000" ? "111111" : "000000" }));
    expect(wrong).toEqual({ status: 401, body: { message: "Invalid OTP", code: "auth.otpInvalid" } });
    const verified = await answer(await post("/api/users/auth/verify-otp", { phone, otp: code }));
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ phone });
    expect(verified.body.token).toMatch(/^shop_/);
    const reused = await answer(await post("/api/users/auth/verify-otp", { phone, otp: code }));
    expect(reused.status).toBe(401);
  });

  it("sends codes through send-otp and refuses the fourth in 10 minutes with 429", async () => {
    const phone = String(phoneSeq++);
    for (let i = 0; i < 3; i++) {
      expect(await answer(await post("/api/users/auth/send-otp", { phone }))).toEqual({ status: 200, body: { message: AUTH_MESSAGES.otpSent } });
    }
    expect(await answer(await post("/api/users/auth/send-otp", { phone }))).toEqual({
      status: 429,
      body: { message: AUTH_MESSAGES.otpTooManySends, code: "auth.otpTooManySends" },
    });
  });

  it("answers wrong credentials 401 and, after repeated failures, 429", async () => {
    const address = email("limited");
    await post("/api/users/register", { email: address, password: "satchel-2026" });
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) {
      expect(await answer(await post("/api/users/login", { email: address, password: "wrong-one" }))).toEqual({
        status: 401,
        body: { message: AUTH_MESSAGES.loginFailed, code: "auth.loginFailed" },
      });
    }
    expect(await answer(await post("/api/users/login", { email: address, password: "satchel-2026" }))).toEqual({
      status: 429,
      body: { message: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ minutes?\.$/), code: expect.stringMatching(/^auth\.loginRateLimited/) },
    });
      // This socket's address is refused; the owner, from elsewhere, is not.
    await expect(server.shop.auth.loginWithPassword({ email: address, password: "satchel-2026", ip: "198.51.100.99" })).resolves.toMatchObject({
      email: address,
    });
  });

  it("signs the owner in over HTTP right after someone else's wrong tries from other addresses: slowed, not stopped", async () => {
    const address = email("owner");
    await post("/api/users/register", { email: address, password: "satchel-2026" });
    // The delay comes at an exact count of the account's failures.
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES);
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i++) {
      await expect(
        server.shop.auth.loginWithPassword({ email: address, password: "wrong-one", ip: `198.51.100.${i + 1}` }),
      ).rejects.toMatchObject({ code: "invalid_credentials" });
    }
    const started = performance.now();
    const res = await post("/api/users/login", { email: address, password: "satchel-2026" });
    const waited = performance.now() - started;
    expect(res.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(LOGIN_FIRST_DELAY_MS - 50);
    expect(waited).toBeLessThan(LOGIN_MAX_DELAY_MS);
  });
});

describe("bad requests get a 4xx with a message, never a 500", () => {
  const cases: [string, string, RequestInit, number][] = [
    ["not JSON", "/api/users/login", { headers: { "Content-Type": "text/plain" }, body: "email=a" }, 415],
    ["a form post", "/api/users/register", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "email=a" }, 415],
    ["malformed JSON", "/api/users/login", { headers: { "Content-Type": "application/json" }, body: "{nope" }, 400],
    ["a JSON array", "/api/users/login", { headers: { "Content-Type": "application/json" }, body: "[]" }, 400],
    ["a number for the password", "/api/users/login", { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.in","password":123456}' }, 400],
    ["an unknown field", "/api/users/register", { headers: { "Content-Type": "application/json" }, body: '{"email":"a@b.in","password":"satchel-01","role":"admin"}' }, 400],
    ["a number for the code", "/api/users/auth/verify-otp", { headers: { "Content-Type": "application/json" }, body: '{"phone":"9876543210","otp":123456}' }, 400],
    ["a body too large", "/api/users/login", { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "x".repeat(20_000) }) }, 413],
    ["neither email nor phone", "/api/users/login", { headers: { "Content-Type": "application/json" }, body: '{"email":"asha"}' }, 422],
    ["a 9-digit phone", "/api/users/auth/send-otp", { headers: { "Content-Type": "application/json" }, body: '{"phone":"987654321"}' }, 422],
    ["a short password", "/api/users/register", { headers: { "Content-Type": "application/json" }, body: '{"email":"short@b.in","password":"12345"}' }, 422],
    ["an empty code", "/api/users/auth/verify-otp", { headers: { "Content-Type": "application/json" }, body: '{"phone":"9876543210","otp":" "}' }, 422],
  ];
  for (const [what, path, init, status] of cases) {
    it(`${what}: ${status}`, async () => {
      const res = await fetch(`${server.url}${path}`, { method: "POST", ...init });
      expect(res.status).toBe(status);
      expect(typeof ((await res.json()) as { message: unknown }).message).toBe("string");
    });
  }

  it("GET on a POST-only address: 405", async () => {
    const res = await fetch(`${server.url}/api/users/login`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("admin login and tokens", () => {
  it("gives the admin an admin token and refuses a customer with 403", async () => {
    const admin = await answer(await post("/api/users/admin-login", ADMIN));
    expect(admin.status).toBe(200);
    expect(admin.body.user).toMatchObject({ role: "admin" });

    const address = email("customer");
    await post("/api/users/register", { email: address, password: "satchel-2026" });
    expect(await answer(await post("/api/users/admin-login", { email: address, password: "satchel-2026" }))).toEqual({
      status: 403,
      body: { message: "Login failed.", code: "admin.loginFailed" },
    });
    expect((await post("/api/users/admin-login", { ...ADMIN, password: "wrong" })).status).toBe(401);
  });

  it("revokes a token on logout: it stops working at once", async () => {
    const { body } = await answer(await post("/api/users/register", { email: email("revoke"), password: "satchel-2026" }));
    const auth = { Authorization: `Bearer ${body.token}` };
    expect((await fetch(`${server.url}/api/users/me`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${server.url}/api/users/logout`, { method: "POST", headers: auth })).status).toBe(200);
    const after = await fetch(`${server.url}/api/users/me`, { headers: auth });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: AUTH_MESSAGES.signInRequired });
    expect((await fetch(`${server.url}/api/users/me`, { headers: { Authorization: "Bearer nonsense" } })).status).toBe(401);
  });
});

describe("page sessions", () => {
  it("are httpOnly, SameSite=Lax cookies holding only a signed random id, rotated at sign-in and ended by logout", async () => {
    const phone = String(phoneSeq++);
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      redirect: "manual" as const,
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: "" },
      body: new URLSearchParams(fields),
    });
    const sent = await fetch(`${server.url}/signup`, form({ method: "phone", name: "Asha Devi", phone }));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/otp");
    const before = cookieOf(sent, "__session")!;
    expect(before).toMatch(/; HttpOnly/);
    expect(before).toMatch(/; SameSite=Lax/);
    expect(before).not.toMatch(/; Secure/);
    expect(before).not.toContain(phone);
    const beforePair = before.split(";")[0];

    const verify = form({ intent: "verify", otp: await codeFor(phone) });
    verify.headers.Cookie = beforePair;
    const signedIn = await fetch(`${server.url}/otp`, verify);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/account");
    const afterPair = cookieOf(signedIn, "__session")!.split(";")[0];
    expect(afterPair).not.toBe(beforePair);

    // The id from before sign-in is dead; the new one works.
    const withOld = await fetch(`${server.url}/account`, { redirect: "manual", headers: { Cookie: beforePair } });
    expect(withOld.status).toBe(302);
    const withNew = await fetch(`${server.url}/account`, { redirect: "manual", headers: { Cookie: afterPair } });
    expect(withNew.status).toBe(200);

    const out = await fetch(`${server.url}/logout`, { method: "POST", redirect: "manual", headers: { Origin: server.url, Cookie: afterPair } });
    expect(out.headers.get("location")).toBe("/");
    // A copy of the cookie kept from before logout no longer signs anyone in.
    const replay = await fetch(`${server.url}/account`, { redirect: "manual", headers: { Cookie: afterPair } });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/login?redirectTo=%2Faccount");
  });

  it("ignores a tampered cookie", async () => {
    const res = await fetch(`${server.url}/account`, { redirect: "manual", headers: { Cookie: "__session=forged.value" } });
    expect(res.status).toBe(302);
  });

  it("refuses a login form posted from another website", async () => {
    const res = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "identifier=a%40b.in&password=satchel-2026",
    });
    expect(res.status).toBe(403);
  });

  it("marks the cookie Secure in production", async () => {
    const shop = await openTestShop({ projectors: false, env: { NODE_ENV: "production", SMS_PROVIDER: "console", SHOP_URL: "https://shop.example.in" } });
    try {
      const request = new Request("https://shop.example/signup", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ method: "email", email: "secure@example.com", password: "satchel-2026" }),
      });
      const res = (await signupAction({ request, context: { shop, clientIp: "10.1.1.1" }, params: {} } as never)) as Response;
      expect(res.status).toBe(302);
      expect(cookieOf(res, "__session")).toMatch(/; Secure/);
    } finally {
      await shop.close();
    }
  });
});
