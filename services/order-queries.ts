// What the order pages, the account page, guest tracking and the admin read: the orders
// read model (projectors/orders.ts) and, for the audit trail, the order's own stream.
import { sql, type Kysely, type Selectable, type SqlBool } from "kysely";
import type { DB, OrdersTable } from "../db/schema";
import {
  orderEvents,
  orderStreamId,
  type Actor,
  type OrderEvent,
  type OrderLine,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStanding,
  type ShippingAddress,
} from "../domain/orders/events";
import { isOrderId } from "../domain/orders/ids";
import { isMobileNumber } from "../domain/phone";
import type { ShopEvents, Position } from "../eventstore/port";

export interface OrderSummary {
  id: string;
  /** What people see and say: 8 characters. */
  displayId: string;
  userId: string | null;
  customerKind: "user" | "guest";
  customerName: string;
  phone: string;
  email: string | null;
  address: ShippingAddress;
  lines: OrderLine[];
  itemCount: number;
  total: number;
  /** What the total is made of (decision 101): total = subtotal - discount + delivery. */
  subtotal: number;
  /** The offer's percent when it applied, else 0. */
  discountPercent: number;
  discount: number;
  delivery: number;
  status: OrderStatus;
  /** Where the money stands: unpaid, reported, paid, partly refunded, refunded. */
  paymentStatus: PaymentStanding;
  paymentMethod: PaymentMethod;
  /** The reported reference awaiting the admin, else the confirmed one. */
  paymentReference: string | null;
  amountPaid: number;
  /** Paise given back (decision 209). */
  refundedPaise: number;
  deleted: boolean;
  placedAt: Date;
  updatedAt: Date;
}

/** One orders read-model row (projectors/orders.ts) as an order; the admin dashboard reads the same rows. */
export function toOrderSummary(row: Selectable<OrdersTable>): OrderSummary {
  return {
    id: row.id,
    displayId: row.short_id,
    userId: row.user_id,
    customerKind: row.customer_kind,
    customerName: row.customer_name,
    phone: row.phone,
    email: row.email,
    address: { name: row.ship_name, phone: row.ship_phone, address: row.address_line, city: row.city, pincode: row.pincode },
    lines: (typeof row.lines === "string" ? JSON.parse(row.lines) : row.lines) as OrderLine[],
    itemCount: Number(row.item_count),
    total: Number(row.total),
    subtotal: Number(row.subtotal),
    discountPercent: Number(row.discount_percent),
    discount: Number(row.discount),
    delivery: Number(row.delivery),
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStanding,
    paymentMethod: row.payment_method as PaymentMethod,
    paymentReference: row.payment_reference,
    amountPaid: Number(row.amount_paid),
    refundedPaise: Number(row.refunded_paise),
    deleted: row.deleted,
    placedAt: new Date(row.placed_at),
    updatedAt: new Date(row.updated_at),
  };
}

export interface StatusHistoryEntry {
  revision: number;
  field: "status" | "payment_status" | "payment" | "deleted";
  from: string | null;
  to: string;
  actor: Actor;
  at: Date;
}

export type TrailEntry = OrderEvent & {
  revision: number;
  at: Date;
  position: Position;
};

export type OrderSort = "placed_at" | "id" | "user_id";


