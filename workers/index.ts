import { z } from "zod";
import type { Shop } from "../services/index";
import { OTP_VALID_MINUTES, otpSmsFromShown } from "../domain/otp";
import { relayCodes, RELAY_EVERY_MS } from "./code-outbox";
import { beat, HEARTBEAT_EVERY_MS, workerIdentity } from "./heartbeat";
import { UnrecoverableJobError } from "../services/queue";
import { repeat } from "./repeat";
import { createParcelPoller, PARCEL_POLL_EVERY_MS } from "./parcels";
import { codeSealKey, openCode, SealBroken } from "../services/auth/sealed-codes";
import { SendRecords, SkipSend, type ClaimedMessage } from "./sends";
import { PAYMENT_REMINDER_KIND } from "./reactor";
import { reminderSkipReason } from "../domain/notifications";
import { orderEvents } from "../domain/orders/events";
import { foldOrder } from "../domain/orders/order";
import { createTransports } from "./transports/index";
import { isSmsTemplate, type SmsTemplate } from "../domain/sms-templates";
import { startPhotoJobs } from "./photos";
import { PRIVACY_ERASED_KIND, forgetErasedRecipient } from "../services/privacy";
import { createSignInSmsBudget, SMS_BUDGET_ALERT } from "../services/auth/sms-budget";
import { createPhoneSender, fallBackToSms } from "./whatsapp";

const codeJob = z.object({ key: z.string().startsWith("otp:").max(200) });
const notificationJob = z.object({ key: z.string().min(1).max(200) });

/**
 * The worker role: registers a handler per queue, relays sign-in codes from the
 * Postgres outbox to the queue, and beats a heartbeat for /healthz. On Redis these
 * run in `shop worker`; embedded, in the one `npm start` process. Every send goes
 * through a sent-message record (workers/sends.ts), so a job that runs twice sends
 * at most once. Returns a function that stops the relay and the heartbeat (running
 * jobs finish with the queue's close).
 */
