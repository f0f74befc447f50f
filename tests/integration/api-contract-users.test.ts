// Sign-in calls of the /api: the happy path of each and every error docs/api.md gives them.
// (The auth matrix, 405, 413, 415 and malformed bodies: api-contract.test.ts.)
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, LOGIN_MAX_FAILURES_PER_PAIR, LOGIN_WINDOW_MINUTES, OTP_MAX_ATTEMPTS, OTP_MAX_SENDS_PER_PHONE } from "../../domain/auth";
import { startApiHarness, type ApiHarness } from "../support/api";
import { clearOfWindowEdge } from "../support/time";

let api: ApiHarness;
let phoneSeq = 6_000_000_000 + Math.floor(Math.random() * 900_000_000);
let ipSeq = 1;
const nextPhone = () => String(phoneSeq++);
/** Each case from its own address, so the per-network limits only trip where a test means them to. */
const fromNewIp = () => ({ "X-Forwarded-For": `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}` });
const email = (what: string) => `${what}-${randomUUID()}@example.com`;

beforeAll(async () => {
  // The test's own requests stand for clients behind a proxy on this machine (TRUST_PROXY).
  api = await startApiHarness({ env: { TRUST_PROXY: "loopback" } });
});
afterAll(async () => {
  await api?.close();
});

/** The code as the shopper reads it: from the text that reached the (fake) SMS provider. */
async function codeFor(phone: string, count = 1): Promise<string> {
  return api.server.sms.code(phone, count);
}

const post = (path: string, body: unknown, headers: Record<string, string> = fromNewIp()) => api.request("POST", path, { body, headers });

describe("POST /api/users/register", () => {
  it("201 with user and token for email and password; a phone sends a code", async () => {
    const address = email("reg");
    const res = await post("/api/users/register", { email: address, password: "satchel-2026", name: "Meena" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ user: { id: expect.any(String), name: "Meena", email: address, phone: null, role: "customer" }, token: expect.stringMatching(/^shop_/) });
    const phone = nextPhone();
    expect(await post("/api/users/register", { phone })).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.otpSent, otpSent: true } });
  });

  it("409 for a taken email, 422 for missing or bad values", async () => {
    const address = email("taken");
    await post("/api/users/register", { email: address, password: "satchel-2026" });
    expect(await post("/api/users/register", { email: address, password: "satchel-2026" })).toMatchObject({ status: 409, body: { message: AUTH_MESSAGES.emailTaken } });
    const cases: [unknown, string | RegExp][] = [
      [{ email: email("short"), password: "12345" }, AUTH_MESSAGES.passwordTooShort],
      [{ email: email("none") }, AUTH_MESSAGES.fillAllFields],
      [{}, AUTH_MESSAGES.fillAllFields],
      [{ phone: "12345" }, AUTH_MESSAGES.invalidPhone],
      [{ phone: "" }, AUTH_MESSAGES.phoneRequired],
      [{ phone: "9876543210", email: "a@b.in" }, "Send email and password, or only phone."],
      [{ email: "x".repeat(400), password: "satchel-2026" }, /email: The email can be at most 320 characters/],
    ];
    for (const [body, message] of cases) {
      const res = await post("/api/users/register", body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.message).toMatch(message);
    }
  });

  it("429 after too many sign-ups from one network", async () => {
    const ip = fromNewIp();
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++) last = (await post("/api/users/register", { email: email("flood"), password: "satchel-2026" }, ip)).status;
    expect(last).toBe(429);
  });
});

describe("POST /api/users/login", () => {
  it("200 with user and token; a phone alone only sends a code", async () => {
    const address = email("login");
    await post("/api/users/register", { email: address, password: "satchel-2026" });
    const res = await post("/api/users/login", { email: address, password: "satchel-2026" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: expect.objectContaining({ email: address }), token: expect.stringMatching(/^shop_/) });
    const phone = nextPhone();
    expect(await post("/api/users/login", { phone })).toMatchObject({ status: 200, body: { otpSent: true } });
    expect((await post("/api/users/login", { phone })).body).not.toHaveProperty("token");
  });

  it("401 wrong credentials, 422 bad input, 429 after repeated failures", async () => {
    const address = email("fail");
    const attacker = fromNewIp();
    await post("/api/users/register", { email: address, password: "satchel-2026" });
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES);
    expect(await post("/api/users/login", { email: address, password: "wrong-one" }, attacker)).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.loginFailed } });
    for (const [body, message] of [
      [{ email: "asha" }, AUTH_MESSAGES.invalidIdentifier],
      [{ email: "asha@x.in" }, AUTH_MESSAGES.passwordRequired],
      [{ email: "asha@x.in", phone: "9876543210" }, "Send email and password, or only phone."],
      [{}, AUTH_MESSAGES.invalidIdentifier],
    ] as const) {
      expect(await post("/api/users/login", body), JSON.stringify(body)).toMatchObject({ status: 422, body: { message } });
    }
    // One address for every try: the (account, address) pair's hard limit. The account itself is not locked.
    for (let i = 1; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) await post("/api/users/login", { email: address, password: "wrong-one" }, attacker);
    expect(await post("/api/users/login", { email: address, password: "satchel-2026" }, attacker)).toMatchObject({
      status: 429,
      body: { message: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ minutes?\.$/) },
    });
    expect(await post("/api/users/login", { email: address, password: "satchel-2026" })).toMatchObject({ status: 200 });
  });
});

