/**
 * Notes, delivery details, returns and exchanges of an order (decision 103): the part of the
 * order decider that runs after the parcel leaves. Pure: the service brings the time, the
 * actor, and what only the catalogue knows (which product is the wanted size).
 */
import { RuleViolation, refusal, type Refusal } from "../errors";
import {
  DELIVERY_METHODS,
  type Actor,
  type DeliveryMethod,
  type AskedLine,
  type ExchangeLine,
  type OrderEvent,
  type OrderLine,
  type OrderStatus,
  type ReturnLine,
  type ReturnReceipt,
  type ReturnWant,
} from "./events";
import { RETURN_RECEIPTS, RETURN_WANTS, RETURN_WINDOW_MS } from "./terms";
import { lineValues, unitsValue } from "../tax/lines";
import { linesAfterDrop } from "./drop-line";

export const NOTE_MAX = 1000;
export const REASON_MAX = 500;
export const RETURN_NOTE_MAX = 500;
export const COURIER_MAX = 80;
export const TRACKING_MAX = 40;
export const SIZE_MAX = 20;

/** "Steel Bottle does not come in size L.": an exchange for a size the item is not made in (the order service asks the catalogue). */
export const notMade = (name: string, size: string): Refusal => refusal("returns.notMade", { name, size });

export type ReturnStage = "requested" | "approved" | "refused" | "received" | "exchanged" | "refunded";

export interface ReturnRecord {
  returnId: string;
  /** For an exchange, each line with the size wanted for it. */
  lines: AskedLine[];
  want: ReturnWant;
  reason: string;
  stage: ReturnStage;
  requestedAt: string;
  requestedBy: Actor;
  /** The admin's word with the approval or the refusal. */
  note?: string;
  receivedBy?: ReturnReceipt;
  /** What was refunded for it, in paise (a refund return's PaymentRefunded, decision 209). */
  refundedPaise?: number;
}

export interface DeliveryDetails {
  method: DeliveryMethod;
  courier?: string;
  trackingNumber?: string;
  note?: string;
  at: string;
}

/** What the order decider keeps about after-sale: the lines as they stand (exchanges added), the delivery, the returns. */
export interface AfterSale {
  lines: OrderLine[];
  deliveredAt?: string;
  delivery?: DeliveryDetails;
  returns: ReturnRecord[];
}

export const newAfterSale = (lines: readonly OrderLine[]): AfterSale => ({ lines: lines.map((l) => ({ ...l })), returns: [] });

const sameLine = (a: { productId: string; size: string; school: string }, b: { productId: string; size: string; school: string }) =>
  a.productId === b.productId && a.size === b.size && a.school === b.school;

/**
 * The order's lines after an exchange: each exchanged unit stays on its paid line (it was bought and
 * came back) and the new size is a line of its own at no charge.
 */
export function linesAfterExchange(lines: readonly OrderLine[], exchanged: readonly ExchangeLine[]): OrderLine[] {
  const after = lines.map((l) => ({ ...l }));
  for (const change of exchanged) {
    const from = after.find((l) => sameLine(l, { productId: change.productId, size: change.fromSize, school: change.school }));
    const target = { productId: change.toProductId ?? change.productId, size: change.toSize, school: change.school };
    const free = after.find((l) => sameLine(l, target) && l.unitPrice === 0);
    if (free) free.quantity += change.quantity;
    else after.push({ ...target, name: from?.name ?? change.productId, unitPrice: 0, quantity: change.quantity });
  }
  return after;
}

