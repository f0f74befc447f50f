/**
 * Where a parent follows an order: the guest tracking page (app/routes/orders.track.tsx), with
 * the 8-character order number already filled in, so they type only their mobile number.
 * The confirmation page links to it and the order texts carry it (domain/notifications.ts).
 */
export function trackingPath(orderNumber: string): string {
  return `/orders/track?orderId=${encodeURIComponent(orderNumber)}`;
}