export function startJobHandlers(shop: Shop, log: (line: string) => void = console.log): () => Promise<void> {
  const { sms, email } = createTransports(shop.config, shop.db, log);
  const concurrency = shop.config.workerConcurrency;
  // One set of claim and settle statements for both queues: a code and an order's texts sent together share them.
  const records = new SendRecords(shop.db, { sms: sms.name, email: email.name });
  const sealKey = codeSealKey(shop.sessionSecret);
  const worker = workerIdentity(shop.queue);
  // The one SMS budget (decision 195): a parent's texts wait it out with the sign-in codes.
  const smsBudget = createSignInSmsBudget({ db: shop.db, queue: shop.queue, budget: shop.config.signInSms, shopName: shop.config.shopName });
  // A parent's text goes as its WhatsApp template when they chose WhatsApp and the shop has it (decision 230).
  const sendText = createPhoneSender({ db: shop.db, sms, whatsapp: shop.config.whatsapp });

  shop.queue.process(
    "otp",
    async (data, job) => {
      const parsed = codeJob.safeParse(data);
      if (!parsed.success) throw new UnrecoverableJobError("a send-code job needs the key of its code's record");
      const { key } = parsed.data;
      const outcome = await records.sendOnce(key, job, (message) => {
        // A code nobody can use any more is not worth a text.
        if (Date.now() - message.created_at.getTime() > OTP_VALID_MINUTES * 60_000) {
          throw new UnrecoverableJobError("the code expired before it could be sent");
        }
        if (!message.secret) throw new UnrecoverableJobError("the code is no longer kept; the customer can ask for a new one");
        let code: string;
        try {
          code = openCode(sealKey, message.secret, { key, phone: message.recipient });
        } catch (err) {
          if (err instanceof SealBroken) throw new UnrecoverableJobError(err.message);
          throw err;
        }
        return sendText(
          message,
          {
            to: message.recipient,
            // The kept text is in the language of the page that asked; the code goes in place of its mask.
            text: otpSmsFromShown(message.body, shop.config.shopName, code),
            shown: message.body ?? undefined,
            template: templateOf(message),
          },
          code,
        );
      });
      if (outcome !== "sent") log(`code ${key}: not sent again (${outcome})`);
    },
    { concurrency },
  );

  shop.queue.process(
    "notifications",
    async (data, job) => {
      const parsed = notificationJob.safeParse(data);
      if (!parsed.success) throw new UnrecoverableJobError("a notification job needs the key of its record");
      const { key } = parsed.data;
      const outcome = await records.sendOnce(key, job, async (message) => {
        if (message.body === null || (message.channel === "email" && message.subject === null)) {
          throw new UnrecoverableJobError(`notification ${key} has no message text`);
        }
        if (message.kind === PAYMENT_REMINDER_KIND) await stillUnpaid(shop, message);
        // The shop's own alert and the last word to an erased parent are never held back; every other text is.
        if (message.channel === "sms" && !UNBUDGETED_KINDS.has(message.kind) && (await smsBudget.textsPaused(new Date(), key))) {
          throw new SkipSend("budget");
        }
        return message.channel === "sms"
          ? sendText(message, { to: message.recipient, text: message.body, template: templateOf(message) })
          : email.send({ to: message.recipient, subject: message.subject ?? "", text: message.body });
      });
      // The "your data was erased" text was the last use of the number: its record forgets it (decision 121).
      if (outcome === "sent" && key.startsWith(`${PRIVACY_ERASED_KIND}:`)) await forgetErasedRecipient(shop.db, key);
      if (outcome === "skipped") log(`notification ${key}: no longer needed, not sent`);
      else if (outcome !== "sent" && outcome !== "already-sent") log(`notification ${key}: not sent (${outcome})`);
    },
    { concurrency },
  );

  startPhotoJobs(shop, log);

  const relay = repeat("code relay", RELAY_EVERY_MS, () => relayCodes(shop.db, shop.queue), log);
  const heartbeat = repeat("worker heartbeat", HEARTBEAT_EVERY_MS, () => beat(shop.db, worker), log);
  const whatsapp = shop.config.whatsapp;
  const fallback = whatsapp && repeat("whatsapp fallback", FALLBACK_EVERY_MS, () => fallBackToSms(shop.db, shop.queue, whatsapp), log);
  // Parcels the courier's webhook has gone quiet about are asked for by AWB (decision 232).
  const courier = shop.courier;
  const pollParcels = courier && createParcelPoller({ db: shop.db, courier });
  const parcels =
    pollParcels &&
    repeat(
      "parcel polling",
      PARCEL_POLL_EVERY_MS,
      async () => {
        const { asked, recorded } = await pollParcels();
        if (asked > 0) log(`parcel polling: asked the courier about ${asked} quiet parcels, ${recorded} new scans`);
      },
      log,
    );

  return async () => {
    await relay.stop();
    await heartbeat.stop();
    await fallback?.stop();
    await parcels?.stop();
  };
}

/** How often a job runner looks for WhatsApp texts to hand back to SMS (a code's wait is a minute). */
const FALLBACK_EVERY_MS = 5_000;

/** Texts the budget does not hold back: the trip's one text to the shop, and the notice that a parent's data was erased. */
const UNBUDGETED_KINDS: ReadonlySet<string> = new Set([SMS_BUDGET_ALERT, PRIVACY_ERASED_KIND]);

/** The registered text (DLT) the record names, if it names one the shop knows. */
function templateOf(message: ClaimedMessage): SmsTemplate | undefined {
  return isSmsTemplate(message.template) ? message.template : undefined;
}

/**
 * A payment reminder is planned hours before it is due: by then the order may be paid, its payment
 * reported, or the order cancelled or deleted. Its own stream says (the read model may lag behind);
 * a reminder no longer wanted throws SkipSend, and the record says why.
 */
async function stillUnpaid(shop: Shop, message: ClaimedMessage): Promise<void> {
  if (!message.stream_id) throw new SkipSend("missing");
  const order = foldOrder(orderEvents.readAll(await shop.store.readStream(message.stream_id)));
  const reason = reminderSkipReason(order);
  if (reason) throw new SkipSend(reason);
}
