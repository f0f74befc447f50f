import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { DB, NotificationSkipReason, NotificationStatus } from "../db/schema";
import { UnrecoverableJobError, type JobInfo, type QueueName } from "../services/queue";
import { TransportError, type SendResult } from "./transports/transport";

/**
 * The sent-message record: one row per message the shop means to send, unique
 * by key. It is what makes a send happen at most once (docs/decisions/030):
 *
 *   pending  --claim (committed before any network call)-->  sending
 *   sending  --provider accepted-->  sent
 *   sending  --provider said no, tries left-->  pending   (the job retries)
 *   sending  --provider said no, last try-->  failed      (listed for the admin)
 *   sending  --the job runs again and finds its own claim-->  unknown
 *   sending  --the send found the message no longer needed-->  skipped   (a due reminder for a paid order)
 *
 * A job that runs twice (a Redis that lost its job id, a stalled job taken over
 * after its worker was killed mid-send) finds the row already 'sending' or
 * 'sent' and does not send. The price of at-most-once: a worker killed between
 * the provider's acceptance and the 'sent' update leaves 'unknown', which the
 * admin sees and may retry by hand.
 */

export interface NewSend {
  key: string;
  kind: string;
  channel: "sms" | "email";
  queue: QueueName;
  jobName: string;
  jobId: string;
  eventId?: string | null;
  streamId?: string | null;
  recipient: string;
  subject?: string | null;
  body?: string | null;
  /** When a delayed message may go out; none: at once. */
  dueAt?: Date | null;
}

export type SendOutcome = "sent" | "already-sent" | "in-doubt" | "not-pending" | "skipped";

/**
 * Thrown by a send that finds, once the claim is its own, that the message is no longer
 * wanted: the record becomes 'skipped' with the reason, and nothing goes out.
 */
export class SkipSend extends Error {
  override name = "SkipSend";
  constructor(readonly reason: NotificationSkipReason) {
    super(`not sent: ${reason}`);
  }
}

/** The columns `sendRow` fills (a column added there is added here too). */
export const SEND_COLUMNS = [
  "key",
  "kind",
  "channel",
  "queue",
  "job_name",
  "job_id",
  "event_id",
  "stream_id",
  "recipient",
  "subject",
  "body",
  "due_at",
  "status",
] as const satisfies readonly (keyof ReturnType<typeof sendRow>)[];

/** Columns for an insert; status 'pending' unless said otherwise. */
export function sendRow(send: NewSend, status: NotificationStatus = "pending") {
  return {
    key: send.key,
    kind: send.kind,
    channel: send.channel,
    queue: send.queue,
    job_name: send.jobName,
    job_id: send.jobId,
    event_id: send.eventId ?? null,
    stream_id: send.streamId ?? null,
    recipient: send.recipient,
    subject: send.subject ?? null,
    body: send.body ?? null,
    due_at: send.dueAt ?? null,
    status,
  };
}

/** The message as the record holds it, handed to the send once the claim is ours. */
export interface ClaimedMessage {
  /** What the message is about ("order-placed", "payment-reminder", "otp"). */
  kind: string;
  /** The order's stream, for order messages. */
  stream_id: string | null;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string | null;
  /** A sign-in code, sealed (workers/sealed-codes.ts); null for order messages. */
  secret: string | null;
  created_at: Date;
}

const MESSAGE_COLUMNS = ["kind", "stream_id", "channel", "recipient", "subject", "body", "secret", "created_at"] as const;

/** Which transport sends each channel: recorded on the claim, before the channel is read. */
export interface TransportNames {
  sms: string;
  email: string;
}

function claimColumns(claim: string, transports: TransportNames) {
  return (eb: ExpressionBuilder<DB, "notification_sends">) => ({
    status: "sending" as const,
    claim,
    attempts: eb("attempts", "+", 1),
    transport: eb.case().when("channel", "=", "sms").then(transports.sms).else(transports.email).end(),
    updated_at: new Date(),
  });
}

/**
 * Claims the record and, if this job may send, sends. The record exists before
 * its job (the reactor writes order messages, sendCode writes codes). Throws to
 * make the queue retry; throws UnrecoverableJobError when another try cannot help.
 */
