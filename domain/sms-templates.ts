/**
 * Which registered text each SMS is. In India every SMS of a business goes out under a sender id
 * (a 6-letter "header") and a content template registered on a DLT portal (TRAI's rules); an
 * operator drops a message whose template id is missing or whose words do not match the template.
 * Each text of `CUSTOMER_TEXTS` the shop sends is one template per language: the sign-in code, the
 * order's "placed" texts (cash, UPI with the shop's UPI ID, UPI paid on the order's page), the
 * status texts, the payment reminder's two, a complaint's three, and a return's answers (approved, received, exchanged,
 * refunded). The workers record the template with each send and
 * the SMS transport names its id to the provider (`SMS_DLT_TEMPLATE_<NAME>`, `..._HI` for Hindi).
 */
import { LANGUAGES, type Language } from "./i18n";

export const SMS_MESSAGES = [
  "signInCode",
  "orderPlaced",
  "orderPlacedUpi",
  "orderPlacedUpiOnPage",
  "orderShipped",
  "orderDelivered",
  "orderCancelled",
  "orderHoldExpired",
  "orderLineDropped",
  "paymentReminder",
  "paymentReminderOnPage",
  "grievanceFiled",
  "grievanceAcknowledged",
  "grievanceResolved",
  "returnApproved",
  "returnReceived",
  "exchangeMade",
  "orderRefunded",
] as const;
export type SmsMessageName = (typeof SMS_MESSAGES)[number];

/** A registered text: a message in one language, "orderPlaced.hi". */
export type SmsTemplate = `${SmsMessageName}.${Language}`;

export function smsTemplate(message: SmsMessageName, language: Language): SmsTemplate {
  return `${message}.${language}`;
}

/** Every template the shop may send: each message in each language. */
export const SMS_TEMPLATES: readonly SmsTemplate[] = SMS_MESSAGES.flatMap((message) => LANGUAGES.map((language) => smsTemplate(message, language)));

export function isSmsTemplate(value: unknown): value is SmsTemplate {
  return typeof value === "string" && (SMS_TEMPLATES as readonly string[]).includes(value);
}

/** "orderPlacedUpi.hi" → SMS_DLT_TEMPLATE_ORDER_PLACED_UPI_HI; English has no suffix. */
export function dltTemplateSetting(template: SmsTemplate): string {
  const [message, language] = template.split(".") as [SmsMessageName, Language];
  const words = message.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase();
  return `SMS_DLT_TEMPLATE_${words}${language === "en" ? "" : `_${language.toUpperCase()}`}`;
}

/** A DLT sender id (header): six letters, as the portals register them. */
export const SENDER_ID = /^[A-Za-z]{6}$/;
/** A DLT content template id: digits (19 on the portals today; a little room either way). */
export const DLT_TEMPLATE_ID = /^\d{12,25}$/;
