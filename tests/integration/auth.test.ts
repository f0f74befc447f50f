import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAuthService, type AuthService } from "../../services/auth/index";
import { startJobHandlers } from "../../workers/index";
import {
  AUTH_MESSAGES,
  OTP_MAX_SENDS_PER_IP,
  OTP_MAX_SENDS_PER_PHONE,
} from "../../domain/auth";
import { openTestShop, type TestShop } from "../support/shop";
import { startSmsInbox, type SmsInbox } from "../support/sms-inbox";
import { refusal } from "../support/refusal";

let shop: TestShop;
let sms: SmsInbox;
let auth: AuthService;
let clock = new Date("2025-06-01T10:00:00Z");
let phoneSeq = 9_000_000_000;
let ipSeq = 1;

// Each number of another series (its first five digits): the shop texts at most 10 numbers of one series an hour (decision 116).
const nextPhone = () => String((phoneSeq += 100_003));
const nextIp = () => `10.0.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;
const advance = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};


/** The code as the shopper reads it: from the text the OTP job sent to the (fake) SMS provider. */
async function codeSentTo(phone: string, count = 1): Promise<string> {
  return sms.code(phone, count);
}

beforeAll(async () => {
  sms = await startSmsInbox();
  shop = await openTestShop({ projectors: false, env: sms.env });
  startJobHandlers(shop, () => {});
  auth = createAuthService(shop, { now: () => clock });
});
afterAll(async () => {
  await shop?.close();
  await sms?.close();
});
beforeEach(() => {
  clock = new Date(clock.getTime() + 24 * 3_600_000);
});

describe("one-time codes", () => {
  it("sends a 6-digit code by SMS through the OTP queue and signs in (creating the account) with it", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone, ip: nextIp() });
    const code = await codeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const user = await auth.verifyCode({ phone, code, ip: nextIp() });
    expect(user).toMatchObject({ phone, role: "customer", email: null });

    await auth.sendCode({ phone });
    const again = await auth.verifyCode({ phone, code: await codeSentTo(phone, 2) });
    expect(again.id).toBe(user.id);
  });

  it("stores no code in clear: only a keyed hash, not even a plain sha-256 of it", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    const code = await codeSentTo(phone);
    const rows = await shop.db.selectFrom("otp_codes").selectAll().where("phone", "=", phone).execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(createHash("sha256").update(code).digest("hex"));
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("expires after 10 minutes", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    const code = await codeSentTo(phone);
    advance(10);
    expect(await refusal(auth.verifyCode({ phone, code }))).toMatchObject({ code: "otp_expired", message: AUTH_MESSAGES.otpExpired });
  });

  it("works just before it expires", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    const code = await codeSentTo(phone);
    advance(9.9);
    await expect(auth.verifyCode({ phone, code })).resolves.toMatchObject({ phone });
  });

  it("is single use", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    const code = await codeSentTo(phone);
    await auth.verifyCode({ phone, code });
    expect(await refusal(auth.verifyCode({ phone, code }))).toMatchObject({ code: "otp_none", status: 401 });
  });

  it("allows 5 wrong tries per code, then refuses even the right one", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    const code = await codeSentTo(phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      expect(await refusal(auth.verifyCode({ phone, code: wrong }))).toMatchObject({ message: "Invalid OTP", status: 401 });
    }
    expect(await refusal(auth.verifyCode({ phone, code: wrong }))).toMatchObject({
      message: "Too many attempts, request a new code",
      status: 429,
    });
    expect(await refusal(auth.verifyCode({ phone, code }))).toMatchObject({ code: "otp_locked" });
    const row = await shop.db.selectFrom("otp_codes").select("attempts").where("phone", "=", phone).executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it("counts a malformed code as a wrong try", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    await codeSentTo(phone);
    expect(await refusal(auth.verifyCode({ phone, code: "12ab" }))).toMatchObject({ message: "Invalid OTP" });
    expect(await refusal(auth.verifyCode({ phone, code: "" }))).toMatchObject({ code: "invalid_input", message: AUTH_MESSAGES.otpRequired });
  });

  it("replaces the previous code when a new one is sent", async () => {
    const phone = nextPhone();
    await auth.sendCode({ phone });
    const first = await codeSentTo(phone, 1);
    advance(1);
    await auth.sendCode({ phone });
    const second = await codeSentTo(phone, 2);
    if (first !== second) expect(await refusal(auth.verifyCode({ phone, code: first }))).toMatchObject({ message: "Invalid OTP" });
    await expect(auth.verifyCode({ phone, code: second })).resolves.toMatchObject({ phone });
  });

  it(`sends at most ${OTP_MAX_SENDS_PER_PHONE} codes per number per 10 minutes`, async () => {
    const phone = nextPhone();
    for (let i = 0; i < OTP_MAX_SENDS_PER_PHONE; i++) {
      await auth.sendCode({ phone, ip: nextIp() });
      advance(1);
    }
    expect(await refusal(auth.sendCode({ phone, ip: nextIp() }))).toMatchObject({
      code: "rate_limited",
      status: 429,
      message: AUTH_MESSAGES.otpTooManySends,
    });
    await codeSentTo(phone, OTP_MAX_SENDS_PER_PHONE);
    expect(sms.to(phone).length).toBe(OTP_MAX_SENDS_PER_PHONE);
    advance(8); // the first send is now more than 10 minutes old
    await expect(auth.sendCode({ phone })).resolves.toEqual({ phone });
  });

  it(`sends at most ${OTP_MAX_SENDS_PER_IP} codes per IP address per window, to any numbers`, async () => {
    const ip = nextIp();
    for (let i = 0; i < OTP_MAX_SENDS_PER_IP; i++) await auth.sendCode({ phone: nextPhone(), ip });
    expect(await refusal(auth.sendCode({ phone: nextPhone(), ip }))).toMatchObject({
      code: "rate_limited",
      message: AUTH_MESSAGES.otpTooManyFromHere,
    });
    await expect(auth.sendCode({ phone: nextPhone(), ip: nextIp() })).resolves.toBeTruthy();
  });

  it("refuses a number that is not ten digits and never sends to it", async () => {
    expect(await refusal(auth.sendCode({ phone: "12345" }))).toMatchObject({ code: "invalid_input", status: 422 });
    expect(await refusal(auth.sendCode({ phone: "" }))).toMatchObject({ message: "Please enter your phone number." });
  });

  it("refuses a code for a number that was never sent one", async () => {
    expect(await refusal(auth.verifyCode({ phone: nextPhone(), code: "123456" }))).toMatchObject({ code: "otp_none" });
  });
});

describe("passwords", () => {
  it("are stored as argon2id at OWASP's parameters and verified", async () => {
    const user = await auth.registerWithEmail({ email: "Hash.Test@Example.com", password: "correct horse" });
    expect(user.email).toBe("hash.test@example.com");
    const row = await shop.db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain("correct horse");
    await expect(auth.loginWithPassword({ email: "HASH.test@example.com", password: "correct horse" })).resolves.toMatchObject({
      id: user.id,
    });
    expect(await refusal(auth.loginWithPassword({ email: "hash.test@example.com", password: "wrong horse" }))).toMatchObject({
      code: "invalid_credentials",
      message: AUTH_MESSAGES.loginFailed,
    });
  });

  it("refuses a second account for the same email, whatever its case", async () => {
    await auth.registerWithEmail({ email: "twice@example.com", password: "satchel-01" });
    expect(await refusal(auth.registerWithEmail({ email: "TWICE@example.com", password: "satchel-02" }))).toMatchObject({
      code: "email_taken",
    });
  });

  it("answers an unknown account and a wrong password alike", async () => {
    const unknown = await refusal(auth.loginWithPassword({ email: "nobody@example.com", password: "whatever" }));
    expect(unknown).toMatchObject({ code: "invalid_credentials", message: AUTH_MESSAGES.loginFailed });
  });

  it("refuses a customer at the admin login with 'Login failed.'", async () => {
    await auth.registerWithEmail({ email: "customer.admin@example.com", password: "satchel-01" });
    expect(
      await refusal(auth.loginWithPassword({ email: "customer.admin@example.com", password: "satchel-01", as: "admin" })),
    ).toMatchObject({ code: "wrong_role", status: 403, message: "Login failed." });
  });
});

describe("API tokens", () => {
  it("are random, stored as sha-256, and stop working when revoked", async () => {
    const user = await auth.registerWithEmail({ email: "token@example.com", password: "satchel-01" });
    const token = await auth.issueToken(user.id, "shopper");
    expect(token).toMatch(/^shop_[A-Za-z0-9_-]{43}$/);
    const rows = await shop.db.selectFrom("api_tokens").selectAll().where("user_id", "=", user.id).execute();
    expect(rows[0].token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(token);

    await expect(auth.userForToken(token, "shopper")).resolves.toMatchObject({ id: user.id });
    expect(await auth.revokeToken(token)).toBe(true);
    await expect(auth.userForToken(token, "shopper")).resolves.toBeNull();
    expect(await auth.revokeToken(token)).toBe(false);
  });

  it("are all revoked at once when a user is signed out everywhere", async () => {
    const user = await auth.registerWithEmail({ email: "everywhere@example.com", password: "satchel-01" });
    const a = await auth.issueToken(user.id, "shopper");
    const b = await auth.issueToken(user.id, "shopper");
    await auth.revokeAllForUser(user.id);
    await expect(auth.userForToken(a, "shopper")).resolves.toBeNull();
    await expect(auth.userForToken(b, "shopper")).resolves.toBeNull();
  });

  it("expire", async () => {
    const user = await auth.registerWithEmail({ email: "expiring@example.com", password: "satchel-01" });
    const token = await auth.issueToken(user.id, "shopper");
    advance(31 * 24 * 60);
    await expect(auth.userForToken(token, "shopper")).resolves.toBeNull();
  });

  it("keep shopper and admin scopes apart, and an admin token dies with the admin role", async () => {
    const { user: admin } = await auth.createAdmin({ email: "scoped.admin@example.com", password: "long admin password" });
    const adminToken = await auth.issueToken(admin.id, "admin");
    const shopperToken = await auth.issueToken(admin.id, "shopper");
    await expect(auth.userForToken(adminToken, "admin")).resolves.toMatchObject({ role: "admin" });
    await expect(auth.userForToken(adminToken, "shopper")).resolves.toBeNull();
    await expect(auth.userForToken(shopperToken, "admin")).resolves.toBeNull();
    await shop.db.updateTable("users").set({ role: "customer" }).where("id", "=", admin.id).execute();
    await expect(auth.userForToken(adminToken, "admin")).resolves.toBeNull();
  });
});

describe("admins and Google accounts", () => {
  it("creates the first admin from settings only while there is none", async () => {
    const fresh = await openTestShop({ projectors: false });
    try {
      expect(await fresh.auth.ensureFirstAdmin(null)).toBe("not-configured");
      expect(await fresh.auth.ensureFirstAdmin({ email: "First@Example.com", password: "first admin password" })).toBe("created");
      expect(await fresh.auth.ensureFirstAdmin({ email: "second@example.com", password: "second admin password" })).toBe("exists");
      await expect(
        fresh.auth.loginWithPassword({ email: "first@example.com", password: "first admin password", as: "admin" }),
      ).resolves.toMatchObject({ role: "admin" });
      expect(await fresh.auth.findUserByEmail("second@example.com")).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it("refuses a short admin password", async () => {
    expect(await refusal(auth.createAdmin({ email: "short@example.com", password: "short" }))).toMatchObject({ code: "invalid_input" });
  });

  it("links Google to an existing account only by a verified email", async () => {
    const existing = await auth.registerWithEmail({ email: "linked@example.com", password: "satchel-01" });
    const unverified = await auth.signInWithGoogle({ googleId: "g-unverified", email: "linked@example.com", emailVerified: false, name: "X" });
    expect(unverified.id).not.toBe(existing.id);
    expect(unverified.email).toBeNull();

    const linked = await auth.signInWithGoogle({ googleId: "g-verified", email: "LINKED@example.com", emailVerified: true, name: "L" });
    expect(linked.id).toBe(existing.id);
    const again = await auth.signInWithGoogle({ googleId: "g-verified", email: "other@example.com", emailVerified: true, name: "L" });
    expect(again.id).toBe(existing.id);

    const created = await auth.signInWithGoogle({ googleId: "g-new", email: "new.google@example.com", emailVerified: true, name: "Nita" });
    expect(created).toMatchObject({ name: "Nita", email: "new.google@example.com", role: "customer" });
  });
});
