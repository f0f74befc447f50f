import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { SECOND_FACTOR_MAX_WRONG } from "../../domain/totp";
import { matchingTotpStep, newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri } from "./totp";
import { createRateLimiter } from "./rate-limit";

/**
 * The admins' second factor (decision 197): an authenticator app's codes (domain/totp.ts) after the password, for
 * the owner and every manager who sets it up. The secret is sealed at rest (AES-256-GCM, a key derived from the
 * session secret, the admin's id as additional data: a sealed secret copied to another admin's row does not open);
 * recovery codes are kept as their sha-256. A code is taken once: the step of the last one is kept, and a code of
 * that step or an older one is refused, in one UPDATE, so two requests with one code cannot both get in.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type SecondFactorCheck = "totp" | "recovery" | "wrong";

const WINDOW_MS = 15 * 60_000;
/** Wrong codes on one admin account from all its pending sign-ins together, in 15 minutes: a guesser with the password. */
export const SECOND_FACTOR_MAX_WRONG_PER_ADMIN = 20;

export interface SecondFactorStatus {
  enabled: boolean;
  /** A secret waits for its first code (the setup page shows it again). */
  pending: { secret: string; uri: string } | null;
  recoveryCodesLeft: number;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export function createSecondFactor(deps: { db: Kysely<DB>; sessionSecret: string; shopName: string; now: () => Date }) {
  const { db } = deps;
  const limits = createRateLimiter(db, deps.now);
  const key = Buffer.from(hkdfSync("sha256", deps.sessionSecret, "churu-shop", "admin second factor v1", 32));

  function seal(userId: string, secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /** The secret, or null when it was sealed under another SESSION_SECRET or for another admin. */
  function open(userId: string, sealed: string | null): string | null {
    if (!sealed) return null;
    const [version, payload] = sealed.split(".", 2);
    const bytes = Buffer.from(payload ?? "", "base64url");
    if (version !== VERSION || bytes.length <= IV_BYTES + TAG_BYTES) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      return null;
    }
  }

  function row(userId: string) {
    return db
      .selectFrom("users")
      .select(["email", "role", "totp_secret_sealed", "totp_pending_sealed", "totp_enabled_at", "totp_last_step"])
      .where("id", "=", userId)
      .executeTakeFirst();
  }

  async function recoveryCodesLeft(userId: string): Promise<number> {
    const left = await db
      .selectFrom("admin_recovery_codes")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirstOrThrow();
    return Number(left.n);
  }

  /** Takes a code (a TOTP of a step after the last one taken, or an unused recovery code) and records it as used. */
  async function take(userId: string, typed: string, sealed: string | null): Promise<SecondFactorCheck> {
    const secret = open(userId, sealed);
    const current = await row(userId);
    if (secret && current) {
      const last = current.totp_last_step === null ? null : Number(current.totp_last_step);
      const step = matchingTotpStep(secret, typed, deps.now(), last);
      if (step !== null) {
        const taken = await db
          .updateTable("users")
          .set({ totp_last_step: step })
          .where("id", "=", userId)
          .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) return "totp";
      }
    }
    const recovery = normaliseRecoveryCode(typed);
    if (!recovery) return "wrong";
    const used = await db
      .updateTable("admin_recovery_codes")
      .set({ used_at: deps.now() })
      .where("user_id", "=", userId)
      .where("code_hash", "=", sha256(recovery))
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1 ? "recovery" : "wrong";
  }

