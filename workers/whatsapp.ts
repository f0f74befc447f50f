import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { OTP_VALID_MINUTES } from "../domain/otp";
import { templateMessage } from "../domain/whatsapp";
import type { JobQueue, QueueName } from "../services/queue";
import { wantsWhatsApp, WHATSAPP_TRANSPORT, type WhatsAppSettings } from "../services/whatsapp";
import type { ClaimedMessage } from "./sends";
import { indianMobile, type SendResult, type SmsMessage, type SmsTransport } from "./transports/transport";
import { WhatsAppRefusal, WhatsAppTransport } from "./transports/whatsapp";

/**
 * How a parent's text leaves (decision 230): as its WhatsApp template when the shop has WhatsApp, the
 * text has a template, and the latest word of the parent at that number is yes; otherwise, or once the
 * record was handed back to SMS, by SMS. A template WhatsApp refuses (not approved, paused, a number not
 * on WhatsApp) goes by SMS at once, in the same send, and the record says why.
 */
export function createPhoneSender(deps: { db: Kysely<DB>; sms: SmsTransport; whatsapp?: WhatsAppSettings }) {
  const whatsapp = deps.whatsapp && new WhatsAppTransport(deps.whatsapp);
  return async function sendText(message: ClaimedMessage, sms: SmsMessage, code?: string): Promise<SendResult | void> {
    if (!whatsapp || message.channel !== "sms" || message.fallback_at) return deps.sms.send(sms);
    const body = templateMessage({ to: indianMobile(message.recipient), template: message.template, text: message.body ?? "", code });
    if (!body || !(await wantsWhatsApp(deps.db, message.recipient))) return deps.sms.send(sms);
    try {
      const { id } = await whatsapp.send(body);
      return { providerId: id, transport: WHATSAPP_TRANSPORT, whatsapp: { id } };
    } catch (err) {
      if (!(err instanceof WhatsAppRefusal)) throw err;
      const sent = await deps.sms.send(sms);
      return { ...(sent ?? {}), whatsapp: { error: `refused: ${err.message}` } };
    }
  };
}

/**
 * Hands back to SMS, once, each text WhatsApp failed (a number not on WhatsApp, reported by the webhook)
 * or did not deliver in time (WHATSAPP_FALLBACK_MINUTES; a sign-in code WHATSAPP_CODE_FALLBACK_SECONDS,
 * and only while it is valid): its record turns pending again, marked, under a new job id, and the SMS goes
 * through the same at-most-once record as every text. `fallback_at` makes it once, whoever sweeps.
 */
export async function fallBackToSms(db: Kysely<DB>, queue: JobQueue, settings: Pick<WhatsAppSettings, "fallbackMs" | "codeFallbackMs">, now = new Date()): Promise<number> {
  const textsBefore = new Date(now.getTime() - settings.fallbackMs);
  const codesBefore = new Date(now.getTime() - settings.codeFallbackMs);
  const codesValidSince = new Date(now.getTime() - OTP_VALID_MINUTES * 60_000);
  const { rows } = await sql<{ key: string; queue: string; job_name: string; job_id: string }>`
    update notification_sends
       set status = 'pending', fallback_at = ${now}, claim = null, attempts = 0, last_error = null,
           job_id = job_id || '-sms', updated_at = ${now}
     where transport = ${WHATSAPP_TRANSPORT} and status = 'sent' and fallback_at is null
       and (whatsapp_state = 'failed'
            or (coalesce(whatsapp_state, 'accepted') in ('accepted', 'sent')
                and sent_at < case when queue = 'otp' then ${codesBefore}::timestamptz else ${textsBefore}::timestamptz end))
       and (queue <> 'otp' or (secret is not null and created_at > ${codesValidSince}))
    returning key, queue, job_name, job_id`.execute(db);
  for (const row of rows) {
    // A queue that refuses now (Redis down): the record is pending, and the stale sweep or the code relay queues it.
    await queue.add(row.queue as QueueName, row.job_name, { key: row.key }, { jobId: row.job_id }).catch(() => undefined);
  }
  return rows.length;
}
