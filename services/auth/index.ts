import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { DB, UsersTable } from "../../db/schema";
import { runPrepared } from "../../db/prepared";
import type { Language } from "../../domain/i18n";
import type { CodeOutbox, CodeSend } from "../core";
import type { JobQueue } from "../queue";
import { codeSealKey } from "./sealed-codes";
import { createSignInSmsBudget } from "./sms-budget";
import { createAdminPasswordChange } from "./admin-password";
import { createSecondFactor } from "./second-factor";
import type { SignInSmsBudget } from "../../domain/sign-in-sms";
import { RuleViolation, refusal } from "../../domain/errors";
import { phoneProofs } from "./phone-proof";
import { adminDevices } from "./admin-devices";
import {
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT,
  ADMIN_LOGIN_MAX_FAILURES_SHOP,
  ADMIN_PASSWORD_MIN_LENGTH,
  ADMIN_TOKEN_HOURS,
  authRefusal,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_WINDOW_MINUTES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_FAILED_VERIFIES_PER_IP,
  OTP_MAX_SENDS_PER_IP,
  OTP_MAX_SENDS_PER_PHONE,
  OTP_SEND_WINDOW_MINUTES,
  SHOPPER_TOKEN_DAYS,
  SIGNUP_MAX_PER_IP,
  SIGNUP_MAX_TAKEN_PER_IP,
  SIGNUP_TAKEN_WINDOW_MINUTES,
  adminLoginHeldRefusal,
  checkEmailSignup,
  checkPhone,
  defaultName,
  isOtpFormat,
  loginDelayMs,
  loginPairLimit,
  loginRateLimitedRefusal,
  looksLikeEmail,
  maskPhone,
  normalizeEmail,
  otpCheck,
  otpCheckProblem,
  otpExpiry,
  passwordProblem,
  type AdminLoginHold,
  type Role,
} from "../../domain/auth";
import { AuthError } from "./errors";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import { createRateLimiter } from "./rate-limit";
import { checkDisable, checkNewAdmin, listAdmins, requireOwner, type AdminChanger, type AdminRecord } from "./admins";

export { AuthError, isAuthError } from "./errors";
export { hashPassword, verifyPassword } from "./passwords";
export { temporaryPassword, type AdminChanger, type AdminRecord } from "./admins";

export interface User {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  role: Role;
}

/** Page sessions for shoppers and for the admin live apart: separate cookies, separate rows. */
export type SessionKind = "shopper" | "admin";
/** A token from /api/users/admin-login works only for admin calls, one from login/register/verify-otp only for shopper calls. */
export type TokenScope = "shopper" | "admin";

