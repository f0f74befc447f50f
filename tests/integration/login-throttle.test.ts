import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { connectPostgres } from "../../db/connection";
import { createAuthService, type AuthService } from "../../services/auth/index";
import {
  LOGIN_ACCOUNT_CEILING,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_DELAY_MS,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_PAIR,
  loginRateLimitedRefusal,
} from "../../domain/auth";
import { openTestShop, type TestShop } from "../support/shop";
import { englishOf, refusal } from "../support/refusal";

/**
 * Password sign-in throttling (decision 083), on the real Postgres counters.
 * The clock is the service's injected one; the delays it asks for are recorded
 * and move that clock on instead of being slept.
 */
let shop: TestShop;
let auth: AuthService;
// On a window boundary (15-minute windows), and moved a day on by each test.
let clock = new Date("2025-06-01T10:00:00Z");
let delays: number[] = [];
let ipSeq = 1;

const nextIp = () => `203.0.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const tryAgainLater = /^Too many login attempts\. Please try again in \d+ minutes?\.$/;

async function sleep(ms: number): Promise<void> {
  delays.push(ms);
  clock = new Date(clock.getTime() + ms);
}


/** The delay the owner's own attempt waited: the last one asked for. */
async function ownerSignsIn(email: string, password: string, ip: string): Promise<number> {
  const before = delays.length;
  await expect(auth.loginWithPassword({ email, password, ip })).resolves.toMatchObject({ email });
  expect(delays.length).toBe(before + 1);
  return delays.at(-1)!;
}

beforeAll(async () => {
  shop = await openTestShop({ projectors: false });
  auth = createAuthService(shop, { now: () => clock, sleep });
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(() => {
  clock = new Date(clock.getTime() + 24 * 3_600_000);
  delays = [];
});

describe("password sign-in throttling: the owner is slowed, never locked out", () => {
  it(`signs the owner in from a new address right after ${LOGIN_MAX_FAILURES_PER_PAIR} wrong tries by someone else, after ${LOGIN_FIRST_DELAY_MS} ms`, async () => {
    const email = "owner.five@example.com";
    await auth.registerWithEmail({ email, password: "right-password" });
    const attacker = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) {
      expect(await refusal(auth.loginWithPassword({ email, password: `guess-${i}`, ip: attacker }))).toMatchObject({
        code: "invalid_credentials",
        status: 401,
      });
    }
    // The attacker's address is refused, even with the right password, and told how long to wait.
    expect(await refusal(auth.loginWithPassword({ email, password: "right-password", ip: attacker }))).toEqual({
      code: "rate_limited",
      status: 429,
      message: englishOf(loginRateLimitedRefusal(15 * 60_000)),
    });
    expect(await ownerSignsIn(email, "right-password", nextIp())).toBe(LOGIN_FIRST_DELAY_MS);
    // The owner's success gave back only the owner's own attempt: the attacker is still refused.
    expect(await refusal(auth.loginWithPassword({ email, password: "guess-again", ip: attacker }))).toMatchObject({
      code: "rate_limited",
    });
  });

  it(`signs the owner in after twenty wrong tries from four addresses, waiting at most ${LOGIN_MAX_DELAY_MS} ms; each of those addresses is refused`, async () => {
    const email = "owner.twenty@example.com";
    await auth.registerWithEmail({ email, password: "right-password" });
    const attackers = [nextIp(), nextIp(), nextIp(), nextIp()];
    for (const ip of attackers) {
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) {
        expect(await refusal(auth.loginWithPassword({ email, password: `guess-${ip}-${i}`, ip }))).toMatchObject({
          code: "invalid_credentials",
        });
      }
    }
    // No delay for the first few failures, then doubling, then capped.
    expect(delays).toEqual([
      ...Array<number>(LOGIN_FREE_FAILURES_PER_ACCOUNT).fill(0),
      ...[500, 1000, 2000, 4000, 8000],
      ...Array<number>(20 - LOGIN_FREE_FAILURES_PER_ACCOUNT - 5).fill(LOGIN_MAX_DELAY_MS),
    ]);
    for (const ip of attackers) {
      const refused = await refusal(auth.loginWithPassword({ email, password: "right-password", ip }));
      expect(refused).toMatchObject({ code: "rate_limited", status: 429, message: expect.stringMatching(tryAgainLater) });
    }
    expect(await ownerSignsIn(email, "right-password", nextIp())).toBe(LOGIN_MAX_DELAY_MS);
  });

  it(`slows many addresses guessing one account and, past ${LOGIN_ACCOUNT_CEILING} failures, allows each one guess; the owner still gets in`, async () => {
    const email = "owner.botnet@example.com";
    await auth.registerWithEmail({ email, password: "right-password" });
    const bots = Array.from({ length: LOGIN_ACCOUNT_CEILING }, nextIp);
    for (const ip of bots) await refusal(auth.loginWithPassword({ email, password: `guess-${ip}`, ip }));
    const waited = delays.filter((ms) => ms > 0);
    expect(waited.length).toBe(LOGIN_ACCOUNT_CEILING - LOGIN_FREE_FAILURES_PER_ACCOUNT);
    expect(waited.every((ms, i) => i === 0 || ms >= waited[i - 1])).toBe(true);
    expect(Math.max(...waited)).toBe(LOGIN_MAX_DELAY_MS);
    // Past the ceiling a bot that has already failed once gets no second guess...
    expect(await refusal(auth.loginWithPassword({ email, password: "another-guess", ip: bots[0] }))).toMatchObject({
      code: "rate_limited",
      status: 429,
    });
    // ...while an address that has not failed on this account is heard, after the capped delay.
    expect(await ownerSignsIn(email, "right-password", nextIp())).toBe(LOGIN_MAX_DELAY_MS);
  });

  it("lets an address that is over its limit in again once the window has passed", async () => {
    const email = "owner.later@example.com";
    await auth.registerWithEmail({ email, password: "right-password" });
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) await refusal(auth.loginWithPassword({ email, password: "wrong", ip }));
    expect(await refusal(auth.loginWithPassword({ email, password: "right-password", ip }))).toMatchObject({ code: "rate_limited" });
    clock = new Date(clock.getTime() + 15 * 60_000);
    await expect(auth.loginWithPassword({ email, password: "right-password", ip })).resolves.toMatchObject({ email });
  });

  it("does not count successful logins", async () => {
    await auth.registerWithEmail({ email: "often@example.com", password: "right-password" });
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR * 2; i++) {
      await auth.loginWithPassword({ email: "often@example.com", password: "right-password", ip });
    }
    expect(delays.every((ms) => ms === 0)).toBe(true);
  });

  it(`refuses an IP address after ${LOGIN_MAX_FAILURES_PER_IP} failures across accounts`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      await refusal(auth.loginWithPassword({ email: `spray${i}@example.com`, password: "guess", ip }));
    }
    await auth.registerWithEmail({ email: "innocent@example.com", password: "right-password" });
    expect(await refusal(auth.loginWithPassword({ email: "innocent@example.com", password: "right-password", ip }))).toMatchObject({
      code: "rate_limited",
      status: 429,
      message: expect.stringMatching(tryAgainLater),
    });
    await expect(auth.loginWithPassword({ email: "innocent@example.com", password: "right-password", ip: nextIp() })).resolves.toBeTruthy();
  });

  it("shares its counters between processes (a second connection pool, as a second web process has)", async ({ skip }) => {
    if (!shop.testDatabase.url) return skip("PGlite has one connection");
    const other = await connectPostgres(shop.testDatabase.url, { poolSize: 2 });
    try {
      const otherAuth = createAuthService({ db: other.db, queue: shop.queue, codeOutbox: shop.codeOutbox, sessionSecret: shop.sessionSecret }, { now: () => clock, sleep });
      await auth.registerWithEmail({ email: "two.procs@example.com", password: "right-password" });
      const ip = nextIp();
      const attempts = Array.from({ length: LOGIN_MAX_FAILURES_PER_PAIR + 3 }, (_, i) =>
        refusal((i % 2 ? auth : otherAuth).loginWithPassword({ email: "two.procs@example.com", password: "wrong", ip })),
      );
      const results = await Promise.all(attempts);
      expect(results.filter((r) => r.code === "invalid_credentials")).toHaveLength(LOGIN_MAX_FAILURES_PER_PAIR);
      expect(results.filter((r) => r.code === "rate_limited")).toHaveLength(3);
    } finally {
      await other.close();
    }
  });
});
