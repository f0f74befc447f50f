/**
 * What an order id looks like: a UUID in lower case (services/orders.ts derives it from the
 * idempotency key). Anything else names no order, whichever page or call it came through.
 */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isOrderId(value: string): boolean {
  return ORDER_ID.test(value);
}
