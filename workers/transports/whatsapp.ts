import type { TemplateMessage } from "../../domain/whatsapp";
import { WHATSAPP_TRANSPORT, type WhatsAppSettings } from "../../services/whatsapp";
import { TransportError } from "./transport";

/**
 * WhatsApp said no to this message, and another try cannot help: the template is not approved (or paused,
 * or missing in this language), the number is not on WhatsApp, a parameter does not fit. The text goes by
 * SMS at once instead (decision 230).
 */
export class WhatsAppRefusal extends Error {
  override name = "WhatsAppRefusal";
}

/** Graph API error codes that say the message cannot go by WhatsApp as it stands; any other 4xx is the shop's setup (a token). */
const REFUSALS = new Map<number, string>([
  [100, "invalid parameter (a number not on WhatsApp, or a template's parameter)"],
  [131008, "a template parameter is missing"],
  [131009, "a parameter value is not valid"],
  [131026, "the number is not on WhatsApp"],
  [131047, "re-engagement: more than 24 hours since the parent wrote"],
  [131051, "message type not supported"],
  [132000, "the template's parameters do not match"],
  [132001, "the template does not exist in this language or is not approved"],
  [132005, "the template's text is too long when filled"],
  [132007, "the template's wording breaks WhatsApp's policy"],
  [132012, "the template's parameters have the wrong format"],
  [132015, "the template is paused"],
  [132016, "the template is disabled"],
]);

/**
 * Template messages through the WhatsApp Cloud API: one POST to `<apiUrl>/<phoneNumberId>/messages` with
 * the shop's token, by plain fetch (a handful of messages an hour, not the SMS rush the SMS transport is
 * tuned for). A 5xx, a 429, a refused connection or no answer in time is retried by the job; a refusal
 * WhatsApp names (`REFUSALS`) is a WhatsAppRefusal; any other 4xx (a bad token) fails the job.
 */
export class WhatsAppTransport {
  readonly name = WHATSAPP_TRANSPORT;

  constructor(private readonly settings: WhatsAppSettings) {}

  /** Sends one template message; its WhatsApp id (wamid) back. */
  async send(message: TemplateMessage): Promise<{ id: string }> {
    const url = `${this.settings.apiUrl.replace(/\/+$/, "")}/${encodeURIComponent(this.settings.phoneNumberId)}/messages`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${this.settings.accessToken}` },
        body: JSON.stringify(message),
        redirect: "manual",
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      text = await response.text();
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string } };
      const reason = e.name === "TimeoutError" || e.name === "AbortError" ? `no answer within ${this.settings.timeoutMs} ms` : (e.cause?.code ?? e.message ?? String(err));
      throw new TransportError(`whatsapp: ${reason}`, true);
    }
    const body = parse(text);
    if (response.status >= 200 && response.status < 300) {
      const id = body?.messages?.[0]?.id;
      if (typeof id !== "string" || id === "") throw new TransportError(`whatsapp: HTTP ${response.status} without a message id`, false);
      return { id };
    }
    const code = body?.error?.code;
    const said = [code, body?.error?.message, body?.error?.error_data?.details].filter(Boolean).join(" ").slice(0, 300);
    if (typeof code === "number" && REFUSALS.has(code)) throw new WhatsAppRefusal(`${REFUSALS.get(code)} (${said})`);
    const retryable = response.status >= 500 || response.status === 429 || response.status === 408 || code === 130429 || code === 131000;
    throw new TransportError(`whatsapp: HTTP ${response.status} ${said}`.trim(), retryable);
  }
}

interface GraphAnswer {
  messages?: { id?: unknown }[];
  error?: { code?: number; message?: string; error_data?: { details?: string } };
}

function parse(text: string): GraphAnswer | undefined {
  try {
    return JSON.parse(text) as GraphAnswer;
  } catch {
    return undefined;
  }
}
