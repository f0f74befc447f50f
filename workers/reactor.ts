import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventReader, Position, RecordedEvent } from "../eventstore/port";
import { orderEvents, type OrderEvent, type OrderPlaced } from "../domain/orders/events";
import { grievanceEvents, type GrievanceEvent, type GrievanceFiled } from "../domain/grievance/ticket";
import { grievanceSms } from "../domain/grievance/texts";
import { categoryOf, type ReadEvent } from "../domain/events/registry";
import { foldOrder } from "../domain/orders/order";
import { moveMessage } from "../domain/orders/lifecycle";
import {
  reminderSkipReason,
  orderPlacedEmail,
  orderPlacedSms,
  orderPlacedTemplate,
  orderStatusSms,
  orderStatusTemplate,
  paymentReminderSms,
  paymentReminderTemplate,
  holdExpiredSms,
  holdExpiredTemplate,
  lineDroppedSms,
  returnStepSms,
  type ReturnStep,
} from "../domain/notifications";
import { isHoldExpiry } from "../domain/orders/hold-expiry";
import type { JobQueue, NewJob } from "../services/queue";
import { SEND_COLUMNS, sendRow, type NewSend } from "./sends";
import { applyUnderCheckpoint } from "../projectors/checkpoint";
import { followFromCheckpoint, type Following } from "../projectors/follow";

export const REACTOR_NAME = "order_notifications";

/**
 * Events older than this are not announced: a reactor started for the first time
 * on an existing store, or one whose checkpoint was lost, must not text every
 * past customer about last month's order.
 */
export const MAX_EVENT_AGE_MS = 24 * 60 * 60 * 1000;

/** Order events after which the order may owe nothing any more (paid, cancelled, deleted). */
/** The order events that answer a parent's return (decision 243), each texted: yes, goods back, exchange made, money back. */
const RETURN_STEPS: Partial<Record<OrderEvent["type"], ReturnStep>> = {
  ReturnApproved: "approved",
  ReturnReceived: "received",
  ExchangeMade: "exchanged",
  PaymentRefunded: "refunded",
};

const SETTLES_AN_ORDER: ReadonlySet<OrderEvent["type"]> = new Set<OrderEvent["type"]>([
  "PaymentConfirmed",
  "CashCollected",
  "OrderPaymentStatusChanged",
  "OrderStatusChanged",
  "OrderDeleted",
]);

/** The reminder's delay when none is configured: six hours, as server/config.ts defaults it. */
export const DEFAULT_PAYMENT_REMINDER_MS = 6 * 60 * 60 * 1000;

/** The payment reminder's kind and job name: the job handler checks the order again before sending one. */
export const PAYMENT_REMINDER_KIND = "payment-reminder";
export const PAYMENT_REMINDER_JOB = "payment-reminder-sms";

export interface ReactorOptions {
  shopName: string;
  /** Where new-order emails go; none means no email. */
  shopEmail?: string;
  /** The shop's public address (SHOP_URL): the customer's texts link to the order's tracking page on it. */
  shopUrl: string;
  /** The shop's UPI ID (SHOP_UPI_ID): a UPI order's texts say where to pay. */
  upiId?: string;
  /** How long after a UPI order is placed its one reminder goes out if still unpaid (PAYMENT_REMINDER_MINUTES). */
  paymentReminderMs?: number;
  batchSize?: number;
  log?: (line: string) => void;
  now?: () => Date;
}

/** Job id from event id and channel: a duplicate delivery or a replay queues nothing new. */
export function notificationJobId(eventId: string, channel: "sms" | "email"): string {
  return `n-${eventId}-${channel}`;
}

export function notificationKey(eventId: string, channel: "sms" | "email"): string {
  return `${eventId}:${channel}`;
}

