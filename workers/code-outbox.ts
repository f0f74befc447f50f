import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { DEFAULT_LANGUAGE, type Language } from "../domain/i18n";
import { smsTemplate } from "../domain/sms-templates";
import { OTP_VALID_MINUTES, otpSmsShown } from "../domain/otp";
import type { CodeOutbox, CodeSend } from "../services/core";
import type { JobQueue } from "../services/queue";
import { sealCode } from "../services/auth/sealed-codes";
import { sendRow } from "./sends";

/**
 * Sign-in codes go out through the Postgres outbox (docs/decisions/086): the code's
 * `notification_sends` row, with the code sealed, is written in the transaction that
 * stores the code's hash. The job only names the row. Handing the job to the queue is
 * tried once right away; when the queue cannot take it (Redis down) the relay here
 * hands it over once it can, until the code expires.
 */

export const CODE_JOB_NAME = "send-code";
/** A pending code not picked up for this long is handed to the queue again (a no-op while the queue still has its job). */
export const RELAY_AFTER_MS = 3_000;
/** How often a job runner runs the relay. */
export const RELAY_EVERY_MS = 1_000;
const VALID_MS = OTP_VALID_MINUTES * 60_000;

export function codeSend(codeId: string): CodeSend {
  return { key: `otp:${codeId}`, jobId: `otp-${codeId}` };
}

/**
 * Writes the code's outbox row in the caller's transaction: the text with the code masked, in the
 * language of the page that asked (the job puts the code in place of the mask), the code sealed.
 */
export async function recordCode(
  trx: Kysely<DB>,
  input: { codeId: string; phone: string; code: string; shopName: string; sealKey: Buffer; language?: Language },
): Promise<CodeSend> {
  const send = codeSend(input.codeId);
  await trx
    .insertInto("notification_sends")
    .values({
      ...sendRow({
        key: send.key,
        kind: "otp",
        channel: "sms",
        queue: "otp",
        jobName: CODE_JOB_NAME,
        jobId: send.jobId,
        recipient: input.phone,
        body: otpSmsShown(input.shopName, input.language),
        template: smsTemplate("signInCode", input.language ?? DEFAULT_LANGUAGE),
      }),
      secret: sealCode(input.sealKey, input.code, { key: send.key, phone: input.phone }),
    })
    .execute();
  return send;
}

/** Hands a code's job to the queue; false (never a throw) when the queue cannot take it now: the relay will. */
export async function handOver(queue: JobQueue, send: CodeSend): Promise<boolean> {
  try {
    await queue.add("otp", CODE_JOB_NAME, { key: send.key }, { jobId: send.jobId });
    return true;
  } catch {
    return false;
  }
}

/**
 * One round of the relay: codes past their validity are dropped (failed, seal erased),
 * and pending codes nobody has picked up lately are handed to the queue again. Stops at
 * the first hand-over the queue refuses: it is down, the next round tries again.
 * Returns how many were handed over.
 */
export async function relayCodes(db: Kysely<DB>, queue: JobQueue, now = new Date()): Promise<number> {
  const expiredBefore = new Date(now.getTime() - VALID_MS);
  await db
    .updateTable("notification_sends")
    .set({ status: "failed", secret: null, last_error: "the code expired before it could be sent", updated_at: now })
    .where("queue", "=", "otp")
    .where("status", "=", "pending")
    .where("created_at", "<", expiredBefore)
    .execute();
  // A code that failed or was cut off mid-send keeps its seal only while it could still be retried.
  await db
    .updateTable("notification_sends")
    .set({ secret: null })
    .where("queue", "=", "otp")
    .where("secret", "is not", null)
    .where("created_at", "<", expiredBefore)
    .execute();
  const waiting = await db
    .selectFrom("notification_sends")
    .select(["key", "job_id"])
    .where("queue", "=", "otp")
    .where("status", "=", "pending")
    .where("updated_at", "<", new Date(now.getTime() - RELAY_AFTER_MS))
    .where("created_at", ">=", expiredBefore)
    .orderBy("id")
    .limit(100)
    .execute();
  let handed = 0;
  for (const row of waiting) {
    if (!(await handOver(queue, { key: row.key, jobId: row.job_id }))) break;
    await db.updateTable("notification_sends").set({ updated_at: now }).where("key", "=", row.key).where("status", "=", "pending").execute();
    handed++;
  }
  return handed;
}

/** The outbox as the auth service takes it (a port of services/core.ts), wired by the composition root. */
export const codeOutbox: CodeOutbox = { record: recordCode, handOver };
