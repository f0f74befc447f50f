import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { RecordedEvent } from "../eventstore/port";
import { streamCategory } from "../eventstore/port";
import { orderEvents, type OrderEvent, type OrderPlaced } from "../domain/orders/events";
import type { ReadEvent } from "../domain/events/registry";
import { displayOrderId } from "../domain/orders/order";
import { evolvePayment, newPayment, paymentStanding, type PaymentState } from "../domain/orders/payment";
import { linesAsHeld } from "../domain/orders/held-lines";
import { linesAfterDrop } from "../domain/orders/drop-line";
import type { Projector } from "./projector";
import { insertRows } from "./bulk";
import type { ApplyContext } from "./projector";
import { STOCK_TABLES, applyStock } from "./stock";
import { stockEvents } from "../domain/stock/events";
import { privacyEvents } from "../domain/privacy/events";
import { ERASED } from "../domain/privacy/erased";

type ReadOrderEvent = ReadEvent<RecordedEvent, OrderEvent>;

/**
 * Every event of an order stream, read through the registry: one it cannot read stops the
 * projector with its position (the batch is retried and /healthz shows the lag) rather
 * than leaving the read model silently short of it.
 */
function readOrderEvents(events: readonly RecordedEvent[]): ReadOrderEvent[] {
  const read: ReadOrderEvent[] = [];
  for (const event of events) if (streamCategory(event.streamId) === "order") read.push(orderEvents.read(event));
  return read;
}

function placedRow(data: OrderPlaced["data"]) {
  return {
    id: data.orderId,
    short_id: displayOrderId(data.orderId),
    user_id: data.customer.userId ?? null,
    customer_kind: data.customer.kind,
    customer_name: data.customer.name,
    phone: data.customer.phone,
    email: data.customer.email ?? null,
    ship_name: data.address.name,
    ship_phone: data.address.phone,
    address_line: data.address.address,
    city: data.address.city,
    pincode: data.address.pincode,
    lines: data.lines as unknown,
    item_count: data.lines.reduce((sum, line) => sum + line.quantity, 0),
    total: data.total,
    subtotal: data.subtotal,
    discount_percent: data.discountPercent,
    discount: data.discount,
    delivery: data.delivery,
    payment_method: data.paymentMethod as string,
    payment_status: "unpaid",
    payment_reference: null as string | null,
    amount_paid: 0,
    refunded_paise: 0,
    status: "pending",
    deleted: false,
    deleted_at: null as string | null,
    placed_at: data.placedAt,
    updated_at: data.placedAt,
  };
}

const ORDER_COLUMNS = {
  id: "text", short_id: "text", user_id: "text", customer_kind: "text", customer_name: "text", phone: "text",
  email: "text", ship_name: "text", ship_phone: "text", address_line: "text", city: "text", pincode: "text",
  lines: "jsonb", item_count: "integer", total: "integer", subtotal: "integer", discount_percent: "integer", discount: "integer", delivery: "integer",
  payment_method: "text", payment_status: "text", payment_reference: "text", amount_paid: "integer", refunded_paise: "bigint",
  status: "text", deleted: "boolean", deleted_at: "timestamptz", placed_at: "timestamptz", updated_at: "timestamptz",
};

const HISTORY_COLUMNS = {
  order_id: "text", revision: "integer", event_type: "text", field: "text", from_value: "text", to_value: "text",
  actor_kind: "text", actor_id: "text", actor_name: "text", at: "timestamptz",
};

interface OrderChange {
  status?: string;
  /** A guest order linked to an account (OrderLinkedToAccount): it moves into that account's history. */
  user_id?: string;
  lines?: OrderPlaced["data"]["lines"];
  item_count?: number;
  /** The money after a line dropped before dispatch (decision 204). */
  total?: number;
  subtotal?: number;
  discount_percent?: number;
  discount?: number;
  delivery?: number;
  payment_status?: string;
  payment_reference?: string | null;
  amount_paid?: number;
  refunded_paise?: number;
  deleted?: boolean;
  deleted_at?: string;
  updated_at: string;
}

/**
 * One row per order: the customer's history, the admin list (filters and sorts
 * have their indexes), guest tracking. A deleted order keeps its row, flagged.
 *
 * A batch is folded in memory first: orders placed in the batch are inserted
 * with their latest state, and changes to older orders become one bulk
 * update. A replay of a million events then costs a few statements per batch,
 * not one per event.
 */
/** The payment columns of a row, as the fold of its payment (domain/orders/payment.ts). */
function paymentColumns(payment: PaymentState) {
  return {
    payment_status: paymentStanding(payment) as string,
    payment_reference: payment.reported?.reference ?? payment.reference ?? null,
    amount_paid: payment.paid,
    refunded_paise: payment.refundedPaise,
  };
}

