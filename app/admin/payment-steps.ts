/** The payment steps of the order page's Payment section, as its forms' `intent` and its `?saved=` name them. */
export const PAYMENT_STEPS = ["confirm", "reject", "cash", "refund", "gatewayRefund"] as const;
export type PaymentStepName = (typeof PAYMENT_STEPS)[number];
