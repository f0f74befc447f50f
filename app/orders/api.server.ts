import { checkDetails, checkOrderMobile, type ApiCartItem } from "../../domain/checkout";
import { RuleViolation } from "../../domain/errors";
import type { ShippingAddress } from "../../domain/orders/events";
import type { CartView } from "../../services/cart";
import type { OrderItemInput, OrderSummary, PlacedOrder } from "../../services/orders";
import { json } from "../api/http.server";

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
      ...(line.problem ? { problem: line.problem } : {}),
    })),
    total: cart.total,
    count: cart.count,
  };
}

/** An order as the /api reads it (spec section 3, "Order (as read)"). */
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
    paymentStatus: order.paymentStatus,
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

export function placedJson(placed: PlacedOrder, order: OrderSummary | undefined) {
  return {
    message: placed.duplicate ? "This order was already placed." : "Your order has been placed. Thank you!",
    orderId: placed.orderId,
    displayId: placed.displayId,
    total: placed.total,
    duplicate: placed.duplicate,
    ...(order ? { order: orderJson(order) } : {}),
  };
}

/** Cart items as the services take them: only id, size and quantity count; a price is only compared. */
export function itemInputs(items: readonly ApiCartItem[], field = "items"): OrderItemInput[] {
  return items.map((item, index) => {
    const productId = item.productId ?? item.id;
    if (!productId) throw new RuleViolation(`Invalid request: ${field}.${index}: send the product's id (id or productId).`, 400);
    return { productId, size: item.size, quantity: item.quantity, ...(item.price !== undefined ? { price: item.price } : {}) };
  });
}

/** An address from the /api, checked with the checkout form's rules and messages. */
export function addressFrom(input: Record<string, unknown>): ShippingAddress {
  const checked = checkDetails(input);
  if (!checked.ok) {
    const first = Object.values(checked.errors)[0] ?? "The address is not valid.";
    throw new RuleViolation(first, 422);
  }
  return checked.details;
}

/** A guest order's `mobileNumber`, checked with the checkout form's rule and messages. */
export function mobileFrom(raw: string): string {
  const checked = checkOrderMobile(raw);
  if (!checked.ok) throw new RuleViolation(checked.message, 422);
  return checked.phone;
}

/**
 * A placed order's answer: 201 with the order, or 200 when the Idempotency-Key had already
 * placed it (the same order, marked `Idempotent-Replayed: true`).
 */
export function placedResponse(placed: PlacedOrder, order: OrderSummary | undefined): Response {
  return json(placedJson(placed, order), {
    status: placed.duplicate ? 200 : 201,
    headers: placed.duplicate ? { "Idempotent-Replayed": "true" } : {},
  });
}
