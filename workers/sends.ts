import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { DB, NotificationSkipReason, NotificationStatus } from "../db/schema";
import { UnrecoverableJobError, type JobInfo, type QueueName } from "../services/queue";
import { TransportError, type SendResult } from "./transports/transport";
import { Batches } from "./batches";
import type { SmsTemplate } from "../domain/sms-templates";

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
  /** An SMS's registered text (DLT), for the provider: domain/sms-templates.ts. */
  template?: SmsTemplate | null;
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
  "template",
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
    template: send.template ?? null,
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
  /** An SMS's registered text (DLT), when the record names one. */
  template: string | null;
  /** Set when WhatsApp did not deliver the text and it now goes by SMS (decision 230). */
  fallback_at: Date | null;
}

const MESSAGE_COLUMNS = ["kind", "stream_id", "channel", "recipient", "subject", "body", "secret", "created_at", "template", "fallback_at"] as const;

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

/** How a claimed send ended, as its record keeps it. */
type Settlement =
  | { status: "sent"; providerId: string | null; transport?: string; whatsappId?: string; whatsappError?: string }
  /** 'pending': a refusal with tries left (the job throws and the queue retries); 'failed': the last. */
  | { status: "pending" | "failed"; lastError: string }
  | { status: "skipped"; skipReason: NotificationSkipReason };

interface SettleAsk {
  key: string;
  claim: string;
  settlement: Settlement;
  /** When the provider answered: the record's sent (or updated) time. */
  at: Date;
}

/** The most records one claim or settle statement carries (a worker's concurrency usually bounds it first). */
export const MAX_BATCH = 100;

/**
 * The sent-message records as one worker process claims and settles them. A send takes two
 * statements, the claim before the network call and the settle after it; the sends running side
 * by side share them (workers/batches.ts): one claim statement and one settle statement for all
 * the jobs that reached that point together, instead of two round trips for each message.
 * Every rule of the record is kept row by row: only a pending row is claimed, only our own claim
 * is settled, the claim commits before any network call.
 */
export class SendRecords {
  private readonly claims: Batches<string, { claim: string; message: ClaimedMessage } | undefined>;
  private readonly settles: Batches<SettleAsk, void>;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly transports: TransportNames,
    options: { maxBatch?: number } = {},
  ) {
    this.claims = new Batches((asks) => claimPending(db, asks, transports), options.maxBatch ?? MAX_BATCH);
    this.settles = new Batches((asks) => settleWithRetries(db, asks), options.maxBatch ?? MAX_BATCH);
  }

  /**
   * Claims the record and, if this job may send, sends. The record exists before
   * its job (the reactor writes order messages, sendCode writes codes). Throws to
   * make the queue retry; throws UnrecoverableJobError when another try cannot help.
   */
  async sendOnce(
    key: string,
    job: JobInfo,
    send: (message: ClaimedMessage) => Promise<SendResult | void>,
  ): Promise<SendOutcome> {
    // The usual case, a pending record, is claimed and read in the batch's one statement.
    const decision = (await this.claims.ask(key)) ?? (await decideUnclaimed(this.db, key, randomUUID(), this.transports));
    if (decision === "missing") throw new UnrecoverableJobError(`no notification record ${key}`);
    if (typeof decision === "string") return decision;

    const { claim } = decision;
    const settle = (settlement: Settlement) => this.settles.ask({ key, claim, settlement, at: new Date() });
    let result: SendResult | void;
    try {
      result = await send(decision.message);
    } catch (err) {
      if (err instanceof SkipSend) {
        await settle({ status: "skipped", skipReason: err.reason });
        return "skipped";
      }
      const retryable = err instanceof TransportError ? err.retryable : !(err instanceof UnrecoverableJobError);
      const final = !retryable || job.attempt >= job.maxAttempts;
      const message = err instanceof Error ? err.message : String(err);
      await settle({ status: final ? "failed" : "pending", lastError: `attempt ${job.attempt}: ${message}` });
      if (!retryable) throw new UnrecoverableJobError(message);
      throw err;
    }
    await settle({
      status: "sent",
      providerId: result?.providerId ?? null,
      transport: result?.transport,
      whatsappId: result?.whatsapp?.id,
      whatsappError: result?.whatsapp?.error,
    });
    return "sent";
  }
}

