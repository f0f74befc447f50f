import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { ENGLISH, PAYMENT_REFUSALS as PAYMENT_MESSAGES, inEnglish } from "../support/refusal";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
import type { OrderEvent } from "../../domain/orders/events";
import { legacyPaymentStatus, paymentStanding } from "../../domain/orders/payment";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { referenceClaims, upiReferenceDecider } from "../../domain/orders/upi-reference";
import { UPI_REFERENCE_MESSAGE } from "../../domain/orders/upi";

const OUTSIDE_AREA_MESSAGE = ENGLISH.checkout.outsideArea;
const REFERENCE_TAKEN_MESSAGE = ENGLISH.payment.referenceTaken;

const at = "2026-11-24T06:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const parent = { kind: "guest" as const, name: "Ravi" };
const orderId = "3f9a1c2e-0000-8000-8000-000000000000";
// ₹3,539 of school uniform: the cart the home banner's promise was tried with.
const place = (patch: Partial<Extract<OrderCommand, { type: "PlaceOrder" }>> = {}): OrderCommand => ({
  type: "PlaceOrder",
  orderId,
  lines: [
    { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", unitPrice: 310, quantity: 3 },
    { productId: "school/dps/pant", name: "Pant", size: "30", school: "DPS", unitPrice: 340, quantity: 4 },
    { productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 99, quantity: 1 },
    { productId: "white/tie", name: "Tie", size: "Free Size", school: "", unitPrice: 150, quantity: 3 },
    { productId: "white/socks", name: "Socks", size: "Free Size", school: "", unitPrice: 100, quantity: 3 },
    { productId: "white/cap", name: "Cap", size: "Free Size", school: "", unitPrice: 40, quantity: 1 },
    { productId: "bags/school-bag", name: "School Bag", size: "Free Size", school: "", unitPrice: 360, quantity: 1 },
  ],
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: at,
  language: "en",
  paymentMethod: "upi",
  charges: DEFAULT_CHARGE_RULES,
  actor: parent,
  ...patch,
});

type Placed = Extract<OrderEvent, { type: "OrderPlaced" }>;
const orders = spec(orderDecider);
/** The events a stream holds after `command` is decided on `history`: a test's history is what the rules decided. */
const apply = (history: OrderEvent[], command: OrderCommand): OrderEvent[] => [...history, ...orders.given(history).when(command).events()];
const placed = (patch = {}) => apply([], place(patch));
const stateOf = (history: OrderEvent[]) => orders.given(history).state();
const paymentOf = (history: OrderEvent[]) => {
  const state = stateOf(history);
  if (!state.exists) throw new Error("no order");
  return state.payment;
};
const standing = (history: OrderEvent[]) => (stateOf(history).exists ? paymentStanding(paymentOf(history)) : "none");

describe("every rupee of an order is decided by the shop's rules and recorded", () => {
  it("takes the offer off and delivers free in Churu district, and records each part", () => {
    const [order, request] = orders.given().when(place()).events();
    expect((order as Placed).data).toMatchObject({ subtotal: 3539, discountPercent: 10, discount: 353, delivery: 0, total: 3186, paymentMethod: "upi" });
    expect(request).toEqual({ type: "PaymentRequested", data: { orderId, method: "upi", amount: 3186, actor: parent, at } });
  });

  it("charges delivery outside the area, or refuses the address when the shop does not deliver there", () => {
    const jaipur = { name: "Ravi", phone: "9876543210", address: "1 MI Road", city: "Jaipur", pincode: "302001" };
    const [order] = orders.given().when(place({ address: jaipur })).events();
    expect((order as Placed).data).toMatchObject({ subtotal: 3539, discount: 353, delivery: 100, total: 3286 });
    const closed = { ...DEFAULT_CHARGE_RULES, delivery: { ...DEFAULT_CHARGE_RULES.delivery, outsideCharge: null } };
    expect(inEnglish(orders.given().when(place({ address: jaipur, charges: closed })).refused())).toEqual({ status: 422, message: OUTSIDE_AREA_MESSAGE });
  });

  it("gives no offer outside its days or below its minimum", () => {
    const ended = { ...DEFAULT_CHARGE_RULES, discount: { ...DEFAULT_CHARGE_RULES.discount, until: "2026-11-23" } };
    expect((orders.given().when(place({ charges: ended })).events()[0] as Placed).data).toMatchObject({ discount: 0, total: 3539 });
    const dear = { ...DEFAULT_CHARGE_RULES, discount: { ...DEFAULT_CHARGE_RULES.discount, minimum: 5000 } };
    expect((orders.given().when(place({ charges: dear })).events()[0] as Placed).data).toMatchObject({ discountPercent: 0, discount: 0 });
  });

  it("accepts a client's total that adds up the lines when the order costs less, never when it costs more", () => {
    expect(orders.given().when(place({ claimedTotal: 3539 })).events()).toHaveLength(2);
    expect(orders.given().when(place({ claimedTotal: 3186 })).events()).toHaveLength(2);
    const jaipur = { name: "Ravi", phone: "9876543210", address: "1 MI Road", city: "Jaipur", pincode: "302001" };
    const noOffer = { ...DEFAULT_CHARGE_RULES, discount: { ...DEFAULT_CHARGE_RULES.discount, on: false } };
    expect(inEnglish(orders.given().when(place({ address: jaipur, charges: noOffer, claimedTotal: 3539 })).refused())).toEqual({
      status: 409,
      message: "The order total is ₹3,639, not ₹3,539. Please review your cart; no order was placed.",
    });
  });
});

describe("paying by UPI: reported by the parent, confirmed or rejected by the shop", () => {
  const report = (reference: string): OrderCommand => ({ type: "ReportPayment", reference, actor: parent, at });

  it("takes a 12-digit reference as apps group it, and refuses anything else", () => {
    const reported = apply(placed(), report("4123 4567-8901"));
    expect(standing(reported)).toBe("reported");
    expect(paymentOf(reported).reported?.reference).toBe("412345678901");
    for (const bad of ["41234567890", "4123456789012", "41234567890a", ""]) {
      expect(inEnglish(orders.given(placed()).when(report(bad)).refused())).toEqual({ status: 422, message: UPI_REFERENCE_MESSAGE });
    }
  });

  it("refuses the same reference twice, a rejected one again, and any on a paid, cancelled or deleted order", () => {
    const reported = apply(placed(), report("412345678901"));
    expect(inEnglish(orders.given(reported).when(report("412345678901")).refused())).toEqual({ status: 409, message: PAYMENT_MESSAGES.sameReference });
    const rejected = apply(reported, { type: "RejectPayment", note: "Not in the statement", actor: admin, at });
    expect(standing(rejected)).toBe("unpaid");
    expect(inEnglish(orders.given(rejected).when(report("412345678901")).refused())).toEqual({ status: 409, message: PAYMENT_MESSAGES.rejectedReference });
    // Another reference after a rejection is a new report.
    expect(standing(apply(rejected, report("412345678902")))).toBe("reported");
    const paid = apply(reported, { type: "ConfirmPayment", actor: admin, at });
    expect(inEnglish(orders.given(paid).when(report("412345678903")).refused())).toEqual({ status: 409, message: PAYMENT_MESSAGES.alreadyPaid });
    const cancelled = apply(placed(), { type: "ChangeStatus", to: "cancelled", actor: admin, at });
    expect(inEnglish(orders.given(cancelled).when(report("412345678903")).refused())).toEqual({ status: 409, message: PAYMENT_MESSAGES.cancelled });
    const deleted = apply(placed(), { type: "DeleteOrder", actor: admin, at });
    expect(inEnglish(orders.given(deleted).when(report("412345678903")).refused()).status).toBe(409);
  });

  it("confirms the reported reference for the order's amount, once", () => {
    const reported = apply(placed(), report("412345678901"));
    expect(orders.given(reported).when({ type: "ConfirmPayment", note: "In the SBI statement", actor: admin, at }).events()).toEqual([
      { type: "PaymentConfirmed", data: { orderId, amount: 3186, reference: "412345678901", note: "In the SBI statement", actor: admin, at } },
    ]);
    const paid = apply(reported, { type: "ConfirmPayment", actor: admin, at });
    expect(standing(paid)).toBe("paid");
    expect(legacyPaymentStatus(paymentOf(paid))).toBe("paid");
    expect(inEnglish(orders.given(paid).when({ type: "ConfirmPayment", actor: admin, at }).refused())).toEqual({ status: 409, message: PAYMENT_MESSAGES.alreadyRecorded });
  });

  it("rejects only a reported payment, and only with a note", () => {
    expect(inEnglish(orders.given(placed()).when({ type: "RejectPayment", note: "no", actor: admin, at }).refused())).toEqual({
      status: 409,
      message: PAYMENT_MESSAGES.nothingReported,
    });
    const reported = apply(placed(), report("412345678901"));
    expect(inEnglish(orders.given(reported).when({ type: "RejectPayment", note: "  ", actor: admin, at }).refused())).toEqual({ status: 422, message: PAYMENT_MESSAGES.rejectNote });
  });
});

describe("cash on delivery and refunds", () => {
  it("collects cash once for the order's amount", () => {
    const cod = placed({ paymentMethod: "cod" });
    expect(orders.given(cod).when({ type: "CollectCash", actor: admin, at }).events()).toEqual([{ type: "CashCollected", data: { orderId, amount: 3186, actor: admin, at } }]);
    const paid = apply(cod, { type: "CollectCash", actor: admin, at });
    expect(inEnglish(orders.given(paid).when({ type: "CollectCash", actor: admin, at }).refused()).status).toBe(409);
  });

  it("records no cash on a cancelled order, by the cash form or the old paid switch", () => {
    const cancelled = apply(placed({ paymentMethod: "cod" }), { type: "ChangeStatus", to: "cancelled", actor: admin, at });
    const cash = { type: "CollectCash", actor: admin, at } as const;
    expect(inEnglish(orders.given(cancelled).when(cash).refused())).toEqual({ status: 409, message: ENGLISH.admin.paymentCashCancelled });
    expect(inEnglish(orders.given(cancelled).when({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }).refused())).toEqual({
      status: 409,
      message: ENGLISH.admin.paymentCashCancelled,
    });
  });

  it("never lets cash erase a UPI reference the parent reported: the report is judged first, and kept meanwhile", () => {
    const reported = apply(placed(), { type: "ReportPayment", reference: "412345678901", actor: parent, at });
    expect(inEnglish(orders.given(reported).when({ type: "CollectCash", actor: admin, at }).refused())).toEqual({
      status: 409,
      message: "The parent reported UPI payment 412345678901 for this order: confirm or reject it before recording cash.",
    });
    expect(paymentOf(reported).reported?.reference).toBe("412345678901");
    // Once the admin has rejected it (no money found), the cash the parent brought to the shop is recorded.
    const rejected = apply(reported, { type: "RejectPayment", note: "Not in the statement", actor: admin, at });
    const paid = apply(rejected, { type: "CollectCash", actor: admin, at });
    expect(standing(paid)).toBe("paid");
    expect(paymentOf(paid).references).toEqual(["412345678901"]);
  });

  it("never refunds more than was paid and not yet refunded", () => {
    const refund = (paise: number): OrderCommand => ({ type: "RefundPayment", paise, method: "cash", note: "Size exchange", actor: admin, at });
    expect(inEnglish(orders.given(placed()).when(refund(100_00)).refused())).toEqual({ status: 409, message: PAYMENT_MESSAGES.nothingPaid });
    const paid = apply(placed({ paymentMethod: "cod" }), { type: "CollectCash", actor: admin, at });
    expect(inEnglish(orders.given(paid).when(refund(3187_00)).refused())).toEqual({ status: 409, message: "A refund can be at most ₹3,186, what was paid and not yet refunded." });
    for (const bad of [0, -5, 10.5]) expect(inEnglish(orders.given(paid).when(refund(bad)).refused())).toEqual({ status: 422, message: PAYMENT_MESSAGES.refundAmount });
    expect(inEnglish(orders.given(paid).when({ type: "RefundPayment", paise: 10_00, method: "cheque", actor: admin, at }).refused()).status).toBe(422);
    const partly = apply(paid, refund(1000_00));
    expect(standing(partly)).toBe("partly refunded");
    expect(legacyPaymentStatus(paymentOf(partly))).toBe("paid");
    expect(inEnglish(orders.given(partly).when(refund(2187_00)).refused()).message).toBe("A refund can be at most ₹2,186, what was paid and not yet refunded.");
    const refunded = apply(partly, { type: "RefundPayment", paise: 2186_00, method: "upi", reference: "512345678901", actor: admin, at });
    expect(standing(refunded)).toBe("refunded");
    expect(legacyPaymentStatus(paymentOf(refunded))).toBe("pending");
  });

  it("refunds to the paisa by UPI, in whole rupees in cash, and words what is left to the paisa (decision 209)", () => {
    const paid = apply(placed({ paymentMethod: "cod" }), { type: "CollectCash", actor: admin, at });
    const byUpi = (paise: number): OrderCommand => ({ type: "RefundPayment", paise, method: "upi", actor: admin, at });
    const [event] = orders.given(paid).when(byUpi(254_79)).events();
    expect(event).toMatchObject({ type: "PaymentRefunded", data: { paise: 254_79, method: "upi" } });
    const partly = apply(paid, byUpi(254_79));
    expect(paymentOf(partly).refundedPaise).toBe(254_79);
    expect(inEnglish(orders.given(partly).when(byUpi(2931_22)).refused()).message).toBe("A refund can be at most ₹2,931.21, what was paid and not yet refunded.");
    expect(inEnglish(orders.given(partly).when({ type: "RefundPayment", paise: 254_79, method: "cash", actor: admin, at }).refused())).toEqual({
      status: 422,
      message: "Cash is given back in whole rupees: refund ₹255 in cash, or the exact amount by UPI.",
    });
    const rest = apply(partly, byUpi(2931_21));
    expect(standing(rest)).toBe("refunded");
  });

  it("the old paid/pending switch records money by the order's method and does not take it back", () => {
    const upi = placed();
    expect(orders.given(upi).when({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }).events()[0].type).toBe("PaymentConfirmed");
    const paid = apply(upi, { type: "ChangePaymentStatus", to: "paid", actor: admin, at });
    orders.given(paid).when({ type: "ChangePaymentStatus", to: "paid", actor: admin, at }).thenNothing();
    expect(inEnglish(orders.given(paid).when({ type: "ChangePaymentStatus", to: "pending", actor: admin, at }).refused())).toEqual({
      status: 409,
      message: PAYMENT_MESSAGES.recordedByRefund,
    });
    orders.given(upi).when({ type: "ChangePaymentStatus", to: "pending", actor: admin, at }).thenNothing();
  });

  it("reads an order's payment from the old switch's events too", () => {
    const old = [
      ...placed({ paymentMethod: "cod" }).slice(0, 1),
      { type: "OrderPaymentStatusChanged", data: { orderId, from: "pending", to: "paid", actor: admin, at } } as OrderEvent,
    ];
    expect(standing(old)).toBe("paid");
    expect(paymentOf(old).paid).toBe(3186);
  });
});

describe("a UPI reference belongs to one order", () => {
  const claim = (order: string) => ({ type: "ClaimReference" as const, reference: "412345678901", orderId: order, at });
  it("is claimed by the first order, again by the same one for nothing, and refused to another until released", () => {
    const references = spec(upiReferenceDecider);
    const claimed = references.given().when(claim("a")).events();
    const taken = references.given(claimed);
    taken.when(claim("a")).thenNothing();
    expect(inEnglish(taken.when(claim("b")).thenRefuses("payment.referenceTaken", {}, 409)).message).toBe(REFERENCE_TAKEN_MESSAGE);
    taken.when({ ...claim("b"), type: "ReleaseReference" }).thenNothing();
    const released = taken.when({ ...claim("a"), type: "ReleaseReference" }).events();
    expect(references.given(claimed, released).when(claim("b")).events()).toHaveLength(1);
  });

  it("a report claims its reference and frees the one it replaces; a rejection frees; a confirmation claims what it names", () => {
    const event = (type: string, reference: string) => ({ type, data: { reference } });
    expect(referenceClaims({}, [event("PaymentReported", "1")])).toEqual({ claim: ["1"], release: [] });
    expect(referenceClaims({ reported: { reference: "1" } }, [event("PaymentReported", "2")])).toEqual({ claim: ["2"], release: ["1"] });
    expect(referenceClaims({ reported: { reference: "1" } }, [event("PaymentRejected", "1")])).toEqual({ claim: [], release: ["1"] });
    expect(referenceClaims({ reported: { reference: "1" } }, [event("PaymentConfirmed", "1")])).toEqual({ claim: [], release: [] });
    expect(referenceClaims({}, [event("PaymentConfirmed", "3")])).toEqual({ claim: ["3"], release: [] });
  });
});
