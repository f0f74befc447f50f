import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import {
  PASSWORD_CHANGE_MAX_WRONG,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_CHANGE_WINDOW_MINUTES,
  newAdminPasswordProblem,
  type PasswordChangeField,
} from "../../domain/admin-password";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords";
import type { RateLimiter } from "./rate-limit";

const WINDOW_MS = PASSWORD_CHANGE_WINDOW_MINUTES * 60_000;

/** Why a change was refused: the field the page shows it beside, its words, and the status. */
export type PasswordChangeOutcome = { ok: true } | { ok: false; field: PasswordChangeField; message: string; status: 422 | 429 };

/**
 * An admin's own password change (decision 120): the rules of domain/admin-password.ts, the current
 * password checked, then the new hash, the temporary flag cleared, and every session and token of
 * the admin ended: the page signs the admin in again with a fresh session of its own.
 *
 * Wrong current passwords are counted per session, not per admin (decision 193): a session left open
 * or stolen is not a way to guess the password (five tries, then that browser waits), and its
 * guesses cannot keep the change locked for the admin's own browsers, whose tries are their own.
 */
export function createAdminPasswordChange(deps: { db: Kysely<DB>; limits: RateLimiter; signOutEverywhere: (userId: string) => Promise<void> }) {
  const { db, limits } = deps;

  async function changeAdminPassword(input: { userId: string; sessionId: string; current: string; next: string; repeat: string }): Promise<PasswordChangeOutcome> {
    const problem = newAdminPasswordProblem(input);
    if (problem) return { ok: false, ...problem, status: 422 };
    // The limiter keeps the key's sha-256 only (decision 169): the session id is never stored.
    const bucket = `password-change:${input.userId}:${input.sessionId}`;
    const tooMany: PasswordChangeOutcome = { ok: false, field: "current", message: PASSWORD_CHANGE_MESSAGES.tooManyTries, status: 429 };
    if ((await limits.count(bucket, WINDOW_MS)) >= PASSWORD_CHANGE_MAX_WRONG) return tooMany;
    const row = await db
      .selectFrom("users")
      .select(["password_hash", "role", "admin_disabled_at"])
      .where("id", "=", input.userId)
      .executeTakeFirst();
    const right =
      input.current.length <= 1024 &&
      (await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), input.current)) &&
      Boolean(row?.password_hash) &&
      row?.role === "admin" &&
      !row.admin_disabled_at;
    if (!right) {
      await limits.hit(bucket, WINDOW_MS);
      return { ok: false, field: "current", message: PASSWORD_CHANGE_MESSAGES.currentWrong, status: 422 };
    }
    await db
      .updateTable("users")
      .set({ password_hash: await hashPassword(input.next), password_must_change: false })
      .where("id", "=", input.userId)
      .execute();
    await deps.signOutEverywhere(input.userId);
    return { ok: true };
  }

  /** Whether the admin still has the temporary password they were added with. */
  async function mustChangePassword(userId: string): Promise<boolean> {
    const row = await db.selectFrom("users").select("password_must_change").where("id", "=", userId).executeTakeFirst();
    return row?.password_must_change === true;
  }

  return { changeAdminPassword, mustChangePassword };
}
