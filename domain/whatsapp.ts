/**
 * The shop's texts as WhatsApp templates (decision 230). WhatsApp Business sends a business's first
 * word to a person only as a template Meta approved beforehand: a name, a category (utility for an
 * order's and a complaint's news, authentication for a sign-in code), a language, and a body with
 * numbered parameters. Each SMS the shop sends under a DLT template (./sms-templates.ts) has one
 * WhatsApp template here, in English and Hindi, saying the same: its parameters are the values the
 * SMS text carries, read back from the text by its own SMS wording, so the WhatsApp message says
 * exactly what the SMS would and the record keeps one text. Pure: the transport posts the body,
 * the webhook's statuses are read here too.
 */
import "./zod-in-browser";
import { z } from "zod";
import { CUSTOMER_TEXTS, type CustomerTexts } from "./customer-texts";
import { LANGUAGES, type Language } from "./i18n";
import { isSmsTemplate, SMS_MESSAGES, type SmsMessageName, type SmsTemplate } from "./sms-templates";

export type WhatsAppCategory = "UTILITY" | "AUTHENTICATION";

export interface WhatsAppTemplate {
  /** The template's name as registered in WhatsApp Manager. */
  name: string;
  category: WhatsAppCategory;
  /** The values of the SMS text, in the order of the body's {{1}}, {{2}}, ... */
  params: readonly string[];
  /** The body as registered, per language (an authentication template's body is Meta's own). */
  body: Record<Language, string>;
}

const THANKS = { en: "\n\nThank you for shopping with us.", hi: "\n\nहमसे ख़रीदारी के लिए धन्यवाद।" } as const;
const COMPLAINT_END = { en: "\n\nReply to this number or call us if anything is unclear.", hi: "\n\nकुछ पूछना हो तो इस नंबर पर लिखें या फ़ोन करें।" } as const;

/**
 * Every WhatsApp template the shop sends, by the SMS it stands for. A template's body may neither begin
 * nor end with a parameter, nor hold a parameter empty: the total carries its offer and delivery with it,
 * and the link is followed by a closing line. The shop's name is the sender's on WhatsApp, so it is not repeated.
 */