  return {
    async status(userId: string): Promise<SecondFactorStatus> {
      const current = await row(userId);
      const pendingSecret = current ? open(userId, current.totp_pending_sealed) : null;
      return {
        enabled: Boolean(current?.totp_enabled_at && current.totp_secret_sealed),
        pending: pendingSecret ? { secret: pendingSecret, uri: otpauthUri(pendingSecret, deps.shopName, current?.email ?? userId) } : null,
        recoveryCodesLeft: await recoveryCodesLeft(userId),
      };
    },

    /** Whether this admin signs in with a code after the password. */
    async required(userId: string): Promise<boolean> {
      const current = await row(userId);
      return Boolean(current?.role === "admin" && current.totp_enabled_at && current.totp_secret_sealed);
    },

    /** Whether the owner or the operator reset this admin's second factor and a new one is still to be set up. */
    async mustEnrol(userId: string): Promise<boolean> {
      const current = await db.selectFrom("users").select("totp_must_enrol").where("id", "=", userId).executeTakeFirst();
      return current?.totp_must_enrol === true;
    },

    /** A new secret to set up (replacing one not yet confirmed): the app reads it, then a first code confirms it. */
    async start(userId: string): Promise<{ secret: string; uri: string }> {
      const secret = newTotpSecret();
      await db.updateTable("users").set({ totp_pending_sealed: seal(userId, secret) }).where("id", "=", userId).execute();
      const current = await row(userId);
      return { secret, uri: otpauthUri(secret, deps.shopName, current?.email ?? userId) };
    },

    /**
     * The first code from the app: right, the secret becomes the admin's second factor and ten recovery codes are made
     * (shown once; any earlier ones end). Wrong, nothing changes.
     */
    async confirm(userId: string, typed: string): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false }> {
      const current = await row(userId);
      const secret = current && open(userId, current.totp_pending_sealed);
      if (!secret) return { ok: false };
      const step = matchingTotpStep(secret, typed, deps.now(), null);
      if (step === null) return { ok: false };
      const codes = newRecoveryCodes();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({ totp_secret_sealed: seal(userId, secret), totp_pending_sealed: null, totp_enabled_at: deps.now(), totp_last_step: step, totp_must_enrol: false })
          .where("id", "=", userId)
          .execute();
        await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", userId).execute();
        await trx
          .insertInto("admin_recovery_codes")
          .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(code) })))
          .execute();
      });
      return { ok: true, recoveryCodes: codes };
    },

    /** The code after the password at sign-in (or to turn the second factor off): an app's code or a recovery code. */
    async check(userId: string, typed: string): Promise<SecondFactorCheck> {
      const current = await row(userId);
      if (!current?.totp_enabled_at) return "wrong";
      return take(userId, typed, current.totp_secret_sealed);
    },

    /**
     * The code of a sign-in whose password was right: "ok", "wrong", or "tooMany" once this pending sign-in has sent
     * SECOND_FACTOR_MAX_WRONG wrong codes (it starts again from the password) or the admin's sign-ins together
     * SECOND_FACTOR_MAX_WRONG_PER_ADMIN in 15 minutes (a guesser who has the password waits, whatever the address).
     */
    async signIn(userId: string, pendingId: string, typed: string): Promise<"ok" | "wrong" | "tooMany"> {
      const buckets: [string, number][] = [
        [`second-factor:pending:${pendingId}`, SECOND_FACTOR_MAX_WRONG],
        [`second-factor:admin:${userId}`, SECOND_FACTOR_MAX_WRONG_PER_ADMIN],
      ];
      for (const [bucket, max] of buckets) if ((await limits.count(bucket, WINDOW_MS)) >= max) return "tooMany";
      if ((await this.check(userId, typed)) !== "wrong") return "ok";
      let over = false;
      for (const [bucket, max] of buckets) over = (await limits.hit(bucket, WINDOW_MS)) >= max || over;
      return over ? "tooMany" : "wrong";
    },

    /**
     * How long this admin's codes are held back after SECOND_FACTOR_MAX_WRONG_PER_ADMIN wrong ones (0 when they are
     * not), for the owner's Admins page (decision 253).
     */
    async heldMs(userId: string): Promise<number> {
      const bucket = `second-factor:admin:${userId}`;
      if ((await limits.count(bucket, WINDOW_MS)) < SECOND_FACTOR_MAX_WRONG_PER_ADMIN) return 0;
      return Math.max(1, await limits.waitMs(bucket, WINDOW_MS, SECOND_FACTOR_MAX_WRONG_PER_ADMIN));
    },

    /** Turns the second factor off with a code (an admin who lost both phone and codes is reset by `shop admin`). */
    async disable(userId: string, typed: string): Promise<boolean> {
      if ((await this.check(userId, typed)) === "wrong") return false;
      await this.reset(userId);
      return true;
    },

    /**
     * Removes the second factor, its pending secret and its recovery codes. `enrolAgain`: the owner or the operator
     * reset it (a lost phone), and every admin page but this one's asks for a new one first.
     */
    async reset(userId: string, options: { enrolAgain?: boolean } = {}): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable("users")
          .set({
            totp_secret_sealed: null,
            totp_pending_sealed: null,
            totp_enabled_at: null,
            totp_last_step: null,
            ...(options.enrolAgain ? { totp_must_enrol: true } : {}),
          })
          .where("id", "=", userId)
          .execute();
        await trx.deleteFrom("admin_recovery_codes").where("user_id", "=", userId).execute();
      });
    },
  };
}

export type SecondFactorService = ReturnType<typeof createSecondFactor>;
