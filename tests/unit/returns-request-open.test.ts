/**
 * Whether a return may be asked for (domain/orders/returns.ts `returnRequestRefusal`): the one rule
 * the order decider refuses a request with and the shopper's account and tracking pages ask ahead
 * to offer the form (app/orders/returns.server.ts). Delivered, within the 7 days of the latest
 * delivery to the millisecond, a unit left that no request asks back, not deleted; the decider says the same.
 */
import { describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import type { OrderStatus } from "../../domain/orders/events";
import { RETURN_WINDOW_MS } from "../../domain/orders/terms";
import { decideAfterSale, newAfterSale, returnRequestRefusal, type AfterSale, type AfterSaleOrder, type ReturnRecord } from "../../domain/orders/returns";

const deliveredAt = "2026-11-22T10:00:00.000Z";
const shirt = { productId: "school/dps/shirt", size: "30", school: "DPS" };
const parent = { kind: "guest" as const, name: "Ravi" };
const lines = [{ ...shirt, name: "Shirt", unitPrice: 310, quantity: 3 }];

const record = (stage: ReturnRecord["stage"]): ReturnRecord => ({
  returnId: `r-${stage}`,
  lines: [{ ...shirt, quantity: 1 }],
  want: "refund",
  reason: "Too small",
  stage,
  requestedAt: deliveredAt,
  requestedBy: parent,
});

function order(over: { status?: OrderStatus; deleted?: boolean; deliveredAt?: string | null; returns?: ReturnRecord[] } = {}): AfterSaleOrder {
  const afterSale: AfterSale = { ...newAfterSale(lines), returns: over.returns ?? [] };
  if (over.deliveredAt !== null) afterSale.deliveredAt = over.deliveredAt ?? deliveredAt;
  return { orderId: "3f9a1c2e-0000-8000-8000-000000000000", status: over.status ?? "delivered", deleted: over.deleted ?? false, afterSale };
}

const after = (ms: number) => new Date(Date.parse(deliveredAt) + ms).toISOString();
const keyOf = (o: AfterSaleOrder, at: string) => returnRequestRefusal(o, at)?.key ?? null;

/** The decider's answer to a well-formed request at `at`: null when it records one, else its refusal's key. */
function decided(o: AfterSaleOrder, at: string): string | null {
  try {
    decideAfterSale({ type: "RequestReturn", returnId: "r-new", lines: [{ ...shirt, quantity: 1 }], want: "refund", reason: "Too small", actor: parent, at }, o);
    return null;
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return err.key;
  }
}

describe("whether a return may be asked for", () => {
  it("may, from delivery to the end of the 7th day to the millisecond", () => {
    expect(returnRequestRefusal(order(), after(0))).toBeNull();
    expect(returnRequestRefusal(order(), after(RETURN_WINDOW_MS))).toBeNull();
  });

  it("may not once the 7 days have passed, nor before delivery", () => {
    const late = returnRequestRefusal(order(), after(RETURN_WINDOW_MS + 1));
    expect({ key: late?.key, status: late?.status }).toEqual({ key: "returns.tooLate", status: 409 });
    expect(keyOf(order({ status: "shipped", deliveredAt: null }), after(0))).toBe("returns.notDelivered");
    // Taken back to "shipped" after a delivery: not delivered now, whatever the date of the last one.
    expect(keyOf(order({ status: "shipped" }), after(0))).toBe("returns.notDelivered");
    expect(keyOf(order({ status: "cancelled" }), after(0))).toBe("returns.notDelivered");
  });

  it("may while another is under way, for the units no request asks back (decision 243); not once every unit is asked back", () => {
    for (const stage of ["requested", "approved", "received", "refused", "exchanged", "refunded"] as const) {
      expect(keyOf(order({ returns: [record(stage)] }), after(0))).toBeNull();
    }
    // The three shirts asked back by two requests, one still open: nothing is left to ask for.
    const all = [record("refunded"), { ...record("requested"), lines: [{ ...shirt, quantity: 2 }] }];
    expect(keyOf(order({ returns: all }), after(0))).toBe("returns.nothingLeft");
    // A refused request asks nothing back: its units may be asked for again.
    expect(keyOf(order({ returns: [...all.slice(0, 1), { ...all[1], stage: "refused" }] }), after(0))).toBeNull();
  });

  it("may not on a deleted order", () => {
    expect(keyOf(order({ deleted: true }), after(0))).toBe("returns.deleted");
  });

  it("is the decider's own answer to a request", () => {
    const cases: [AfterSaleOrder, string][] = [
      [order(), after(0)],
      [order(), after(RETURN_WINDOW_MS)],
      [order(), after(RETURN_WINDOW_MS + 1)],
      [order({ status: "shipped", deliveredAt: null }), after(0)],
      [order({ returns: [record("approved")] }), after(0)],
      [order({ returns: [record("refused")] }), after(0)],
      [order({ deleted: true }), after(0)],
    ];
    for (const [o, at] of cases) expect(decided(o, at)).toBe(keyOf(o, at));
  });
});