/** The payments of orders placed before this batch, as their rows hold them: the batch's payment events fold on from there. */
async function paymentsBefore(trx: Kysely<DB>, orderIds: string[]): Promise<Map<string, PaymentState>> {
  const payments = new Map<string, PaymentState>();
  if (orderIds.length === 0) return payments;
  const rows = await trx
    .selectFrom("orders")
    .select(["id", "payment_method", "total", "payment_status", "payment_reference", "amount_paid", "refunded_paise"])
    .where("id", "in", orderIds)
    .execute();
  for (const row of rows) {
    const reported = row.payment_status === "reported" && row.payment_reference ? { reference: row.payment_reference, at: "" } : undefined;
    const confirmed = row.payment_status !== "reported" && row.payment_reference ? { reference: row.payment_reference } : {};
    payments.set(row.id, {
      ...newPayment(row.payment_method as PaymentState["method"], Number(row.total)),
      paid: Number(row.amount_paid),
      refundedPaise: Number(row.refunded_paise),
      ...(reported ? { reported } : {}),
      ...confirmed,
    });
  }
  return payments;
}

/** Notes, delivery details and returns (decision 103): only an exchange changes a column (the lines). */
const AFTER_SALE_TYPES: ReadonlySet<string> = new Set([
  "OrderNoteAdded",
  "DeliveryRecorded",
  "ReturnRequested",
  "ReturnApproved",
  "ReturnRefused",
  "ReturnReceived",
  "ExchangeMade",
  // A parcel with a courier (decision 235): its scans show from the stream; its status changes are their own events.
  "ShipmentBooked",
  "ParcelScanned",
  "ParcelReturnedToOrigin",
  "DeliveryPromised",
  // Tax documents (projectors/tax.ts keeps them): no column of the order changes.
  "InvoiceIssued",
  "CreditNoteIssued",
]);

const isPaymentEvent = (event: ReadOrderEvent) =>
  event.type !== "OrderPlaced" &&
  event.type !== "OrderStatusChanged" &&
  event.type !== "OrderDeleted" &&
  event.type !== "OrderLinkedToAccount" &&
  event.type !== "OrderLineDropped" &&
  !AFTER_SALE_TYPES.has(event.type);

/** The lines of orders placed before this batch that an exchange in it changes. */
async function linesBefore(trx: Kysely<DB>, orderIds: string[]): Promise<Map<string, OrderPlaced["data"]["lines"]>> {
  const lines = new Map<string, OrderPlaced["data"]["lines"]>();
  if (orderIds.length === 0) return lines;
  const rows = await trx.selectFrom("orders").select(["id", "lines"]).where("id", "in", orderIds).execute();
  for (const row of rows) lines.set(row.id, (typeof row.lines === "string" ? JSON.parse(row.lines) : row.lines) as OrderPlaced["data"]["lines"]);
  return lines;
}

