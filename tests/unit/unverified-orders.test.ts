import { describe, expect, it } from "vitest";
import { isRuleViolation } from "../../domain/errors";
import { decide, initialOrderState, type OrderCommand } from "../../domain/orders/order";
import type { ChargeRules } from "../../domain/orders/charges";
import {
  DEFAULT_ORDER_LIMITS,
  isVerifiedOrder,
  unitCapsFor,
  unverifiedOrderLimitPassed,
  type UnitCaps,
} from "../../domain/orders/unverified";
import { addressGroup } from "../../domain/client-address";

const noCharges: ChargeRules = { discount: { on: false, percent: 10, minimum: 0 }, delivery: { freeArea: [""], outsideCharge: null } };
/** The refusal a decision throws, as key and values. */
function refusalOf(fn: () => unknown): { key: string; values: unknown } | undefined {
  try {
    fn();
  } catch (err) {
    if (isRuleViolation(err)) return { key: err.key, values: err.values };
    throw err;
  }
  return undefined;
}

const place = (lines: { size: string; quantity: number }[], unitCaps?: UnitCaps): OrderCommand => ({
  type: "PlaceOrder",
  orderId: "3f9a1c2e-0000-8000-8000-000000000000",
  lines: lines.map(({ size, quantity }) => ({ productId: "school/dps/shirt", name: "Shirt", size, school: "DPS", unitPrice: 310, quantity })),
  customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
  address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode: "331001" },
  placedAt: "2025-01-01T10:00:00.000Z",
  language: "en",
  paymentMethod: "cod",
  charges: noCharges,
  actor: { kind: "guest", name: "Ravi" },
  ...(unitCaps ? { unitCaps } : {}),
});

describe("the owner's caps on an order's units", () => {
  const unverified = unitCapsFor(DEFAULT_ORDER_LIMITS, false);
  const verified = unitCapsFor(DEFAULT_ORDER_LIMITS, true);

  it("refuses a line past the cap, the same line asked twice counted together, verified or not", () => {
    expect(refusalOf(() => decide(place([{ size: "30", quantity: 13 }], verified), initialOrderState()))).toEqual({
      key: "orders.lineUnitsAtMost",
      values: { item: "Shirt", max: 12 },
    });
    expect(refusalOf(() => decide(place([{ size: "30", quantity: 7 }, { size: "30", quantity: 6 }], unverified), initialOrderState()))?.key).toBe(
      "orders.lineUnitsAtMost",
    );
    expect(decide(place([{ size: "30", quantity: 12 }], verified), initialOrderState())[0].type).toBe("OrderPlaced");
  });

  it("holds an unverified order to its units in all; a verified one is not", () => {
    const lines = [30, 32, 34].map((size) => ({ size: String(size), quantity: 11 }));
    expect(refusalOf(() => decide(place(lines, unverified), initialOrderState()))).toEqual({
      key: "orders.unverifiedUnitsAtMost",
      values: { max: 30, units: 33 },
    });
    expect(decide(place(lines, verified), initialOrderState())[0].type).toBe("OrderPlaced");
    // The shop's own scripts name no caps: the cart's own bound holds.
    expect(decide(place(lines), initialOrderState())[0].type).toBe("OrderPlaced");
  });

  it("calls an order verified only when it goes to the account's proven number", () => {
    expect(isVerifiedOrder("9876543210", "9876543210")).toBe(true);
    expect(isVerifiedOrder("9876543210", "9876500000")).toBe(false);
    expect(isVerifiedOrder("9876543210", null)).toBe(false);
    expect(isVerifiedOrder("9876543210", undefined)).toBe(false);
  });
});

describe("the limits on unverified orders", () => {
  const limits = DEFAULT_ORDER_LIMITS;
  it("names the first limit passed: the number's, the address's, then the shop's", () => {
    expect(unverifiedOrderLimitPassed({ number: 3, address: 5, shop: 30 }, limits)).toBeUndefined();
    expect(unverifiedOrderLimitPassed({ number: 4, address: 6, shop: 31 }, limits)).toBe("number");
    expect(unverifiedOrderLimitPassed({ number: 1, address: 6, shop: 31 }, limits)).toBe("address");
    expect(unverifiedOrderLimitPassed({ number: 1, shop: 31 }, limits)).toBe("shop");
  });
});

describe("the address a limit counts", () => {
  it("keeps IPv4 as it is, and an IPv4 address written as IPv6", () => {
    expect(addressGroup("203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressGroup(undefined)).toBe("");
  });

  it("groups IPv6 by its /64, however the address is written", () => {
    const group = "2401:4900:1c2a:0b00::/64";
    expect(addressGroup("2401:4900:1c2a:b00:1:2:3:4")).toBe(group);
    expect(addressGroup("2401:4900:1c2a:b00::1")).toBe(group);
    expect(addressGroup("2401:4900:1C2A:0B00:ffff::9")).toBe(group);
    expect(addressGroup("2401:4900:1c2a:b01::1")).not.toBe(group);
    expect(addressGroup("::1")).toBe("0000:0000:0000:0000::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
  });
});
