/**
 * Guessing an admin's password (decision 253), on the real Postgres counters with the service's clock moved instead
 * of waited: an admin account takes ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT wrong passwords from all addresses together,
 * then its password sign-ins are held, the right password too, with how long to wait; the admin login takes
 * ADMIN_LOGIN_MAX_FAILURES_SHOP across the shop. A browser that signed the admin in before is let past both. The
 * owner's Admins page reads the holds from here (the page itself: admin-login-limits-pages.test.ts).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  ADMIN_LOGIN_MAX_FAILURES_SHOP,
  LOGIN_WINDOW_MINUTES,
  adminLoginHeldRefusal,
} from "../../domain/auth";
import { createAuthService, type AuthService } from "../../services/auth/index";
import { openTestShop, type TestShop } from "../support/shop";
import { englishOf, refusal } from "../support/refusal";

let shop: TestShop;
let auth: AuthService;
// On a window boundary (15-minute windows), and moved a day on by each test.
let clock = new Date("2025-06-01T10:00:00Z");
let ipSeq = 1;
const nextIp = () => `198.51.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const PASSWORD = "owner password 1994";
const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60_000;

beforeAll(async () => {
  shop = await openTestShop({ projectors: false });
  // The growing delay of decision 083 moves the clock rather than waiting.
  auth = createAuthService(shop, { now: () => clock, sleep: async (ms) => void (clock = new Date(clock.getTime() + ms)) });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  clock = new Date(Math.ceil((clock.getTime() + 86_400_000) / WINDOW_MS) * WINDOW_MS);
});

async function newAdmin(): Promise<{ id: string; email: string }> {
  const email = `admin-${randomUUID()}@churu-uniforms.example`;
  const { user } = await shop.auth.createAdmin({ email, password: PASSWORD });
  return { id: user.id, email };
}

describe("guessing an admin's password", () => {
  it(`holds an admin account after ${ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT} wrong passwords from as many addresses, the right one too, until the window fades`, async () => {
    const owner = await newAdmin();
    // Twenty guesses at once from twenty addresses: only the account's limit is ever checked against the password.
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => refusal(auth.loginWithPassword({ email: owner.email, password: `guess-${i}`, ip: nextIp(), as: "admin" }))),
    );
    expect(guesses.filter((g) => g.code === "invalid_credentials")).toHaveLength(ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT);
    expect(guesses.filter((g) => g.code === "rate_limited")).toHaveLength(20 - ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT);

    // The right password from a new address is held too, told how long.
    const held = await refusal(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip: nextIp(), as: "admin" }));
    expect(held).toMatchObject({ code: "rate_limited", status: 429 });
    expect(held.message).toMatch(/^Too many wrong passwords for this account\. Please try again in \d+ minutes, or from a browser you signed in with before\.$/);
    // The shop's own login is no way round it: the admin's account is held there too.
    expect(await refusal(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip: nextIp() }))).toMatchObject({ code: "rate_limited" });

    const holds = await auth.adminSignInHolds();
    expect(holds.accounts.get(owner.id)).toBeGreaterThan(0);
    expect(holds.shopMs).toBe(0);

    // Two windows on, it has faded.
    clock = new Date(clock.getTime() + 2 * WINDOW_MS);
    await expect(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip: nextIp(), as: "admin" })).resolves.toMatchObject({ id: owner.id });
    expect((await auth.adminSignInHolds()).accounts.has(owner.id)).toBe(false);
  });

  it("lets a browser that signed the admin in before past the hold; another admin's mark, an altered or an old one do not", async () => {
    const owner = await newAdmin();
    const other = await newAdmin();
    const mark = auth.adminDeviceMark(owner.id);
    for (let i = 0; i < ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      await refusal(auth.loginWithPassword({ email: owner.email, password: `guess-${i}`, ip: nextIp(), as: "admin" }));
    }
    const ip = nextIp();
    await expect(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip, as: "admin", device: mark })).resolves.toMatchObject({ id: owner.id });
    for (const device of [auth.adminDeviceMark(other.id), `${mark.slice(0, -2)}xx`, "v1.nonsense"]) {
      expect(await refusal(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip, as: "admin", device })), device).toMatchObject({ code: "rate_limited" });
    }
    clock = new Date(clock.getTime() + 91 * 86_400_000);
    for (let i = 0; i < ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      await refusal(auth.loginWithPassword({ email: owner.email, password: `guess-${i}`, ip: nextIp(), as: "admin" }));
    }
    expect(await refusal(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip, as: "admin", device: mark }))).toMatchObject({ code: "rate_limited" });
  });

  it("answers an email without an account at the admin login as it answers an admin's, and never holds a parent's account", async () => {
    const nobody = `nobody-${randomUUID()}@churu-uniforms.example`;
    const answers = [];
    for (let i = 0; i <= ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) {
      answers.push((await refusal(auth.loginWithPassword({ email: nobody, password: `guess-${i}`, ip: nextIp(), as: "admin" }))).code);
    }
    expect(answers).toEqual([...Array<string>(ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT).fill("invalid_credentials"), "rate_limited"]);

    const parent = `parent-${randomUUID()}@example.com`;
    await auth.registerWithEmail({ email: parent, password: "satchel-2026" });
    for (let i = 0; i < ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT + 2; i++) {
      expect((await refusal(auth.loginWithPassword({ email: parent, password: `guess-${i}`, ip: nextIp() }))).code).toBe("invalid_credentials");
    }
  });

  it(`pauses the admin login after ${ADMIN_LOGIN_MAX_FAILURES_SHOP} wrong passwords across the shop, except for a browser that signed in before; the shop's login goes on`, async () => {
    const owner = await newAdmin();
    const mark = auth.adminDeviceMark(owner.id);
    for (let i = 0; i < ADMIN_LOGIN_MAX_FAILURES_SHOP; i++) {
      await refusal(auth.loginWithPassword({ email: `spray-${i}-${randomUUID()}@example.com`, password: "guess", ip: nextIp(), as: "admin" }));
    }
    const paused = await refusal(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip: nextIp(), as: "admin" }));
    expect(paused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(paused.message).toMatch(/^Admin sign-ins are paused after many wrong passwords\. Please try again in \d+ minutes?, or from a browser you signed in with before\.$/);
    expect((await auth.adminSignInHolds()).shopMs).toBeGreaterThan(0);
    await expect(auth.loginWithPassword({ email: owner.email, password: PASSWORD, ip: nextIp(), as: "admin", device: mark })).resolves.toMatchObject({ id: owner.id });

    const parent = `parent-${randomUUID()}@example.com`;
    await auth.registerWithEmail({ email: parent, password: "satchel-2026" });
    await expect(auth.loginWithPassword({ email: parent, password: "satchel-2026", ip: nextIp() })).resolves.toBeTruthy();
  });

  it("words the wait in whole minutes, one minute alone", () => {
    expect(englishOf(adminLoginHeldRefusal("account", 30_000))).toBe("Too many wrong passwords for this account. Please try again in 1 minute, or from a browser you signed in with before.");
    expect(englishOf(adminLoginHeldRefusal("shop", 7.5 * 60_000))).toBe("Admin sign-ins are paused after many wrong passwords. Please try again in 8 minutes, or from a browser you signed in with before.");
  });
});