export const WHATSAPP_TEMPLATES: Record<SmsMessageName, WhatsAppTemplate> = {
  signInCode: {
    name: "sign_in_code",
    category: "AUTHENTICATION",
    params: ["code"],
    body: {
      en: "{{1}} is your verification code. For your security, do not share this code.",
      hi: "{{1}} आपका वेरिफ़िकेशन कोड है। अपनी सुरक्षा के लिए यह कोड किसी को न बताएँ।",
    },
  },
  orderPlaced: {
    name: "order_placed",
    category: "UTILITY",
    params: ["number", "total", "link"],
    body: {
      en: `We have your order {{1}} for {{2}}. We will message you when it ships. Track it here: {{3}}${THANKS.en}`,
      hi: `आपका ऑर्डर {{1}} ({{2}}) मिल गया है। भेजने पर हम आपको बताएँगे। ट्रैक करें: {{3}}${THANKS.hi}`,
    },
  },
  orderPlacedUpi: {
    name: "order_placed_upi",
    category: "UTILITY",
    params: ["number", "total", "upiId", "link"],
    body: {
      en: `We have your order {{1}}. Total {{2}}. Please pay by UPI to {{3}}. Pay or track it here: {{4}}${THANKS.en}`,
      hi: `आपका ऑर्डर {{1}} ({{2}}) मिल गया है। UPI से {{3}} पर भुगतान करें। भुगतान या ट्रैक: {{4}}${THANKS.hi}`,
    },
  },
  orderPlacedUpiOnPage: {
    name: "order_placed_upi_page",
    category: "UTILITY",
    params: ["number", "total", "link"],
    body: {
      en: `We have your order {{1}}. Total {{2}}. Please pay by UPI on its page: {{3}}${THANKS.en}`,
      hi: `आपका ऑर्डर {{1}} ({{2}}) मिल गया है। UPI से भुगतान यहाँ करें: {{3}}${THANKS.hi}`,
    },
  },
  orderShipped: {
    name: "order_shipped",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `Your order {{1}} has been shipped and is on its way to you. Track it here: {{2}}${THANKS.en}`,
      hi: `आपका ऑर्डर {{1}} भेज दिया गया है। ट्रैक करें: {{2}}${THANKS.hi}`,
    },
  },
  orderDelivered: {
    name: "order_delivered",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `Your order {{1}} has been delivered. Details, returns and exchanges: {{2}}${THANKS.en}`,
      hi: `आपका ऑर्डर {{1}} पहुँच गया है। ब्योरा, वापसी और बदलाव: {{2}}${THANKS.hi}`,
    },
  },
  orderCancelled: {
    name: "order_cancelled",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `Your order {{1}} has been cancelled. If you did not ask for this, please call us. Details: {{2}}${THANKS.en}`,
      hi: `आपका ऑर्डर {{1}} रद्द हो गया है। आपने नहीं कहा था तो हमें फ़ोन करें। ब्योरा: {{2}}${THANKS.hi}`,
    },
  },
  orderHoldExpired: {
    name: "order_hold_expired",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `Your order {{1}} was not paid or confirmed in time, so it is cancelled and its items are on sale again. Paid already? Please call us. Details: {{2}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} का भुगतान या पुष्टि समय पर नहीं हुई, इसलिए रद्द हुआ। भुगतान किया हो तो हमें फ़ोन करें। ब्योरा: {{2}}${THANKS.hi}`,
    },
  },
  orderLineDropped: {
    name: "order_line_dropped",
    category: "UTILITY",
    params: ["item", "number", "total", "link"],
    body: {
      en: `Sorry, we cannot supply {{1}} of your order {{2}}, so it is taken off. New total {{3}}; anything paid above it is refunded. Details: {{4}}${THANKS.en}`,
      hi: `माफ़ करें, {{1}} (ऑर्डर {{2}}) हम नहीं दे सकते, इसलिए हटाया। नया कुल {{3}}; ज़्यादा दिया हो तो लौटाएँगे। ब्योरा: {{4}}${THANKS.hi}`,
    },
  },
  paymentReminder: {
    name: "payment_reminder",
    category: "UTILITY",
    params: ["number", "amount", "upiId", "link"],
    body: {
      en: `Your order {{1}} is not paid yet. Please pay {{2}} by UPI to {{3}}. Pay or track it here: {{4}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} के {{2}} अभी बाकी हैं। UPI से {{3}} पर भेजें। भुगतान या ट्रैक: {{4}}${THANKS.hi}`,
    },
  },
  paymentReminderOnPage: {
    name: "payment_reminder_page",
    category: "UTILITY",
    params: ["number", "amount", "link"],
    body: {
      en: `Your order {{1}} is not paid yet. Please pay {{2}} by UPI on its page: {{3}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} के {{2}} अभी बाकी हैं। UPI से भुगतान यहाँ करें: {{3}}${THANKS.hi}`,
    },
  },
  grievanceFiled: {
    name: "complaint_filed",
    category: "UTILITY",
    params: ["number", "resolveBy", "link"],
    body: {
      en: `We have your complaint, ticket {{1}}. We will resolve it by {{2}}. See it here: {{3}}${COMPLAINT_END.en}`,
      hi: `आपकी शिकायत का टिकट {{1}} है। {{2}} तक हल करेंगे। देखें: {{3}}${COMPLAINT_END.hi}`,
    },
  },
  grievanceAcknowledged: {
    name: "complaint_acknowledged",
    category: "UTILITY",
    params: ["number", "resolveBy", "link"],
    body: {
      en: `We are looking into your complaint {{1}} and will resolve it by {{2}}. See it here: {{3}}${COMPLAINT_END.en}`,
      hi: `शिकायत {{1}} पर काम शुरू हो गया है। {{2}} तक हल करेंगे। देखें: {{3}}${COMPLAINT_END.hi}`,
    },
  },
  grievanceResolved: {
    name: "complaint_resolved",
    category: "UTILITY",
    params: ["number", "note", "link"],
    body: {
      en: `Your complaint {{1}} is resolved. What we did: {{2}} See it here: {{3}}${COMPLAINT_END.en}`,
      hi: `शिकायत {{1}} हल हो गई। हमने यह किया: {{2}} देखें: {{3}}${COMPLAINT_END.hi}`,
    },
  },
  returnApproved: {
    name: "return_approved",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `We agreed to your return on order {{1}}. We will call you about pickup or drop-off. Details: {{2}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} की वापसी मान ली गई। सामान लेने या लौटाने के लिए हम फ़ोन करेंगे। ब्योरा: {{2}}${THANKS.hi}`,
    },
  },
  returnReceived: {
    name: "return_received",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `We have the items you returned from order {{1}}. Details: {{2}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} का लौटाया सामान हमें मिल गया। ब्योरा: {{2}}${THANKS.hi}`,
    },
  },
  exchangeMade: {
    name: "exchange_made",
    category: "UTILITY",
    params: ["number", "link"],
    body: {
      en: `Your exchange on order {{1}} is done: the new size is yours. Details: {{2}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} का साइज़ बदल दिया गया। ब्योरा: {{2}}${THANKS.hi}`,
    },
  },
  orderRefunded: {
    name: "order_refunded",
    category: "UTILITY",
    params: ["number", "amount", "link"],
    body: {
      en: `Order {{1}}: we have refunded {{2}}. Details: {{3}}${THANKS.en}`,
      hi: `ऑर्डर {{1}} के {{2}} लौटा दिए गए। ब्योरा: {{3}}${THANKS.hi}`,
    },
  },
};

