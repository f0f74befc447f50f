/**
 * The order's events: the one vocabulary shared by the order decider, the read
 * models, the admin audit trail and the notification reactor, each with its schema
 * and version (docs/events.md). An order lives in the stream `order-{orderId}`.
 */
import "../zod-in-browser";
import { z } from "zod";
import { createEventRegistry } from "../events/registry";
import { LANGUAGES, type Language } from "../i18n";
import { creditNoteIssuedSchema, invoiceIssuedSchema } from "../tax/events";
import type { TaxDocumentEvent } from "../tax/documents";
import type { ProductTax } from "../tax/product-tax";
import { TAX_CLASSES } from "../tax/rates";
import { accountSubject, orderSubject } from "../privacy/subjects";
import { GATEWAY_REFUND_METHOD, ORDER_CHANNELS, PAYMENT_METHODS, REFUND_METHODS, RETURN_RECEIPTS, RETURN_WANTS } from "./terms";
import { parcelEventDefinitions, type DeliveryPromise, type ParcelEvent } from "../courier/events";

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The admin's old two-way switch (OrderPaymentStatusChanged; PATCH /api/orders/{id} paymentStatus). */
export const PAYMENT_STATUSES = ["pending", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Pay by UPI to the shop's VPA, or cash on delivery (./terms.ts). */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where the money of an order stands, as the dashboard filters it (domain/orders/payment.ts derives it). */
export const PAYMENT_STANDINGS = ["unpaid", "reported", "paid", "partly refunded", "refunded"] as const;
export type PaymentStanding = (typeof PAYMENT_STANDINGS)[number];

/** The refund form's methods, and the gateway's own (decision 221). */
export type RefundMethod = (typeof REFUND_METHODS)[number] | typeof GATEWAY_REFUND_METHOD;

export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Who did it: shown in the audit trail. */
export interface Actor {
  kind: "admin" | "customer" | "guest" | "system";
  id?: string;
  name?: string;
}

export interface OrderLine {
  productId: string;
  name: string;
  size: string;
  /** School name for school uniform lines, "" otherwise. */
  school: string;
  /** Priced by the server from domain/ (or the products table), in whole rupees. */
  unitPrice: number;
  quantity: number;
  /**
   * A product of the shop's table: its HSN code and tax class when it was sold (version 4, decision 200); its invoice
   * is made with them. A catalogue line has none (its class is the catalogue's), nor has a line placed before.
   */
  tax?: ProductTax;
}

export interface ShippingAddress {
  name: string;
  /** 10 digits, no country code. */
  phone: string;
  address: string;
  city: string;
  /** 6 digits. */
  pincode: string;
}

export interface OrderCustomer {
  kind: "user" | "guest";
  userId?: string;
  name: string;
  /** Mobile number the shop calls and texts: 10 digits. */
  phone: string;
  email?: string;
}

export interface OrderPlaced {
  type: "OrderPlaced";
  data: {
    orderId: string;
    lines: OrderLine[];
    total: number;
    customer: OrderCustomer;
    address: ShippingAddress;
    /** ISO time. */
    placedAt: string;
    /** The language the shopper placed it in: the order's SMS and emails speak it (version 2; older orders read "en"). */
    language: Language;
    /** The sum of the lines (version 3; older orders: their total). */
    subtotal: number;
    /** The offer's percent and rupees off (version 3; older orders: 0). */
    discountPercent: number;
    discount: number;
    /** Delivery charged (version 3; older orders: 0). `total` = subtotal - discount + delivery: what is charged. */
    delivery: number;
    /** How the shopper chose to pay (version 3; older orders were all cash on delivery). */
    paymentMethod: PaymentMethod;
    /** Sold at the shop's counter (version 5, decision 210); absent: online, as every order before it. */
    channel?: Extract<OrderChannel, "counter">;
    /** The counter it was sold at ("1", "2"): the day close counts each drawer (version 5). */
    counter?: string;
    /**
     * The days the parent was told to expect it, from the courier's promise or the shop's own rule (version 6,
     * decision 236); absent: placed before, at the counter, or where the shop could say none.
     */
    promise?: DeliveryPromise;
  };
}

/** What the order asks to be paid, and how: placed with the order. */
export interface PaymentRequested {
  type: "PaymentRequested";
  data: { orderId: string; method: PaymentMethod; amount: number; actor: Actor; at: string };
}

/** The shopper says they paid by UPI and gives the transaction reference their app showed. */
export interface PaymentReported {
  type: "PaymentReported";
  data: { orderId: string; reference: string; actor: Actor; at: string };
}

/** The admin found the money (a reported reference in the bank statement, or a payment seen there). */
export interface PaymentConfirmed {
  type: "PaymentConfirmed";
  data: { orderId: string; amount: number; reference?: string; note: string; actor: Actor; at: string };
}

/** The admin did not find a reported payment: the order is unpaid again and the reference free. */
export interface PaymentRejected {
  type: "PaymentRejected";
  data: { orderId: string; reference: string; note: string; actor: Actor; at: string };
}

/** Cash taken at the door. */
export interface CashCollected {
  type: "CashCollected";
  data: { orderId: string; amount: number; actor: Actor; at: string };
}

/**
 * A shopper reported a reference another order holds: refused (decision 119), and kept so the
 * owner sees both claims side by side and can move the reference to the order that paid.
 * Once per order and reference.
 */
export interface PaymentReportRefused {
  type: "PaymentReportRefused";
  data: { orderId: string; reference: string; heldBy: string; actor: Actor; at: string };
}

/**
 * The owner moved a reported reference from the order that held it (`from`) to the order whose
 * report was refused for it (`to`): on `from` the report is withdrawn (unpaid again, the reference
 * never reported there again), on `to` it stands as reported, for the owner to confirm.
 */
export interface PaymentReferenceMoved {
  type: "PaymentReferenceMoved";
  data: { orderId: string; reference: string; from: string; to: string; actor: Actor; at: string };
}

/** Money given back: never more than was paid. */
/**
 * Money given back, in paise (version 2, decision 209): exactly what went back, as the credit note reverses it.
 * Version 1 recorded whole rupees (`amount`) and reads as that many rupees in paise.
 */
export interface PaymentRefunded {
  type: "PaymentRefunded";
  data: {
    orderId: string;
    paise: number;
    method: RefundMethod;
    reference?: string;
    note: string;
    /** The counter whose drawer the money came out of, for a refund given at a counter (version 3, decision 218). */
    counter?: string;
    actor: Actor;
    at: string;
  };
}

/**
 * The owner dropped units of a line the shop cannot supply, before the goods left (decision 204). The order's
 * charges after it, as the domain's rule recomputed them (./charges.ts `chargesAfterDrop`), are recorded here: every
 * page, the invoice made at dispatch and the money owed back read them, never a sum made again later.
 */
export interface OrderLineDropped {
  type: "OrderLineDropped";
  data: {
    orderId: string;
    /** The line as the order names it, and how many of its units were dropped (all of them, or some). */
    line: { productId: string; size: string; school: string; name: string; quantity: number };
    /** The owner's word to the parent and the trail ("out of stock in size 32"); may be empty. */
    note: string;
    /** The order's money after the drop: total = subtotal - discount + delivery. */
    charges: { subtotal: number; discountPercent: number; discount: number; delivery: number; total: number };
    actor: Actor;
    at: string;
  };
}

export interface OrderStatusChanged {
  type: "OrderStatusChanged";
  data: { orderId: string; from: OrderStatus; to: OrderStatus; actor: Actor; at: string };
}

export interface OrderPaymentStatusChanged {
  type: "OrderPaymentStatusChanged";
  data: { orderId: string; from: PaymentStatus; to: PaymentStatus; actor: Actor; at: string };
}

/**
 * A guest order joins an account: the parent proved, by a code sent to it, the mobile number the
 * order was placed with (signing in by phone, or adding that number to their account). The order
 * then shows in that account's Order History; it is never moved from one account to another.
 */
export interface OrderLinkedToAccount {
  type: "OrderLinkedToAccount";
  data: {
    orderId: string;
    userId: string;
    /** The number proven: the order's own mobile number. */
    phone: string;
    at: string;
    actor: Actor;
  };
}

/** A tombstone: the order leaves the default lists, its history stays. */
export interface OrderDeleted {
  type: "OrderDeleted";
  data: { orderId: string; actor: Actor; at: string };
}

/** An admin's note on the order: the shop's own, never shown to the shopper. */
export interface OrderNoteAdded {
  type: "OrderNoteAdded";
  data: { orderId: string; text: string; actor: Actor; at: string };
}

export const DELIVERY_METHODS = ["hand", "courier"] as const;
/** By the shop's own hand (Churu), or by a courier with a tracking number. */
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** How the parcel goes (or went): recorded again, it replaces the details; the trail keeps each. */
export interface DeliveryRecorded {
  type: "DeliveryRecorded";
  data: { orderId: string; method: DeliveryMethod; courier?: string; trackingNumber?: string; note?: string; actor: Actor; at: string };
}

/** A line as a return names it: the order line's product, size and school, and how many. */
export interface ReturnLine {
  productId: string;
  size: string;
  school: string;
  quantity: number;
}

/** A line a parent asks back: for an exchange, with the size wanted for it (each line its own, ReturnRequested v2). */
export interface AskedLine extends ReturnLine {
  exchangeSize?: string;
}

export type ReturnWant = (typeof RETURN_WANTS)[number];

export type ReturnReceipt = (typeof RETURN_RECEIPTS)[number];

/** The shopper asks to return lines of a delivered order, for their money back or another size (decision 103). */
export interface ReturnRequested {
  type: "ReturnRequested";
  data: {
    orderId: string;
    returnId: string;
    lines: AskedLine[];
    want: ReturnWant;
    reason: string;
    actor: Actor;
    at: string;
  };
}

export interface ReturnApproved {
  type: "ReturnApproved";
  data: { orderId: string; returnId: string; note?: string; actor: Actor; at: string };
}

export interface ReturnRefused {
  type: "ReturnRefused";
  data: { orderId: string; returnId: string; note: string; actor: Actor; at: string };
}

/** The goods are back in the shop: fetched from the home, or brought to the counter. */
export interface ReturnReceived {
  type: "ReturnReceived";
  data: { orderId: string; returnId: string; method: ReturnReceipt; actor: Actor; at: string };
}

/** One exchanged line: the same item in `toSize` (a shop product's other size is its own product, `toProductId`). */
export interface ExchangeLine {
  productId: string;
  fromSize: string;
  toSize: string;
  school: string;
  quantity: number;
  toProductId?: string;
}

/** The other size went out at no charge: the order gains the new lines. */
export interface ExchangeMade {
  type: "ExchangeMade";
  data: { orderId: string; returnId: string; lines: ExchangeLine[]; actor: Actor; at: string };
}

export type ReturnEvent = ReturnRequested | ReturnApproved | ReturnRefused | ReturnReceived | ExchangeMade;

export type PaymentEvent =
  | PaymentRequested
  | PaymentReported
  | PaymentConfirmed
  | PaymentRejected
  | CashCollected
  | PaymentRefunded
  | PaymentReportRefused
  | PaymentReferenceMoved;

export type OrderEvent =
  | OrderPlaced
  | OrderStatusChanged
  | OrderLineDropped
  | OrderPaymentStatusChanged
  | OrderDeleted
  | OrderLinkedToAccount
  | PaymentEvent
  | OrderNoteAdded
  | DeliveryRecorded
  | ReturnEvent
  | TaxDocumentEvent
  | ParcelEvent;

export const orderStreamId = (orderId: string) => `order-${orderId}`;

// The schemas say what a stored event holds, not the order's rules (the decider keeps
// those): an event refused here could never have been decided.
const actor = z.object({
  kind: z.enum(["admin", "customer", "guest", "system"]),
  id: z.string().optional(),
  name: z.string().optional(),
});
const orderStatus = z.enum(ORDER_STATUSES);
const paymentStatus = z.enum(PAYMENT_STATUSES);

const orderPlacedV1 = z.object({
  orderId: z.string(),
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      size: z.string(),
      school: z.string(),
      unitPrice: z.number().int(),
      quantity: z.number().int(),
    }),
  ),
  total: z.number().int(),
  customer: z.object({
    kind: z.enum(["user", "guest"]),
    userId: z.string().optional(),
    name: z.string(),
    phone: z.string(),
    email: z.string().optional(),
  }),
  address: z.object({ name: z.string(), phone: z.string(), address: z.string(), city: z.string(), pincode: z.string() }),
  placedAt: z.string(),
});
const orderPlacedV2 = orderPlacedV1.extend({ language: z.enum(LANGUAGES) });
const rupees = z.number().int().nonnegative();
const orderPlacedV3 = orderPlacedV2.extend({
  subtotal: rupees,
  discountPercent: z.number().int().min(0).max(100),
  discount: rupees,
  delivery: rupees,
  paymentMethod: z.enum(PAYMENT_METHODS),
});
// Version 4: a line of the shop's table carries the HSN code and tax class it was sold with (decision 200).
const orderPlacedV4 = orderPlacedV3.extend({
  lines: z.array(orderPlacedV1.shape.lines.element.extend({ tax: z.object({ hsn: z.string(), taxClass: z.enum(TAX_CLASSES) }).optional() })),
});
const orderPlacedV5 = orderPlacedV4.extend({
  channel: z.literal("counter").optional(),
  counter: z.string().min(1).max(20).optional(),
});
const promiseDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const orderPlaced = orderPlacedV5.extend({
  promise: z.object({ from: promiseDay, by: promiseDay, source: z.enum(["courier", "shop"]) }).optional(),
});
// Before the offer and delivery were charged (decision 101) an order was charged its lines' sum, cash on delivery.
const chargedAsLines = (data: z.infer<typeof orderPlacedV2>) => ({
  ...data,
  subtotal: data.total,
  discountPercent: 0,
  discount: 0,
  delivery: 0,
  paymentMethod: "cod" as const,
});
const reference = z.string().regex(/^\d{12}$/);
const returnLine = z.object({ productId: z.string(), size: z.string(), school: z.string(), quantity: z.number().int().positive() });
const returnRequestedV1 = z.object({
  orderId: z.string(),
  returnId: z.string(),
  lines: z.array(returnLine).min(1),
  want: z.enum(RETURN_WANTS),
  exchangeSize: z.string().optional(),
  reason: z.string(),
  actor,
  at: z.string(),
});
const exchangeLine = z.object({
  productId: z.string(),
  fromSize: z.string(),
  toSize: z.string(),
  school: z.string(),
  quantity: z.number().int().positive(),
  toProductId: z.string().optional(),
});