export async function sendOnce(
  db: Kysely<DB>,
  key: string,
  job: JobInfo,
  transports: TransportNames,
  send: (message: ClaimedMessage) => Promise<SendResult | void>,
): Promise<SendOutcome> {
  const claim = randomUUID();
  // The usual case, a pending record, is claimed and read in one statement: every order
  // sends a text and an email, and each round trip to Postgres counts at checkout rush.
  const claimed = await db
    .updateTable("notification_sends")
    .set(claimColumns(claim, transports))
    .where("key", "=", key)
    .where("status", "=", "pending")
    .returning(MESSAGE_COLUMNS)
    .executeTakeFirst();
  const decision = claimed ? { claimed } : await decideUnclaimed(db, key, claim, transports);
  if (decision === "missing") throw new UnrecoverableJobError(`no notification record ${key}`);
  if (typeof decision === "string") return decision;

  let result: SendResult | void;
  try {
    result = await send(decision.claimed as ClaimedMessage);
  } catch (err) {
    if (err instanceof SkipSend) {
      await settle(db, key, claim, { status: "skipped", claim: null, skip_reason: err.reason, updated_at: new Date() });
      return "skipped";
    }
    const retryable = err instanceof TransportError ? err.retryable : !(err instanceof UnrecoverableJobError);
    const final = !retryable || job.attempt >= job.maxAttempts;
    const message = err instanceof Error ? err.message : String(err);
    await settle(db, key, claim, {
      status: final ? "failed" : "pending",
      claim: null,
      last_error: `attempt ${job.attempt}: ${message}`,
      updated_at: new Date(),
    });
    if (!retryable) throw new UnrecoverableJobError(message);
    throw err;
  }
  await settle(db, key, claim, {
    status: "sent",
    claim: null,
    // A sent code has done its work: not even its sealed form is kept.
    secret: null,
    provider_id: result?.providerId ?? null,
    last_error: null,
    sent_at: new Date(),
    updated_at: new Date(),
  });
  return "sent";
}

/**
 * The record was not pending when the claim was tried: sent already, missing, or
 * 'sending' (our own job again, after a crash or a lost lock) — or it turned
 * pending again just now, and is claimed here under the row lock.
 */
async function decideUnclaimed(db: Kysely<DB>, key: string, claim: string, transports: TransportNames) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("notification_sends")
      .select(["status", ...MESSAGE_COLUMNS])
      .where("key", "=", key)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return "missing" as const;
    if (row.status === "sent") return "already-sent" as const;
    if (row.status === "sending") {
      // The provider may have the message already. At most once means we stop here.
      await trx
        .updateTable("notification_sends")
        .set({
          status: "unknown",
          claim: null,
          last_error: "the worker stopped while sending; the message may or may not have gone out",
          updated_at: new Date(),
        })
        .where("key", "=", key)
        .execute();
      return "in-doubt" as const;
    }
    if (row.status !== "pending") return "not-pending" as const;
    await trx
      .updateTable("notification_sends")
      .set(claimColumns(claim, transports))
      .where("key", "=", key)
      .execute();
    return {
      claimed: {
        kind: row.kind,
        stream_id: row.stream_id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        secret: row.secret,
        created_at: row.created_at,
      },
    };
  });
}

type Settle = Partial<{
  status: NotificationStatus;
  claim: string | null;
  secret: null;
  provider_id: string | null;
  last_error: string | null;
  skip_reason: NotificationSkipReason;
  sent_at: Date;
  updated_at: Date;
}>;

/**
 * Records how the send went. Only our own claim is updated (a row another run
 * marked 'unknown' meanwhile is ours too: the claim is cleared then, so match
 * on that as well). A database blip is retried briefly, because giving up here
 * turns a sent message into an 'unknown' one.
 */
async function settle(db: Kysely<DB>, key: string, claim: string, values: Settle): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db
        .updateTable("notification_sends")
        .set(values)
        .where("key", "=", key)
        .where((eb) =>
          eb.or([eb("claim", "=", claim), eb.and([eb("status", "=", "unknown"), eb("claim", "is", null)])]),
        )
        .execute();
      return;
    } catch (err) {
      if (attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
}
