/**
 * The order's plain terms that pages show as well as the decider keeps: how a parent pays, how
 * money comes back, what a return asks for and how the goods come back, and the return window. No
 * schema here: a storefront page's browser code reads these (the seller's terms, decision 130), and
 * ./events.ts builds its schemas from the same lists (decision 151).
 */

/** Pay by UPI to the shop's VPA, or cash on delivery. */
export const PAYMENT_METHODS = ["upi", "cod"] as const;

/**
 * Where an order was sold: online (the default; every order before the counter) or at the shop's counter
 * (decision 210), handed over and paid on the spot.
 */
export const ORDER_CHANNELS = ["online", "counter"] as const;

export const REFUND_METHODS = ["cash", "upi"] as const;

/**
 * Money given back through the optional gateway (decision 221): recorded only when the gateway says the refund
 * is processed, never chosen on the refund form (the form's refund is money the owner pays himself).
 */
export const GATEWAY_REFUND_METHOD = "razorpay" as const;

export const RETURN_WANTS = ["refund", "exchange"] as const;

export const RETURN_RECEIPTS = ["pickup", "drop-off"] as const;

/** How long after delivery a parent may ask (the returns page promises 7 days). */
export const RETURN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
