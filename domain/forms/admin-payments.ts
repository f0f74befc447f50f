/**
 * The payment forms of the admin's order page (/admin/orders/{id}) for the page form pipeline
 * (decision 088): confirm a payment, reject a reported one, cash collected, a refund. The rules
 * (what may be confirmed, how much may be refunded, a rejection's note) are the order decider's
 * (domain/orders/payment.ts); this only reads the fields, the amount as a number.
 */
import "../zod-in-browser";
import { z } from "zod";
import { NOTE_LIMIT, PAYMENT_FIELD_MESSAGES } from "../orders/payment";

export const PAYMENT_FORM_MESSAGES = {
  notAPaymentStep: "That request was not a payment step of this order.",
} as const;

const text = () => z.string().optional();
const back = z.string({ error: PAYMENT_FORM_MESSAGES.notAPaymentStep }).optional();
// Digits only: "1,200" or "12.50" are refused here with the decider's own words.
const rupees = () =>
  z
    .string({ error: PAYMENT_FIELD_MESSAGES.refundAmount })
    .trim()
    .regex(/^\d{1,7}$/, { error: PAYMENT_FIELD_MESSAGES.refundAmount })
    .transform(Number);

export const paymentStepForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm"), reference: text(), note: text(), back }),
    z.object({ intent: z.literal("reject"), note: text(), back }),
    z.object({ intent: z.literal("cash"), back }),
    z.object({
      intent: z.literal("refund"),
      amount: rupees(),
      method: z.string({ error: PAYMENT_FIELD_MESSAGES.refundMethod }),
      reference: text(),
      note: text(),
      back,
    }),
    // Money given back through the optional gateway (decisions 221, 222): asked of it, recorded when it is processed.
    z.object({ intent: z.literal("gatewayRefund"), amount: rupees(), note: text(), back }),
  ],
  { error: PAYMENT_FORM_MESSAGES.notAPaymentStep },
);

export type PaymentStep = z.output<typeof paymentStepForm>;

export const PAYMENT_STEP_FORM_LIMITS = {
  maxLength: { note: NOTE_LIMIT, reference: 40, amount: 12, method: 10, back: 2000 },
  labels: { note: "Note", reference: "UPI reference", amount: "Amount", method: "Refund by", back: "Page" },
  pageFields: ["intent", "back"],
} as const;
