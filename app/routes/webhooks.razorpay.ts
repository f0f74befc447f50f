import { RuleViolation } from "../../domain/errors";
import { GatewayError } from "../../services/gateway/razorpay";
import { readCappedBody } from "../body.server";
import { apiRoute, json, jsonError } from "../api/http.server";

/** A webhook body is a few kilobytes; anything past this is not one. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * POST /webhooks/razorpay: the gateway's webhooks (decision 221). The body is read as the bytes that came, and its
 * X-Razorpay-Signature checked over exactly them before anything in it is believed: a forged or altered one is a
 * 400 and changes nothing. A payment is then believed only as the gateway's API says it is. 200 for every event the
 * shop has recorded, knew already or does not use, so the gateway stops sending it; 502 when the gateway's API did
 * not answer, so it sends it again later. Without the gateway's settings the address does not exist (404).
 */
const api = apiRoute({
  async POST({ request, context }) {
    const shop = context.shop;
    if (!shop.orders.gatewayOn) throw new RuleViolation("gateway.off", {}, 404);
    const body = await readCappedBody(request, WEBHOOK_MAX_BYTES);
    if (!body.ok) throw new RuleViolation("gateway.badWebhook", {}, body.problem === "too-large" ? 413 : 400);
    try {
      const { applied } = await shop.orders.receiveWebhook(body.bytes, request.headers.get("x-razorpay-signature"));
      return json({ status: applied?.outcome ?? "ignored" });
    } catch (err) {
      if (err instanceof GatewayError) {
        context.log.warn({ err }, "a Razorpay webhook could not be checked with Razorpay's API");
        return jsonError(502, "Razorpay's API did not answer; send the webhook again later.");
      }
      throw err;
    }
  },
});
export const loader = api;
export const action = api;