/**
 * The person's data in an order (docs/privacy.md): sealed at rest under their key. An actor's name is
 * the parent's own when they act (a cancel, a UPI report, a return); where the admin acts it is sealed
 * with the order too, so an erased order's trail reads "erased" for every name on it.
 */
const PLACED_PERSONAL = [
  "customer.name", "customer.phone", "customer.email",
  "address.name", "address.phone", "address.address", "address.city", "address.pincode",
] as const;
const byOrder = (paths: readonly string[]) => ({ subject: (data: { orderId: string }) => orderSubject(data.orderId), paths });

/**
 * Every order event with an actor but no `personal` of its own seals the actor's name with the order:
 * a parent's name is there whenever the parent acts (a cash order's PaymentRequested names them).
 */
function sealingActors<D extends Record<string, { schema: z.ZodType; personal?: unknown }>>(definitions: D): D {
  for (const definition of Object.values(definitions)) {
    const shape = (definition.schema as { shape?: Record<string, unknown> }).shape;
    if (!definition.personal && shape && "actor" in shape && "orderId" in shape) definition.personal = byOrder(["actor.name"]);
  }
  return definitions;
}

const refundFields = {
  orderId: z.string(),
  // A value added (the gateway's, decision 221): every refund stored before reads as it did.
  method: z.enum([...REFUND_METHODS, GATEWAY_REFUND_METHOD]),
  reference: reference.optional(),
  note: z.string(),
  actor,
  at: z.string(),
};
const paymentRefundedV1 = z.object({ ...refundFields, amount: z.number().int().positive() });
const paymentRefundedV2 = z.object({ ...refundFields, paise: z.number().int().positive() });
// As a counter's name (domain/counter/sale.ts COUNTER_NAME).
const paymentRefundedV3 = paymentRefundedV2.extend({ counter: z.string().regex(/^[A-Za-z0-9-]{1,20}$/).optional() });

