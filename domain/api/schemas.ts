// Every /api request body as a zod schema, in one place for the routes, docs/api.md and the
// contract tests. Types and shape only where the rule needs I/O or has its own message
// (checked after parsing, answered 422); unknown fields are refused (decision 070).
import "../zod-in-browser";
import { z } from "zod";
import { apiCartSchema, apiGuestOrderSchema, apiUserOrderSchema } from "../checkout";
import { apiProductBody, apiProductPatchBody, apiStockBody } from "../admin-products";
import { PAYMENT_METHODS } from "../orders/terms";
import { NOTE_LIMIT, PAYMENT_FIELD_MESSAGES } from "../orders/payment";

export { apiCartSchema, apiGuestOrderSchema, apiUserOrderSchema, apiProductBody, apiProductPatchBody, apiStockBody };

const email = z.string().max(320, "The email can be at most 320 characters.");
const password = z.string().max(1024, "The password can be at most 1024 characters.");
const phone = z.string().max(32, "The phone number can be at most 32 characters.");

/** POST /api/users/login: email and password, or only phone (spec section 7). */
export const loginBody = z.strictObject({ email: email.optional(), password: password.optional(), phone: phone.optional() });

/** POST /api/users/register: email and password (and a name), or only phone. */
export const registerBody = z.strictObject({
  email: email.optional(),
  password: password.optional(),
  phone: phone.optional(),
  name: z.string().max(100, "The name can be at most 100 characters.").optional(),
});

/** `code`: an admin with a second factor (decision 197) sends the authenticator app's code, or a recovery code. */
export const adminLoginBody = z.strictObject({ email, password, code: z.string().max(40, "The code can be at most 40 characters.").optional() });
export const sendOtpBody = z.strictObject({ phone });
export const verifyOtpBody = z.strictObject({ phone, otp: z.string().max(32, "The code can be at most 32 characters.") });

/** PATCH /api/orders/{id}: status and/or paymentStatus (the values are checked by the order rules: 422). */
export const orderPatchBody = z.strictObject({
  status: z.string().max(40, "The status can be at most 40 characters.").optional(),
  paymentStatus: z.string().max(40, "The payment status can be at most 40 characters.").optional(),
});

const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: `The payment method must be one of ${PAYMENT_METHODS.join(", ")}.` });
/** The orders' `paymentMethod`: optional, cash on delivery when left out (decision 101). */
const withPaymentMethod = { paymentMethod: paymentMethodSchema.optional() };

/** POST /api/orders/guest with the payment method. */
export const apiGuestOrderBody = apiGuestOrderSchema.extend(withPaymentMethod);
/** POST /api/orders with the payment method. */
export const apiUserOrderBody = apiUserOrderSchema.extend(withPaymentMethod);

// A reference is 12 digits; apps group them with spaces or dashes, so a few more characters are read (the rule: 422).
const upiReference = z.string().max(40, "The UPI reference can be at most 40 characters.");
const paymentNote = z.string().max(NOTE_LIMIT, PAYMENT_FIELD_MESSAGES.noteTooLong);

/** POST /api/orders/{id}/payment: the shopper's UPI reference; a guest also sends the order's mobile number. */
export const paymentReportBody = z.strictObject({ reference: upiReference, phone: phone.optional() });

/** POST /api/orders/{id}/payment/confirm: the reference seen in the bank (else the reported one) and a note. */
export const paymentConfirmBody = z.strictObject({ reference: upiReference.optional(), note: paymentNote.optional() });

/** POST /api/orders/{id}/payment/reject: why (the shopper is told to check the reference). */
export const paymentRejectBody = z.strictObject({ note: paymentNote });

/** POST /api/orders/{id}/payment/refund: rupees given back, how (cash or upi), the UPI reference of a UPI refund, a note. */
export const paymentRefundBody = z.strictObject({
  amount: z.number({ error: "The refund amount must be a number." }).finite(),
  method: z.string().max(20, PAYMENT_FIELD_MESSAGES.refundMethod),
  reference: upiReference.optional(),
  note: paymentNote.optional(),
});