/** A refund return's stage once money went back: the oldest received one not refunded yet takes it. */
export function evolveAfterSale(state: AfterSale, event: OrderEvent, status: OrderStatus): AfterSale {
  const withReturn = (returnId: string, change: (r: ReturnRecord) => ReturnRecord): AfterSale => ({
    ...state,
    returns: state.returns.map((r) => (r.returnId === returnId ? change(r) : r)),
  });
  switch (event.type) {
    case "OrderStatusChanged":
      // The window runs from the latest delivery: an order taken back to "shipped" and delivered again starts it anew.
      return event.data.to === "delivered" && status === "delivered" ? { ...state, deliveredAt: event.data.at } : state;
    case "DeliveryRecorded": {
      const { method, courier, trackingNumber, note, at } = event.data;
      return { ...state, delivery: { method, ...(courier ? { courier } : {}), ...(trackingNumber ? { trackingNumber } : {}), ...(note ? { note } : {}), at } };
    }
    case "ReturnRequested": {
      const { returnId, lines, want, reason, at, actor } = event.data;
      const record: ReturnRecord = {
        returnId,
        lines: lines.map((l) => ({ ...l })),
        want,
        reason,
        stage: "requested",
        requestedAt: at,
        requestedBy: actor,
      };
      return { ...state, returns: [...state.returns, record] };
    }
    case "ReturnApproved":
      return withReturn(event.data.returnId, (r) => ({ ...r, stage: "approved", ...(event.data.note ? { note: event.data.note } : {}) }));
    case "ReturnRefused":
      return withReturn(event.data.returnId, (r) => ({ ...r, stage: "refused", note: event.data.note }));
    case "ReturnReceived":
      return withReturn(event.data.returnId, (r) => ({ ...r, stage: "received", receivedBy: event.data.method }));
    case "OrderLineDropped":
      // Dropped before dispatch (decision 204): the units never left, nothing of them can come back.
      return { ...state, lines: linesAfterDrop(state.lines, event.data.line) };
    case "ExchangeMade":
      return {
        ...withReturn(event.data.returnId, (r) => ({ ...r, stage: "exchanged" })),
        lines: linesAfterExchange(state.lines, event.data.lines),
      };
    case "PaymentRefunded": {
      const waiting = state.returns.find((r) => r.stage === "received" && r.want === "refund");
      return waiting ? withReturn(waiting.returnId, (r) => ({ ...r, stage: "refunded", refundedPaise: event.data.paise })) : state;
    }
    default:
      return state;
  }
}

/** A return whose goods are back in the shop. */
const isBack = (r: ReturnRecord) => r.stage === "received" || r.stage === "exchanged" || r.stage === "refunded";

/**
 * The units the order still accounts for: its lines after exchanges, less the goods of returns that
 * came back (they are on the shelf again). What a cancel gives back and a re-opening holds again.
 */
export function heldLines(state: AfterSale): OrderLine[] {
  const lines = state.lines.map((l) => ({ ...l }));
  for (const back of state.returns.filter(isBack).flatMap((r) => r.lines)) {
    let left = back.quantity;
    for (const line of lines) {
      if (left === 0) break;
      if (!sameLine(line, back)) continue;
      const taken = Math.min(left, line.quantity);
      line.quantity -= taken;
      left -= taken;
    }
  }
  return lines.filter((l) => l.quantity > 0);
}

/** "3F9A1C2E": a return as the admin and the stock history name it. */
export const shortReturnId = (returnId: string) => returnId.replace(/-/g, "").slice(0, 8).toUpperCase();

/** A return still under way: it blocks another request until the shop finishes it. */
export const isOpen = (r: ReturnRecord) => r.stage === "requested" || r.stage === "approved" || r.stage === "received";

/** Units of a line (product, size, school) the order holds now, less those already asked back by a return not refused. */
export function returnable(state: AfterSale, line: { productId: string; size: string; school: string }): number {
  const held = state.lines.filter((l) => sameLine(l, line)).reduce((sum, l) => sum + l.quantity, 0);
  const asked = state.returns
    .filter((r) => r.stage !== "refused")
    .flatMap((r) => r.lines)
    .filter((l) => sameLine(l, line))
    .reduce((sum, l) => sum + l.quantity, 0);
  return Math.max(0, held - asked);
}

/**
 * What the returned lines were sold for, in paisa, by the invoice's own rule (domain/tax/lines.ts): each order line's
 * value less its share of the discount in paisa, shared over its units. The return's credit note reverses these
 * goods at the same values (decision 206).
 */
