/**
 * The shop's courier (decision 235), when its settings are set: whether a pincode is served (with COD, and by when)
 * before the parent pays, the shipment made when the owner ships (an ad-hoc order, its AWB, the label and manifest to
 * print), and the carrier's tracking webhook followed into the order's trail. Unset, there is no courier service and
 * the shop works as before: the owner records a courier's name and tracking number by hand.
 */
import { timingSafeEqual, createHash } from "node:crypto";
import { z } from "zod";
import { RuleViolation } from "../../domain/errors";
import { parcelStepOf } from "../../domain/courier/steps";
import type { Actor } from "../../domain/orders/events";
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { STATES } from "../../domain/tax/states";
import type { OrderService } from "../orders";
import { courierInstant, createShiprocketClient, type CourierSettings, type Serviceability } from "./shiprocket";

/** How long a pincode's answer is kept: a checkout, its page and the order a minute later ask once. */
const SERVICEABILITY_TTL_MS = 30 * 60_000;
const MAX_KEPT = 5_000;

/** The tracking webhook's body as Shiprocket posts it; only what the shop reads. */
const webhookBody = z.object({
  awb: z.coerce.string().min(1).max(40),
  order_id: z.coerce.string().max(60).optional(),
  current_status: z.string().max(200).optional(),
  current_status_id: z.coerce.number().optional(),
  shipment_status_id: z.coerce.number().optional(),
  current_timestamp: z.string().max(40).optional(),
  scans: z.array(z.object({ location: z.string().max(200).optional() }).passthrough()).max(500).optional(),
});

const COURIER: Actor = { kind: "system", name: "courier" };

/** The papers a booked parcel has: the label stuck on it, the manifest the courier's boy signs at pickup. */
export const COURIER_PAPERS = ["label", "manifest"] as const;
export type CourierPaper = (typeof COURIER_PAPERS)[number];

export type WebhookAnswer = { status: 200 | 202; recorded: boolean; reason?: string } | { status: 401 | 400; reason: string };

const digest = (text: string) => createHash("sha256").update(text).digest();

