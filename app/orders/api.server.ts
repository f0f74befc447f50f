import type { ApiCartItem } from "../../domain/checkout";
import { checkDetails, checkOrderMobile } from "../../domain/checkout-fields";
import { RuleViolation } from "../../domain/errors";
import type { Actor, ShippingAddress } from "../../domain/orders/events";
import { legacyPaymentStatus, newPayment } from "../../domain/orders/payment";
import { upiPayLink, type UpiPayee } from "../../domain/orders/upi";
import type { CartView } from "../../services/cart";
import type { OrderItemInput, OrderSummary, PlacedOrder } from "../../services/orders";
import type { Shop } from "../../services/index";
import { json, jsonError } from "../api/http.server";
import { refusalText } from "../i18n/refusals.server";
import { bearerToken } from "../auth/api.server";
import { orderMoney } from "../payments/report.server";

// How the cart and orders look on the /api. Reading requests and answering errors is
// app/api/http.server.ts's job.

/** A cart as the /api answers it: spec section 3's cart item fields, with the server's prices. */
export function cartJson(cart: Pick<CartView, "lines" | "total" | "count">) {
  return {
    items: cart.lines.map((line) => ({
      id: line.productId,
      productId: line.productId,
      name: line.name,
      size: line.size,
      school: line.school,
      quantity: line.quantity,
      price: line.unitPrice,
      imageUrl: line.imageUrl,
      // The /api's words are English, a contract: a line's problem as the page words it in English.
      ...(line.problem ? { problem: refusalText("en", line.problem) } : {}),
    })),
    total: cart.total,
    count: cart.count,
  };
}

/**
 * An order's money on the /api (decision 101): how it is paid, where the money stands, and the
 * lines the total is made of, as the order pages show them (app/payments/report.server.ts).
 */
export function paymentJson(order: OrderSummary) {
  const money = orderMoney(order);
  return {
    paymentMethod: order.paymentMethod,
    payment: {
      status: order.paymentStatus,
      amountDue: order.total,
      amountPaid: order.amountPaid,
      // Rupees to the paisa (decision 209): 254.79.
      amountRefunded: order.refundedPaise / 100,
      reference: order.paymentReference,
    },
    subtotal: order.subtotal,
    discount: order.discount,
    // Read back from the recorded rupees: only there when an offer took something off.
    ...(money.discountPercent > 0 ? { discountPercent: money.discountPercent } : {}),
    delivery: order.delivery,
  };
}

/** Clients written before payments came read `paymentStatus` as pending|paid: "paid" while the shop keeps money. */
function legacyStatusOf(order: OrderSummary) {
  return legacyPaymentStatus({ ...newPayment(order.paymentMethod, order.total), paid: order.amountPaid, refundedPaise: order.refundedPaise });
}

/**
 * What an app needs to open the shopper's UPI app on the order's exact amount, while the order
 * awaits it; undefined for cash, a paid or cancelled order, or when the shop has no UPI ID now.
 */
export function upiJson(upi: UpiPayee | undefined, order: OrderSummary) {
  if (!upi || !orderMoney(order).awaitsUpi) return undefined;
  return { link: upiPayLink(upi, order.total, order.displayId), vpa: upi.vpa, name: upi.name, amount: order.total };
}

/** An order as the /api reads it (spec section 3, "Order (as read)"), with its money (decision 101). */
export function orderJson(order: OrderSummary) {
  return {
    id: order.id,
    displayId: order.displayId,
    userId: order.userId,
    name: order.customerName,
    phone: order.phone,
    email: order.email,
    orderDate: order.placedAt.toISOString(),
    createdAt: order.placedAt.toISOString(),
    shippingAddress: { ...order.address, line1: order.address.address },
    status: order.status,
    paymentStatus: legacyStatusOf(order),
    ...paymentJson(order),
    total: order.total,
    items: order.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      size: line.size,
      school: line.school,
      price: line.unitPrice,
      quantity: line.quantity,
    })),
  };
}

export function placedJson(placed: PlacedOrder, order: OrderSummary | undefined, upi?: UpiPayee) {
  const pay = order && upiJson(upi, order);
  return {
    message: placed.duplicate ? "This order was already placed." : "Your order has been placed. Thank you!",
    orderId: placed.orderId,
    displayId: placed.displayId,
    ...(order ? paymentJson(order) : {}),
    total: placed.total,
    duplicate: placed.duplicate,
    ...(pay ? { upi: pay } : {}),
    ...(order ? { order: orderJson(order) } : {}),
  };
}

/** Cart items as the services take them: only id, size and quantity count; a price is only compared. */
export function itemInputs(items: readonly ApiCartItem[], field = "items"): OrderItemInput[] {
  return items.map((item, index) => {
    const productId = item.productId ?? item.id;
    if (!productId) throw new RuleViolation("checkout.itemNeedsId", { field, index }, 400);
    return { productId, size: item.size, quantity: item.quantity, ...(item.price !== undefined ? { price: item.price } : {}) };
  });
}

/**
 * An address from the /api, checked with the checkout form's rules and messages: a form's field
 * message (its schema's English sentence, `Name is required`), answered as the field errors of the
 * /api's schemas are, not a rule's refusal.
 */
export function addressFrom(input: Record<string, unknown>): ShippingAddress {
  const checked = checkDetails(input);
  if (!checked.ok) throw jsonError(422, Object.values(checked.errors)[0] ?? "The address is not valid.");
  return checked.details;
}

/** A guest order's `mobileNumber`, checked with the checkout form's rule and messages (a field message, as `addressFrom`). */
export function mobileFrom(raw: string): string {
  const checked = checkOrderMobile(raw);
  if (!checked.ok) throw jsonError(422, checked.message);
  return checked.phone;
}

/**
 * A placed order's answer: 201 with the order, or 200 when the Idempotency-Key had already
 * placed it (the same order, marked `Idempotent-Replayed: true`).
 */
export function placedResponse(placed: PlacedOrder, order: OrderSummary | undefined, upi?: UpiPayee): Response {
  return json(placedJson(placed, order, upi), {
    status: placed.duplicate ? 200 : 201,
    headers: placed.duplicate ? { "Idempotent-Replayed": "true" } : {},
  });
}

/**
 * The order a payment report names, when the caller owns it: a shopper token of the order's user,
 * or, for a guest order, the order's mobile number, matched as guest tracking matches it. Anything
 * else (no such order, a deleted one, another's, a wrong number, a token that does not work) is the
 * same 404, so a caller learns nothing about orders that are not theirs.
 */
export async function ownOrderForPayment(
  request: Request,
  shop: Shop,
  id: string,
  phone: string | undefined,
): Promise<{ order: OrderSummary; actor: Actor }> {
  const order = await shop.orders.getOrder(id);
  if (order && !order.deleted) {
    const token = bearerToken(request);
    const user = token ? await shop.auth.userForToken(token, "shopper") : null;
    if (user && order.userId === user.id) return { order, actor: { kind: "customer", id: user.id, name: user.name || order.customerName } };
    const mobile = phone === undefined ? undefined : checkOrderMobile(phone);
    if (order.customerKind === "guest" && mobile?.ok) {
      const tracked = await shop.orders.findOrderForTracking(order.id, mobile.phone);
      if (tracked) return { order: tracked.order, actor: { kind: "guest", name: order.customerName } };
    }
  }
  throw jsonError(404, ORDER_NOT_FOUND);
}

const ORDER_NOT_FOUND = "Order not found.";
