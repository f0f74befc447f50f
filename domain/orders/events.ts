/**
 * The order's events: the one vocabulary shared by the order decider, the read
 * models, the admin audit trail and the notification reactor, each with its schema
 * and version (docs/events.md). An order lives in the stream `order-{orderId}`.
 */
import "../zod-in-browser";
import { z } from "zod";
import { createEventRegistry } from "../events/registry";
import { LANGUAGES, type Language } from "../i18n";

export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = ["pending", "paid"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

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

/** A tombstone: the order leaves the default lists, its history stays. */
export interface OrderDeleted {
  type: "OrderDeleted";
  data: { orderId: string; actor: Actor; at: string };
}

export type OrderEvent = OrderPlaced | OrderStatusChanged | OrderPaymentStatusChanged | OrderDeleted;

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
const orderPlaced = orderPlacedV1.extend({ language: z.enum(LANGUAGES) });

export const orderEvents = createEventRegistry<OrderEvent>("order", {
  OrderPlaced: {
    version: 2,
    schema: orderPlaced,
    // Orders placed before the shop spoke Hindi were placed in English.
    older: { 1: { schema: orderPlacedV1, up: (data: z.infer<typeof orderPlacedV1>) => ({ ...data, language: "en" }) } },
  },
  OrderStatusChanged: {
    version: 1,
    schema: z.object({ orderId: z.string(), from: orderStatus, to: orderStatus, actor, at: z.string() }),
  },
  OrderPaymentStatusChanged: {
    version: 1,
    schema: z.object({ orderId: z.string(), from: paymentStatus, to: paymentStatus, actor, at: z.string() }),
  },
  OrderDeleted: { version: 1, schema: z.object({ orderId: z.string(), actor, at: z.string() }) },
});