async function applyOrders(trx: Kysely<DB>, events: ReadOrderEvent[], guarded: boolean, context?: ApplyContext): Promise<void> {
  const placed = new Map<string, ReturnType<typeof placedRow>>();
  const changed = new Map<string, OrderChange>();
  const placedHere = new Set(events.filter((e) => e.type === "OrderPlaced").map((e) => e.data.orderId));
  const olderPaid = [...new Set(events.filter((e) => isPaymentEvent(e) && !placedHere.has(e.data.orderId)).map((e) => e.data.orderId))];
  const payments = await paymentsBefore(trx, olderPaid);
  const relined = (e: ReadOrderEvent) => e.type === "ExchangeMade" || e.type === "OrderLineDropped";
  const exchanged = [...new Set(events.filter((e) => relined(e) && !placedHere.has(e.data.orderId)).map((e) => e.data.orderId))];
  // A drop changes what the order charges, which its payment folds on from (the row's total).
  const droppedOlder = events.filter((e) => e.type === "OrderLineDropped" && !placedHere.has(e.data.orderId) && !payments.has(e.data.orderId)).map((e) => e.data.orderId);
  for (const [id, payment] of await paymentsBefore(trx, [...new Set(droppedOlder)])) payments.set(id, payment);
  const lines = await linesBefore(trx, exchanged);
  for (const event of events) {
    if (event.type === "OrderPlaced") {
      placed.set(event.data.orderId, placedRow(event.data));
      payments.set(event.data.orderId, newPayment(event.data.paymentMethod, event.data.total));
      lines.set(event.data.orderId, event.data.lines);
      continue;
    }
    let change: OrderChange;
    if (event.type === "ExchangeMade") {
      const before = lines.get(event.data.orderId);
      if (!before) continue;
      const after = linesAsHeld(before, event.data.lines);
      lines.set(event.data.orderId, after);
      change = { lines: after, item_count: after.reduce((sum, line) => sum + line.quantity, 0), updated_at: event.data.at };
    } else if (event.type === "OrderLineDropped") {
      const before = lines.get(event.data.orderId);
      if (!before) continue;
      const after = linesAfterDrop(before, event.data.line);
      lines.set(event.data.orderId, after);
      const { subtotal, discountPercent, discount, delivery, total } = event.data.charges;
      const payment = payments.get(event.data.orderId);
      if (payment) payments.set(event.data.orderId, { ...payment, due: total });
      change = {
        lines: after, item_count: after.reduce((sum, line) => sum + line.quantity, 0),
        total, subtotal, discount_percent: discountPercent, discount, delivery, updated_at: event.data.at,
      };
    } else if (AFTER_SALE_TYPES.has(event.type) || event.type === "InvoiceIssued" || event.type === "CreditNoteIssued") continue;
    else if (event.type === "OrderStatusChanged") change = { status: event.data.to, updated_at: event.data.at };
    else if (event.type === "OrderDeleted") change = { deleted: true, deleted_at: event.data.at, updated_at: event.data.at };
    else if (event.type === "OrderLinkedToAccount") change = { user_id: event.data.userId, updated_at: event.data.at };
    else {
      const before = payments.get(event.data.orderId);
      // A payment event for an order the read model lacks: its OrderPlaced will be refused or come; nothing to fold onto.
      if (!before) continue;
      const after = evolvePayment(before, event);
      payments.set(event.data.orderId, after);
      change = { ...paymentColumns(after), updated_at: event.data.at };
    }
    const row = placed.get(event.data.orderId);
    if (row) Object.assign(row, change);
    else changed.set(event.data.orderId, { ...changed.get(event.data.orderId), ...change });
  }
  await insertRows(trx, "orders", ORDER_COLUMNS, [...placed.values()], {
    onConflict: guarded ? sql`on conflict (id) do nothing` : undefined,
    context,
  });
  if (changed.size > 0) {
    const changes = JSON.stringify([...changed].map(([id, change]) => ({ id, ...change })));
    await sql`update orders as o set
        status = coalesce(v.status, o.status),
        user_id = coalesce(v.user_id, o.user_id),
        lines = coalesce(v.lines, o.lines),
        item_count = coalesce(v.item_count, o.item_count),
        total = coalesce(v.total, o.total),
        subtotal = coalesce(v.subtotal, o.subtotal),
        discount_percent = coalesce(v.discount_percent, o.discount_percent),
        discount = coalesce(v.discount, o.discount),
        delivery = coalesce(v.delivery, o.delivery),
        payment_status = coalesce(v.payment_status, o.payment_status),
        payment_reference = case when v.payment_status is null then o.payment_reference else v.payment_reference end,
        amount_paid = coalesce(v.amount_paid, o.amount_paid),
        refunded_paise = coalesce(v.refunded_paise, o.refunded_paise),
        deleted = coalesce(v.deleted, o.deleted),
        deleted_at = coalesce(v.deleted_at, o.deleted_at),
        updated_at = v.updated_at
      from json_to_recordset(${changes}::json)
        as v(id text, status text, user_id text, lines jsonb, item_count integer, total integer, subtotal integer, discount_percent integer,
          discount integer, delivery integer, payment_status text, payment_reference text, amount_paid integer, refunded_paise bigint,
          deleted boolean, deleted_at timestamptz, updated_at timestamptz)
      where o.id = v.id`.execute(trx);
  }
}