export const orderEvents = createEventRegistry<OrderEvent>("order", sealingActors({
  OrderPlaced: {
    version: 6,
    schema: orderPlaced,
    personal: {
      // A signed-in parent's order is theirs; a guest's order is its own person until linked.
      subject: (data) => (data.customer.kind === "user" && data.customer.userId ? accountSubject(data.customer.userId) : orderSubject(data.orderId)),
      paths: [...PLACED_PERSONAL],
    },
    older: {
      // Orders placed before the shop spoke Hindi were placed in English.
      1: { schema: orderPlacedV1, up: (data: z.infer<typeof orderPlacedV1>) => ({ ...data, language: "en" }) },
      2: { schema: orderPlacedV2, up: chargedAsLines },
      // Lines placed before carry no HSN code or class: their invoices class them as the shop did then.
      3: { schema: orderPlacedV3, up: (data: z.infer<typeof orderPlacedV3>) => data },
      // Every order before the counter was an online one: no channel is online.
      4: { schema: orderPlacedV4, up: (data: z.infer<typeof orderPlacedV4>) => data },
      // Orders before decision 236 were promised no days: no promise, as they were placed.
      5: { schema: orderPlacedV5, up: (data: z.infer<typeof orderPlacedV5>) => data },
    },
  },
  OrderStatusChanged: {
    version: 1,
    schema: z.object({ orderId: z.string(), from: orderStatus, to: orderStatus, actor, at: z.string() }),
    personal: byOrder(["actor.name"]),
  },
  OrderLineDropped: {
    version: 1,
    schema: z.object({
      orderId: z.string(),
      line: z.object({ productId: z.string(), size: z.string(), school: z.string(), name: z.string(), quantity: z.number().int().positive() }),
      note: z.string().max(500),
      charges: z.object({ subtotal: rupees, discountPercent: z.number().int().min(0).max(100), discount: rupees, delivery: rupees, total: rupees }),
      actor,
      at: z.string(),
    }),
    personal: byOrder(["note", "actor.name"]),
  },
  OrderPaymentStatusChanged: {
    version: 1,
    schema: z.object({ orderId: z.string(), from: paymentStatus, to: paymentStatus, actor, at: z.string() }),
  },
  OrderDeleted: { version: 1, schema: z.object({ orderId: z.string(), actor, at: z.string() }) },
  PaymentRequested: {
    version: 1,
    schema: z.object({ orderId: z.string(), method: z.enum(PAYMENT_METHODS), amount: rupees, actor, at: z.string() }),
  },
  PaymentReported: { version: 1, schema: z.object({ orderId: z.string(), reference, actor, at: z.string() }), personal: byOrder(["actor.name"]) },
  PaymentConfirmed: {
    version: 1,
    schema: z.object({ orderId: z.string(), amount: rupees, reference: reference.optional(), note: z.string(), actor, at: z.string() }),
  },
  PaymentRejected: { version: 1, schema: z.object({ orderId: z.string(), reference, note: z.string(), actor, at: z.string() }) },
  PaymentReportRefused: { version: 1, schema: z.object({ orderId: z.string(), reference, heldBy: z.string(), actor, at: z.string() }) },
  PaymentReferenceMoved: {
    version: 1,
    schema: z.object({ orderId: z.string(), reference, from: z.string(), to: z.string(), actor, at: z.string() }),
  },
  CashCollected: { version: 1, schema: z.object({ orderId: z.string(), amount: rupees, actor, at: z.string() }) },
  PaymentRefunded: {
    version: 3,
    schema: paymentRefundedV3,
    older: {
      // Refunds before decision 209 were whole rupees: the same money in paise.
      1: { schema: paymentRefundedV1, up: ({ amount, ...rest }: z.infer<typeof paymentRefundedV1>) => ({ ...rest, paise: amount * 100 }) },
      // Before a refund at the counter named its counter (decision 218): a refund that names none, as it was.
      2: { schema: paymentRefundedV2, up: (data: z.infer<typeof paymentRefundedV2>) => data },
    },
  },
  OrderNoteAdded: {
    version: 1,
    schema: z.object({ orderId: z.string(), text: z.string().min(1).max(1000), actor, at: z.string() }),
    personal: byOrder(["text", "actor.name"]),
  },
  DeliveryRecorded: {
    version: 1,
    schema: z.object({
      orderId: z.string(),
      method: z.enum(DELIVERY_METHODS),
      courier: z.string().optional(),
      trackingNumber: z.string().optional(),
      note: z.string().optional(),
      actor,
      at: z.string(),
    }),
  },
  ReturnRequested: {
    version: 2,
    schema: z.object({
      orderId: z.string(),
      returnId: z.string(),
      lines: z.array(returnLine.extend({ exchangeSize: z.string().optional() })).min(1),
      want: z.enum(RETURN_WANTS),
      reason: z.string(),
      actor,
      at: z.string(),
    }),
    older: {
      // Before each line had its own size (issue 48): one size for every line of an exchange, written on each.
      1: {
        schema: returnRequestedV1,
        up: ({ exchangeSize, lines, ...data }: z.infer<typeof returnRequestedV1>) => ({
          ...data,
          lines: lines.map((line) => (exchangeSize ? { ...line, exchangeSize } : line)),
        }),
      },
    },
    personal: byOrder(["reason", "actor.name"]),
  },
  ReturnApproved: { version: 1, schema: z.object({ orderId: z.string(), returnId: z.string(), note: z.string().optional(), actor, at: z.string() }) },
  ReturnRefused: { version: 1, schema: z.object({ orderId: z.string(), returnId: z.string(), note: z.string(), actor, at: z.string() }) },
  ReturnReceived: {
    version: 1,
    schema: z.object({ orderId: z.string(), returnId: z.string(), method: z.enum(RETURN_RECEIPTS), actor, at: z.string() }),
  },
  ExchangeMade: {
    version: 1,
    schema: z.object({ orderId: z.string(), returnId: z.string(), lines: z.array(exchangeLine).min(1), actor, at: z.string() }),
  },
  // The shop's tax documents (domain/tax/documents.ts): no personal data, the buyer is read from the order.
  InvoiceIssued: { version: 1, schema: invoiceIssuedSchema },
  CreditNoteIssued: { version: 1, schema: creditNoteIssuedSchema },
  OrderLinkedToAccount: {
    version: 1,
    schema: z.object({ orderId: z.string(), userId: z.string(), phone: z.string(), at: z.string(), actor }),
    personal: { subject: (data) => accountSubject(data.userId), paths: ["phone", "actor.name"] },
  },
  // The parcel with a courier (domain/courier/events.ts, decision 235).
  ...parcelEventDefinitions,
}));
