import { createHmac, timingSafeEqual } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";
import type { Language } from "../domain/i18n";
import { privacyDecider, privacyEvents, privacyStreamId, type WhatsAppPlace } from "../domain/privacy/events";
import { accountSubject, orderSubject } from "../domain/privacy/subjects";
import { indianNumberOf, movesOn, type StatusReport, type StopReply } from "../domain/whatsapp";

/** The transport's name on a record a WhatsApp template went out under. */
export const WHATSAPP_TRANSPORT = "whatsapp";

/**
 * The shop's WhatsApp Business (Cloud API) settings (decision 230): WHATSAPP_PHONE_NUMBER_ID,
 * WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, and the optional rest. Unset, every
 * text goes by SMS as before.
 */
export interface WhatsAppSettings {
  /** The business phone number's id in WhatsApp Manager: messages go to `<apiUrl>/<phoneNumberId>/messages`. */
  phoneNumberId: string;
  /** A system user's permanent token with whatsapp_business_messaging. */
  accessToken: string;
  /** The Meta app's secret: every webhook is signed with it (X-Hub-Signature-256). */
  appSecret: string;
  /** What the shop answers the webhook's subscription handshake to (hub.verify_token). */
  verifyToken: string;
  /** The Graph API with its version (WHATSAPP_API_URL, default https://graph.facebook.com/v21.0). */
  apiUrl: string;
  timeoutMs: number;
  /** How long a text may stay undelivered before it goes by SMS instead (WHATSAPP_FALLBACK_MINUTES). */
  fallbackMs: number;
  /** The same for a sign-in code, which is worth nothing late (WHATSAPP_CODE_FALLBACK_SECONDS). */
  codeFallbackMs: number;
}

/**
 * Whether a webhook's body is WhatsApp's: X-Hub-Signature-256 is `sha256=` and the HMAC-SHA256 of the raw
 * body under the app's secret, compared in constant time. Anything else (no header, another secret, a body
 * changed on the way) is a forgery.
 */
export function signedByWhatsApp(appSecret: string, rawBody: Buffer, header: string | null): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice("sha256=".length), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The subscription handshake: the challenge back when the mode is subscribe and the token is the shop's; else nothing. */
export function handshakeAnswer(verifyToken: string, query: URLSearchParams): string | undefined {
  const token = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge");
  if (query.get("hub.mode") !== "subscribe" || !challenge || challenge.length > 200) return undefined;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  return a.length === b.length && timingSafeEqual(a, b) ? challenge : undefined;
}

/**
 * The parents' WhatsApp consent and the webhook's reports (decision 230). Consent is a privacy event of
 * the person (their account, or a guest's order), given and withdrawn through the command handler.
 */
export function createWhatsAppService(deps: { db: Kysely<DB>; store: ShopEvents; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const privacy = createCommandHandler(deps.store, { decider: privacyDecider, events: privacyEvents });

  async function choose(subject: string, wants: boolean, place: WhatsAppPlace, language: Language) {
    const handled = await privacy.handle(privacyStreamId(subject), {
      type: "ChooseWhatsApp",
      subject,
      wants,
      place,
      language,
      at: now().toISOString(),
    });
    return { changed: handled.changed, position: handled.position };
  }

  return {
    choose,

    /** Whether the person wants WhatsApp now, as their stream says. */
    async wants(subject: string): Promise<boolean> {
      return !!(await privacy.load(privacyStreamId(subject))).state.whatsapp;
    },

    /**
     * The webhook's statuses onto the records they are about: a state only moves forward (a webhook twice
     * or out of order changes nothing), and a failure's reason is kept. Returns how many records moved.
     */
    async recordStatuses(reports: readonly StatusReport[]): Promise<number> {
      let moved = 0;
      for (const report of reports) {
        const row = await db.selectFrom("notification_sends").select(["key", "whatsapp_state"]).where("whatsapp_id", "=", report.id).executeTakeFirst();
        if (!row || !movesOn(row.whatsapp_state, report.state)) continue;
        const updated = await db
          .updateTable("notification_sends")
          .set({ whatsapp_state: report.state, whatsapp_at: report.at, ...(report.error ? { whatsapp_error: report.error.slice(0, 500) } : {}) })
          .where("key", "=", row.key)
          // Compare and set: two deliveries of the webhook at once move it once.
          .where((eb) => (row.whatsapp_state === null ? eb("whatsapp_state", "is", null) : eb("whatsapp_state", "=", row.whatsapp_state)))
          .executeTakeFirst();
        moved += Number(updated.numUpdatedRows);
      }
      return moved;
    },

    /** A parent who replied STOP: every person with that number (their account, their guest orders) wants WhatsApp no more. */
    async stopReplies(stops: readonly StopReply[]): Promise<number> {
      let withdrawn = 0;
      for (const stop of stops) {
        const phone = indianNumberOf(stop.from);
        if (!phone) continue;
        for (const subject of await consentingSubjects(db, phone)) {
          if ((await choose(subject, false, "whatsapp", "en")).changed) withdrawn++;
        }
      }
      return withdrawn;
    },
  };
}

export type WhatsAppService = ReturnType<typeof createWhatsAppService>;

/** The people with this number whose latest word is yes: an account with it, a guest's order to it. */
async function consentingSubjects(db: Kysely<DB>, phone: string): Promise<string[]> {
  const rows = await db
    .selectFrom("whatsapp_consents")
    .select("subject")
    .where("consented", "=", true)
    .where("subject", "in", subjectsOf(phone))
    .execute();
  return rows.map((r) => r.subject);
}

function subjectsOf(phone: string) {
  return sql<string>`(
    select ${accountSubject("")} || id from users where phone = ${phone}
    union all
    select ${orderSubject("")} || id from orders where phone = ${phone} and user_id is null)`;
}

/**
 * Whether a text to this number goes by WhatsApp: the latest word of the people with the number (an
 * account, a guest's order) is yes. One who withdrew later than another consented is heard.
 */
export async function wantsWhatsApp(db: Kysely<DB>, phone: string): Promise<boolean> {
  const latest = await db
    .selectFrom("whatsapp_consents")
    .select("consented")
    .where("subject", "in", subjectsOf(phone))
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  return latest?.consented === true;
}
