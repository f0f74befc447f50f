/**
 * An order's money as events (decision 101): the read model the dashboard filters is the fold
 * of the payment events, so `shop verify` finds no difference and `shop replay` rebuilds the
 * same payments; the old paid/pending switch still reads.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay, verify } from "../../projectors/replay";
import { openTestShop, type TestShop } from "../support/shop";
import { englishOf } from "../support/refusal";
import type { RuleViolation } from "../../domain/errors";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House" } });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const address = { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const parent = { kind: "guest" as const, name: "Ravi Kumar" };
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

const place = (paymentMethod: "upi" | "cod", pincode = "331001") =>
  shop.orders.placeOrder({
    scope: "payments",
    idempotencyKey: randomUUID(),
    items: [{ productId: "school/dps/shirt", size: "30", quantity: 2 }],
    customer: { kind: "guest", name: "Ravi Kumar", phone: "9876543210" },
    address: { ...address, pincode },
    paymentMethod,
  });

describe("payments in the read model", () => {
  it("follows every step, and verify and replay agree with the events", async () => {
    const upi = await place("upi");
    const reference = String(200_000_000_000 + Math.floor(Math.random() * 799_999_999_999));
    await shop.orders.pay(upi.orderId, (at) => ({ type: "ReportPayment", reference, actor: parent, at }));
    expect(await shop.orders.getOrder(upi.orderId)).toMatchObject({ paymentStatus: "reported", paymentReference: reference, paymentMethod: "upi" });
    await shop.orders.pay(upi.orderId, (at) => ({ type: "ConfirmPayment", note: "SBI statement, 24 Nov", actor: admin, at }));
    await shop.orders.pay(upi.orderId, (at) => ({ type: "RefundPayment", paise: 100_00, method: "upi", note: "Late delivery", actor: admin, at }));
    expect(await shop.orders.getOrder(upi.orderId)).toMatchObject({
      subtotal: 620,
      discount: 62,
      delivery: 0,
      total: 558,
      paymentStatus: "partly refunded",
      paymentReference: reference,
      amountPaid: 558,
      refundedPaise: 100_00,
    });

    const outside = await place("cod", "302001");
    await shop.orders.pay(outside.orderId, (at) => ({ type: "CollectCash", actor: admin, at }));
    expect(await shop.orders.getOrder(outside.orderId)).toMatchObject({ delivery: 100, total: 658, paymentStatus: "paid", amountPaid: 658 });

    const switched = await place("cod");
    await shop.orders.markPaid(switched.orderId, admin);
    await shop.orders.pay(switched.orderId, (at) => ({ type: "RefundPayment", paise: 558_00, method: "cash", note: "", actor: admin, at }));
    expect(await shop.orders.getOrder(switched.orderId)).toMatchObject({ paymentStatus: "refunded", refundedPaise: 558_00 });

    const before = await Promise.all([upi, outside, switched].map((o) => shop.orders.getOrder(o.orderId)));
    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
    await replay(shop.db, shop.store, [...shop.projectors]);
    const after = await Promise.all([upi, outside, switched].map((o) => shop.orders.getOrder(o.orderId)));
    const money = (o: typeof before[number]) =>
      o && [o.paymentStatus, o.paymentMethod, o.paymentReference, o.amountPaid, o.refundedPaise, o.subtotal, o.discount, o.delivery, o.total];
    expect(after.map(money)).toEqual(before.map(money));
  });

  it("refuses UPI when the shop has no UPI ID, naming cash on delivery", async () => {
    const cashOnly = await openTestShop();
    try {
      const refused = (await cashOnly.orders
        .placeOrder({
          scope: "payments",
          idempotencyKey: randomUUID(),
          items: [{ productId: "school/dps/shirt", size: "30", quantity: 1 }],
          customer: { kind: "guest", name: "Ravi Kumar", phone: "9876543210" },
          address,
          paymentMethod: "upi",
        })
        .catch((e: unknown) => e)) as RuleViolation;
      expect({ status: refused.status, message: englishOf(refused) }).toEqual({
        status: 422,
        message: "Paying by UPI is not available right now. Please choose cash on delivery.",
      });
    } finally {
      await cashOnly.close();
    }
  });
});