describe("POST /api/users/admin-login", () => {
  it("200 with an admin token that admin calls take and shopper calls refuse", async () => {
    const res = await post("/api/users/admin-login", { email: api.admin.email, password: "admin password 1994" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ role: "admin" });
    const token = res.body.token as string;
    expect((await api.request("GET", "/api/orders", { token })).status).toBe(200);
    expect((await api.request("GET", "/api/cart", { token })).status).toBe(403);
  });

  it("401 wrong password, 403 a customer, 422 bad input, 429 after repeated failures", async () => {
    expect((await post("/api/users/admin-login", { email: api.admin.email, password: "wrong" })).status).toBe(401);
    expect(await post("/api/users/admin-login", { email: api.shopper.email, password: "satchel-2026" })).toMatchObject({ status: 403, body: { message: AUTH_MESSAGES.adminLoginFailed } });
    expect(await post("/api/users/admin-login", { email: "not-an-email", password: "x" })).toMatchObject({ status: 422, body: { message: AUTH_MESSAGES.fillAllFields } });
    expect(await post("/api/users/admin-login", { email: api.admin.email, password: "" })).toMatchObject({ status: 422, body: { message: AUTH_MESSAGES.fillAllFields } });
    const { user } = await api.server.shop.auth.createAdmin({ email: email("admin2"), password: "admin password 1994" });
    let last = 0;
    const attacker = fromNewIp();
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES);
    for (let i = 0; i <= LOGIN_MAX_FAILURES_PER_PAIR && last !== 429; i++) last = (await post("/api/users/admin-login", { email: user.email, password: "wrong password" }, attacker)).status;
    expect(last).toBe(429);
    expect((await post("/api/users/admin-login", { email: user.email, password: "admin password 1994" })).status).toBe(200);
  });
});

describe("POST /api/users/auth/send-otp and verify-otp", () => {
  it("sends a code and verifies it into a token; the code works once", async () => {
    const phone = nextPhone();
    expect(await post("/api/users/auth/send-otp", { phone })).toMatchObject({ status: 200, body: { message: AUTH_MESSAGES.otpSent } });
    const code = await codeFor(phone);
    const res = await post("/api/users/auth/verify-otp", { phone, otp: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user: expect.objectContaining({ phone, role: "customer" }), token: expect.stringMatching(/^shop_/) });
    expect((await post("/api/users/auth/verify-otp", { phone, otp: code })).status).toBe(401);
  });

  it("send-otp: 422 bad phone, 429 the fourth code in 10 minutes", async () => {
    expect(await post("/api/users/auth/send-otp", { phone: "" })).toMatchObject({ status: 422, body: { message: AUTH_MESSAGES.phoneRequired } });
    expect(await post("/api/users/auth/send-otp", { phone: "98765" })).toMatchObject({ status: 422, body: { message: AUTH_MESSAGES.invalidPhone } });
    const phone = nextPhone();
    for (let i = 0; i < OTP_MAX_SENDS_PER_PHONE; i++) expect((await post("/api/users/auth/send-otp", { phone })).status).toBe(200);
    expect(await post("/api/users/auth/send-otp", { phone })).toMatchObject({ status: 429, body: { message: AUTH_MESSAGES.otpTooManySends } });
  });

  it("verify-otp: 401 wrong or no code, 422 bad input, 429 after 5 wrong tries", async () => {
    expect((await post("/api/users/auth/verify-otp", { phone: nextPhone(), otp: "123456" })).status).toBe(401);
    expect(await post("/api/users/auth/verify-otp", { phone: "9876543210", otp: "  " })).toMatchObject({ status: 422, body: { message: AUTH_MESSAGES.otpRequired } });
    expect(await post("/api/users/auth/verify-otp", { phone: "12", otp: "123456" })).toMatchObject({ status: 422, body: { message: AUTH_MESSAGES.invalidPhone } });
    const phone = nextPhone();
    await post("/api/users/auth/send-otp", { phone });
    const code = await codeFor(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await post("/api/users/auth/verify-otp", { phone, otp: wrong })).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.otpInvalid } });
    let last = 0;
    for (let i = 1; i <= OTP_MAX_ATTEMPTS && last !== 429; i++) last = (await post("/api/users/auth/verify-otp", { phone, otp: wrong })).status;
    expect(last).toBe(429);
  });
});

describe("GET /api/users/google, POST /api/users/logout, GET /api/users/me", () => {
  it("google: a redirect (to /signup when Google is not set up), never JSON", async () => {
    const res = await api.request("GET", "/api/users/google");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/signup?google=unavailable");
  });

  it("me answers the token's user; logout revokes the token (401 after, and for a second logout)", async () => {
    const token = await api.server.shop.auth.issueToken(api.shopper.id, "shopper");
    expect(await api.request("GET", "/api/users/me", { token })).toMatchObject({ status: 200, body: { user: { id: api.shopper.id, email: api.shopper.email } } });
    expect(await api.request("POST", "/api/users/logout", { token })).toMatchObject({ status: 200, body: { message: "Logged out." } });
    expect(await api.request("GET", "/api/users/me", { token })).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.signInRequired } });
    expect(await api.request("POST", "/api/users/logout", { token })).toMatchObject({ status: 401, body: { message: AUTH_MESSAGES.signInRequired } });
    expect((await api.request("POST", "/api/users/logout")).status).toBe(401);
  });
});