export interface GoogleIdentity {
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

interface AuthDeps {
  db: Kysely<DB>;
  queue: JobQueue;
  codeOutbox: CodeOutbox;
  sessionSecret: string;
  /**
   * Signs the code's text as kept in the outbox; the shop's name by default. The shop-wide budget of
   * sign-in texts (SMS_BUDGET_*) and the shop's phone its trips are texted to (decision 116).
   */
  config?: { shopName: string; signInSms?: SignInSmsBudget; contact?: { phone?: string } };
  /**
   * Records the consent a sign-up gives (the notice beside its button, agreed to by pressing it) through the
   * privacy decider: part of the account's making, so a sign-up that cannot record it makes no account.
   */
  signUpConsent?: (userId: string, language: Language) => Promise<unknown>;
  /**
   * The staff roster's word before an admin is switched off, with the accounts already off: it refuses (throws) when
   * the account is the last owner who can sign in (decision 215). Read late: the roster is made after this service.
   */
  checkDisable?: (id: string, disabled: readonly string[]) => Promise<void>;
}

/** A sign-up's agreement to the privacy notice shown beside its button, in the page's language. */
export interface SignUpConsent {
  language: Language;
}

const MINUTE = 60_000;
const LOGIN_WINDOW_MS = LOGIN_WINDOW_MINUTES * MINUTE;
const OTP_WINDOW_MS = OTP_SEND_WINDOW_MINUTES * MINUTE;
const SIGNUP_TAKEN_WINDOW_MS = SIGNUP_TAKEN_WINDOW_MINUTES * MINUTE;
/** Wrong passwords for one email at the admin login, or on an admin's account anywhere (decision 253). */
const adminAccountBucket = (email: string) => `admin-login:account:${email}`;
/** Wrong passwords at the admin login across the shop. */
const ADMIN_SHOP_BUCKET = "admin-login:shop";

function toUser(row: Pick<Selectable<UsersTable>, "id" | "name" | "email" | "phone" | "role">): User {
  return { id: row.id, name: row.name, email: row.email, phone: row.phone, role: row.role };
}

/** High-entropy random values (tokens, session ids) need no slow hash: sha-256 is enough to make a leaked table useless. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function newSecret(prefix = ""): string {
  return prefix + randomBytes(32).toString("base64url");
}

/** Serialises code sends and checks for one number across processes (a no-op wait on PGlite's single connection). */
async function lockPhone(trx: Transaction<DB>, phone: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`.execute(trx);
}

/**
 * Accounts and everything that signs them in: passwords, one-time codes,
 * Google, page sessions and API tokens. `now` and `sleep` (a slowed sign-in's
 * wait) are injectable so tests can move the clock instead of waiting.
 */
export function createAuthService(deps: AuthDeps, options: { now?: () => Date; sleep?: (ms: number) => Promise<void> } = {}) {
  const { db, queue, codeOutbox } = deps;
  const now = options.now ?? (() => new Date());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const limits = createRateLimiter(db, now);
  // A 6-digit code has a million values: a plain hash of it is reversed instantly, a keyed one is not.
  const otpKey = createHash("sha256").update(`otp-code-key:${deps.sessionSecret}`).digest();
  // The code on its way to the SMS provider is sealed under a key of its own (services/auth/sealed-codes.ts).
  const codeSeal = codeSealKey(deps.sessionSecret);
  const shopName = deps.config?.shopName ?? "Churu Uniform House";
  const smsBudget = createSignInSmsBudget({ db, queue, budget: deps.config?.signInSms, shopPhone: deps.config?.contact?.phone, shopName });
  // What a right code for a number without an account leaves, until the parent has named it (./phone-proof.ts).
  const proofs = phoneProofs(deps.sessionSecret, now);
  // The browsers that signed an admin in before, let past the holds on admin sign-in (./admin-devices.ts).
  const devices = adminDevices(deps.sessionSecret, now);

  function codeHash(codeId: string, code: string): string {
    return createHmac("sha256", otpKey).update(`${codeId}:${code}`).digest("hex");
  }

  async function findUser(id: string): Promise<User | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async function findUserByEmail(email: string): Promise<User | null> {
    const row = await db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  /** The account with this number, made now (`made`) or the one there was. */
  async function findOrCreateByPhone(trx: Kysely<DB>, phone: string, name?: string | null): Promise<{ user: User; made: boolean }> {
    const made = await trx
      .insertInto("users")
      .values({ id: randomUUID(), name: defaultName({ name, phone }), phone })
      .onConflict((oc) => oc.column("phone").doNothing())
      .returning("id")
      .executeTakeFirst();
    return { user: toUser(await trx.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirstOrThrow()), made: made !== undefined };
  }

  /**
   * A sign-up is one act: the account and its consent, or neither. The consent is an event and the account a row,
   * which no one transaction holds (the store may be EventStoreDB, and PGlite has one connection), so the consent
   * is recorded once the account is made, and an account this sign-up made is taken back when it could not be
   * (decision 161). An account that was there already (the number's own, signing up again) stays as it was.
   */
  async function signedUp(account: { user: User; made: boolean }, consent: SignUpConsent | undefined): Promise<User> {
    if (!consent || !deps.signUpConsent) return account.user;
    try {
      await deps.signUpConsent(account.user.id, consent.language);
    } catch (err) {
      if (account.made) await db.deleteFrom("users").where("id", "=", account.user.id).execute();
      throw err;
    }
    return account.user;
  }

  async function registerWithEmail(input: {
    email?: string | null;
    password?: string | null;
    name?: string | null;
    ip?: string;
    /** Given by a sign-up page: the account is made with its consent (the /api shows no notice). */
    consent?: SignUpConsent;
  }): Promise<User> {
    const checked = checkEmailSignup(input);
    if (!checked.ok) throw new AuthError("invalid_input", authRefusal(checked.problem));
    // An address told "already has an account" too often is refused every sign-up for a while (decision 115).
    const takenBucket = input.ip ? `signup-taken:ip:${input.ip}` : null;
    if (takenBucket && (await limits.count(takenBucket, SIGNUP_TAKEN_WINDOW_MS)) >= SIGNUP_MAX_TAKEN_PER_IP) {
      throw new AuthError("rate_limited", authRefusal("signupTakenLimited"));
    }
    if (input.ip && (await limits.hit(`signup:ip:${input.ip}`, LOGIN_WINDOW_MS)) > SIGNUP_MAX_PER_IP) {
      throw new AuthError("rate_limited", authRefusal("signupRateLimited"));
    }
    const { email, password, name } = checked.value;
    const passwordHash = await hashPassword(password);
    const row = await db
      .insertInto("users")
      .values({ id: randomUUID(), name: defaultName({ name, email }), email, password_hash: passwordHash })
      .onConflict((oc) => oc.column("email").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      if (takenBucket) await limits.hit(takenBucket, SIGNUP_TAKEN_WINDOW_MS);
      throw new AuthError("email_taken", authRefusal("emailTaken"));
    }
    return signedUp({ user: toUser(row), made: true }, input.consent);
  }

  /**
   * Email and password, for the shop (`shopper`) or the admin area (`admin`),
   * throttled by the rules in domain/auth.ts (decision 083): the (account,
   * address) pair and the address have hard limits, answered 429 with how long
   * to wait; the account as a whole is only slowed. Every attempt is counted
   * before the password is checked (so parallel guesses cannot outrun a limit)
   * and given back when it was right or refused untried. A wrong role is refused
   * after the password check, with the same words as a wrong password.
   */
  async function loginWithPassword(input: {
    email: string;
    password: string;
    ip?: string;
    as?: SessionKind;
    /** The admin login's device cookie: a browser that signed this admin in before (./admin-devices.ts, decision 253). */
    device?: string | null;
  }): Promise<User> {
    const as = input.as ?? "shopper";
    const failed = authRefusal(as === "admin" ? "adminLoginFailed" : "loginFailed");
    if (!looksLikeEmail(input.email) || !input.password) throw new AuthError("invalid_credentials", failed);
    const email = normalizeEmail(input.email);
    // Callers without an address (none over HTTP) share one, so they are still limited.
    const ip = input.ip || "unknown";
    const account = `login:account:${email}`;
    const countedAt = now();
    const hard: { key: string; max: number; hold?: AdminLoginHold }[] = [
      { key: `login:pair:${ip} ${email}`, max: loginPairLimit(await limits.count(account, LOGIN_WINDOW_MS)) },
      { key: `login:ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
    ];
    // An admin's password is guarded harder (decision 253): every email typed at the admin login, and an admin's
    // account at the shop's login, has a limit of its own from all addresses, and the admin login one across the shop;
    // a browser that signed this admin in before is let past both.
    const target = await db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirst();
    if ((as === "admin" || target?.role === "admin") && !(target && devices.read(input.device) === target.id)) {
      hard.push({ key: adminAccountBucket(email), max: ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT, hold: "account" });
      if (as === "admin") hard.push({ key: ADMIN_SHOP_BUCKET, max: ADMIN_LOGIN_MAX_FAILURES_SHOP, hold: "shop" });
    }
    const over = [];
    for (const b of hard) if ((await limits.hit(b.key, LOGIN_WINDOW_MS)) > b.max) over.push(b);
    if (over.length > 0) {
      for (const b of hard) await limits.refund(b.key, LOGIN_WINDOW_MS, countedAt);
      const held = over.find((b) => b.hold === "account") ?? over.find((b) => b.hold === "shop");
      if (held?.hold) {
        const wait = await limits.waitMs(held.key, LOGIN_WINDOW_MS, held.max);
        throw new AuthError("rate_limited", adminLoginHeldRefusal(held.hold, wait));
      }
      const waits = await Promise.all(over.map((b) => limits.waitMs(b.key, LOGIN_WINDOW_MS, b.max)));
      throw new AuthError("rate_limited", loginRateLimitedRefusal(Math.max(...waits)));
    }
    const counted = [...hard.map((b) => b.key), account];
    await sleep(loginDelayMs((await limits.hit(account, LOGIN_WINDOW_MS)) - 1));

