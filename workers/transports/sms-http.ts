import http from "node:http";
import https from "node:https";
import type { SmsSettings } from "../../services/settings";
import { indianMobile, TransportError, type SendResult, type SmsMessage, type SmsTransport } from "./transport";

// server/config.ts reads the settings and hands them over as `shop.config.sms`; their type lives in services/, below
// every reader of `shop.config` (decision 090).
export type { SmsSettings };

const DEFAULT_URLS = {
  msg91: "https://api.msg91.com/api/v2/sendsms",
  twilio: "https://api.twilio.com",
} as const;

/**
 * SMS through an HTTP provider, MSG91 or Twilio style (SMS_PROVIDER). Every
 * number goes out with the +91 country code. A 5xx, a 429, a refused connection
 * or no answer within SMS_TIMEOUT_MS is retried by the job; any other 4xx (bad
 * number, bad credentials) fails at once, since another try cannot help.
 */
export class HttpSmsTransport implements SmsTransport {
  readonly name: string;
  /**
   * Node's own HTTP client with kept-alive connections, not fetch: on the 2-core machine fetch
   * cost about 0.3-0.6 ms of CPU a request and this about 0.1-0.2 (docs/benchmarks.md, Notifications),
   * and a rush of orders is a rush of requests. At most this many requests to the provider at once.
   */
  private readonly agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets: 50 }),
    "https:": new https.Agent({ keepAlive: true, maxSockets: 50 }),
  };

  constructor(private readonly settings: SmsSettings & { provider: "msg91" | "twilio" }) {
    this.name = settings.provider;
  }

  async send(message: SmsMessage): Promise<SendResult> {
    const to = indianMobile(message.to);
    const request = this.settings.provider === "msg91" ? this.msg91(to, message) : this.twilio(to, message.text);
    let response: { status: number; text: string };
    try {
      response = await this.post(request);
    } catch (err) {
      const e = err as { name?: string; message?: string; code?: string };
      const reason =
        e.name === "TimeoutError" || e.name === "AbortError"
          ? `no answer within ${this.settings.timeoutMs} ms`
          : (e.code ?? e.message ?? String(err));
      throw new TransportError(`${this.name}: ${reason}`, true);
    }
    if (response.status < 200 || response.status > 299) {
      const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
      throw new TransportError(`${this.name}: HTTP ${response.status} ${short(response.text)}`, retryable);
    }
    return this.settings.provider === "msg91" ? msg91Result(response.text) : twilioResult(response.text);
  }

  /**
   * One POST, its answer read whole; no answer within SMS_TIMEOUT_MS aborts it. A redirect is not
   * followed: its 3xx is a refusal like any other 4xx.
   */
  private post(request: { url: string; headers: Record<string, string>; body: string }): Promise<{ status: number; text: string }> {
    const url = new URL(request.url);
    const client = url.protocol === "https:" ? https : http;
    const body = Buffer.from(request.body);
    return new Promise((resolve, reject) => {
      const req = client.request(
        url,
        {
          method: "POST",
          agent: this.agents[url.protocol as "http:" | "https:"],
          headers: { ...request.headers, "content-length": String(body.length) },
          signal: AbortSignal.timeout(this.settings.timeoutMs),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  /**
   * MSG91 "send SMS" (v2 JSON) as India's DLT rules want it: auth key in a header, the DLT sender id,
   * the transactional route, the message's DLT template id (`DLT_TE_ID`, from SMS_DLT_TEMPLATE_*),
   * `unicode: 1` for a text beyond ASCII (Hindi, and the ₹ sign), numbers with the country code.
   */
  private msg91(to: string, message: SmsMessage) {
    const templateId = message.template && this.settings.dltTemplates[message.template];
    return {
      url: this.settings.url ?? DEFAULT_URLS.msg91,
      headers: { "content-type": "application/json", authkey: this.settings.apiKey ?? "" },
      body: JSON.stringify({
        sender: this.settings.sender ?? "CHURUU",
        route: "4",
        country: "91",
        unicode: /[\u0080-\uffff]/.test(message.text) ? 1 : 0,
        ...(templateId ? { DLT_TE_ID: templateId } : {}),
        sms: [{ message: message.text, to: [to] }],
      }),
    };
  }

  /** Twilio Messages resource: form-encoded, HTTP basic auth with the account sid and token. */
  private twilio(to: string, text: string) {
    const sid = this.settings.accountSid ?? "";
    const base = (this.settings.url ?? DEFAULT_URLS.twilio).replace(/\/+$/, "");
    return {
      url: `${base}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        authorization: `Basic ${Buffer.from(`${sid}:${this.settings.authToken ?? ""}`).toString("base64")}`,
      },
      body: new URLSearchParams({ To: to, From: this.settings.sender ?? "", Body: text }).toString(),
    };
  }
}

function short(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}...` : oneLine;
}

/** MSG91 answers 200 with {"type":"error"} for some refusals (bad auth key, bad sender). */
function msg91Result(text: string): SendResult {
  let body: { type?: string; message?: string; code?: string } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // A non-JSON 200 is still an acceptance.
  }
  if (body.type === "error") throw new TransportError(`msg91: ${body.code ?? ""} ${body.message ?? ""}`.trim(), false);
  return { providerId: typeof body.message === "string" ? body.message : undefined };
}

function twilioResult(text: string): SendResult {
  try {
    const body = JSON.parse(text) as { sid?: string };
    return { providerId: body.sid };
  } catch {
    return {};
  }
}