/** The WhatsApp language code of each of the shop's languages, as the templates are registered. */
export const WHATSAPP_LANGUAGE: Record<Language, string> = { en: "en", hi: "hi" };

/** Which SMS text each message is, in the words of ./customer-texts.ts. */
const SMS_TEXT: Record<SmsMessageName, (texts: CustomerTexts) => string> = {
  signInCode: (t) => t.signInCode,
  orderPlaced: (t) => t.order.placed,
  orderPlacedUpi: (t) => t.order.placedUpi,
  orderPlacedUpiOnPage: (t) => t.order.placedUpiOnPage,
  orderShipped: (t) => t.order.shipped,
  orderDelivered: (t) => t.order.delivered,
  orderCancelled: (t) => t.order.cancelled,
  orderHoldExpired: (t) => t.order.holdExpired,
  orderLineDropped: (t) => t.order.lineDropped,
  paymentReminder: (t) => t.payment.reminder,
  paymentReminderOnPage: (t) => t.payment.reminderOnPage,
  grievanceFiled: (t) => t.grievance.filed,
  grievanceAcknowledged: (t) => t.grievance.acknowledged,
  grievanceResolved: (t) => t.grievance.resolved,
  returnApproved: (t) => t.returns.approved,
  returnReceived: (t) => t.returns.received,
  exchangeMade: (t) => t.returns.exchanged,
  orderRefunded: (t) => t.returns.refunded,
};

/** The SMS wording of a registered text, placeholders and all. */
export function smsWording(template: SmsTemplate): string {
  const [message, language] = template.split(".") as [SmsMessageName, Language];
  return SMS_TEXT[message](CUSTOMER_TEXTS[language]);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The values an SMS text carries, read back by its wording: "…order {{number}} for {{total}}{{charges}}…"
 * read against "…order 3F9A1C2E for ₹3,186 (10% off ₹353)…" gives number and total (placeholders side by
 * side, like the total and its charges, are one value, named by the first). Undefined when the text is
 * not that wording (a text kept before the wording changed): it then goes by SMS as it is.
 */
export function smsValues(template: SmsTemplate, text: string): Record<string, string> | undefined {
  const wording = smsWording(template);
  const names: string[] = [];
  let pattern = "^";
  let last = 0;
  for (const match of wording.matchAll(PLACEHOLDER)) {
    const literal = wording.slice(last, match.index);
    // Side by side with the one before (nothing between): one value.
    if (literal !== "" || names.length === 0) {
      pattern += escapeRegExp(literal) + "([\\s\\S]*?)";
      names.push(match[1]);
    }
    last = match.index + match[0].length;
  }
  pattern += `${escapeRegExp(wording.slice(last))}$`;
  const found = new RegExp(pattern, "u").exec(text);
  if (!found) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, found[i + 1]]));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A template's parameter: never empty and on one line, as WhatsApp takes them ("-" for an empty note). */
function parameter(value: string | undefined): string {
  const oneLine = (value ?? "").replace(/\s+/g, " ").trim();
  return oneLine === "" ? "-" : oneLine;
}

/** What the Graph API's messages endpoint is sent for one template message. */
export interface TemplateMessage {
  messaging_product: "whatsapp";
  recipient_type: "individual";
  to: string;
  type: "template";
  template: {
    name: string;
    language: { code: string };
    components: (
      | { type: "body"; parameters: { type: "text"; text: string }[] }
      | { type: "button"; sub_type: "url"; index: "0"; parameters: { type: "text"; text: string }[] }
    )[];
  };
}

/**
 * The messages endpoint's body for a text: `to` with the country code and no plus (919876543210).
 * A sign-in code's authentication template has its copy-code button, which takes the code too.
 * Undefined when the text has no WhatsApp template or does not read as its SMS wording.
 */
