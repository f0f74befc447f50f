import { isMobileNumber } from "../../domain/phone";
import type { SmsTemplate } from "../../domain/sms-templates";

/** One outgoing message. Phone numbers are 10 digits; transports add +91 where a provider needs it. */
export interface SmsMessage {
  to: string;
  text: string;
  /** The text as it may be stored or printed, when `text` holds a secret (a sign-in code): "****** is your ...". */
  shown?: string;
  /** Which registered text it is (India's DLT rules): the provider is given its template id. */
  template?: SmsTemplate;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

/** What a transport learnt from the provider: its id for the message, when it gives one. */
export interface SendResult {
  providerId?: string;
  /** The transport that took it, when not the channel's own: "whatsapp" for a text sent as a WhatsApp template. */
  transport?: string;
  /** A text that went by WhatsApp: its message id; or why WhatsApp refused it before it went by SMS (decision 230). */
  whatsapp?: { id?: string; error?: string };
}

export interface SmsTransport {
  readonly name: string;
  send(message: SmsMessage): Promise<SendResult | void>;
}

export interface EmailTransport {
  readonly name: string;
  send(message: EmailMessage): Promise<SendResult | void>;
}

/**
 * A provider said no. `retryable` tells whether another try may succeed (a 5xx,
 * a timeout, a refused connection) or not (a 4xx: a bad number, bad credentials);
 * the job fails at once in the second case.
 */
export class TransportError extends Error {
  override name = "TransportError";
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/**
 * A 10-digit Indian mobile number in the international form providers want:
 * "+919876543210". The shop stores numbers as 10 digits (the spec's rule); a
 * provider that rejects a number which is not a real mobile answers with a 4xx.
 */
export function indianMobile(phone: string): string {
  const digits = phone.trim();
  if (!isMobileNumber(digits)) {
    throw new TransportError(`not a 10-digit Indian mobile number: ${maskPhone(phone)}`, false);
  }
  return `+91${digits}`;
}

/** "98******10": enough for an operator to match a complaint, not enough to spam. */
export function maskPhone(phone: string): string {
  const p = phone.replace(/\s/g, "");
  if (p.length < 6) return "*".repeat(p.length);
  return `${p.slice(0, 2)}${"*".repeat(p.length - 4)}${p.slice(-2)}`;
}
