/**
 * The order page's courier (decision 235): what the Courier section shows (the shop's courier or none, the booked
 * parcel with its AWB, its last scan and its papers), the steps its buttons take (ship with the courier, a parcel
 * back at the shop), and the label and manifest PDFs fetched from the courier for the owner to print.
 */
import { refusal } from "../../domain/errors";
import { latestScan, type Parcel } from "../../domain/courier/parcel";
import type { CourierStep } from "../../domain/forms/admin-returns";
import type { OrderStatus } from "../../domain/orders/events";
import type { Shop } from "../../services/index";
import type { Admin } from "../auth/session.server";
import { outcomeOf, type StepOutcome } from "../orders/returns.server";
import { adminActor } from "./orders.server";

/** Why a label or manifest could not be had, said on the order page it was asked from (`?paperRefused=`). */
export const PAPER_REFUSALS = ["courier.notSet", "courier.noShipment", "courier.unavailable"] as const;

/** The refusal a `?paperRefused=` names, when it is one of those. */
export function paperRefusal(param: string | null) {
  return PAPER_REFUSALS.find((key) => key === param) ?? null;
}

/** The Courier section as the page shows it. */
export interface CourierView {
  /** Whether the shop has a courier (the SHIPROCKET_* settings). */
  set: boolean;
  /** Whether the order may be booked now: pending or processing, not deleted, no parcel yet. */
  canShip: boolean;
  /** Whether a parcel that left may be received back (shipped, not deleted): by the courier or by the shop's own boy. */
  canReturn: boolean;
  shipment: { awb: string; courier: string; expectedBy: string | null; lastStep: string | null; lastLabel: string | null } | null;
  returnedToOrigin: { reason: string; at: string } | null;
}

export function courierView(set: boolean, order: { status: OrderStatus; deleted: boolean; parcel?: Parcel }): CourierView {
  const parcel = order.parcel;
  const shipment = parcel?.shipment;
  const last = parcel ? latestScan(parcel) : undefined;
  return {
    set,
    canShip: set && !order.deleted && !shipment && (order.status === "pending" || order.status === "processing"),
    canReturn: !order.deleted && order.status === "shipped" && !parcel?.returnedToOrigin,
    shipment: shipment
      ? { awb: shipment.awb, courier: shipment.courier, expectedBy: shipment.expectedBy ?? null, lastStep: last?.step ?? null, lastLabel: last?.label ?? null }
      : null,
    returnedToOrigin: parcel?.returnedToOrigin ?? null,
  };
}

/** A courier step of the order page, as the admin: booked with the courier, or received back. */
export function runCourierStep(shop: Shop, admin: Admin, orderId: string, step: CourierStep): Promise<StepOutcome> {
  const actor = adminActor(admin);
  if (step.intent === "courier-ship") {
    const courier = shop.courier;
    // Without a courier's settings the page offers no button: said plainly to a post that comes anyway.
    if (!courier) return Promise.resolve({ ok: false, status: 409, refusal: refusal("courier.notSet") });
    return outcomeOf(() => courier.ship(orderId, actor));
  }
  return outcomeOf(() => shop.orders.returnToOrigin(orderId, step.reason, actor));
}
