/**
 * A parcel's events on its order's stream (decision 235): booked with a courier, scanned on its way, and
 * back at the shop when it was not taken (return to origin). They sit in the order's stream so the
 * order's trail, time travel and `shop replay` read them with the rest.
 */
import "../zod-in-browser";
import { z } from "zod";

/** Who did it, as every order event names them (the order's `Actor`; said again here so the order's events can import these). */
interface Actor {
  kind: "admin" | "customer" | "guest" | "system";
  id?: string;
  name?: string;
}

/** Where a parcel is, as the shop words every carrier's scans (./steps.ts maps them). */
export const PARCEL_STEPS = [
  "pickedUp",
  "inTransit",
  "outForDelivery",
  "delivered",
  "undelivered",
  "rtoInitiated",
  "rtoDelivered",
  "lost",
] as const;
export type ParcelStep = (typeof PARCEL_STEPS)[number];

/** Why a parcel came back to the shop. */
export const RTO_REASONS = ["refused", "notReachable", "other"] as const;
export type RtoReason = (typeof RTO_REASONS)[number];

/** The shipment the courier made for the order: its AWB number, the courier it went to, and the papers to print. */
export interface ShipmentBooked {
  type: "ShipmentBooked";
  data: {
    orderId: string;
    /** The aggregator ("shiprocket"). */
    provider: string;
    /** The aggregator's ids of the order and the shipment: labels, manifests and tracking ask by them. */
    providerOrderId: string;
    shipmentId: string;
    awb: string;
    /** The courier the aggregator assigned ("Delhivery Surface"). */
    courier: string;
    labelUrl?: string;
    manifestUrl?: string;
    /** The day the courier expects to deliver, YYYY-MM-DD, when it said. */
    expectedBy?: string;
    actor: Actor;
    at: string;
  };
}

/** One step of the carrier's on the parcel's way: what it said, where and when. */
export interface ParcelScanned {
  type: "ParcelScanned";
  data: {
    orderId: string;
    awb: string;
    step: ParcelStep;
    /** The carrier's own words for the scan ("Shipment Picked Up"). */
    label: string;
    location?: string;
    /** When the carrier scanned it (ISO); a scan told twice (webhook or polling) has the same time and step. */
    scannedAt: string;
    actor: Actor;
    at: string;
  };
}

/**
 * The parcel came back to the shop undelivered (refused at the door, nobody there): its goods are on the shelf
 * again, its invoice reversed by a credit note and nothing is charged to the parent. The status change that goes
 * with it (shipped -> cancelled) carries those effects (domain/orders/lifecycle.ts).
 */
export interface ParcelReturnedToOrigin {
  type: "ParcelReturnedToOrigin";
  data: { orderId: string; awb?: string; reason: RtoReason; actor: Actor; at: string };
}

/**
 * The days an order was promised when it was placed (decision 236): from `from` to `by` (YYYY-MM-DD, India's days), by
 * the courier's word for the pincode or the shop's own rule. Recorded in the order's OrderPlaced (version 6).
 */
export interface DeliveryPromise {
  from: string;
  by: string;
  source: "courier" | "shop";
}

/**
 * One day promised, as an event of its own (decision 235's first form). Nothing writes it since the promise went into
 * OrderPlaced (version 6, decision 236); one stored reads as a range of that day.
 */
export interface DeliveryPromised {
  type: "DeliveryPromised";
  data: {
    orderId: string;
    /** YYYY-MM-DD, India's day. */
    by: string;
    /** The courier's promise for the pincode, or the shop's own rule (its own delivery in town, made-to-order days). */
    source: "courier" | "shop";
    at: string;
  };
}

export type ParcelEvent = ShipmentBooked | ParcelScanned | ParcelReturnedToOrigin | DeliveryPromised;

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The schemas the order registry reads these events by (domain/orders/events.ts). */
export const parcelEventDefinitions = {
  ShipmentBooked: {
    version: 1,
    schema: z.object({
      orderId: z.string(),
      provider: z.string().min(1).max(40),
      providerOrderId: z.string().min(1).max(40),
      shipmentId: z.string().min(1).max(40),
      awb: z.string().min(1).max(40),
      courier: z.string().min(1).max(80),
      labelUrl: z.string().max(2000).optional(),
      manifestUrl: z.string().max(2000).optional(),
      expectedBy: day.optional(),
      actor,
      at: z.string(),
    }),
  },
  ParcelScanned: {
    version: 1,
    schema: z.object({
      orderId: z.string(),
      awb: z.string().min(1).max(40),
      step: z.enum(PARCEL_STEPS),
      label: z.string().max(200),
      location: z.string().max(200).optional(),
      scannedAt: z.string(),
      actor,
      at: z.string(),
    }),
  },
  ParcelReturnedToOrigin: {
    version: 1,
    schema: z.object({ orderId: z.string(), awb: z.string().max(40).optional(), reason: z.enum(RTO_REASONS), actor, at: z.string() }),
  },
  DeliveryPromised: {
    version: 1,
    schema: z.object({ orderId: z.string(), by: day, source: z.enum(["courier", "shop"]), at: z.string() }),
  },
} as const;
