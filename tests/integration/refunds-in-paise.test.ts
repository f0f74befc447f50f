/**
 * Refunds in paise end to end (decision 209): a refund stored in whole rupees before (`PaymentRefunded` version 1)
 * and one given back to the paisa by UPI now (version 2) on one order: the order's row, its credit notes, its trail,
 * the parent's text, the /api's answer and the day's report say the same paise, and a replay and `shop verify` agree.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../domain/events/registry";
import { orderStreamId } from "../../domain/orders/events";
import { describeOrderEvent } from "../../domain/orders/describe";
import { replay, verify } from "../../projectors/replay";
import { orderJson } from "../../app/orders/api.server";
import { placeTestOrder } from "../support/admin";
import { adapterOf } from "../support/event-store";
import { REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ env: REGISTERED_SHOP_ENV });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

describe("refunds in paise", () => {
  it("reads an old whole-rupee refund as its paise beside a refund to the paisa, everywhere, and replays to the same rows", async () => {
    const placed = await placeTestOrder(shop, {
      name: "Paise Parent",
      items: [
        { productId: "school/dps/shirt", size: "30", quantity: 2 },
        { productId: "stationery/geometric-box-set", quantity: 1 },
      ],
    });
    const { orderId } = placed;
    for (const to of ["shipped", "delivered"]) await shop.orders.changeStatus(orderId, to, admin);
    await shop.orders.pay(orderId, (at) => ({ type: "CollectCash", actor: admin, at }));

    // A refund as the shop stored it before decision 209: whole rupees, version 1, appended past today's registry.
    const before = await shop.store.readStream(orderStreamId(orderId));
    const old = { orderId, amount: 100, method: "cash", note: "Late delivery", actor: admin, at: new Date().toISOString() };
    await adapterOf(shop.store).append(
      orderStreamId(orderId),
      [{ id: randomUUID(), type: "PaymentRefunded", data: old, metadata: { [SCHEMA_VERSION]: 1 } }],
      before.length - 1,
    );
    // Today's: to the paisa by UPI, through the one command handler (its credit note in the same command).
    const result = await shop.orders.pay(orderId, (at) => ({ type: "RefundPayment", paise: 123_45, method: "upi", note: "Goodwill", actor: admin, at }));
    expect(result.changed).toBe(true);

    const stream = await shop.store.readStream(orderStreamId(orderId));
    const refunds = stream.filter((e) => e.type === "PaymentRefunded");
    // The old one as stored; the new one in paise, at today's version (2 or a later one that keeps paise).
    expect(refunds[0].metadata[SCHEMA_VERSION]).toBe(1);
    expect(refunds[1].metadata[SCHEMA_VERSION]).toBeGreaterThanOrEqual(2);
    expect(refunds[1].data).toMatchObject({ paise: 123_45, method: "upi" });

    // The order's row and the /api: ₹223.45 given back.
    expect(await shop.waitForReadModels((await shop.store.headPosition())!, 60_000)).toBe(true);
    const order = (await shop.orders.getOrder(orderId))!;
    expect(order).toMatchObject({ refundedPaise: 223_45, paymentStatus: "partly refunded" });
    expect(orderJson(order).payment).toMatchObject({ amountRefunded: 223.45, status: "partly refunded" });

    // The old refund has no note of its own (the documents of that time were not this test's); the new one's note
    // reverses exactly the paise given back.
    const notes = (await shop.orders.taxDocuments(orderId))!.creditNotes;
    expect(notes.at(-1)!.reason).toBe("refund");
    expect(notes.at(-1)!.totals.value).toBe(123_45);

    // The trail names each refund with its paise.
    const trail = await shop.orders.getOrderTrail(orderId);
    const said = trail.filter((e) => e.type === "PaymentRefunded").map((e) => describeOrderEvent(e).details);
    expect(said).toEqual(["₹100 by cash; Late delivery", "₹123.45 by UPI; Goodwill"]);

    // The day's report: rupees to the paisa, the same money as the orders' rows.
    const report = await sql<{ refunded: string; orders: string }>`
      select (select coalesce(sum(refunded), 0) from report_daily) as refunded,
             (select coalesce(sum(refunded_paise), 0) from orders) as orders`.execute(shop.db);
    expect([Number(report.rows[0].refunded), Number(report.rows[0].orders)]).toEqual([223.45, 223_45]);

    // Replay and verify: rebuilt from the same events (version 1 upcast), the same rows.
    const rows = async () =>
      (await sql<{ projected_at?: unknown }>`select * from orders order by id`.execute(shop.db)).rows.map(({ projected_at, ...row }) => {
        void projected_at;
        return row;
      });
    const live = await rows();
    await replay(shop.db, shop.store, [...shop.projectors], { batchSize: 2 });
    expect(await rows()).toEqual(live);
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
  }, 90_000);
});