    const row = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
    const passwordOk =
      input.password.length <= 1024 &&
      (await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), input.password)) &&
      Boolean(row?.password_hash);
    if (!row || !passwordOk) throw new AuthError("invalid_credentials", failed);
    for (const key of counted) await limits.refund(key, LOGIN_WINDOW_MS, countedAt);
    if (as === "admin" && row.role !== "admin") throw new AuthError("wrong_role", authRefusal("adminLoginFailed"));
    // A disabled admin gets the words of a wrong password: the page says nothing about which accounts exist.
    if (as === "admin" && row.admin_disabled_at) throw new AuthError("wrong_role", authRefusal("adminLoginFailed"));
    if (as === "admin") await db.updateTable("users").set({ last_sign_in_at: now() }).where("id", "=", row.id).execute();
    return toUser(row);
  }

  /**
   * Sends a fresh code to a number: at most OTP_MAX_SENDS_PER_PHONE per number
   * and OTP_MAX_SENDS_PER_IP per address in the window, then the number's series and the
   * shop-wide budget (domain/sign-in-sms.ts, decision 116), which a parent with a live order
   * passes. A new code replaces the previous one. The code's outbox row (its text masked, the code sealed) commits
   * with the code's hash; the job that sends it only names that row, and a queue
   * that cannot take it now (Redis down) leaves it to the relay (decisions 085, 086).
   * The text speaks `language`, the asking page's (English by default, as the /api).
   */
  async function sendCode(input: { phone?: string | null; ip?: string; language?: Language }): Promise<{ phone: string }> {
    const checked = checkPhone(input.phone);
    if (!checked.ok) throw new AuthError("invalid_input", authRefusal(checked.problem));
    const { phone } = checked;
    if (input.ip && (await limits.hit(`otp-send:ip:${input.ip}`, OTP_WINDOW_MS)) > OTP_MAX_SENDS_PER_IP) {
      throw new AuthError("rate_limited", authRefusal("otpTooManyFromHere"));
    }
    const sentAt = now();
    const id = randomUUID();
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
    // Looked up first: the send's transaction holds the one connection PGlite has.
    const liveOrder = await smsBudget.liveOrderSince(phone);
    type Outcome = { send: CodeSend } | { refused: "series" | "budget"; tripText?: { key: string; jobId: string } };
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      await lockPhone(trx, phone);
      const recent = await trx
        .selectFrom("otp_codes")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("phone", "=", phone)
        .where("created_at", ">", new Date(sentAt.getTime() - OTP_WINDOW_MS))
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= OTP_MAX_SENDS_PER_PHONE) {
        throw new AuthError("rate_limited", authRefusal("otpTooManySends"));
      }
      // The number's series and the shop-wide budget (decision 116); a refusal by the budget is recorded and commits.
      const budgeted = await smsBudget.decide(trx, phone, sentAt, liveOrder);
      if (!budgeted.verdict.send) return { refused: budgeted.verdict.refused, tripText: budgeted.tripText };
      await trx
        .updateTable("otp_codes")
        .set({ superseded_at: sentAt })
        .where("phone", "=", phone)
        .where("superseded_at", "is", null)
        .execute();
      await trx
        .insertInto("otp_codes")
        .values({
          id,
          phone,
          code_hash: codeHash(id, code),
          ip: input.ip ?? null,
          created_at: sentAt,
          expires_at: otpExpiry(sentAt),
        })
        .execute();
      return { send: await codeOutbox.record(trx, { codeId: id, phone, code, shopName, sealKey: codeSeal, language: input.language }) };
    });
    if ("refused" in outcome) {
      if (outcome.tripText) await smsBudget.textTheShop(outcome.tripText);
      throw new AuthError("rate_limited", refusal(outcome.refused === "series" ? "auth.otpTooManyInSeries" : "auth.otpPaused"));
    }
    const { send } = outcome;
    // The job id comes from the code's id: a retried request never sends the same code twice.
    if (!(await codeOutbox.handOver(queue, send))) console.warn(`code for ${maskPhone(phone)}: the job queue is unreachable; the relay sends it when it is back`);
    return { phone };
  }

  /**
   * Checks a code for a number and signs in the account with that number,
   * creating it on first use, with `name` when given (phone sign-up and phone
   * login are the same act: proving you hold the number). Wrong tries are
   * counted on the code and the count commits even though the answer is a refusal.
   */
  async function verifyCode(input: {
    phone?: string | null;
    code?: string | null;
    ip?: string;
    name?: string | null;
    /** Sign-up by phone: the account is made with its consent. */
    consent?: SignUpConsent;
  }): Promise<User> {
    return signedUp(await checkCode(input, (trx, phone) => findOrCreateByPhone(trx, phone, input.name)), input.consent);
  }

  /**
   * Checks a code as `verifyCode` does, without making an account: the account with that number,
   * or, when there is none, a proof that the number is the caller's (./phone-proof.ts), for the
   * page to finish with: a new account once the parent has given their name (`openPhoneAccount`),
   * or the number of a signed-in account changed to it (services/accounts.ts).
   */
  async function proveCode(input: { phone?: string | null; code?: string | null; ip?: string }): Promise<{ user: User } | { proof: string }> {
    return checkCode(input, async (trx, phone) => {
      const row = await trx.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
      return row ? { user: toUser(row) } : { proof: proofs.issue(phone) };
    });
  }

  /** The number a proof from `proveCode` is for, while it is valid; null otherwise. */
  function readPhoneProof(proof: unknown): string | null {
    return proofs.read(proof);
  }

  /**
   * The account of a number proven a moment ago (`proveCode`), named by the parent: made now, or
   * the one another tab made for that number meanwhile. A proof that has expired starts over.
   */
  async function openPhoneAccount(input: { proof: unknown; name: string; consent?: SignUpConsent }): Promise<User> {
    const phone = proofs.read(input.proof);
    if (!phone) throw new AuthError("otp_expired", authRefusal("otpPhoneMissing"));
    return signedUp(await findOrCreateByPhone(db, phone, input.name), input.consent);
  }

  async function checkCode<T>(
    input: { phone?: string | null; code?: string | null; ip?: string },
    proven: (trx: Transaction<DB>, phone: string) => Promise<T>,
  ): Promise<T> {
    const checked = checkPhone(input.phone);
    if (!checked.ok) throw new AuthError("invalid_input", authRefusal(checked.problem));
    const { phone } = checked;
    const code = (input.code ?? "").trim();
    if (!code) throw new AuthError("invalid_input", authRefusal("otpRequired"));
    const ipBucket = input.ip ? `otp-verify:ip:${input.ip}` : null;
    if (ipBucket && (await limits.count(ipBucket, OTP_WINDOW_MS)) >= OTP_MAX_FAILED_VERIFIES_PER_IP) {
      throw new AuthError("rate_limited", authRefusal("otpTooManyAttempts"));
    }
    const at = now();
    type Outcome = { proven: T } | { wrong: number } | { refused: Exclude<ReturnType<typeof otpCheck>, "ok"> };
    const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
      await lockPhone(trx, phone);
      const record = await trx
        .selectFrom("otp_codes")
        .selectAll()
        .where("phone", "=", phone)
        .where("superseded_at", "is", null)
        .orderBy("created_at", "desc")
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      const check = otpCheck(
        record && { expiresAt: new Date(record.expires_at), attempts: record.attempts, usedAt: record.used_at && new Date(record.used_at) },
        at,
      );
      if (check !== "ok" || !record) return { refused: check === "ok" ? "none" : check };
      const given = Buffer.from(codeHash(record.id, isOtpFormat(code) ? code : "-"));
      if (!timingSafeEqual(given, Buffer.from(record.code_hash))) {
        const attempts = record.attempts + 1;
        await trx.updateTable("otp_codes").set({ attempts }).where("id", "=", record.id).execute();
        return { wrong: attempts };
      }
      await trx.updateTable("otp_codes").set({ used_at: at }).where("id", "=", record.id).execute();
      return { proven: await proven(trx, phone) };
    });
    if ("proven" in outcome) return outcome.proven;
    if ("wrong" in outcome) {
      if (ipBucket) await limits.hit(ipBucket, OTP_WINDOW_MS);
      if (outcome.wrong >= OTP_MAX_ATTEMPTS) throw new AuthError("otp_locked", authRefusal("otpTooManyAttempts"));
      throw new AuthError("otp_invalid", authRefusal("otpInvalid"));
    }
    const refused = outcome.refused;
    const code_ = refused === "locked" ? "otp_locked" : refused === "expired" ? "otp_expired" : "otp_none";
    throw new AuthError(code_, authRefusal(otpCheckProblem(refused)));
  }

  /**
   * Google: by Google id first; else link to the account with the same email,
   * only when Google says the email is verified (otherwise anyone could claim
   * someone else's address); else a new account.
   */
  async function signInWithGoogle(identity: GoogleIdentity): Promise<User> {
    if (!identity.googleId) throw new AuthError("google_failed", authRefusal("googleFailed"));
    const byGoogle = await db.selectFrom("users").selectAll().where("google_id", "=", identity.googleId).executeTakeFirst();
    if (byGoogle) return toUser(byGoogle);
    const email = identity.email && looksLikeEmail(identity.email) ? normalizeEmail(identity.email) : null;
    if (email && identity.emailVerified) {
      const byEmail = await db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
      if (byEmail) {
        if (byEmail.google_id) throw new AuthError("google_failed", authRefusal("googleFailed"));
        const linked = await db
          .updateTable("users")
          .set({ google_id: identity.googleId })
          .where("id", "=", byEmail.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toUser(linked);
      }
    }
    const free = email && identity.emailVerified && !(await findUserByEmail(email)) ? email : null;
    const row = await db
      .insertInto("users")
      .values({
        id: randomUUID(),
        name: defaultName({ name: identity.name, email }),
        email: free,
        google_id: identity.googleId,
      })
      .onConflict((oc) => oc.column("google_id").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return toUser(row);
    // Two callbacks for a new Google account at once: the other one created it.
    const again = await db.selectFrom("users").selectAll().where("google_id", "=", identity.googleId).executeTakeFirstOrThrow();
    return toUser(again);
  }

  // --- API tokens --------------------------------------------------------

  async function issueToken(userId: string, scope: TokenScope): Promise<string> {
    const token = newSecret("shop_");
    const lifetime = scope === "admin" ? ADMIN_TOKEN_HOURS * 3_600_000 : SHOPPER_TOKEN_DAYS * 86_400_000;
    await db
      .insertInto("api_tokens")
      .values({ token_hash: sha256(token), user_id: userId, scope, expires_at: new Date(now().getTime() + lifetime) })
      .execute();
    return token;
  }

  /** The live user behind a token of that scope, or null (unknown, revoked, expired, or no longer an admin). */
  async function userForToken(token: string, scope: TokenScope): Promise<User | null> {
    if (!token || token.length > 200) return null;
    const row = await db
      .selectFrom("api_tokens")
      .innerJoin("users", "users.id", "api_tokens.user_id")
      .selectAll("users")
      .where("api_tokens.token_hash", "=", sha256(token))
      .where("api_tokens.scope", "=", scope)
      .where("api_tokens.revoked_at", "is", null)
      .where("api_tokens.expires_at", ">", now())
      .executeTakeFirst();
    if (!row) return null;
    if (scope === "admin" && (row.role !== "admin" || row.admin_disabled_at)) return null;
    return toUser(row);
  }

  async function revokeToken(token: string): Promise<boolean> {
    const result = await db
      .updateTable("api_tokens")
      .set({ revoked_at: now() })
      .where("token_hash", "=", sha256(token))
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Signs a user out everywhere: every token and every page session. */
  async function revokeAllForUser(userId: string): Promise<void> {
    await db.updateTable("api_tokens").set({ revoked_at: now() }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    await db.deleteFrom("auth_sessions").where("user_id", "=", userId).execute();
  }

  // --- page sessions (the store behind Remix's createSessionStorage) -----

  const sessions = {
    async create(kind: SessionKind, data: Record<string, unknown>, expires: Date): Promise<string> {
      const id = newSecret();
      if (Math.random() < 0.01) await db.deleteFrom("auth_sessions").where("expires_at", "<", new Date()).execute();
      await db
        .insertInto("auth_sessions")
        .values({ id_hash: sha256(id), kind, user_id: userIdOf(data), data: JSON.stringify(data), expires_at: expires })
        .execute();
      return id;
    },
    async read(kind: SessionKind, id: string): Promise<Record<string, unknown> | null> {
      const row = await db
        .selectFrom("auth_sessions")
        .leftJoin("users", "users.id", "auth_sessions.user_id")
        .select(["auth_sessions.data", "users.role", "users.admin_disabled_at"])
        .where("auth_sessions.id_hash", "=", sha256(id))
        .where("auth_sessions.kind", "=", kind)
        .where("auth_sessions.expires_at", ">", new Date())
        .executeTakeFirst();
      // Read with the user's state of this moment: an admin disabled since signing in has no session left.
      if (row && kind === "admin" && row.admin_disabled_at) return null;
      return (row?.data as Record<string, unknown> | undefined) ?? null;
    },
    /**
     * Who a live session belongs to, in one round trip: every page asks this (the navbar's
     * Account link), so the session row and its user are read together.
     */
    async user(kind: SessionKind, id: string): Promise<(User & { mustChangePassword: boolean; mustEnrolSecondFactor: boolean }) | null> {
      const query = db
        .selectFrom("auth_sessions")
        .innerJoin("users", "users.id", "auth_sessions.user_id")
        .select(["users.id", "users.name", "users.email", "users.phone", "users.role", "users.admin_disabled_at", "users.password_must_change", "users.totp_must_enrol"])
        .where("auth_sessions.id_hash", "=", sha256(id))
        .where("auth_sessions.kind", "=", kind)
        .where("auth_sessions.expires_at", ">", new Date());
      const [row] = (await runPrepared(db, query.compile())).rows;
      if (!row || (kind === "admin" && row.admin_disabled_at)) return null;
      // An admin added with a temporary password changes it before any other admin page (decision 120).
      // One whose second factor was reset sets a new one up first (decision 197).
      return { ...toUser(row), mustChangePassword: row.password_must_change === true, mustEnrolSecondFactor: row.totp_must_enrol === true };
    },
    async update(kind: SessionKind, id: string, data: Record<string, unknown>, expires: Date): Promise<void> {
      // An upsert: a signed cookie whose row has expired is written back instead of silently losing the data.
      await db
        .insertInto("auth_sessions")
        .values({ id_hash: sha256(id), kind, user_id: userIdOf(data), data: JSON.stringify(data), expires_at: expires })
        .onConflict((oc) =>
          oc
            .column("id_hash")
            .doUpdateSet({ data: JSON.stringify(data), user_id: userIdOf(data), expires_at: expires })
            .where("auth_sessions.kind", "=", kind),
        )
        .execute();
      if (Math.random() < 0.01) await db.deleteFrom("auth_sessions").where("expires_at", "<", new Date()).execute();
    },
    /** When the account this shopper session belonged to was erased (decision 248), while the session would still be live; else null. */
    async erasedAt(id: string): Promise<Date | null> {
      const row = await db
        .selectFrom("erased_sessions")
        .select("erased_at")
        .where("id_hash", "=", sha256(id))
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      return row ? new Date(row.erased_at) : null;
    },
    async destroy(kind: SessionKind, id: string): Promise<void> {
      await db.deleteFrom("auth_sessions").where("id_hash", "=", sha256(id)).where("kind", "=", kind).execute();
    },
  };

  // --- admins -------------------------------------------------------------

  /** Creates an admin, or makes an existing account with that email an admin with this password (and this name, when given). */
  async function createAdmin(input: { email: string; password: string; name?: string }): Promise<{ user: User; created: boolean }> {
    if (!looksLikeEmail(input.email)) throw new AuthError("invalid_input", authRefusal("invalidEmail"));
    if (input.password.length < ADMIN_PASSWORD_MIN_LENGTH) {
      throw new AuthError("invalid_input", authRefusal("adminPasswordTooShort"));
    }
    const problem = passwordProblem(input.password);
    if (problem) throw new AuthError("invalid_input", authRefusal(problem));
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const existing = await findUserByEmail(email);
    if (existing) {
      const row = await db
        .updateTable("users")
        .set({
          role: "admin",
          password_hash: passwordHash,
          ...(input.name?.trim() ? { name: input.name.trim() } : {}),
          ...(existing.role === "admin" ? {} : { admin_since: now() }),
        })
        .where("id", "=", existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // A new password ends the sessions and tokens made with the old one.
      await revokeAllForUser(existing.id);
      return { user: toUser(row), created: false };
    }
    const row = await db
      .insertInto("users")
      .values({ id: randomUUID(), name: input.name?.trim() || "Admin", email, password_hash: passwordHash, role: "admin", admin_since: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user: toUser(row), created: true };
  }

  /** ADMIN_EMAIL / ADMIN_PASSWORD on start: used only while the shop has no admin at all. */
  async function ensureFirstAdmin(first: { email: string; password: string } | null): Promise<"created" | "exists" | "not-configured"> {
    if (!first) return "not-configured";
    const any = await db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
    if (any) return "exists";
    try {
      await createAdmin(first);
    } catch (err) {
      // Two processes starting at once: the other one created it.
      const now = await db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst();
      if (now) return "exists";
      throw err;
    }
    return "created";
  }

  /** One change to the admins at a time: two owners' clicks cannot both pass "not the last enabled admin". */
  async function lockAdmins(trx: Transaction<DB>): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('admins'))`.execute(trx);
  }

  /**
   * A new admin from the Admins page or `shop admin add` (decision 104): a name, an email and
   * a temporary password. An existing shopper account with that email becomes an admin (its
   * sessions end); an existing admin is refused, so this never resets another admin's password.
   */
  async function addAdmin(by: AdminChanger, input: { email?: string; name?: string; password: string }): Promise<User> {
    const { email, name } = checkNewAdmin(input);
    await requireOwner(db, by);
    const existing = await findUserByEmail(email);
    if (existing?.role === "admin") throw new RuleViolation("admins.alreadyAdmin", {}, 409);
    const { user } = await createAdmin({ email, name, password: input.password });
    // Someone else chose it (the operator, the owner): the new admin replaces it at the first sign-in (decision 120).
    await db.updateTable("users").set({ password_must_change: true }).where("id", "=", user.id).execute();
    return user;
  }

  /**
   * Switches an admin off or on again. Off ends every page session and token of theirs now;
   * the session and token checks also read the flag, so nothing made before it gets through.
   */
  async function setAdminEnabled(by: AdminChanger, email: string, enabled: boolean): Promise<AdminRecord> {
    const wanted = looksLikeEmail(email) ? normalizeEmail(email) : "";
    const changed = await db.transaction().execute(async (trx) => {
      await lockAdmins(trx);
      const target = (await listAdmins(trx)).find((a) => a.email === wanted);
      if (!target) throw new RuleViolation("admins.noSuchAdmin", {}, 404);
      if (enabled) await requireOwner(trx, by);
      else {
        await checkDisable(trx, by, target);
        const disabled = (await listAdmins(trx)).filter((a) => a.disabledAt).map((a) => a.id);
        await deps.checkDisable?.(target.id, disabled);
      }
      await trx
        .updateTable("users")
        .set({ admin_disabled_at: enabled ? null : (target.disabledAt ?? now()) })
        .where("id", "=", target.id)
        .execute();
      return target;
    });
    if (!enabled) await revokeAllForUser(changed.id);
    return (await listAdmins(db)).find((a) => a.id === changed.id)!;
  }

  const passwordChange = createAdminPasswordChange({ db, limits, signOutEverywhere: revokeAllForUser });
  const secondFactor = createSecondFactor({ db, sessionSecret: deps.sessionSecret, shopName, now });

  /**
   * What the admin login's limits hold now (decision 253), for the owner's Admins page: how long each admin's account
   * is held (by admin id; none when it is not) and how long the admin login is paused across the shop (0 when not).
   */
  async function adminSignInHolds(): Promise<{ accounts: Map<string, number>; codes: Map<string, number>; shopMs: number }> {
    const held = async (key: string, max: number) => ((await limits.count(key, LOGIN_WINDOW_MS)) >= max ? Math.max(1, await limits.waitMs(key, LOGIN_WINDOW_MS, max)) : 0);
    const accounts = new Map<string, number>();
    // Beside them, whose second factor codes are held back after many wrong codes (decision 197).
    const codes = new Map<string, number>();
    for (const admin of await listAdmins(db)) {
      const ms = admin.email ? await held(adminAccountBucket(admin.email), ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT) : 0;
      if (ms > 0) accounts.set(admin.id, ms);
      const codesMs = await secondFactor.heldMs(admin.id);
      if (codesMs > 0) codes.set(admin.id, codesMs);
    }
    return { accounts, codes, shopMs: await held(ADMIN_SHOP_BUCKET, ADMIN_LOGIN_MAX_FAILURES_SHOP) };
  }

  return {
    ...passwordChange,
    /** The admins' authenticator codes after the password (./second-factor.ts, decision 197). */
    secondFactor,
    findUser,
    findUserByEmail,
    registerWithEmail,
    loginWithPassword,
    sendCode,
    verifyCode,
    proveCode,
    readPhoneProof,
    openPhoneAccount,
    signInWithGoogle,
    issueToken,
    userForToken,
    revokeToken,
    revokeAllForUser,
    sessions,
    createAdmin,
    ensureFirstAdmin,
    listAdmins: () => listAdmins(db),
    adminSignInHolds,
    /** The mark a browser gets with an admin's sign-in, which lets it past the holds on admin sign-in later. */
    adminDeviceMark: (userId: string) => devices.issue(userId),
    addAdmin,
    setAdminEnabled,
  };
}

function userIdOf(data: Record<string, unknown>): string | null {
  return typeof data.userId === "string" ? data.userId : null;
}

export type AuthService = ReturnType<typeof createAuthService>;
