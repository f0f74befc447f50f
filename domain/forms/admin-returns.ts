/**
 * The order page's forms for notes, delivery details and returns (decision 103), read by the page
 * form pipeline beside the payment steps (./admin-payments.ts). Only the fields' shape: the rules
 * (lengths that matter to the shop, which step may follow which) are the order decider's
 * (domain/orders/returns.ts), whose refusals come back beside the form.
 */
import "../zod-in-browser";
import { z } from "zod";
import { paymentStepForm } from "./admin-payments";
import { COURIER_STEPS, courierSteps, type CourierStepName } from "./admin-courier";
import { COURIER_MAX, NOTE_MAX, RETURN_NOTE_MAX, TRACKING_MAX } from "../orders/returns";

/**
 * The forms' own messages: zod's words, English sentences that the form pipeline puts into the page's
 * language by their text (group `returns` of refusals.json). A field the rules refuse too says what
 * the rule's key says (`returns.noteEmpty`, ...): tests/unit/refusal-keys.test.ts holds them equal.
 */
export const RETURN_FORM_MESSAGES = {
  /** An intent the order page has no form for: neither a payment step nor an after-sale one. */
  notAStep: "That request was not a step of this order's page: a payment, a note, the delivery or a return.",
  noSuchReturn: "There is no such return on this order.",
  noteEmpty: "Write the note first.",
  deliveryMethod: "Choose how the order goes: by hand or by courier.",
  receiptMethod: "Choose pickup or drop-off.",
  want: "Choose a refund or an exchange for another size.",
  reasonEmpty: "Tell us why you are returning it.",
} as const;

export const AFTER_SALE_STEPS = ["note", "delivery", "approve", "refuse", "receive", "exchange"] as const;
export type AfterSaleStepName = (typeof AFTER_SALE_STEPS)[number];

const text = () => z.string().optional();
const back = z.string().optional();
const returnId = z.string({ error: RETURN_FORM_MESSAGES.noSuchReturn }).trim().min(1, { error: RETURN_FORM_MESSAGES.noSuchReturn });

const afterSaleSteps = [
  z.object({ intent: z.literal("note"), text: z.string({ error: RETURN_FORM_MESSAGES.noteEmpty }), back }),
  z.object({
    intent: z.literal("delivery"),
    method: z.string({ error: RETURN_FORM_MESSAGES.deliveryMethod }),
    courier: text(),
    trackingNumber: text(),
    note: text(),
    back,
  }),
  z.object({ intent: z.literal("approve"), returnId, note: text(), back }),
  z.object({ intent: z.literal("refuse"), returnId, note: text(), back }),
  z.object({ intent: z.literal("receive"), returnId, method: z.string({ error: RETURN_FORM_MESSAGES.receiptMethod }), back }),
  z.object({ intent: z.literal("exchange"), returnId, back }),
] as const;

/**
 * Dropping a line before dispatch (decision 204), from the confirmation the page shows: the line as `lineKey` writes
 * it and how many of its units, as typed; the order decider refuses a line or a count it does not have, by its key.
 */
const dropStep = z.object({ intent: z.literal("drop"), line: text(), quantity: text(), note: text(), back });
export type DropStep = z.output<typeof dropStep>;

/** Every form of the order page: a payment step, an after-sale one, the courier's (./admin-courier.ts) or a line dropped. */
export const orderPageForm = z.discriminatedUnion("intent", [...paymentStepForm.options, ...afterSaleSteps, ...courierSteps, dropStep], {
  error: RETURN_FORM_MESSAGES.notAStep,
});

export type OrderPageStep = z.output<typeof orderPageForm>;
export type AfterSaleStep = Extract<OrderPageStep, { intent: AfterSaleStepName }>;

export const isAfterSaleStep = (step: OrderPageStep): step is AfterSaleStep => (AFTER_SALE_STEPS as readonly string[]).includes(step.intent);

export type CourierStep = Extract<OrderPageStep, { intent: CourierStepName }>;
export const isCourierStep = (step: OrderPageStep): step is CourierStep => (COURIER_STEPS as readonly string[]).includes(step.intent);

export const ORDER_PAGE_FORM_LIMITS = {
  maxLength: {
    note: Math.max(NOTE_MAX, RETURN_NOTE_MAX),
    text: NOTE_MAX,
    reference: 40,
    amount: 12,
    method: 10,
    courier: COURIER_MAX,
    trackingNumber: TRACKING_MAX,
    returnId: 64,
    reason: 20,
    line: 300,
    quantity: 6,
    back: 2000,
  },
  labels: {
    note: "Note",
    text: "Note",
    reference: "UPI reference",
    amount: "Amount",
    method: "Method",
    courier: "Courier",
    trackingNumber: "Tracking number",
    returnId: "Return",
    reason: "Why it came back",
    line: "Item",
    quantity: "Pieces",
    back: "Page",
  },
  pageFields: ["intent", "back", "returnId"],
} as const;

/** The shopper's return request (account and tracking pages): `qty-<n>` per order line, the rest as named. */
export const returnRequestForm = z
  .object({
    intent: z.literal("return"),
    orderId: z.string().optional(),
    phone: z.string().optional(),
    want: z.string({ error: RETURN_FORM_MESSAGES.want }),
    exchangeSize: text(),
    reason: z.string({ error: RETURN_FORM_MESSAGES.reasonEmpty }),
  })
  .catchall(z.string());

export const RETURN_REQUEST_LIMITS = {
  maxLength: { reason: 500, exchangeSize: 20, want: 10, orderId: 64, phone: 20 },
  labels: { reason: "Reason", exchangeSize: "Size wanted", want: "Refund or exchange", orderId: "Order ID", phone: "Mobile number" },
  pageFields: ["intent", "orderId"],
} as const;
