// The order's parcel (decision 235): booked with the courier when the owner ships, followed by the carrier's scans,
// and received back at the shop when it was not delivered (return to origin). Each one command on the order and
// every stream it moves: the shelf, the invoice series and the credit note series (orders/core.ts).
import type { Actor } from "../../domain/orders/events";
import type { Shipment } from "../../domain/courier/parcel";
import type { OrderCore } from "./core";

export function parcelCommands(core: OrderCore) {
  const { changeOrder, currentOrder } = core;
  return {
    /** The order as its parcel is decided on (a 404 when there is none): what the courier is asked to carry. */
    async parcelOf(orderId: string) {
      return currentOrder(orderId);
    },

    /** The shipment the courier made for the order: its AWB recorded, the order shipped (the invoice, the parent's text). */
    async bookShipment(orderId: string, shipment: Shipment, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "BookShipment", shipment, actor, at }));
    },

    /** A carrier's scan of the parcel (its webhook or polling): the trail grows by it once; delivered or back at the shop moves the order. */
    async recordScan(orderId: string, scan: { awb: string; step: string; label: string; location?: string; scannedAt: string }, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "RecordScan", ...scan, actor, at }));
    },

    /**
     * The parcel is back at the shop undelivered (refused at the door, nobody there): the return-to-origin path. Its
     * goods go back on the shelf, its invoice is reversed by a credit note, and nothing is charged to the parent
     * (what they paid, delivery too, is owed back). The owner's page and the counter call it; the courier's last
     * scan does the same by itself. Received twice, it is back once.
     */
    async returnToOrigin(orderId: string, reason: string, actor: Actor) {
      return changeOrder(orderId, (at) => ({ type: "ReturnToOrigin", reason, actor, at }));
    },
  };
}