/** Every change of an order, in stream order: the trail the admin and a tracking customer see. */
function historyRow(event: ReadOrderEvent) {
  const { orderId } = event.data;
  switch (event.type) {
    case "OrderPlaced": {
      const customer = event.data.customer;
      return {
        order_id: orderId, revision: event.revision, event_type: event.type, field: "status",
        from_value: null as string | null, to_value: "pending",
        actor_kind: customer.kind === "user" ? "customer" : "guest", actor_id: customer.userId ?? null,
        actor_name: customer.name as string | null, at: event.data.placedAt,
      };
    }
    case "OrderStatusChanged":
    case "OrderPaymentStatusChanged": {
      const { from, to, actor, at } = event.data;
      return {
        order_id: orderId, revision: event.revision, event_type: event.type,
        field: event.type === "OrderStatusChanged" ? "status" : "payment_status",
        from_value: from as string | null, to_value: to as string,
        actor_kind: actor.kind as string, actor_id: actor.id ?? null, actor_name: actor.name ?? null, at,
      };
    }
    case "OrderDeleted": {
      const { actor, at } = event.data;
      return {
        order_id: orderId, revision: event.revision, event_type: event.type, field: "deleted",
        from_value: null, to_value: "deleted",
        actor_kind: actor.kind as string, actor_id: actor.id ?? null, actor_name: actor.name ?? null, at,
      };
    }
    case "PaymentRequested":
      // Always beside its OrderPlaced: the placing row says it.
      return undefined;
    case "OrderLinkedToAccount":
      // Not a change of status or payment: the trail (the events) shows it, tracking has nothing to say.
      return undefined;
    case "PaymentReportRefused":
    case "PaymentReferenceMoved":
      // The owner's settling of a disputed UPI reference (decision 119): the trail shows it; the tracking page
      // shows where the money stands now, not another order's claim.
      return undefined;
    // A line dropped before dispatch (decision 204) is neither status nor payment: the trail (the events) shows it.
    case "OrderLineDropped":
    case "OrderNoteAdded":
    case "DeliveryRecorded":
    case "ReturnRequested":
    case "ReturnApproved":
    case "ReturnRefused":
    case "ReturnReceived":
    case "ExchangeMade":
    case "ShipmentBooked":
    case "ParcelScanned":
    case "ParcelReturnedToOrigin":
    case "DeliveryPromised":
      // The shopper's history shows only status and payment; notes are the shop's own, returns and the parcel show from the stream.
      return undefined;
    case "InvoiceIssued":
    case "CreditNoteIssued":
      // The tax documents have their own read model (projectors/tax.ts); the order's pages link to them.
      return undefined;
    default: {
      const { actor, at } = event.data;
      return {
        order_id: orderId, revision: event.revision, event_type: event.type, field: "payment",
        from_value: null, to_value: PAYMENT_STEPS[event.type],
        actor_kind: actor.kind as string, actor_id: actor.id ?? null, actor_name: actor.name ?? null, at,
      };
    }
  }
}

/** A payment step's word in the status history (the trail itself reads the events). */
const PAYMENT_STEPS: Record<
  Extract<OrderEvent["type"], "PaymentReported" | "PaymentConfirmed" | "PaymentRejected" | "CashCollected" | "PaymentRefunded">,
  string
> = {
  PaymentReported: "reported",
  PaymentConfirmed: "confirmed",
  PaymentRejected: "rejected",
  CashCollected: "cash collected",
  PaymentRefunded: "refunded",
};

async function applyStatusHistory(
  trx: Kysely<DB>,
  events: ReadOrderEvent[],
  guarded: boolean,
  context?: ApplyContext,
): Promise<void> {
  const rows = events.map(historyRow).filter((row) => row !== undefined);
  await insertRows(trx, "order_status_history", HISTORY_COLUMNS, rows, {
    onConflict: guarded ? sql`on conflict (order_id, revision) do nothing` : undefined,
    context,
  });
}

/**
 * A person erased (SubjectErased): their orders' rows keep their numbers, lines, money and status, and
 * every personal column reads ERASED, as a replay would now read them from the events (decision 121).
 */
async function applyErasures(trx: Kysely<DB>, events: readonly RecordedEvent[]): Promise<void> {
  const orderIds: string[] = [];
  for (const event of events) {
    if (event.type !== "SubjectErased" || streamCategory(event.streamId) !== privacyEvents.category) continue;
    const read = privacyEvents.read(event);
    if (read.type === "SubjectErased") orderIds.push(...read.data.orderIds);
  }
  if (orderIds.length === 0) return;
  await trx
    .updateTable("orders")
    .set({
      customer_name: ERASED, phone: ERASED, email: sql<string | null>`case when email is null then null else ${ERASED} end`,
      ship_name: ERASED, ship_phone: ERASED, address_line: ERASED, city: ERASED, pincode: ERASED,
    })
    .where("id", "in", orderIds)
    .execute();
  await trx.updateTable("order_status_history").set({ actor_name: ERASED }).where("order_id", "in", orderIds).where("actor_name", "is not", null).execute();
}

/**
 * The order read models: `orders` and `order_status_history`, and the stock the orders
 * take (projectors/stock.ts): one projector so one read of the global stream and one
 * transaction per batch feed them all (and a page that waits for its order waits for one
 * checkpoint, and sees the stock its order took).
 */
export const ordersProjector: Projector = {
  name: "orders",
  tables: ["orders", "order_status_history", ...STOCK_TABLES],
  eventTypes: [...orderEvents.types, ...stockEvents.types, "SubjectErased"],
  categories: [orderEvents.category, stockEvents.category, privacyEvents.category],
  async apply(trx, events, context) {
    await applyStock(trx, events, context);
    const read = readOrderEvents(events);
    if (read.length > 0) {
      // Live projection keeps the guard: a row already there is skipped, not a stuck projector.
      const guarded = !context?.freshTables;
      await applyOrders(trx, read, guarded, context);
      await applyStatusHistory(trx, read, guarded, context);
    }
    await applyErasures(trx, events);
  },
};