export function templateMessage(input: { to: string; template: string | null; text: string; code?: string }): TemplateMessage | undefined {
  if (!isSmsTemplate(input.template)) return undefined;
  const [message, language] = input.template.split(".") as [SmsMessageName, Language];
  const whatsapp = WHATSAPP_TEMPLATES[message];
  const values = message === "signInCode" ? (input.code ? { code: input.code } : undefined) : smsValues(input.template, input.text);
  if (!values) return undefined;
  const parameters = whatsapp.params.map((name) => ({ type: "text" as const, text: parameter(values[name]) }));
  const components: TemplateMessage["template"]["components"] = [{ type: "body", parameters }];
  if (whatsapp.category === "AUTHENTICATION") components.push({ type: "button", sub_type: "url", index: "0", parameters: [parameters[0]] });
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: input.to.replace(/^\+/, ""),
    type: "template",
    template: { name: whatsapp.name, language: { code: WHATSAPP_LANGUAGE[language] }, components },
  };
}

/** Every template to register: each message in each language. */
export const WHATSAPP_REGISTRATIONS = SMS_MESSAGES.flatMap((message) =>
  LANGUAGES.map((language) => ({ message, language, ...WHATSAPP_TEMPLATES[message], body: WHATSAPP_TEMPLATES[message].body[language] })),
);

/** A message's states, as the webhook reports them; "accepted": the Graph API took it and nothing came back yet. */
export const WHATSAPP_STATES = ["accepted", "sent", "failed", "delivered", "read"] as const;
export type WhatsAppState = (typeof WHATSAPP_STATES)[number];

/**
 * Whether a reported state moves the message on: webhooks may come twice or out of order, and a
 * message read is not set back to delivered. The order is the array's: a failure counts over sent,
 * a delivery over a failure reported before it.
 */
export function movesOn(from: string | null, to: WhatsAppState): boolean {
  const rank = (state: string | null) => WHATSAPP_STATES.indexOf((state ?? "accepted") as WhatsAppState);
  return rank(to) > rank(from);
}

const error = z.object({
  code: z.number().optional(),
  title: z.string().max(500).optional(),
  message: z.string().max(500).optional(),
  error_data: z.object({ details: z.string().max(1000).optional() }).optional(),
});

const status = z.object({
  id: z.string().min(1).max(200),
  status: z.string().max(40),
  timestamp: z.string().max(20).optional(),
  recipient_id: z.string().max(40).optional(),
  errors: z.array(error).max(10).optional(),
});

const inbound = z.object({
  from: z.string().max(40),
  id: z.string().max(200),
  type: z.string().max(40),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ text: z.string().max(200).optional(), payload: z.string().max(200).optional() }).optional(),
});

/** The webhook's body (the `messages` field of a WhatsApp Business Account): what it says of the shop's messages and the parents' replies. */
export const webhookBody = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z
          .array(
            z.object({
              field: z.string().optional(),
              value: z.object({ statuses: z.array(status).max(1000).optional(), messages: z.array(inbound).max(1000).optional() }).optional(),
            }),
          )
          .max(100),
      }),
    )
    .max(100),
});

export interface StatusReport {
  id: string;
  state: WhatsAppState;
  /** When WhatsApp says it happened. */
  at: Date;
  /** Why it failed: "131026 Message undeliverable". */
  error?: string;
}

/** A parent's reply asking for no more WhatsApp messages ("STOP", "बंद करें"), by the number it came from. */
export interface StopReply {
  from: string;
}

const STOP_WORDS = new Set(["stop", "unsubscribe", "band", "बंद", "बंद करें", "रोकें"]);

/** The statuses and stop replies of a webhook body; a status the shop does not follow (deleted, warning) is left out. */
export function readWebhook(body: z.infer<typeof webhookBody>, receivedAt: Date): { statuses: StatusReport[]; stops: StopReply[] } {
  const statuses: StatusReport[] = [];
  const stops: StopReply[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      for (const s of change.value?.statuses ?? []) {
        if (!(WHATSAPP_STATES as readonly string[]).includes(s.status) || s.status === "accepted") continue;
        const seconds = Number(s.timestamp);
        const first = s.errors?.[0];
        const why = first && [first.code, first.title ?? first.message, first.error_data?.details].filter(Boolean).join(" ");
        statuses.push({
          id: s.id,
          state: s.status as WhatsAppState,
          at: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : receivedAt,
          ...(why ? { error: why } : {}),
        });
      }
      for (const m of change.value?.messages ?? []) {
        const said = (m.text?.body ?? m.button?.text ?? m.button?.payload ?? "").trim().toLowerCase();
        if (STOP_WORDS.has(said)) stops.push({ from: m.from });
      }
    }
  }
  return { statuses, stops };
}

/** "919876543210" or "+919876543210" → "9876543210", as the shop keeps numbers; undefined for any other number. */
export function indianNumberOf(waId: string): string | undefined {
  const digits = waId.replace(/^\+/, "");
  return /^91[6-9]\d{9}$/.test(digits) ? digits.slice(2) : undefined;
}
