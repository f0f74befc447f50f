/**
 * The courier through Shiprocket's API faked at its HTTP boundary (decision 235): a pincode not served is refused
 * before the parent pays, COD where the courier has none too; the owner's shipping books the parcel with its AWB,
 * label and manifest; the tracking webhook is read only with the shop's token, and a scan told twice is recorded once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderStreamId } from "../../domain/orders/events";
import { isRuleViolation } from "../../domain/errors";
import { placeTestOrder } from "../support/admin";
import { FAKE_COURIER_WEBHOOK_TOKEN, shiprocketEnv, startFakeCourier, type FakeCourier } from "../support/fake-courier";
import { openTestShop, type TestShop } from "../support/shop";
import { createCourierService } from "../../services/courier/service";

let shop: TestShop;
let fake: FakeCourier;
const TOKEN = FAKE_COURIER_WEBHOOK_TOKEN;
beforeAll(async () => {
  fake = await startFakeCourier();
  shop = await openTestShop({
    env: shiprocketEnv(fake),
  });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const owner = { kind: "admin" as const, id: "owner-1", name: "Asha" };
const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (isRuleViolation(err)) return err.key;
    throw err;
  }
  return undefined;
};

describe("the courier", () => {
  it("says before the parent pays whether a pincode is served, with COD, and by when", async () => {
    fake.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    fake.served.set("110001", { cod: false, etd: "Dec 11, 2026" });
    const courier = shop.courier!;
    expect(await courier.promise("302001", "cod")).toBe("2026-12-10");
    expect(await refusalOf(courier.promise("110001", "cod"))).toBe("courier.noCodThere");
    expect(await courier.promise("110001", "upi")).toBe("2026-12-11");
    expect(await refusalOf(courier.promise("799001", "upi"))).toBe("courier.notServed");
    // Logged in once for every question.
    expect(fake.requests.filter((r) => r.path === "/v1/external/auth/login")).toHaveLength(1);
  });

  it("books the parcel when the owner ships, and follows the webhook into the trail once, delivered at the end", async () => {
    fake.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    const order = await placeTestOrder(shop, { city: "Jaipur", pincode: "302001" });
    await shop.courier!.ship(order.orderId, owner);
    const summary = await shop.orders.parcelOf(order.orderId);
    expect(summary.status).toBe("shipped");
    const shipment = summary.parcel!.shipment!;
    expect(shipment.awb).toMatch(/^77\d+01$/);
    expect(shipment.labelUrl).toContain("/files/label-");
    expect(shipment.manifestUrl).toContain("/files/manifest-");
    expect(shipment.expectedBy).toBe("2026-12-10");
    const created = fake.requests.find((r) => r.path === "/v1/external/orders/create/adhoc")!.body as Record<string, unknown>;
    expect(created).toMatchObject({ order_id: order.orderId, billing_pincode: "302001", payment_method: "COD", pickup_location: "Churu shop" });

    const update = { awb: shipment.awb, order_id: order.orderId, current_status: "PICKED UP", shipment_status_id: 42, current_timestamp: "2026-12-08 09:30:00", scans: [{ location: "Churu" }] };
    // A forged update (no token, or another) is refused and records nothing.
    expect(await shop.courier!.receiveWebhook(null, update)).toMatchObject({ status: 401 });
    expect(await shop.courier!.receiveWebhook("not-the-token-at-all", update)).toMatchObject({ status: 401 });
    expect(await shop.courier!.receiveWebhook(TOKEN, update)).toEqual({ status: 200, recorded: true });
    // Told twice: recorded once.
    expect(await shop.courier!.receiveWebhook(TOKEN, update)).toEqual({ status: 200, recorded: false });
    // Another parcel's AWB on this order is not recorded.
    expect(await shop.courier!.receiveWebhook(TOKEN, { ...update, awb: "999" })).toMatchObject({ status: 202, recorded: false, reason: "courier.otherParcel" });
    const delivered = { ...update, current_status: "DELIVERED", shipment_status_id: 7, current_timestamp: "2026-12-10 14:05:00" };
    expect(await shop.courier!.receiveWebhook(TOKEN, delivered)).toEqual({ status: 200, recorded: true });
    const events = orderEvents.readAll(await shop.store.readStream(orderStreamId(order.orderId)));
    expect(events.filter((e) => e.type === "ParcelScanned").map((e) => e.type === "ParcelScanned" && [e.data.step, e.data.scannedAt, e.data.location])).toEqual([
      ["pickedUp", "2026-12-08T04:00:00.000Z", "Churu"],
      ["delivered", "2026-12-10T08:35:00.000Z", "Churu"],
    ]);
    expect((await shop.orders.parcelOf(order.orderId)).status).toBe("delivered");
  });
  it("refuses to book a cash-on-delivery parcel where the courier no longer takes cash, and books nothing", async () => {
    fake.served.set("302017", { cod: true, etd: "Dec 10, 2026" });
    const order = await placeTestOrder(shop, { city: "Jaipur", pincode: "302017", paymentMethod: "cod" });
    // Since the order was placed the courier stopped taking cash there; a courier service without the answer kept asks again.
    fake.served.set("302017", { cod: false, etd: "Dec 10, 2026" });
    const asking = createCourierService({ settings: shop.courier!.settings, orders: shop.orders });
    expect(await refusalOf(asking.ship(order.orderId, owner))).toBe("courier.noCodThere");
    expect(fake.requests.filter((r) => r.path === "/v1/external/orders/create/adhoc" && (r.body as { order_id?: string }).order_id === order.orderId)).toEqual([]);
    expect((await shop.orders.parcelOf(order.orderId)).status).toBe("pending");
  });
});