/**
 * Claims the pending records among `keys` in one statement and reads their messages. The batch's
 * rows share one claim token: a claim is what tells this run's record from a later run's, and a
 * later run is another batch. A key asked twice in one batch (a job run twice at once) is claimed
 * for its first ask only; the second finds the claim, as it would a moment later on its own.
 * (`key = any(...)` walks the unique index in key order, so two workers claiming overlapping
 * batches lock rows in the same order and wait for each other, never deadlock.)
 */
async function claimPending(
  db: Kysely<DB>,
  keys: string[],
  transports: TransportNames,
): Promise<({ claim: string; message: ClaimedMessage } | undefined)[]> {
  const claim = randomUUID();
  const { rows } = await sql<ClaimedMessage & { key: string }>`
    update notification_sends
       set status = 'sending', claim = ${claim}, attempts = attempts + 1,
           transport = case when channel = 'sms' then ${transports.sms} else ${transports.email} end,
           updated_at = ${new Date()}
     where key = any(${[...new Set(keys)]}::text[]) and status = 'pending'
    returning key, ${sql.join(MESSAGE_COLUMNS.map((column) => sql.ref(column)))}`.execute(db);
  const claimed = new Map(rows.map(({ key, ...message }) => [key, message]));
  return keys.map((key) => {
    const message = claimed.get(key);
    claimed.delete(key);
    return message && { claim, message };
  });
}

/**
 * Records how the sends went, in one statement. Only our own claim is updated (a row another run
 * marked 'unknown' meanwhile is ours too: the claim is cleared then, so match on that as well).
 */
async function settle(db: Kysely<DB>, asks: SettleAsk[]) {
  // In key order, as the claims lock them.
  const sorted = [...asks].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
  const settled = JSON.stringify(
    sorted.map(({ key, claim, settlement, at }) => ({
      key,
      claim,
      status: settlement.status,
      provider_id: settlement.status === "sent" ? settlement.providerId : null,
      transport: settlement.status === "sent" ? (settlement.transport ?? null) : null,
      whatsapp_id: settlement.status === "sent" ? (settlement.whatsappId ?? null) : null,
      whatsapp_error: settlement.status === "sent" ? (settlement.whatsappError ?? null) : null,
      last_error: settlement.status === "pending" || settlement.status === "failed" ? settlement.lastError : null,
      skip_reason: settlement.status === "skipped" ? settlement.skipReason : null,
      at,
    })),
  );
  await sql`
    update notification_sends n
       set status = s.status,
           claim = null,
           -- A sent code has done its work: not even its sealed form is kept. One sent by WhatsApp keeps it while
           -- it may still go by SMS (decision 230); the code relay drops it when the code expires.
           secret = case when s.status = 'sent' and s.transport is distinct from 'whatsapp' then null else n.secret end,
           provider_id = case when s.status = 'sent' then s.provider_id else n.provider_id end,
           transport = coalesce(s.transport, n.transport),
           whatsapp_id = coalesce(s.whatsapp_id, n.whatsapp_id),
           whatsapp_state = case when s.whatsapp_id is not null then 'accepted' else n.whatsapp_state end,
           whatsapp_error = coalesce(s.whatsapp_error, n.whatsapp_error),
           last_error = case when s.status = 'skipped' then n.last_error else s.last_error end,
           skip_reason = case when s.status = 'skipped' then s.skip_reason else n.skip_reason end,
           sent_at = case when s.status = 'sent' then s.at else n.sent_at end,
           updated_at = s.at
      from json_to_recordset(${settled}::json)
        as s(key text, claim text, status text, provider_id text, transport text, whatsapp_id text, whatsapp_error text,
             last_error text, skip_reason text, at timestamptz)
     where n.key = s.key and (n.claim = s.claim or (n.status = 'unknown' and n.claim is null))
       -- The planner cannot count a JSON document's rows: named keys keep it on the key index, off a scan of every record.
       and n.key = any(${sorted.map((ask) => ask.key)}::text[])`.execute(db);
}

/** A database blip is retried briefly, because giving up here turns a sent message into an 'unknown' one. */
async function settleWithRetries(db: Kysely<DB>, asks: SettleAsk[]): Promise<void[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      await settle(db, asks);
      return asks.map(() => undefined);
    } catch (err) {
      if (attempt >= 4) throw err;
      await new Promise((r) => setTimeout(r, 250 * 2 ** attempt));
    }
  }
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
      claim,
      message: {
        kind: row.kind,
        stream_id: row.stream_id,
        channel: row.channel,
        recipient: row.recipient,
        subject: row.subject,
        body: row.body,
        secret: row.secret,
        created_at: row.created_at,
        template: row.template,
        fallback_at: row.fallback_at,
      },
    };
  });
}
