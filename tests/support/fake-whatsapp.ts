import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TemplateMessage } from "../../domain/whatsapp";

/**
 * WhatsApp's side, faked at the HTTP edge (decision 230): a Graph API that takes template messages as the
 * Cloud API does (POST /<version>/<phone number id>/messages, a bearer token, `{ messages: [{ id }] }` back,
 * a Graph error object for a refusal), and the Meta app's webhook calls to the shop, signed as Meta signs them.
 */
export const TEST_WHATSAPP = {
  phoneNumberId: "106540352242922",
  accessToken: "test-whatsapp-token",
  appSecret: "test-whatsapp-app-secret",
  verifyToken: "test-whatsapp-verify-token",
};

export interface WhatsAppRequest {
  path: string;
  authorization: string | undefined;
  body: TemplateMessage;
  /** The id the fake answered with. */
  id: string;
}

export interface GraphReply {
  status?: number;
  /** A Graph error: `{ error: { code, message } }`. */
  error?: { code: number; message: string };
}

export interface FakeWhatsApp {
  url: string;
  /** Settings that point a shop's WhatsApp here. */
  env: Record<string, string>;
  requests: WhatsAppRequest[];
  /** Decides each answer; the default accepts. */
  reply: (request: Omit<WhatsAppRequest, "id">) => GraphReply;
  /** Template messages to a 10-digit number. */
  to(phone: string): WhatsAppRequest[];
  close(): Promise<void>;
}

export async function startFakeWhatsApp(): Promise<FakeWhatsApp> {
  let next = 1;
  const fake: FakeWhatsApp = {
    url: "",
    env: {},
    requests: [],
    reply: () => ({}),
    to: (phone) => fake.requests.filter((r) => r.body.to === `91${phone}`),
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as TemplateMessage;
      const asked = { path: req.url ?? "", authorization: req.headers.authorization, body };
      const answer = fake.reply(asked);
      if (answer.error) {
        res.writeHead(answer.status ?? 400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { ...answer.error, type: "OAuthException", fbtrace_id: "AbC" } }));
        return;
      }
      const id = `wamid.TEST${String(next++).padStart(6, "0")}`;
      fake.requests.push({ ...asked, id });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ messaging_product: "whatsapp", contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  fake.env = {
    WHATSAPP_PHONE_NUMBER_ID: TEST_WHATSAPP.phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: TEST_WHATSAPP.accessToken,
    WHATSAPP_APP_SECRET: TEST_WHATSAPP.appSecret,
    WHATSAPP_VERIFY_TOKEN: TEST_WHATSAPP.verifyToken,
    WHATSAPP_API_URL: `${fake.url}/v21.0`,
  };
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

/** A webhook body with these statuses (and replies), as the Cloud API sends them for the `messages` field. */
export function webhookPayload(
  statuses: { id: string; status: string; errors?: { code: number; title: string }[] }[],
  messages: { from: string; text: string }[] = [],
): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "919876500000", phone_number_id: TEST_WHATSAPP.phoneNumberId },
              statuses: statuses.map((s) => ({ ...s, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: "919876543210" })),
              messages: messages.map((m, i) => ({ from: m.from, id: `wamid.IN${i}`, timestamp: String(Math.floor(Date.now() / 1000)), type: "text", text: { body: m.text } })),
            },
          },
        ],
      },
    ],
  });
}

/** Posts a webhook to the shop signed with `secret` (the app's, unless a forgery is meant). */
export function postWebhook(shopUrl: string, body: string, secret = TEST_WHATSAPP.appSecret): Promise<Response> {
  const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
  return fetch(`${shopUrl}/webhooks/whatsapp`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Hub-Signature-256": signature },
    body,
  });
}
