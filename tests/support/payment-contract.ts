/**
 * Paying by UPI on each event store (decision 101): a reference confirms one order only, on a
 * store that appends the order and the reference's claim together and on one that claims first.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RuleViolation } from "../../domain/errors";
import { upiReferenceEvents, upiReferenceStreamId } from "../../domain/orders/upi-reference";
import { ENGLISH, englishOf, ruleRefusalOf } from "./refusal";
import { createCartService } from "../../services/cart";
import { createCatalogueService } from "../../services/catalogue";
import { createLinePricer } from "../../services/line-prices";
import { createOrderService } from "../../services/orders";
import { createStockService } from "../../services/stock";
import { catchUp, type StockSubject } from "./stock-contract";
import { handlerOnly } from "../../eventstore/command-handler";

const REFERENCE_TAKEN_MESSAGE = ENGLISH.payment.referenceTaken;

const address = { name: "Ravi Kumar", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" };
const customer = { kind: "guest" as const, name: "Ravi Kumar", phone: "9876543210" };
const parent = { kind: "guest" as const, name: "Ravi Kumar" };
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

function paymentShop(subject: StockSubject, referenceClaims: "together" | "claim first") {
  const { store, db } = subject;
  const catalogue = createCatalogueService(db);
  const priceLine = createLinePricer((id) => catalogue.productForCart(id));
  const cart = createCartService({ store: handlerOnly(store), priceLine });
  const visible = async () => true;
  const stock = createStockService({ db, store: handlerOnly(store), waitUntilVisible: visible });
  return createOrderService({ db, store: handlerOnly(store), priceLine, cart, stock, waitUntilVisible: visible, upiAvailable: true, atomic: referenceClaims === "together" });
}

const refusal = ruleRefusalOf;

export function paymentContract(getSubject: () => StockSubject): void {
  for (const strategy of ["together", "claim first"] as const) {
    describe(`UPI references: ${strategy}`, () => {
      const skipHere = () => strategy === "together" && !getSubject().store.appendsToStreamsAtomically;
      const placeUpiOrder = (orders: ReturnType<typeof paymentShop>) =>
        orders.placeOrder({
          scope: "payment-contract",
          idempotencyKey: randomUUID(),
          items: [{ productId: "stationery/scientific-calculator", quantity: 1 }],
          customer,
          address,
          paymentMethod: "upi",
        });
      const report = (orders: ReturnType<typeof paymentShop>, orderId: string, reference: string) =>
        orders.pay(orderId, (at) => ({ type: "ReportPayment", reference, actor: parent, at }));

      it("lets one order claim a reference, refuses it to another, and frees it when the shop rejects the report", async ({ skip }) => {
        if (skipHere()) skip("this store cannot append two streams in one transaction");
        const orders = paymentShop(getSubject(), strategy);
        const reference = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
        const first = await placeUpiOrder(orders);
        const second = await placeUpiOrder(orders);
        await report(orders, first.orderId, reference);
        expect(await refusal(report(orders, second.orderId, reference))).toEqual({ status: 409, message: REFERENCE_TAKEN_MESSAGE });
        // The refused order wrote no report: only the refusal, kept for the owner (decision 119).
        expect((await getSubject().store.readStream(`order-${second.orderId}`)).map((e) => e.type)).toEqual([
          "OrderPlaced",
          "PaymentRequested",
          "PaymentReportRefused",
        ]);

        await orders.pay(first.orderId, (at) => ({ type: "RejectPayment", note: "Not in the statement", actor: admin, at }));
        await report(orders, second.orderId, reference);
        const claims = upiReferenceEvents.readAll(await getSubject().store.readStream(upiReferenceStreamId(reference)));
        expect(claims.map((e) => `${e.type} ${"orderId" in e.data && e.data.orderId === first.orderId ? "first" : "second"}`)).toEqual([
          "UpiReferenceClaimed first",
          "UpiReferenceDisputed second",
          "UpiReferenceReleased first",
          "UpiReferenceClaimed second",
        ]);
        await orders.pay(second.orderId, (at) => ({ type: "ConfirmPayment", note: "", actor: admin, at }));
        await catchUp(getSubject().db, getSubject().store);
        expect(await orders.getOrder(second.orderId)).toMatchObject({ paymentStatus: "paid", paymentReference: reference, amountPaid: 135 });
        expect(await orders.getOrder(first.orderId)).toMatchObject({ paymentStatus: "unpaid", paymentReference: null });
      });

      it("gives two orders racing for one reference exactly one claim", async ({ skip }) => {
        if (skipHere()) skip("this store cannot append two streams in one transaction");
        const orders = paymentShop(getSubject(), strategy);
        const reference = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
        const placed = await Promise.all(Array.from({ length: 4 }, () => placeUpiOrder(orders)));
        const results = await Promise.allSettled(placed.map((order) => report(orders, order.orderId, reference)));
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        for (const r of results) if (r.status === "rejected") expect(englishOf(r.reason as RuleViolation)).toBe(REFERENCE_TAKEN_MESSAGE);
        // One order holds the report; each refused one keeps only its refusal for the owner (decision 119).
        const lastTypes = await Promise.all(placed.map(async (o) => (await getSubject().store.readStream(`order-${o.orderId}`)).at(-1)?.type));
        expect(lastTypes.filter((type) => type === "PaymentReported")).toHaveLength(1);
        expect(lastTypes.filter((type) => type === "PaymentReportRefused")).toHaveLength(3);
      });
    });
  }
}