export function returnedValue(lines: readonly ReturnLine[], order: { lines: readonly OrderLine[]; discount: number }): number {
  const values = lineValues(order.lines, order.discount);
  let paisa = 0;
  for (const line of lines) {
    // Paid lines first: a unit of the same size got in an exchange was paid for on its first line.
    const matches = order.lines.flatMap((l, i) => (sameLine(l, line) ? [i] : [])).sort((a, b) => order.lines[b].unitPrice - order.lines[a].unitPrice);
    const i = matches[0];
    if (i === undefined) continue;
    paisa += unitsValue(values[i], order.lines[i].quantity, 0, Math.min(line.quantity, order.lines[i].quantity));
  }
  return paisa;
}

/**
 * What a refund return gives back, in paise (decision 209): the returned goods' value as their credit note reverses
 * it (`returnedValue`), never more than is left to refund. Delivery is not given back: it was a service done.
 */
export function refundPaiseFor(
  lines: readonly ReturnLine[],
  order: { lines: readonly OrderLine[]; subtotal: number; discount: number },
  refundablePaise = Number.POSITIVE_INFINITY,
): number {
  return Math.max(0, Math.min(returnedValue(lines, order), refundablePaise));
}

/**
 * The same in whole rupees, for money counted out of a drawer (the counter's cash, which holds no paise): the
 * goods' value rounded to the rupee, never more than the rupees left to refund.
 */
export function refundFor(
  lines: readonly ReturnLine[],
  order: { lines: readonly OrderLine[]; subtotal: number; discount: number },
  refundable = Number.POSITIVE_INFINITY,
): number {
  return Math.max(0, Math.min(Math.round(returnedValue(lines, order) / 100), refundable));
}

export type AfterSaleCommand =
  | { type: "AddNote"; text: string; actor: Actor; at: string }
  | { type: "RecordDelivery"; method: string; courier?: string; trackingNumber?: string; note?: string; actor: Actor; at: string }
  | {
      type: "RequestReturn";
      returnId: string;
      /** For an exchange, each line's own size wanted; `exchangeSize` stands for the lines that name none (the counter's one size). */
      lines: AskedLine[];
      want: string;
      exchangeSize?: string;
      reason: string;
      actor: Actor;
      at: string;
    }
  | { type: "ApproveReturn"; returnId: string; note?: string; actor: Actor; at: string }
  | { type: "RefuseReturn"; returnId: string; note: string; actor: Actor; at: string }
  | { type: "ReceiveReturn"; returnId: string; method: string; actor: Actor; at: string }
  /**
   * `targets`: per returned line (`lineKey`), the product that is the wanted size and the size as the
   * catalogue writes it (the service looks them up: the same product when sizes are its own, another
   * of the shop's one-size products otherwise). Without one, the line's product in the size asked for.
   */
  | { type: "MakeExchange"; returnId: string; targets?: Record<string, ExchangeTarget>; actor: Actor; at: string };

export interface ExchangeTarget {
  productId: string;
  size: string;
}

export const AFTER_SALE_COMMANDS = ["AddNote", "RecordDelivery", "RequestReturn", "ApproveReturn", "RefuseReturn", "ReceiveReturn", "MakeExchange"] as const;

export interface AfterSaleOrder {
  orderId: string;
  status: OrderStatus;
  deleted: boolean;
  afterSale: AfterSale;
}

const trimmed = (value: string | undefined) => (value ?? "").trim();

/** The key of a returned line in MakeExchange's `targets`. */
export const lineKey = (line: { productId: string; size: string; school: string }) => `${line.productId}|${line.size}|${line.school}`;

function findReturn(order: AfterSaleOrder, returnId: string): ReturnRecord {
  const found = order.afterSale.returns.find((r) => r.returnId === returnId);
  if (!found) throw new RuleViolation("returns.noSuchReturn", {}, 404);
  return found;
}

function optionalNote(note: string | undefined): string | undefined {
  const text = trimmed(note);
  if (text.length > RETURN_NOTE_MAX) throw new RuleViolation("returns.returnNoteTooLong", {}, 422);
  return text || undefined;
}

/**
 * Why a return cannot be asked for on `order` at `at`, or null when it can: the order is delivered,
 * within RETURN_WINDOW_MS of its latest delivery, with a unit left that no return (not refused) asks back. The decider refuses a
 * request with it; the shopper's pages ask it ahead to offer the form only when a request may pass.
 */
