// The days an order is promised, recorded in its OrderPlaced (version 6, decision 236) on the real store: from the
// owner's rules in town and elsewhere (no courier set), for what is on the shelf and what is made to order; the order
// folds to them, and a replay of the read models agrees with what was projected live.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type DeliveryDateRules } from "../../domain/delivery/dates";
import { SCHEMA_VERSION } from "../../domain/events/registry";
import { orderStreamId } from "../../domain/orders/events";
import { indianDay } from "../../domain/orders/charges";
import { replay, verify } from "../../projectors/replay";
import { placeTestOrder } from "../support/admin";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
const owner = { kind: "admin" as const, id: "owner-1", name: "Asha" };
const RULES: DeliveryDateRules = { readyDays: 1, madeToOrderDays: 9, town: { pincodes: ["331001"], fromDays: 0, toDays: 1 }, outside: { fromDays: 3, toDays: 6 }, courierSpareDays: 2 };

beforeAll(async () => {
  shop = await openTestShop();
  await shop.deliveryDates.setRules(RULES, owner);
});
afterAll(async () => {
  await shop?.close();
});

describe("the promise an order is placed with", () => {
  it("is the owner's rule for the items and the pincode, stamped version 6, and replay agrees", async () => {
    const today = indianDay(new Date());
    // A calculator is bought in and on the shelf: packed in a day, then the boy's round in town.
    const inTown = await placeTestOrder(shop, { pincode: "331001" });
    // A school shirt not counted is made to order: the shop's 9 days, then elsewhere's 3 to 6 (no courier set).
    const jaipur = await placeTestOrder(shop, { pincode: "302001", city: "Jaipur", items: [{ productId: "school/dps/shirt", size: "30", quantity: 1 }] });

    const [placed] = await shop.store.readStream(orderStreamId(inTown.orderId));
    expect(placed.metadata[SCHEMA_VERSION]).toBe(6);
    expect((placed.data as { promise?: unknown }).promise).toEqual({ from: addDays(today, 1), by: addDays(today, 2), source: "shop" });
    expect((await shop.orders.parcelOf(inTown.orderId)).parcel?.promised).toEqual({ from: addDays(today, 1), by: addDays(today, 2), source: "shop" });
    expect((await shop.orders.parcelOf(jaipur.orderId)).parcel?.promised).toEqual({ from: addDays(today, 12), by: addDays(today, 15), source: "shop" });

    // Rebuilt from the same events, the same rows.
    const rows = async () =>
      (await sql<{ projected_at?: unknown }>`select * from orders order by id`.execute(shop.db)).rows.map(({ projected_at, ...row }) => {
        void projected_at;
        return row;
      });
    const live = await rows();
    await replay(shop.db, shop.store, [...shop.projectors], { batchSize: 3 });
    expect(await rows()).toEqual(live);
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
  }, 60_000);
});
