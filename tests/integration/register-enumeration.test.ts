/**
 * Which emails have accounts (decision 115): `POST /api/users/register` answers 409 for an email
 * that has one, the owner's included, as the spec's sign-up must (it answers a token for a new
 * one). The shop keeps that answer and makes asking slow: five 409s an hour per address, then every
 * sign-up from that address is refused 429 for the hour, whatever its email, so the 429 says
 * nothing. Addresses come from X-Forwarded-For here (TRUST_PROXY=loopback, as behind a proxy).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, SIGNUP_MAX_TAKEN_PER_IP, SIGNUP_TAKEN_WINDOW_MINUTES } from "../../domain/auth";
import { refusalIn } from "../../app/i18n/i18n.server";
import { call } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";
import { clearOfWindowEdge } from "../support/time";

let server: TestServer;
const OWNER = `owner-${randomUUID()}@churu-uniforms.example`;
const taken: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "loopback" } });
  await server.shop.auth.createAdmin({ email: OWNER, password: "owner password 1994" });
  for (let i = 0; i < 8; i++) {
    const email = `parent-${i}-${randomUUID()}@example.com`;
    await server.shop.auth.registerWithEmail({ email, password: "satchel-2026" });
    taken.push(email);
  }
});
afterAll(async () => {
  await server?.close();
});

const register = (from: string, email: string) =>
  call(`${server.url}/api/users/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": from },
    body: JSON.stringify({ email, password: "satchel-2026" }),
  });
const fresh = () => `new-${randomUUID()}@example.com`;

describe("asking the sign-up which emails have accounts", () => {
  it(`answers ${SIGNUP_MAX_TAKEN_PER_IP} times from one address, then refuses every sign-up from it for the hour, new emails alike`, async () => {
    const from = "203.0.113.7";
    // The count runs on into the next test, which finds this address still held.
    await clearOfWindowEdge(SIGNUP_TAKEN_WINDOW_MINUTES);
    expect((await register(from, fresh())).status).toBe(201);
    const answers = [];
    for (const email of [OWNER, ...taken.slice(0, SIGNUP_MAX_TAKEN_PER_IP - 1)]) answers.push((await register(from, email)).status);
    expect(answers).toEqual(Array(SIGNUP_MAX_TAKEN_PER_IP).fill(409));

    // The next question gets the same answer whether the email has an account or not.
    for (const email of [taken[6], fresh(), OWNER, fresh()]) {
      const res = await register(from, email);
      expect(res.status, email).toBe(429);
      expect(await res.json()).toEqual({ message: AUTH_MESSAGES.signupTakenLimited, code: "auth.signupTakenLimited" });
    }
    const made = await server.shop.db.selectFrom("users").select("id").where("email", "like", "new-%").execute();
    expect(made).toHaveLength(1);
  });

  it("does not hold another address up, and refuses the sign-up page from the held one too", async () => {
    expect((await register("198.51.100.9", taken[7])).status).toBe(409);
    expect((await register("198.51.100.9", fresh())).status).toBe(201);
    const page = await call(`${server.url}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "203.0.113.7" },
      body: new URLSearchParams({ method: "email", email: fresh(), password: "satchel-2026", name: "Meena", redirectTo: "/" }),
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many sign-ups from your network. Please try again in an hour.");
  });

  it("words the refusal in Hindi", () => {
    expect(refusalIn("hi", AUTH_MESSAGES.signupTakenLimited)).not.toBe(AUTH_MESSAGES.signupTakenLimited);
  });
});