export function createOrderQueries(deps: { db: Kysely<DB>; store: ShopEvents }) {
  const { db, store } = deps;

  /** Status and payment history from the read model, oldest first. */
  async function getStatusHistory(orderId: string): Promise<StatusHistoryEntry[]> {
    const rows = await db
      .selectFrom("order_status_history")
      .selectAll()
      .where("order_id", "=", orderId)
      .orderBy("revision")
      .execute();
    return rows.map((r) => ({
      revision: Number(r.revision),
      field: r.field,
      from: r.from_value,
      to: r.to_value,
      actor: {
        kind: r.actor_kind as Actor["kind"],
        ...(r.actor_id ? { id: r.actor_id } : {}),
        ...(r.actor_name ? { name: r.actor_name } : {}),
      },
      at: new Date(r.at),
    }));
  }

  return {
    /** One order from the read model (deleted ones too: the admin may look one up). */
    async getOrder(orderId: string): Promise<OrderSummary | undefined> {
      const id = orderId.trim().toLowerCase();
      if (!isOrderId(id)) return undefined;
      const row = await db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toOrderSummary(row);
    },

    /** The address of the user's latest order: the checkout form starts from it. */
    async lastAddress(userId: string): Promise<ShippingAddress | undefined> {
      const row = await db
        .selectFrom("orders")
        .select(["ship_name", "ship_phone", "address_line", "city", "pincode"])
        .where("user_id", "=", userId)
        .orderBy("placed_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row && { name: row.ship_name, phone: row.ship_phone, address: row.address_line, city: row.city, pincode: row.pincode };
    },

    /**
     * Guest orders placed with this mobile number that are on no account yet, oldest first: what
     * joins an account once the number is proven (services/orders.ts `linkGuestOrders`). Read
     * through the index on the reversed number (migration 0015) that the admin's search uses.
     */
    async unlinkedOrdersOf(phone: string): Promise<string[]> {
      if (!isMobileNumber(phone)) return [];
      const rows = await db
        .selectFrom("orders")
        .select("id")
        .where(sql<SqlBool>`reverse(phone) = ${[...phone].reverse().join("")}`)
        .where("phone", "=", phone)
        .where("user_id", "is", null)
        .orderBy("placed_at")
        .limit(500)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The address of the user's latest order and when it was placed: the checkout's pre-fill weighs it against saved ones. */
    async lastOrderAddress(userId: string): Promise<{ address: ShippingAddress; placedAt: string } | undefined> {
      const row = await db
        .selectFrom("orders")
        .select(["ship_name", "ship_phone", "address_line", "city", "pincode", "placed_at"])
        .where("user_id", "=", userId)
        .orderBy("placed_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return (
        row && {
          address: { name: row.ship_name, phone: row.ship_phone, address: row.address_line, city: row.city, pincode: row.pincode },
          placedAt: new Date(row.placed_at).toISOString(),
        }
      );
    },

    /** The account page: the user's orders, newest first, without deleted ones. */
    async getOrderHistory(userId: string): Promise<OrderSummary[]> {
      const rows = await db
        .selectFrom("orders")
        .selectAll()
        .where("user_id", "=", userId)
        .where("deleted", "=", false)
        .orderBy("placed_at", "desc")
        .orderBy("id")
        .limit(500)
        .execute();
      return rows.map(toOrderSummary);
    },

    /**
     * The admin list. Filters and sorts match the indexes of the orders table;
     * deleted orders only when asked for.
     */
    async listOrders(options: {
      status?: OrderStatus;
      sort?: OrderSort;
      direction?: "asc" | "desc";
      includeDeleted?: boolean;
      limit?: number;
      offset?: number;
    } = {}): Promise<OrderSummary[]> {
      const sort = options.sort ?? "placed_at";
      const direction = options.direction ?? (sort === "placed_at" ? "desc" : "asc");
      let query = db.selectFrom("orders").selectAll();
      if (options.status) query = query.where("status", "=", options.status);
      if (!options.includeDeleted) query = query.where("deleted", "=", false);
      query = query.orderBy(sort, direction);
      if (sort !== "placed_at") query = query.orderBy("placed_at", "desc");
      const rows = await query
        .orderBy("id", direction)
        .limit(Math.min(options.limit ?? 200, 1000))
        .offset(options.offset ?? 0)
        .execute();
      return rows.map(toOrderSummary);
    },

    /** Every event of one order, read from its stream: the audit trail. */
    async getOrderTrail(orderId: string): Promise<TrailEntry[]> {
      const id = orderId.trim().toLowerCase();
      if (!isOrderId(id)) return [];
      const events = orderEvents.readAll(await store.readStream(orderStreamId(id)));
      return events.map((e): TrailEntry => ({ ...e, at: e.createdAt }));
    },

    getStatusHistory,

    /**
     * Guest tracking: the order id (the 8 characters shown, or the full id) and the
     * mobile number on the order must both match. Undefined otherwise, without
     * saying which part was wrong.
     */
    async findOrderForTracking(
      orderId: string,
      phone: string,
    ): Promise<{ order: OrderSummary; history: StatusHistoryEntry[] } | undefined> {
      const raw = orderId.trim().replace(/^#/, "");
      const mobile = phone.trim();
      if (!isMobileNumber(mobile)) return undefined;
      let query = db.selectFrom("orders").selectAll().where("deleted", "=", false);
      if (isOrderId(raw.toLowerCase())) query = query.where("id", "=", raw.toLowerCase());
      else if (/^[0-9a-f]{8}$/i.test(raw)) query = query.where("short_id", "=", raw.toUpperCase());
      else return undefined;
      const rows = await query
        .where((eb) => eb.or([eb("phone", "=", mobile), eb("ship_phone", "=", mobile)]))
        .orderBy("placed_at", "desc")
        .limit(2)
        .execute();
      // Two orders sharing the 8 characters and the phone: ask for the full id rather than guess.
      if (rows.length !== 1) return undefined;
      const order = toOrderSummary(rows[0]);
      return { order, history: await getStatusHistory(order.id) };
    },
  };
}
