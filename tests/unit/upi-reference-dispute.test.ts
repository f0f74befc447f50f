/**
 * UPI reference squatting (decision 119): whoever reports a reference first holds it, and the
 * parent who really paid is refused. The refused report is kept (on the reference's stream and the
 * refused order's), and the owner moves the reference from the order holding it to the refused one:
 * each stream's part decided by its own aggregate.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { ENGLISH, inEnglish } from "../support/refusal";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
import type { OrderEvent } from "../../domain/orders/events";
import { paymentStanding } from "../../domain/orders/payment";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { upiReferenceDecider } from "../../domain/orders/upi-reference";

const at = "2026-11-24T06:00:00.000Z";
const admin = { kind: "admin" as const, id: "a1", name: "Asha" };
const parent = { kind: "guest" as const, name: "Ravi" };
const REF = "412345678901";
const A = "3f9a1c2e-0000-8000-8000-00000000000a";
const B = "3f9a1c2e-0000-8000-8000-00000000000b";

const orders = spec(orderDecider);
/** The events a stream holds after `command` is decided on `history`: a test's history is what the rules decided. */
const apply = (history: OrderEvent[], command: OrderCommand): OrderEvent[] => [...history, ...orders.given(history).when(command).events()];
const placed = (orderId: string): OrderEvent[] =>
  apply([], {
    type: "PlaceOrder",
    orderId,
    lines: [{ productId: "white/belt", name: "Belt", size: "Free Size", school: "", unitPrice: 99, quantity: 2 }],
    customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
    address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
    placedAt: at,
    language: "en",
    paymentMethod: "upi",
    charges: DEFAULT_CHARGE_RULES,
    actor: parent,
  });
const references = spec(upiReferenceDecider);
const claimedByA = references.given().when({ type: "ClaimReference", reference: REF, orderId: A, at }).events();
const paymentOf = (history: OrderEvent[]) => {
  const state = orders.given(history).state();
  return state.exists ? state.payment : undefined;
};

/** The squatter's order A holds the reference it reported first; the payer's order B was refused it. */
function squatted() {
  const squatter = apply(placed(A), { type: "ReportPayment", reference: REF, actor: parent, at });
  const payer = apply(placed(B), { type: "RecordRefusedReport", reference: REF, heldBy: A, actor: parent, at });
  return { squatter, payer };
}

describe("a refused report of a reference another order holds", () => {
  it("is kept on the refused order once, naming the order that holds the reference, and changes nothing else", () => {
    const { payer } = squatted();
    expect(orders.given(placed(B)).when({ type: "RecordRefusedReport", reference: REF, heldBy: A, actor: parent, at }).events()).toEqual([
      { type: "PaymentReportRefused", data: { orderId: B, reference: REF, heldBy: A, actor: parent, at } },
    ]);
    expect(paymentOf(payer)?.refusedReports).toEqual([{ reference: REF, heldBy: A, at }]);
    expect(paymentStanding(paymentOf(payer)!)).toBe("unpaid");
    // Reported again: nothing more for the owner to read.
    orders.given(payer).when({ type: "RecordRefusedReport", reference: REF, heldBy: A, actor: parent, at }).thenNothing();
  });

  it("is kept on the reference's stream once per order, only while another order holds it", () => {
    const dispute = (orderId: string) => ({ type: "DisputeReference" as const, reference: REF, orderId, at });
    references.given().when(dispute(B)).thenNothing();
    references.given(claimedByA).when(dispute(A)).thenNothing();
    const disputed = references.given(claimedByA).when(dispute(B));
    expect(disputed.state()).toEqual({ orderId: A, disputedBy: [B] });
    references.given(claimedByA, disputed.events()).when(dispute(B)).thenNothing();
  });
});

describe("the owner moves a disputed reference", () => {
  it("withdraws the holder's report and puts the reference on the refused order, reported for the owner to confirm", () => {
    const { squatter, payer } = squatted();
    const gave = apply(squatter, { type: "GiveUpReference", reference: REF, to: B, actor: admin, at });
    const took = apply(payer, { type: "TakeReference", reference: REF, from: A, actor: admin, at });
    expect(paymentStanding(paymentOf(gave)!)).toBe("unpaid");
    expect(paymentOf(gave)?.reported).toBeUndefined();
    expect(paymentStanding(paymentOf(took)!)).toBe("reported");
    expect(paymentOf(took)).toMatchObject({ reported: { reference: REF }, refusedReports: [] });
    // The squatter can never report it again; the payer's order is confirmed the usual way.
    expect(inEnglish(orders.given(gave).when({ type: "ReportPayment", reference: REF, actor: parent, at }).refused()).status).toBe(409);
    expect(paymentStanding(paymentOf(apply(took, { type: "ConfirmPayment", actor: admin, at }))!)).toBe("paid");
  });

  it("moves the reference's stream only from the order holding it, to another one", () => {
    const move = references.given(claimedByA).when({ type: "MoveReference", reference: REF, from: A, to: B, at });
    expect(move.state()).toEqual({ orderId: B, disputedBy: [] });
    const moved = references.given(claimedByA, move.events());
    expect(inEnglish(moved.when({ type: "MoveReference", reference: REF, from: A, to: B, at }).refused())).toEqual({
      status: 409,
      message: `UPI reference ${REF} is no longer held by that order. Please reload the page.`,
    });
    expect(moved.when({ type: "MoveReference", reference: REF, from: B, to: B, at }).refused().status).toBe(422);
  });

  it("never moves a confirmed payment, nor a reference the order does not hold", () => {
    const { squatter } = squatted();
    const confirmed = apply(squatter, { type: "ConfirmPayment", actor: admin, at });
    expect(inEnglish(orders.given(confirmed).when({ type: "GiveUpReference", reference: REF, to: B, actor: admin, at }).refused())).toEqual({
      status: 409,
      message: `UPI reference ${REF} is confirmed on this order: a confirmed payment is refunded, not moved.`,
    });
    expect(inEnglish(orders.given(squatter).when({ type: "GiveUpReference", reference: "512345678901", to: B, actor: admin, at }).refused())).toEqual({
      status: 409,
      message: "This order has no reported UPI reference 512345678901 waiting to be checked.",
    });
  });

  it("gives the reference only to an order whose shopper reported it, unpaid, not cancelled, with no other report waiting", () => {
    const take = { type: "TakeReference" as const, reference: REF, from: A, actor: admin, at };
    expect(inEnglish(orders.given(placed(B)).when(take).refused())).toEqual({ status: 409, message: `This order's customer did not report UPI reference ${REF}.` });
    const { payer } = squatted();
    const cancelled = apply(payer, { type: "ChangeStatus", to: "cancelled", actor: admin, at });
    expect(inEnglish(orders.given(cancelled).when(take).refused())).toEqual({ status: 409, message: ENGLISH.admin.referenceMoveCancelled });
    const other = apply(payer, { type: "ReportPayment", reference: "612345678901", actor: parent, at });
    expect(inEnglish(orders.given(other).when(take).refused())).toEqual({
      status: 409,
      message: "This order has UPI reference 612345678901 waiting to be checked: confirm or reject it first.",
    });
    const paid = apply(payer, { type: "ConfirmPayment", reference: "712345678901", actor: admin, at });
    expect(inEnglish(orders.given(paid).when(take).refused())).toEqual({ status: 409, message: ENGLISH.admin.paymentAlreadyRecorded });
  });
});
