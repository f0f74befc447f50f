/**
 * "Pay online" through the optional gateway (decisions 221, 222), for the pages that let a parent pay an order:
 * whether the page offers it, the form that hands the parent's browser to the gateway's hosted checkout, and the
 * gateway's answer read back. The pages decide who may pay which order (the order's full id in the address); this
 * only acts on an order they have already allowed. Nothing here believes the browser: the services check the
 * answer's signature over the gateway order the shop opened and fetch the payment from the gateway's API.
 */
import { z } from "zod";
import { isRuleViolation, refusal, type Refusal } from "../../domain/errors";
import { isOrderId } from "../../domain/orders/ids";
import { GatewayError } from "../../services/gateway/razorpay";
import type { CaptureOutcome } from "../../services/orders/gateway";
import type { OrderSummary } from "../../services/order-queries";
import type { Shop } from "../../services/index";
import { readPageForm } from "../forms/form.server";
import { GATEWAY_RETURN_PATH, ONLINE_NOTICES, donePath, type OnlineNotice } from "../../domain/payments/online";
import { orderMoney } from "./report.server";


/**
 * The word on the gateway's answer the order's page shows (`?online=`). Never "paid": the order itself says that.
 * "Did not go through" and "not confirmed yet" only while the order still awaits its payment (a webhook may have
 * paid it since); "paid twice" always.
 */
export function onlineNoticeFor(request: Request, order: OrderSummary): OnlineNotice | null {
  const value = new URL(request.url).searchParams.get("online");
  if (!(ONLINE_NOTICES as readonly string[]).includes(value ?? "")) return null;
  return value === "extra" || orderMoney(order).awaitsUpi ? (value as OnlineNotice) : null;
}

/** The order's full id from `?order=`: the authority these pages have always asked for (never the 8 characters alone). */
export function orderIdInAddress(request: Request): string | null {
  const orderId = (new URL(request.url).searchParams.get("order") ?? "").toLowerCase();
  return isOrderId(orderId) ? orderId : null;
}

/** The order a form to or from the gateway is for, from the address: a 404 without one, or when the gateway is not set up. */
export function gatewayOrderIdIn(request: Request, shop: Shop): string {
  const orderId = orderIdInAddress(request);
  if (!orderId || !shop.orders.gatewayOn) throw new Response("No such order", { status: 404 });
  return orderId;
}

/** Whether the page offers "Pay online": the gateway is set up and the order awaits its UPI payment. */
export function offersPayOnline(shop: Shop, order: OrderSummary): boolean {
  return shop.orders.gatewayOn && orderMoney(order).awaitsUpi;
}

/** The hosted checkout's form, as its documentation names the fields; posted by the parent's browser, no script needed. */
export interface GatewayHandoff {
  action: string;
  rupees: number;
  fields: Record<string, string>;
}

/**
 * The shop's public address, for the gateway to send the parent back to: SHOP_URL when set, else the address the
 * request came to (development and tests), as the page's canonical links do.
 */
function shopOrigin(shop: Shop, request: Request): string {
  return shop.config.shopUrlSet ? shop.config.shopUrl : new URL(request.url).origin;
}

/**
 * The parent's press of "Pay online": the gateway order opened (or the one already open for this amount) and the
 * form to its hosted checkout; or the refusal (paid already, cancelled, cash on delivery) or the gateway's silence.
 */
export async function handOffToGateway(
  shop: Shop,
  request: Request,
  order: OrderSummary,
): Promise<{ ok: true; handoff: GatewayHandoff } | { ok: false; refusal: Refusal; status: 404 | 409 | 503 }> {
  try {
    const checkout = await shop.orders.openGatewayCheckout(order.id);
    const origin = shopOrigin(shop, request);
    return {
      ok: true,
      handoff: {
        action: checkout.checkoutUrl,
        rupees: checkout.paise / 100,
        fields: {
          key_id: checkout.keyId,
          order_id: checkout.gatewayOrderId,
          amount: String(checkout.paise),
          currency: "INR",
          name: shop.config.shopName,
          description: `Order ${order.displayId}`,
          "prefill[name]": order.customerName,
          "prefill[contact]": order.phone,
          ...(order.email ? { "prefill[email]": order.email } : {}),
          callback_url: `${origin}${GATEWAY_RETURN_PATH}?order=${order.id}`,
          cancel_url: `${origin}${donePath(order.id)}`,
        },
      },
    };
  } catch (err) {
    if (err instanceof GatewayError) return { ok: false, refusal: refusal("gateway.unavailable"), status: 503 };
    if (isRuleViolation(err) && (err.status === 404 || err.status === 409)) return { ok: false, refusal: err, status: err.status };
    throw err;
  }
}

/** The press itself: no field but its intent, read through the one pipeline like every page form. */
const payOnlineForm = z.object({ intent: z.literal("pay-online", { error: "Please send this form from the shop's page." }) });
export const readPayOnlineForm = (request: Request) => readPageForm(request, payOnlineForm, { maxLength: { intent: 20 } });

/**
 * The hosted checkout's answer as the parent's browser posts it: on success the payment, the gateway order and
 * their signature; on failure `error[code]`, `error[description]` and the like, which the pipeline drops unread
 * (field names with brackets), so an answer without a payment is a payment that did not go through.
 */
const gatewayAnswerForm = z.object({
  razorpay_payment_id: z.string().optional(),
  razorpay_order_id: z.string().optional(),
  razorpay_signature: z.string().optional(),
});
export const readGatewayAnswer = (request: Request) =>
  readPageForm(request, gatewayAnswerForm, { maxLength: { razorpay_payment_id: 40, razorpay_order_id: 40, razorpay_signature: 128 } });

/** Where the parent goes once the answer is checked: the order's page, with a word on what the gateway said. */
export function afterAnswer(outcome: CaptureOutcome): OnlineNotice | undefined {
  if (outcome.outcome === "extra") return "extra";
  if (outcome.outcome === "notCaptured") return outcome.status === "failed" ? "failed" : "pending";
  return undefined;
}
