/**
 * Where a parent follows an order: the guest tracking page (app/routes/orders.track.tsx), with
 * the 8-character order number already filled in, so they type only their mobile number.
 * The confirmation page links to it and the order texts carry it (domain/notifications.ts).
 */
export function trackingPath(orderNumber: string): string {
  return `/orders/track?orderId=${encodeURIComponent(orderNumber)}`;
}

/**
 * Looking an order up by its number and a mobile number is throttled per client address, as
 * password sign-in is (decision 083): each lookup is counted before the check, so parallel
 * guesses cannot outrun the limit, and given back when it found the order, so only misses count.
 * Past the limit the address waits for its window to slide (tracking.tooMany, 429).
 */
export const TRACKING_WINDOW_MINUTES = 15;
export const TRACKING_MAX_MISSES_PER_IP = 10;
/**
 * Misses on one order number from every address together (decision 193): the number is printed on the parcel, and
 * its mobile number was guessed from many addresses at once, each under its own limit. Two and a half addresses'
 * worth, so one guesser never holds the order's parent back.
 */
export const TRACKING_MAX_MISSES_PER_ORDER = 25;
/** Misses on every order from every address together: past them lookups pause for everyone (signed-in parents see their orders). */
export const TRACKING_MAX_MISSES_SHOP_WIDE = 200;
/** How long a parent who found their order may come back to its page without typing the number again. */
export const TRACKING_GRANT_MINUTES = 30;
