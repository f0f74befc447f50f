import { describe, expect, it } from "vitest";
import {
  LOGIN_ACCOUNT_CEILING,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_DELAY_MS,
  LOGIN_MAX_FAILURES_PER_PAIR,
  loginDelayMs,
  loginPairLimit,
  loginRateLimitedRefusal,
  slidingWindowCount,
  slidingWindowWaitMs,
} from "../../domain/auth";
import { englishOf } from "../support/refusal";

const MINUTE = 60_000;
const WINDOW = 15 * MINUTE;

describe("the delay before an attempt on an account is answered", () => {
  it("is none for the first few failures, then doubles from half a second", () => {
    for (let f = 0; f < LOGIN_FREE_FAILURES_PER_ACCOUNT; f++) expect(loginDelayMs(f)).toBe(0);
    const free = LOGIN_FREE_FAILURES_PER_ACCOUNT;
    expect([free, free + 1, free + 2, free + 3].map(loginDelayMs)).toEqual([500, 1000, 2000, 4000]);
  });

  it(`never exceeds ${LOGIN_MAX_DELAY_MS} ms, however many failures`, () => {
    expect(loginDelayMs(LOGIN_FREE_FAILURES_PER_ACCOUNT + 4)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(20)).toBe(LOGIN_MAX_DELAY_MS);
    expect(loginDelayMs(1_000_000)).toBe(LOGIN_MAX_DELAY_MS);
  });
});

describe("failures allowed to one address on one account", () => {
  it(`are ${LOGIN_MAX_FAILURES_PER_PAIR}, and one once the account has had ${LOGIN_ACCOUNT_CEILING} failures in the window`, () => {
    expect(loginPairLimit(0)).toBe(LOGIN_MAX_FAILURES_PER_PAIR);
    expect(loginPairLimit(LOGIN_ACCOUNT_CEILING - 1)).toBe(LOGIN_MAX_FAILURES_PER_PAIR);
    expect(loginPairLimit(LOGIN_ACCOUNT_CEILING)).toBe(1);
  });
});

describe("how long until a sliding window is under its limit again", () => {
  it("is nothing when it already is", () => {
    expect(slidingWindowWaitMs({ previous: 0, current: 4, elapsedFraction: 0.3 }, 5, WINDOW)).toBe(0);
    expect(slidingWindowWaitMs({ previous: 2, current: 1, elapsedFraction: 0 }, 5, WINDOW)).toBe(0);
  });

  it("is the rest of the window and then some when the current window is full", () => {
    expect(slidingWindowWaitMs({ previous: 0, current: 5, elapsedFraction: 0 }, 5, WINDOW)).toBe(WINDOW);
    expect(slidingWindowWaitMs({ previous: 0, current: 5, elapsedFraction: 0.6 }, 5, WINDOW)).toBeCloseTo(0.4 * WINDOW);
    // Ten in the window: after it ends, half of them must fade too.
    expect(slidingWindowWaitMs({ previous: 0, current: 10, elapsedFraction: 0 }, 5, WINDOW)).toBe(1.5 * WINDOW);
  });

  it("is until enough of the previous window has faded", () => {
    const wait = slidingWindowWaitMs({ previous: 10, current: 2, elapsedFraction: 0.2 }, 5, WINDOW);
    expect(wait).toBeCloseTo(0.5 * WINDOW);
    // Just past that point the count is under the limit; just before, it is not.
    expect(slidingWindowCount(10, 2, 0.2 + wait / WINDOW + 0.001)).toBeLessThan(5);
    expect(slidingWindowCount(10, 2, 0.2 + wait / WINDOW - 0.01)).toBeGreaterThanOrEqual(5);
  });
});

describe("the message an address over its limit sees", () => {
  it("names whole minutes, rounded up, at least one", () => {
    expect(englishOf(loginRateLimitedRefusal(15 * MINUTE))).toBe("Too many login attempts. Please try again in 15 minutes.");
    expect(englishOf(loginRateLimitedRefusal(61_000))).toBe("Too many login attempts. Please try again in 2 minutes.");
    expect(englishOf(loginRateLimitedRefusal(0))).toBe("Too many login attempts. Please try again in 1 minute.");
  });
});