export function createCourierService(deps: { settings: CourierSettings; orders: OrderService; now?: () => Date }) {
  const { settings, orders } = deps;
  const now = deps.now ?? (() => new Date());
  const client = createShiprocketClient(settings, now);
  const kept = new Map<string, { answer: Serviceability; until: number }>();

  async function check(pincode: string, cod: boolean): Promise<Serviceability> {
    const key = `${pincode}:${cod ? 1 : 0}`;
    const hit = kept.get(key);
    if (hit && hit.until > now().getTime()) return hit.answer;
    const answer = await client.serviceability(pincode, cod);
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, { answer, until: now().getTime() + SERVICEABILITY_TTL_MS });
    return answer;
  }

  /** Polling: each shipped parcel's scans from the courier, recorded as the webhook records them (once each). */
  async function follow(orderId: string): Promise<number> {
    const order = await orders.parcelOf(orderId);
    const awb = order.parcel?.shipment?.awb;
    if (!awb || order.status !== "shipped") return 0;
    let recorded = 0;
    for (const activity of await client.track(awb)) {
      const step = parcelStepOf(activity.statusId, activity.words);
      if (!step) continue;
      const result = await orders.recordScan(orderId, { awb, step, label: activity.words || step, ...(activity.location ? { location: activity.location } : {}), scannedAt: activity.at }, COURIER);
      if (result.changed) recorded++;
    }
    return recorded;
  }

  return {
    settings,
    /** Whether couriers deliver to `pincode`, with COD when `cod`, and by when: asked before the parent pays. */
    check,

    /**
     * The order may go to `pincode` and be paid this way: refused when no courier serves it (`courier.notServed`) or
     * serves it without cash on delivery (`courier.noCodThere`); otherwise the courier's expected day, if it said one.
     */
    async promise(pincode: string, paymentMethod: "cod" | "upi"): Promise<string | undefined> {
      const served = await check(pincode, paymentMethod === "cod");
      if (!served.served) throw new RuleViolation("courier.notServed", { pincode }, 422);
      if (paymentMethod === "cod" && !served.cod) throw new RuleViolation("courier.noCodThere", { pincode }, 422);
      return served.expectedBy;
    },

    /**
     * The owner ships by courier: the ad-hoc order at Shiprocket, its AWB, the label and the manifest, then one
     * command that records them and ships the order (invoice, stock, the parent's text). Refused before anything is
     * asked of the courier when the order cannot be shipped.
     */
    async ship(orderId: string, actor: Actor) {
      const order = await orders.parcelOf(orderId);
      if (order.parcel?.shipment) return orders.bookShipment(orderId, order.parcel.shipment, actor);
      if (order.deleted) throw new RuleViolation("admin.orderDeleted", {}, 409);
      if (order.status !== "pending" && order.status !== "processing") throw new RuleViolation("courier.notToShip", { status: order.status }, 409);
      const { placed } = order;
      // A pincode the courier does not serve (or not with the cash this parcel collects) is refused before anything is booked.
      const cod = placed.paymentMethod === "cod" && order.payment.paid === 0;
      const served = await check(placed.address.pincode, cod);
      if (!served.served) throw new RuleViolation("courier.notServed", { pincode: placed.address.pincode }, 422);
      if (cod && !served.cod) throw new RuleViolation("courier.noCodThere", { pincode: placed.address.pincode }, 422);
      const state = stateOfPincode(placed.address.pincode);
      const created = await client.createOrder({
        orderId: placed.orderId,
        orderDate: placed.placedAt.slice(0, 10),
        customer: { name: placed.customer.name, phone: placed.customer.phone, ...(placed.customer.email ? { email: placed.customer.email } : {}) },
        address: { address: placed.address.address, city: placed.address.city, pincode: placed.address.pincode, state: state ? STATES[state] : "" },
        lines: placed.lines.map((l) => ({ name: `${l.name} (${l.size})`, sku: `${l.productId}:${l.size}`.slice(0, 50), units: l.quantity, sellingPrice: l.unitPrice, ...(l.tax?.hsn ? { hsn: l.tax.hsn } : {}) })),
        paymentMethod: cod ? "COD" : "Prepaid",
        subTotal: placed.total,
        units: placed.lines.reduce((sum, l) => sum + l.quantity, 0),
      });
      const { awb, courier } = await client.assignAwb(created.shipmentId);
      // The papers are a convenience: a parcel with its AWB ships even when the label or manifest is not ready yet.
      const labelUrl = await client.label(created.shipmentId).catch(() => undefined);
      const manifestUrl = await client.manifest(created.shipmentId).catch(() => undefined);
      return orders.bookShipment(
        orderId,
        {
          provider: "shiprocket",
          providerOrderId: created.providerOrderId,
          shipmentId: created.shipmentId,
          awb,
          courier,
          ...(labelUrl ? { labelUrl } : {}),
          ...(manifestUrl ? { manifestUrl } : {}),
          ...(served.expectedBy ? { expectedBy: served.expectedBy } : {}),
          at: now().toISOString(),
        },
        actor,
      );
    },

    /**
     * Shiprocket's tracking webhook: refused (401) unless its `x-api-key` is the shop's token; a scan the parent needs
     * enters the order's trail once (the same step at the same time twice is nothing new); a scan of no order the
     * shop knows, or of another parcel, is answered 202 so the courier does not retry it forever.
     */
    async receiveWebhook(token: string | null, body: unknown): Promise<WebhookAnswer> {
      const expected = settings.webhookToken;
      if (!expected || !token || !timingSafeEqual(digest(token), digest(expected))) return { status: 401, reason: "unknown sender" };
      const parsed = webhookBody.safeParse(body);
      if (!parsed.success) return { status: 400, reason: "not a tracking update" };
      const scan = parsed.data;
      const step = parcelStepOf(scan.shipment_status_id ?? scan.current_status_id, scan.current_status);
      if (!step) return { status: 200, recorded: false, reason: "no step for the parent" };
      if (!scan.order_id) return { status: 202, recorded: false, reason: "no order" };
      const location = scan.scans?.at(-1)?.location;
      try {
        const result = await orders.recordScan(
          scan.order_id,
          {
            awb: scan.awb,
            step,
            label: scan.current_status ?? step,
            ...(location ? { location } : {}),
            scannedAt: scan.current_timestamp ? courierInstant(scan.current_timestamp) : now().toISOString(),
          },
          COURIER,
        );
        return { status: 200, recorded: result.changed };
      } catch (err) {
        if (err instanceof RuleViolation) return { status: 202, recorded: false, reason: err.key };
        throw err;
      }
    },

    /**
     * The booked parcel's label or manifest as a PDF to print: from the link the booking kept, or, when there is none
     * or it no longer answers, from a link asked for again. No shipment: `courier.noShipment`.
     */
    async paper(orderId: string, kind: CourierPaper): Promise<{ bytes: Uint8Array; filename: string }> {
      const shipment = (await orders.parcelOf(orderId)).parcel?.shipment;
      if (!shipment) throw new RuleViolation("courier.noShipment", {}, 404);
      const kept = kind === "label" ? shipment.labelUrl : shipment.manifestUrl;
      const fresh = () => (kind === "label" ? client.label(shipment.shipmentId) : client.manifest(shipment.shipmentId));
      const filename = `${kind}-${shipment.awb.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
      if (kept) {
        const bytes = await client.download(kept).catch(() => undefined);
        if (bytes) return { bytes, filename };
      }
      const link = await fresh();
      if (!link) throw new RuleViolation("courier.unavailable", {}, 409);
      return { bytes: await client.download(link), filename };
    },

    /**
     * Polling where the webhook went quiet (decision 232): of these shipped orders, each courier parcel the courier has
     * said nothing of for `settings.quietMs` (no scan since the last, or since booking) and that was not asked of
     * within that time is followed by its AWB. `asked` is the poller's memory of when it last asked of each order. A
     * scan the webhook brought already is nothing new. The courier not answering ends the round: the next one tries again.
     */
    async followQuiet(orderIds: readonly string[], asked: Map<string, number>): Promise<{ asked: number; recorded: number }> {
      const at = now().getTime();
      let followed = 0;
      let recorded = 0;
      for (const orderId of orderIds) {
        const order = await orders.parcelOf(orderId);
        const shipment = order.parcel?.shipment;
        if (!shipment || order.status !== "shipped" || order.deleted) continue;
        const heard = Math.max(Date.parse(shipment.at), ...order.parcel!.scans.map((s) => Date.parse(s.scannedAt)));
        if (at - heard < settings.quietMs || at - (asked.get(orderId) ?? 0) < settings.quietMs) continue;
        asked.set(orderId, at);
        followed++;
        recorded += await follow(orderId);
      }
      return { asked: followed, recorded };
    },

    follow,
  };
}

export type CourierService = ReturnType<typeof createCourierService>;
