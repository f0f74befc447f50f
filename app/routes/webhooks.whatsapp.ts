import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { readCappedBody } from "../body.server";
import { readWebhook, webhookBody } from "../../domain/whatsapp";
import { handshakeAnswer, signedByWhatsApp } from "../../services/whatsapp";

/**
 * WhatsApp's webhook (decision 230), the callback URL set in the Meta app: GET is the subscription
 * handshake (hub.mode, hub.verify_token, hub.challenge), POST the statuses of the shop's messages and the
 * parents' replies. A POST counts only with a valid X-Hub-Signature-256 over its exact bytes; a forged,
 * unsigned or oversized one changes nothing. Statuses move a record's state only forward, so WhatsApp's
 * retries (it sends again until it gets a 200) are harmless. Without WhatsApp set up, there is no webhook.
 */
const MAX_BYTES = 512 * 1024;
const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = context.shop.config.whatsapp;
  if (!settings) return new Response("WhatsApp is not set up\n", { status: 404, headers: TEXT });
  const challenge = handshakeAnswer(settings.verifyToken, new URL(request.url).searchParams);
  if (challenge === undefined) return new Response("verification failed\n", { status: 403, headers: TEXT });
  return new Response(challenge, { status: 200, headers: TEXT });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shop = context.shop;
  const settings = shop.config.whatsapp;
  if (!settings) return new Response("WhatsApp is not set up\n", { status: 404, headers: TEXT });
  if (request.method !== "POST") return new Response("POST only\n", { status: 405, headers: { ...TEXT, Allow: "GET, POST" } });
  const body = await readCappedBody(request, MAX_BYTES);
  if (!body.ok) return new Response(`${body.problem}\n`, { status: body.problem === "too-large" ? 413 : 400, headers: TEXT });
  const raw = Buffer.from(body.bytes);
  if (!signedByWhatsApp(settings.appSecret, raw, request.headers.get("X-Hub-Signature-256"))) {
    return new Response("bad signature\n", { status: 401, headers: TEXT });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString("utf8"));
  } catch {
    return new Response("not JSON\n", { status: 400, headers: TEXT });
  }
  const parsed = webhookBody.safeParse(json);
  // Signed but of a shape the shop does not read (another field of the account): taken, nothing to do.
  if (!parsed.success) return new Response("ignored\n", { status: 200, headers: TEXT });
  const { statuses, stops } = readWebhook(parsed.data, new Date());
  await shop.whatsapp.recordStatuses(statuses);
  await shop.whatsapp.stopReplies(stops);
  return new Response("ok\n", { status: 200, headers: TEXT });
}
