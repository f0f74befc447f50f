/**
 * The payment forms of the admin's order page (/admin/orders/{id}) for the page form pipeline
 * (decision 088): confirm a payment, reject a reported one, cash collected, a refund. The rules
 * (what may be confirmed, how much may be refunded, a rejection's note) are the order decider's
 * (domain/orders/payment.ts); this only reads the fields, the amount in paise (decision 209).
 */
import "../zod-in-browser";
import { z } from "zod";
import { NOTE_LIMIT, PAYMENT_FIELD_MESSAGES } from "../orders/payment";
import { paiseOfRupees } from "../money";

export const PAYMENT_FORM_MESSAGES = {
  notAPaymentStep: "That request was not a payment step of this order.",
} as const;

const text = () => z.string().optional();
const back = z.string({ error: PAYMENT_FORM_MESSAGES.notAPaymentStep }).optional();
// Rupees as the owner types them, to the paisa: "255", "254.79", "1,200.5"; anything else is refused here with the
// decider's own words. The step carries paise.
const paise = () =>
  z
    .string({ error: PAYMENT_FIELD_MESSAGES.refundAmount })
    .trim()
    .max(12, { error: PAYMENT_FIELD_MESSAGES.refundAmount })
    .transform((typed, ctx) => {
      const found = paiseOfRupees(typed);
      if (found === undefined || found <= 0 || found > 99_999_999) {
        ctx.addIssue({ code: "custom", message: PAYMENT_FIELD_MESSAGES.refundAmount });
        return z.NEVER;
      }
      return found;
    });

export const paymentStepForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm"), reference: text(), note: text(), back }),
    z.object({ intent: z.literal("reject"), note: text(), back }),
    z.object({ intent: z.literal("cash"), back }),
    z.object({
      intent: z.literal("refund"),
      amount: paise(),
      method: z.string({ error: PAYMENT_FIELD_MESSAGES.refundMethod }),
      reference: text(),
      note: text(),
      back,
    }),
    // Money given back through the optional gateway (decisions 221, 222): asked of it, recorded when it is processed.
    z.object({ intent: z.literal("gatewayRefund"), amount: paise(), note: text(), back }),
  ],
  { error: PAYMENT_FORM_MESSAGES.notAPaymentStep },
);

export type PaymentStep = z.output<typeof paymentStepForm>;

export const PAYMENT_STEP_FORM_LIMITS = {
  maxLength: { note: NOTE_LIMIT, reference: 40, amount: 12, method: 10, back: 2000 },
  labels: { note: "Note", reference: "UPI reference", amount: "Amount", method: "Refund by", back: "Page" },
  pageFields: ["intent", "back"],
} as const;