export function returnRequestRefusal(order: Pick<AfterSaleOrder, "deleted" | "afterSale"> & { status: string }, at: string): RuleViolation | null {
  const { afterSale } = order;
  if (order.deleted) return new RuleViolation("returns.deleted", {}, 409);
  if (order.status !== "delivered" || !afterSale.deliveredAt) return new RuleViolation("returns.notDelivered", {}, 409);
  if (Date.parse(at) - Date.parse(afterSale.deliveredAt) > RETURN_WINDOW_MS) return new RuleViolation("returns.tooLate", {}, 409);
  // Several requests may be under way at once (decision 243): each names units no other request still asks back.
  if (!afterSale.lines.some((line) => returnable(afterSale, line) > 0)) return new RuleViolation("returns.nothingLeft", {}, 409);
  return null;
}

/**
 * The size a line is exchanged for: its own (each line may want another, issue 48), else the one size the request
 * names for all. Refused when none is given, or when it is the size the line already is (nothing to exchange).
 */
function wantedSize(line: AskedLine, ordered: OrderLine, forAll: string | undefined): string {
  const size = trimmed(line.exchangeSize) || trimmed(forAll);
  if (!size || size.length > SIZE_MAX) throw new RuleViolation("returns.exchangeSize", { name: ordered.name }, 422);
  if (size.toLowerCase() === line.size.toLowerCase()) throw new RuleViolation("returns.sameSize", { name: ordered.name, size: ordered.size }, 422);
  return size;
}

function requestReturn(command: Extract<AfterSaleCommand, { type: "RequestReturn" }>, order: AfterSaleOrder) {
  const { afterSale } = order;
  const closed = returnRequestRefusal(order, command.at);
  if (closed) throw closed;
  if (!(RETURN_WANTS as readonly string[]).includes(command.want)) throw new RuleViolation("returns.want", {}, 422);
  const want = command.want as ReturnWant;
  const asked = command.lines.filter((l) => l.quantity !== 0);
  if (asked.length === 0) throw new RuleViolation("returns.noLines", {}, 422);
  const lines: AskedLine[] = [];
  for (const line of asked) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw new RuleViolation("returns.quantity", {}, 422);
    const ordered = afterSale.lines.find((l) => sameLine(l, line));
    if (!ordered) throw new RuleViolation("returns.notInOrder", {}, 422);
    const same = lines.find((l) => sameLine(l, line));
    const quantity = line.quantity + (same?.quantity ?? 0);
    const most = returnable(afterSale, line);
    if (quantity > most) throw new RuleViolation("returns.tooMany", { count: most, name: ordered.name, size: ordered.size }, 422);
    if (same) same.quantity = quantity;
    else {
      const exchangeSize = want === "exchange" ? wantedSize(line, ordered, command.exchangeSize) : undefined;
      lines.push({ productId: line.productId, size: line.size, school: line.school, quantity: line.quantity, ...(exchangeSize ? { exchangeSize } : {}) });
    }
  }
  const reason = trimmed(command.reason);
  if (!reason) throw new RuleViolation("returns.reasonEmpty", {}, 422);
  if (reason.length > REASON_MAX) throw new RuleViolation("returns.reasonTooLong", {}, 422);
  return {
    orderId: order.orderId,
    returnId: command.returnId,
    lines,
    want,
    reason,
    actor: command.actor,
    at: command.at,
  };
}

