/**
 * The payments report's words for money (decision 224): each payment event read as the method the money came by and
 * how it was matched to its order, and the report's period from its address, refused in words when it is no period.
 */
import { describe, expect, it } from "vitest";
import { paymentsPeriod } from "../../app/admin/payments-report.server";
import type { Actor } from "../../domain/orders/events";
import { GATEWAY_ACTOR, receivedOf, statementNote } from "../../domain/payments/received";

const orderId = "11111111-1111-4111-8111-111111111111";
const at = "2026-12-08T05:00:00.000Z";
const owner: Actor = { kind: "admin", id: "admin-1", name: "Asha" };

describe("money an order received or gave back", () => {
  it("knows a payment by how it came and how it was matched", () => {
    const confirmed = (note: string, actor = owner) => receivedOf({ type: "PaymentConfirmed", data: { orderId, amount: 558, note, actor, at } });
    expect(confirmed("")).toEqual({ kind: "payment", method: "upi", matchedBy: "hand", paise: 55800 });
    expect(confirmed(statementNote("a".repeat(64), 12))).toEqual({ kind: "payment", method: "upi", matchedBy: "statement", paise: 55800 });
    // The owner's own words that start like a statement's are his, not a statement's.
    expect(confirmed("statement seen at the bank")).toMatchObject({ matchedBy: "hand" });
    expect(confirmed("Razorpay pay_NhQ2Lk7YdA1bCc (upi)", GATEWAY_ACTOR)).toEqual({ kind: "payment", method: "online", matchedBy: "gateway", paise: 55800 });
    expect(receivedOf({ type: "CashCollected", data: { orderId, amount: 310, actor: owner, at } })).toEqual({ kind: "payment", method: "cash", matchedBy: "cash", paise: 31000 });
  });

  it("counts a refund against the method it went back by", () => {
    const refund = (method: "cash" | "upi" | "razorpay") => receivedOf({ type: "PaymentRefunded", data: { orderId, paise: 10050, method, note: "", actor: owner, at } });
    expect(refund("upi")).toEqual({ kind: "refund", method: "upi", paise: 10050 });
    expect(refund("cash")).toEqual({ kind: "refund", method: "cash", paise: 10050 });
    expect(refund("razorpay")).toEqual({ kind: "refund", method: "online", paise: 10050 });
    expect(receivedOf({ type: "OrderNoteAdded", data: { orderId, text: "Call first", actor: owner, at } })).toBeUndefined();
  });
});

describe("the report's period", () => {
  const url = (query: string) => new URL(`http://shop.test/admin/reports/payments${query}`);
  const now = new Date("2026-12-08T20:00:00.000Z"); // 01:30 on 9 December in India

  it("is the last seven days in India unless asked", () => {
    expect(paymentsPeriod(url(""), now)).toEqual({ from: "2026-12-03", to: "2026-12-09" });
    expect(paymentsPeriod(url("?from=2026-12-01&to=2026-12-05"), now)).toEqual({ from: "2026-12-01", to: "2026-12-05" });
  });

  it("says what is wrong with a period that is not one", () => {
    expect(paymentsPeriod(url("?from=2026-13-01"), now).error).toBe("badDay");
    expect(paymentsPeriod(url("?from=2026-02-30"), now).error).toBe("badDay");
    expect(paymentsPeriod(url("?from=yesterday"), now).error).toBe("badDay");
    expect(paymentsPeriod(url("?from=2026-12-05&to=2026-12-01"), now).error).toBe("backwards");
    expect(paymentsPeriod(url("?from=2025-12-01&to=2026-12-05"), now).error).toBe("tooLong");
    expect(paymentsPeriod(url("?from=2025-12-05&to=2026-12-05"), now).error).toBeUndefined();
  });
});
