/**
 * The order's parcel (decision 235), the part of the order decider that follows it once it leaves with a courier:
 * booked (the owner ships: the AWB, the label, the status shipped), scanned on its way (picked up, in transit, out
 * for delivery, delivered, back to the shop), and returned to origin, its own path: the goods back on the shelf, the
 * invoice reversed, nothing charged to the parent. Pure: the service brings the courier's answers and the time.
 */
import { RuleViolation } from "../errors";
import type { Actor, OrderEvent, OrderStatus } from "../orders/events";
import { PARCEL_STEPS, RTO_REASONS, type DeliveryPromise, type ParcelStep, type RtoReason, type ShipmentBooked } from "./events";

export type Shipment = Omit<ShipmentBooked["data"], "orderId" | "actor">;
export type { DeliveryPromise };

export interface ScanRecord {
  step: ParcelStep;
  label: string;
  location?: string;
  scannedAt: string;
}

export interface Parcel {
  shipment?: Shipment;
  /** The carrier's scans as they came, each once. */
  scans: ScanRecord[];
  returnedToOrigin?: { reason: RtoReason; at: string };
  /** The days the parent was told when the order was placed (decision 236). */
  promised?: DeliveryPromise;
}

export const newParcel = (): Parcel => ({ scans: [] });

export function evolveParcel(parcel: Parcel = newParcel(), event: OrderEvent): Parcel {
  switch (event.type) {
    case "ShipmentBooked": {
      const { orderId: _orderId, actor: _actor, ...shipment } = event.data;
      return { ...parcel, shipment };
    }
    case "ParcelScanned": {
      const { step, label, location, scannedAt } = event.data;
      return { ...parcel, scans: [...parcel.scans, { step, label, ...(location ? { location } : {}), scannedAt }] };
    }
    case "ParcelReturnedToOrigin":
      return { ...parcel, returnedToOrigin: { reason: event.data.reason, at: event.data.at } };
    case "OrderPlaced":
      return event.data.promise ? { ...parcel, promised: { ...event.data.promise } } : parcel;
    case "DeliveryPromised":
      return { ...parcel, promised: { from: event.data.by, by: event.data.by, source: event.data.source } };
    default:
      return parcel;
  }
}

/** The carrier's latest word: the scan with the latest time (scans may arrive out of their order). */
export function latestScan(parcel: Parcel): ScanRecord | undefined {
  return [...parcel.scans].sort((a, b) => a.scannedAt.localeCompare(b.scannedAt)).at(-1);
}

export type ParcelCommand =
  /** The owner ships by courier: the aggregator made the shipment and gave its AWB (the service asked it first). */
  | { type: "BookShipment"; shipment: Shipment; actor: Actor; at: string }
  /** A carrier's scan, from its webhook or from polling. */
  | { type: "RecordScan"; awb: string; step: string; label: string; location?: string; scannedAt: string; actor: Actor; at: string }
  /** The parcel is back at the shop, undelivered: by the courier's last scan, or the owner or counter receiving it. */
  | { type: "ReturnToOrigin"; reason: string; actor: Actor; at: string };

export const PARCEL_COMMANDS = ["BookShipment", "RecordScan", "ReturnToOrigin"] as const;

export interface ParcelOrder {
  orderId: string;
  status: OrderStatus;
  deleted: boolean;
  parcel: Parcel;
}

const TO_SHIP: readonly OrderStatus[] = ["pending", "processing"];

const statusChange = (orderId: string, from: OrderStatus, to: OrderStatus, actor: Actor, at: string): OrderEvent => ({
  type: "OrderStatusChanged",
  data: { orderId, from, to, actor, at },
});

/** The parcel back at the shop: recorded, and the order ends there (shipped -> cancelled: goods back, invoice reversed, money owed back). */
function returned(order: ParcelOrder, reason: RtoReason, actor: Actor, at: string): OrderEvent[] {
  const awb = order.parcel.shipment?.awb;
  return [
    { type: "ParcelReturnedToOrigin", data: { orderId: order.orderId, ...(awb ? { awb } : {}), reason, actor, at } },
    statusChange(order.orderId, "shipped", "cancelled", actor, at),
  ];
}

export function decideParcel(command: ParcelCommand, order: ParcelOrder): OrderEvent[] {
  const { orderId, parcel } = order;
  const { actor, at } = command;
  switch (command.type) {
    case "BookShipment": {
      if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
      const { shipment } = command;
      if (parcel.shipment) {
        if (parcel.shipment.awb === shipment.awb) return [];
        throw new RuleViolation("courier.alreadyBooked", { awb: parcel.shipment.awb }, 409);
      }
      if (!TO_SHIP.includes(order.status)) throw new RuleViolation("courier.notToShip", { status: order.status }, 409);
      return [
        { type: "ShipmentBooked", data: { orderId, ...shipment, actor, at } },
        { type: "DeliveryRecorded", data: { orderId, method: "courier", courier: shipment.courier, trackingNumber: shipment.awb, actor, at } },
        statusChange(orderId, order.status, "shipped", actor, at),
      ];
    }
    case "RecordScan": {
      if (!parcel.shipment) throw new RuleViolation("courier.noShipment", {}, 409);
      if (command.awb !== parcel.shipment.awb) throw new RuleViolation("courier.otherParcel", { awb: command.awb }, 409);
      if (!(PARCEL_STEPS as readonly string[]).includes(command.step)) throw new RuleViolation("courier.unknownStep", {}, 422);
      const step = command.step as ParcelStep;
      // A scan told twice (the webhook retried, polling after the webhook) is the same step at the same time.
      if (parcel.scans.some((s) => s.step === step && s.scannedAt === command.scannedAt)) return [];
      const location = command.location?.trim();
      const scanned: OrderEvent = {
        type: "ParcelScanned",
        data: { orderId, awb: command.awb, step, label: command.label.slice(0, 200), ...(location ? { location: location.slice(0, 200) } : {}), scannedAt: command.scannedAt, actor, at },
      };
      // The order follows the parcel only where it is on its way; a deleted order keeps its trail and nothing more.
      if (order.deleted || order.status !== "shipped") return [scanned];
      if (step === "delivered") return [scanned, statusChange(orderId, "shipped", "delivered", actor, at)];
      if (step === "rtoDelivered") return [scanned, ...returned(order, "other", actor, at)];
      return [scanned];
    }
    case "ReturnToOrigin": {
      if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
      if (!(RTO_REASONS as readonly string[]).includes(command.reason)) throw new RuleViolation("courier.rtoReason", {}, 422);
      // Received twice (two tabs, the courier's scan after the counter's): the parcel is back once.
      if (parcel.returnedToOrigin) return [];
      if (order.status !== "shipped") throw new RuleViolation("courier.rtoNotShipped", { status: order.status }, 409);
      return returned(order, command.reason as RtoReason, actor, at);
    }
  }
}