export function decideAfterSale(command: AfterSaleCommand, order: AfterSaleOrder): OrderEvent[] {
  const { orderId } = order;
  const { actor, at } = command;
  switch (command.type) {
    case "AddNote": {
      const text = trimmed(command.text);
      if (!text) throw new RuleViolation("returns.noteEmpty", {}, 422);
      if (text.length > NOTE_MAX) throw new RuleViolation("returns.noteTooLong", {}, 422);
      return [{ type: "OrderNoteAdded", data: { orderId, text, actor, at } }];
    }
    case "RecordDelivery": {
      if (order.deleted) throw new RuleViolation("returns.deleted", {}, 409);
      if (order.status === "cancelled") throw new RuleViolation("returns.cancelled", {}, 409);
      if (!(DELIVERY_METHODS as readonly string[]).includes(command.method)) throw new RuleViolation("returns.deliveryMethod", {}, 422);
      const method = command.method as DeliveryMethod;
      const courier = trimmed(command.courier);
      const trackingNumber = trimmed(command.trackingNumber);
      const note = trimmed(command.note);
      if (method === "courier" && (!courier || !trackingNumber)) throw new RuleViolation("returns.courierNeeded", {}, 422);
      if (courier.length > COURIER_MAX) throw new RuleViolation("returns.courierTooLong", {}, 422);
      if (trackingNumber.length > TRACKING_MAX) throw new RuleViolation("returns.trackingTooLong", {}, 422);
      if (note.length > RETURN_NOTE_MAX) throw new RuleViolation("returns.deliveryNoteTooLong", {}, 422);
      // By hand there is no courier to name: whatever the form still held is not recorded.
      const byCourier = method === "courier" ? { courier, trackingNumber } : {};
      const now = order.afterSale.delivery;
      if (now && now.method === method && now.courier === byCourier.courier && now.trackingNumber === byCourier.trackingNumber && (now.note ?? "") === note) {
        return [];
      }
      return [{ type: "DeliveryRecorded", data: { orderId, method, ...byCourier, ...(note ? { note } : {}), actor, at } }];
    }
    case "RequestReturn":
      return [{ type: "ReturnRequested", data: requestReturn(command, order) }];
    case "ApproveReturn": {
      if (order.deleted) throw new RuleViolation("returns.deleted", {}, 409);
      const r = findReturn(order, command.returnId);
      if (r.stage === "approved") return [];
      if (r.stage !== "requested") throw new RuleViolation("returns.notRequested", {}, 409);
      const note = optionalNote(command.note);
      return [{ type: "ReturnApproved", data: { orderId, returnId: r.returnId, ...(note ? { note } : {}), actor, at } }];
    }
    case "RefuseReturn": {
      if (order.deleted) throw new RuleViolation("returns.deleted", {}, 409);
      const r = findReturn(order, command.returnId);
      if (r.stage === "refused") return [];
      if (r.stage !== "requested") throw new RuleViolation("returns.notRequested", {}, 409);
      const note = optionalNote(command.note);
      if (!note) throw new RuleViolation("returns.refuseNote", {}, 422);
      return [{ type: "ReturnRefused", data: { orderId, returnId: r.returnId, note, actor, at } }];
    }
    case "ReceiveReturn": {
      if (order.deleted) throw new RuleViolation("returns.deleted", {}, 409);
      const r = findReturn(order, command.returnId);
      if (!(RETURN_RECEIPTS as readonly string[]).includes(command.method)) throw new RuleViolation("returns.receiptMethod", {}, 422);
      if (r.stage === "received" || r.stage === "exchanged" || r.stage === "refunded") return [];
      if (r.stage !== "approved") throw new RuleViolation("returns.notApproved", {}, 409);
      return [{ type: "ReturnReceived", data: { orderId, returnId: r.returnId, method: command.method as ReturnReceipt, actor, at } }];
    }
    case "MakeExchange": {
      if (order.deleted) throw new RuleViolation("returns.deleted", {}, 409);
      const r = findReturn(order, command.returnId);
      if (r.want !== "exchange" || !r.lines.every((l) => l.exchangeSize)) throw new RuleViolation("returns.notAnExchange", {}, 409);
      if (r.stage === "exchanged") return [];
      if (r.stage !== "received") throw new RuleViolation("returns.notReceived", {}, 409);
      const lines: ExchangeLine[] = r.lines.map((l) => {
        const target = command.targets?.[lineKey(l)];
        return {
          productId: l.productId,
          fromSize: l.size,
          toSize: target?.size ?? l.exchangeSize!,
          school: l.school,
          quantity: l.quantity,
          ...(target && target.productId !== l.productId ? { toProductId: target.productId } : {}),
        };
      });
      return [{ type: "ExchangeMade", data: { orderId, returnId: r.returnId, lines, actor, at } }];
    }
  }
}