/**
 * The order-notification reactor: follows the global stream from its own
 * checkpoint (reactor_checkpoints, which no read-model rebuild touches), writes
 * a pending sent-message record per message in the same transaction that moves
 * the checkpoint, then queues one job per new record. A crash between commit
 * and queueing leaves pending records that `requeueStale` picks up.
 *
 * A UPI order's PaymentRequested plans its one payment reminder the same way, due
 * `paymentReminderMs` after the event and queued as a delayed job; the job asks the
 * order's stream again when due and skips the text if nothing is owed any more.
 */
export class NotificationReactor {
  private following?: Following;
  /** Where this reactor last left its checkpoint; undefined when another reactor may have moved it. */
  private leftAt?: { position: Position | undefined };
  private readonly log: (line: string) => void;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly store: EventReader,
    private readonly queue: JobQueue,
    private readonly options: ReactorOptions,
  ) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  async start(): Promise<void> {
    await this.db
      .insertInto("reactor_checkpoints")
      .values({ name: REACTOR_NAME, position: null })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    this.following = followFromCheckpoint(this.store, {
      label: "notification reactor",
      batchSize: this.options.batchSize ?? 200,
      checkpoint: async () => {
        const from = await readReactorCheckpoint(this.db);
        this.leftAt = { position: from };
        return from;
      },
      handle: (batch) => this.handle(batch),
      log: this.log,
    });
  }

  async stop(): Promise<void> {
    await this.following?.stop();
    this.following = undefined;
  }

  /** Plans, records and queues the messages for one batch of events. */
  async handle(batch: RecordedEvent[]): Promise<void> {
    const now = (this.options.now ?? (() => new Date()))().getTime();
    // Reading order streams happens before the transaction, so the checkpoint lock is held briefly.
    const planned: NewSend[] = [];
    const plannedFor = new Map<string, NewSend[]>();
    /** Orders of the batch that may owe nothing any more: their waiting reminders are looked at once the batch is recorded. */
    const settled = new Set<string>();
    for (const stored of batch) {
      if (categoryOf(stored.streamId) === grievanceEvents.category) {
        // A complaint's texts (decision 129): its number at once, then its acknowledgement and resolution.
        const event = grievanceEvents.read(stored);
        if (now - event.createdAt.getTime() > MAX_EVENT_AGE_MS) continue;
        const sends = await this.planGrievance(event);
        plannedFor.set(event.position, sends);
        planned.push(...sends);
        continue;
      }
      if (categoryOf(stored.streamId) !== orderEvents.category) continue;
      // An order event it cannot read stops the reactor (retried, its lag on /healthz): a skipped one would be a message never sent.
      const event = orderEvents.read(stored);
      if (SETTLES_AN_ORDER.has(event.type)) settled.add(event.streamId);
      if (event.type !== "OrderPlaced" && event.type !== "OrderStatusChanged" && event.type !== "PaymentRequested" && event.type !== "OrderLineDropped" && !(event.type in RETURN_STEPS)) continue;
      if (now - event.createdAt.getTime() > MAX_EVENT_AGE_MS) continue;
      const sends = await this.plan(event);
      plannedFor.set(event.position, sends);
      planned.push(...sends);
    }

    const inserted = (await this.recordWhereLeft(batch, planned)) ?? (await this.recordUnderLock(batch, plannedFor));
    await this.dropSettledReminders(settled);
    const fresh = new Set(inserted);
    const jobs = planned.filter((send) => fresh.has(send.key)).map(jobFor);
    if (jobs.length === 0) return;
    try {
      // The batch's jobs in one call: one Redis round trip for all of them (one a job held a rush back, decision 105).
      await this.queue.addBulk("notifications", jobs);
    } catch (err) {
      // The records are pending; requeueStale queues them again shortly.
      this.log(`notifications: could not queue ${jobs.length} (${err instanceof Error ? err.message : String(err)})`);
    }
  }

  /**
   * The usual batch: the checkpoint is where this reactor left it, so one statement moves it on
   * (compare and set) and records the batch's messages, or does neither. Undefined when the
   * checkpoint had moved (a second reactor): the batch then goes through `recordUnderLock`.
   */
  private async recordWhereLeft(batch: RecordedEvent[], planned: NewSend[]): Promise<string[] | undefined> {
    const left = this.leftAt;
    if (!left) return undefined;
    const to = batch[batch.length - 1].position;
    this.leftAt = undefined;
    const records = planned.map((send) => sendRow(send));
    // The record's columns as sendRow fills them; json_populate_recordset types them from the table.
    const columns = sql.join(SEND_COLUMNS.map((column) => sql.ref(column)));
    const { rows: [result] } = await sql<{ moved: boolean; inserted: string[] | null }>`
      with moved as (
        update reactor_checkpoints set position = ${to}, updated_at = now()
        where name = ${REACTOR_NAME} and position is not distinct from ${left.position ?? null}
        returning 1
      ), inserted as (
        insert into notification_sends (${columns})
        select ${columns} from json_populate_recordset(null::notification_sends, ${JSON.stringify(records)}::json)
        where exists (select from moved)
        on conflict (key) do nothing
        returning key
      )
      select exists (select from moved) as moved, (select array_agg(key) from inserted) as inserted`.execute(this.db);
    if (!result.moved) return undefined;
    this.leftAt = { position: to };
    return result.inserted ?? [];
  }

  /** A batch under the checkpoint's row lock, for when another reactor may have handled some of it. */
  private async recordUnderLock(batch: RecordedEvent[], plannedFor: Map<string, NewSend[]>): Promise<string[]> {
    const inserted = await applyUnderCheckpoint(this.db, this.store, "reactor_checkpoints", REACTOR_NAME, batch, async (trx, fresh) => {
      const sends = fresh.flatMap((e) => plannedFor.get(e.position) ?? []);
      if (sends.length === 0) return [];
      // A record that exists already (a lost checkpoint, a second reactor) keeps its status.
      const rows = await trx
        .insertInto("notification_sends")
        .values(sends.map((s) => sendRow(s)))
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("key")
        .execute();
      return rows.map((r) => r.key);
    });
    // Applied: the checkpoint is at the batch's end. Already applied elsewhere: it is somewhere past it.
    if (inserted !== undefined) this.leftAt = { position: batch[batch.length - 1].position };
    return inserted ?? [];
  }

  private async plan(event: ReadEvent<RecordedEvent, OrderEvent>): Promise<NewSend[]> {
    const { shopName, shopEmail, shopUrl } = this.options;
    const base = { queue: "notifications" as const, eventId: event.id, streamId: event.streamId };
    if (event.type === "OrderPlaced") {
      const order = event.data;
      // A counter sale is paid and handed over as it is placed: the parent who gave a number gets the hand-over's text.
      if (order.channel === "counter") return [];
      const sends: NewSend[] = [
        {
          ...base,
          key: notificationKey(event.id, "sms"),
          kind: "order-placed",
          channel: "sms",
          jobName: "order-placed-sms",
          jobId: notificationJobId(event.id, "sms"),
          recipient: order.customer.phone,
          // `order.language`: the shopper's page's (or the /api call's) language; a v1 event reads "en".
          body: orderPlacedSms(shopName, order, shopUrl, this.options.upiId),
          template: orderPlacedTemplate(order, this.options.upiId),
        },
      ];
      if (shopEmail) {
        const email = orderPlacedEmail(shopName, order);
        sends.push({
          ...base,
          key: notificationKey(event.id, "email"),
          kind: "order-placed",
          channel: "email",
          jobName: "order-placed-email",
          jobId: notificationJobId(event.id, "email"),
          recipient: shopEmail,
          subject: email.subject,
          body: email.text,
        });
      }
      return sends;
    }
    if (event.type === "PaymentRequested") {
      const request = event.data;
      // Cash is collected at the door: only a UPI order can be left unpaid.
      if (request.method !== "upi") return [];
      const placed = await this.placedOf(event.streamId, "payment reminder");
      if (!placed || placed.channel === "counter") return [];
      const dueAt = new Date(event.createdAt.getTime() + (this.options.paymentReminderMs ?? DEFAULT_PAYMENT_REMINDER_MS));
      return [
        {
          ...base,
          // Keyed by the PaymentRequested event: one reminder per order, however often the events are read.
          key: notificationKey(event.id, "sms"),
          kind: PAYMENT_REMINDER_KIND,
          channel: "sms",
          jobName: PAYMENT_REMINDER_JOB,
          jobId: notificationJobId(event.id, "sms"),
          recipient: placed.customer.phone,
          body: paymentReminderSms(
            shopName,
            { orderId: request.orderId, amount: request.amount, language: placed.language },
            shopUrl,
            this.options.upiId,
          ),
          template: paymentReminderTemplate(placed.language, this.options.upiId),
          dueAt,
        },
      ];
    }
    if (event.type === "OrderLineDropped") {
      // A line the shop could not supply, taken off before dispatch (decision 204): the parent hears of it and the new total.
      const placed = await this.placedOf(event.streamId, "line dropped");
      if (!placed?.customer.phone) return [];
      const { orderId, line, charges } = event.data;
      return [
        {
          ...base,
          key: notificationKey(event.id, "sms"),
          kind: "order-line-dropped",
          channel: "sms",
          jobName: "order-line-dropped-sms",
          jobId: notificationJobId(event.id, "sms"),
          recipient: placed.customer.phone,
          ...lineDroppedSms(shopName, { orderId, line, total: charges.total }, shopUrl, placed.language),
        },
      ];
    }
    const step = RETURN_STEPS[event.type];
    if (step) {
      const placed = await this.placedOf(event.streamId, `${event.type}`);
      // A walk-in parent is at the counter as the return is taken: texted nothing, as at the sale.
      if (!placed?.customer.phone || placed.channel === "counter") return [];
      const paise = event.type === "PaymentRefunded" ? event.data.paise : undefined;
      return [
        {
          ...base,
          key: notificationKey(event.id, "sms"),
          kind: `return-${step}`,
          channel: "sms",
          jobName: `return-${step}-sms`,
          jobId: notificationJobId(event.id, "sms"),
          recipient: placed.customer.phone,
          ...returnStepSms(shopName, step, { orderId: placed.orderId, language: placed.language, paise }, shopUrl),
        },
      ];
    }
    if (event.type !== "OrderStatusChanged") return [];
    const change = event.data;
    // The lifecycle says which moves the parent is texted about (decision 160): a parcel marked delivered by
    // mistake and set back to shipped, or one that came back to be sent again, sends nothing.
    if (!moveMessage(change)) return [];
    const placed = await this.placedOf(event.streamId, `status ${change.to}`);
    // A walk-in parent who gave no number is texted nothing.
    if (!placed?.customer.phone) return [];
    return [
      {
        ...base,
        key: notificationKey(event.id, "sms"),
        kind: `order-${change.to}`,
        channel: "sms",
        jobName: `order-${change.to}-sms`,
        jobId: notificationJobId(event.id, "sms"),
        recipient: placed.customer.phone,
        // In the language the order was placed in (an order placed before Hindi reads as English); an unpaid
        // hold the shop let go says why (decision 190).
        ...(isHoldExpiry(change)
          ? { body: holdExpiredSms(shopName, change.orderId, shopUrl, placed.language), template: holdExpiredTemplate(placed.language) }
          : {
              body: orderStatusSms(shopName, change.orderId, change.to, shopUrl, placed.language),
              template: orderStatusTemplate(change.to, placed.language),
            }),
      },
    ];
  }

  private async planGrievance(event: ReadEvent<RecordedEvent, GrievanceEvent>): Promise<NewSend[]> {
    let filed: GrievanceFiled["data"] | undefined;
    if (event.type === "GrievanceFiled") filed = event.data;
    else {
      const [stored] = await this.store.readStream(event.streamId, { maxCount: 1 });
      const first = stored && grievanceEvents.read(stored);
      if (first?.type === "GrievanceFiled") filed = first.data;
    }
    if (!filed) {
      this.log(`notification reactor: ${event.streamId} has no GrievanceFiled; ${event.type} not texted`);
      return [];
    }
    // Only a number the shop proved by a code is texted (decision 191): a typed one reads the ticket's page.
    if (!filed.texted) return [];
    const which = event.type === "GrievanceFiled" ? "filed" : event.type === "GrievanceAcknowledged" ? "acknowledged" : "resolved";
    const { body, template } = grievanceSms(this.options.shopName, this.options.shopUrl, which, {
      ticketId: filed.ticketId,
      number: filed.number,
      filedAt: filed.at,
      language: filed.language,
      note: event.type === "GrievanceResolved" ? event.data.note : undefined,
    });
    return [
      {
        queue: "notifications",
        eventId: event.id,
        streamId: event.streamId,
        key: notificationKey(event.id, "sms"),
        kind: `grievance-${which}`,
        channel: "sms",
        jobName: `grievance-${which}-sms`,
        jobId: notificationJobId(event.id, "sms"),
        recipient: filed.complainant.phone,
        body,
        template,
      },
    ];
  }

  /**
   * A reminder waiting for an order that is now paid, cancelled or deleted is dropped there and
   * then (decision 138): its record becomes 'skipped' with the reason, so the notifications page
   * stops announcing it, and its delayed job, when due, finds nothing pending and sends nothing.
   * The order's stream says (the read model may lag). Only a pending record is touched: one a
   * worker has claimed is settled by the worker, which asks the stream again. A reported payment
   * is not dropped here: rejected, the order is unpaid again and its reminder still wanted.
   */
  private async dropSettledReminders(streams: ReadonlySet<string>): Promise<void> {
    if (streams.size === 0) return;
    const waiting = await this.db
      .selectFrom("notification_sends")
      .select("stream_id")
      .distinct()
      .where("kind", "=", PAYMENT_REMINDER_KIND)
      .where("status", "=", "pending")
      .where("stream_id", "in", [...streams])
      .execute();
    for (const { stream_id: streamId } of waiting) {
      if (!streamId) continue;
      const reason = reminderSkipReason(foldOrder(orderEvents.readAll(await this.store.readStream(streamId))));
      if (reason !== "paid" && reason !== "cancelled" && reason !== "deleted") continue;
      await this.db
        .updateTable("notification_sends")
        .set({ status: "skipped", skip_reason: reason, updated_at: new Date() })
        .where("kind", "=", PAYMENT_REMINDER_KIND)
        .where("stream_id", "=", streamId)
        .where("status", "=", "pending")
        .execute();
    }
  }

  /** The customer's number and language: in the order's first event. */
  private async placedOf(streamId: string, what: string): Promise<OrderPlaced["data"] | undefined> {
    const [stored] = await this.store.readStream(streamId, { maxCount: 1 });
    const first = stored && orderEvents.read(stored);
    if (!first || first.type !== "OrderPlaced") {
      this.log(`notification reactor: ${streamId} has no OrderPlaced; ${what} not announced`);
      return undefined;
    }
    return first.data;
  }
}

/** A record's job: named by the record's key, under the job id that keeps a second queueing of it a no-op. */
export function jobFor(send: Pick<NewSend, "key" | "jobName" | "jobId" | "dueAt">): NewJob {
  // A reminder waits in the queue for its time (a BullMQ delayed job, a timer in-process).
  const delay = send.dueAt ? Math.max(0, send.dueAt.getTime() - Date.now()) : 0;
  return { name: send.jobName, data: { key: send.key }, options: { jobId: send.jobId, ...(delay > 0 ? { delay } : {}) } };
}

export async function readReactorCheckpoint(db: Kysely<DB>): Promise<Position | undefined> {
  const row = await db
    .selectFrom("reactor_checkpoints")
    .select("position")
    .where("name", "=", REACTOR_NAME)
    .executeTakeFirst();
  return row?.position ?? undefined;
}
