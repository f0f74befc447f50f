/**
 * Polling where the courier's webhook went quiet (decision 232), with Shiprocket faked at its HTTP edge: a shipped
 * parcel the courier has said nothing of for SHIPROCKET_QUIET_HOURS is asked for by AWB, once a quiet spell; its new
 * scans enter the order's trail once, however often they are seen (by polling again, or by a late webhook); a delivered
 * parcel is asked of no more. The clock is the courier service's own, moved on by the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { createCourierService } from "../../services/courier/service";
import { createParcelPoller } from "../../workers/parcels";
import { placeTestOrder } from "../support/admin";
import { FAKE_COURIER_WEBHOOK_TOKEN, shiprocketEnv, startFakeCourier, type FakeCourier } from "../support/fake-courier";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
let fake: FakeCourier;
const TOKEN = FAKE_COURIER_WEBHOOK_TOKEN;
const HOUR = 3_600_000;

beforeAll(async () => {
  fake = await startFakeCourier();
  shop = await openTestShop({
    env: {
      ...shiprocketEnv(fake),
      SHIPROCKET_QUIET_HOURS: "6",
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const owner = { kind: "admin" as const, id: "owner-1", name: "Asha" };

/** A time as Shiprocket's tracking writes it: India's wall clock, "YYYY-MM-DD HH:mm:ss". */
function courierTime(at: number): string {
  return new Date(at + 5.5 * HOUR).toISOString().slice(0, 19).replace("T", " ");
}

const scansOf = async (orderId: string) =>
  orderEvents
    .readAll(await shop.store.readStream(orderStreamId(orderId)))
    .flatMap((e) => (e.type === "ParcelScanned" ? [e.data.step] : []));

describe("polling quiet parcels", () => {
  it("asks the courier by AWB once a quiet spell, and records each scan once however often it is seen", async () => {
    fake.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    const order = await placeTestOrder(shop, { city: "Jaipur", pincode: "302001" });
    const booked = Date.now();
    await shop.courier!.ship(order.orderId, owner);
    const { awb } = (await shop.orders.parcelOf(order.orderId)).parcel!.shipment!;
    fake.activities.set(awb, [
      { date: courierTime(booked + 1 * HOUR), activity: "Shipment Picked Up", location: "Churu", "sr-status": "42" },
      { date: courierTime(booked + 2 * HOUR), activity: "In Transit", location: "Jaipur Hub", "sr-status": "18" },
    ]);
    let clock = booked;
    const courier = createCourierService({ settings: shop.courier!.settings, orders: shop.orders, now: () => new Date(clock) });
    const poll = createParcelPoller({ db: shop.db, courier });
    const tracked = () => fake.requests.filter((r) => r.path === `/v1/external/courier/track/awb/${awb}`).length;

    // An hour after booking the courier is not quiet yet: nothing asked.
    clock = booked + 1 * HOUR;
    await poll();
    expect(tracked()).toBe(0);

    // Seven hours without a word: asked, and both scans enter the trail.
    clock = booked + 7 * HOUR;
    expect(await poll()).toMatchObject({ recorded: 2 });
    expect(tracked()).toBe(1);
    expect(await scansOf(order.orderId)).toEqual(["pickedUp", "inTransit"]);

    // Asked within the quiet spell: not asked again.
    clock = booked + 8 * HOUR;
    await poll();
    expect(tracked()).toBe(1);

    // The webhook comes late with a scan polling brought: nothing new.
    const late = { awb, order_id: order.orderId, current_status: "In Transit", shipment_status_id: 18, current_timestamp: courierTime(booked + 2 * HOUR) };
    expect(await shop.courier!.receiveWebhook(TOKEN, late)).toEqual({ status: 200, recorded: false });

    // Quiet again: asked again, the same scans seen again, none recorded twice.
    clock = booked + 15 * HOUR;
    expect(await poll()).toMatchObject({ recorded: 0 });
    expect(tracked()).toBe(2);
    expect(await scansOf(order.orderId)).toEqual(["pickedUp", "inTransit"]);

    // Delivered, found by polling: the order moves on, and a delivered parcel is asked of no more.
    fake.activities.get(awb)!.push({ date: courierTime(booked + 20 * HOUR), activity: "Delivered", location: "Jaipur", "sr-status": "7" });
    clock = booked + 27 * HOUR;
    expect(await poll()).toMatchObject({ recorded: 1 });
    expect((await shop.orders.parcelOf(order.orderId)).status).toBe("delivered");
    await shop.orders.waitUntilVisible((await shop.store.readStream(orderStreamId(order.orderId))).at(-1)!.position);
    clock = booked + 60 * HOUR;
    await poll();
    expect(tracked()).toBe(3);
    expect(await scansOf(order.orderId)).toEqual(["pickedUp", "inTransit", "delivered"]);
  });
});
