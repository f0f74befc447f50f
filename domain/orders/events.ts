/**
 * The order's events: the one vocabulary shared by the order decider, the read
 * models, the admin audit trail and the notification reactor.
 * An order lives in the stream `order-{orderId}`.
 */

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
