import { describe, expect, it } from "vitest";
import { RuleViolation } from "../../domain/errors";
import { englishOf } from "../support/refusal";

const OUTSIDE_AREA_MESSAGE = "We deliver only in Churu district (pincodes beginning 331). Please give an address there, or call the shop.";
import {
  DEFAULT_CHARGE_RULES,
  chargesBeforeDelivery,
  chargesFor,
  deliveryFor,
  describeDiscount,
  discountFor,
  discountRuns,
  indianDay,
  type ChargeRules,
  type DiscountRule,
} from "../../domain/orders/charges";

const NOON_IN_INDIA = new Date("2026-11-24T06:30:00Z");
const tenPercent: DiscountRule = { on: true, percent: 10, minimum: 0 };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error("expected a refusal");
}

describe("the offer", () => {
  it("takes the percent off, rounded down to a whole rupee", () => {
    expect(discountFor(3539, tenPercent, NOON_IN_INDIA)).toBe(353);
    expect(chargesBeforeDelivery(3539, DEFAULT_CHARGE_RULES, NOON_IN_INDIA)).toEqual({ subtotal: 3539, discountPercent: 10, discount: 353, total: 3186 });
    expect(discountFor(9, tenPercent, NOON_IN_INDIA)).toBe(0);
    expect(discountFor(19, { ...tenPercent, percent: 15 }, NOON_IN_INDIA)).toBe(2);
  });

  it("gives nothing below the minimum, and applies from the minimum itself", () => {
    const fromThousand = { ...tenPercent, minimum: 1000 };
    expect(discountFor(999, fromThousand, NOON_IN_INDIA)).toBe(0);
    expect(discountFor(1000, fromThousand, NOON_IN_INDIA)).toBe(100);
    expect(chargesBeforeDelivery(999, { ...DEFAULT_CHARGE_RULES, discount: fromThousand }, NOON_IN_INDIA)).toEqual({
      subtotal: 999,
      discountPercent: 0,
      discount: 0,
      total: 999,
    });
  });

  it("is no offer at 0%, though switched on: nothing off, and no banner saying '0% off'", () => {
    const nothing = { ...tenPercent, percent: 0 };
    expect(discountRuns(nothing, NOON_IN_INDIA)).toBe(false);
    expect(describeDiscount(nothing, NOON_IN_INDIA)).toBeUndefined();
    expect(chargesBeforeDelivery(3539, { ...DEFAULT_CHARGE_RULES, discount: nothing }, NOON_IN_INDIA).discountPercent).toBe(0);
    expect(describeDiscount(tenPercent, NOON_IN_INDIA)).toBe("10% off every order");
  });

  it("gives nothing when switched off, or on an empty cart", () => {
    expect(discountRuns({ ...tenPercent, on: false }, NOON_IN_INDIA)).toBe(false);
    expect(discountFor(3539, { ...tenPercent, on: false }, NOON_IN_INDIA)).toBe(0);
    expect(discountFor(0, tenPercent, NOON_IN_INDIA)).toBe(0);
  });

  it("runs from its first to its last day inclusive, counted in India's days", () => {
    const november = { ...tenPercent, from: "2026-11-01", until: "2026-11-30" };
    // 19:00 UTC on 30 Nov is 00:30 on 1 Dec in India: the offer has ended.
    expect(indianDay(new Date("2026-11-30T19:00:00Z"))).toBe("2026-12-01");
    expect(discountRuns(november, new Date("2026-11-30T19:00:00Z"))).toBe(false);
    expect(discountFor(3539, november, new Date("2026-11-30T19:00:00Z"))).toBe(0);
    // 18:29 UTC on 30 Nov is 23:59 in India: still the last day.
    expect(discountRuns(november, new Date("2026-11-30T18:29:00Z"))).toBe(true);
    // 18:30 UTC on 31 Oct is midnight of 1 Nov in India: the first day.
    expect(discountRuns(november, new Date("2026-10-31T18:29:59Z"))).toBe(false);
    expect(discountRuns(november, new Date("2026-10-31T18:30:00Z"))).toBe(true);
    expect(discountRuns({ ...tenPercent, until: "2026-11-30" }, new Date("2020-01-01T00:00:00Z"))).toBe(true);
    expect(discountRuns({ ...tenPercent, from: "2026-11-01" }, new Date("2099-01-01T00:00:00Z"))).toBe(true);
  });
});

describe("delivery", () => {
  const delivery = DEFAULT_CHARGE_RULES.delivery;

  it("is free anywhere in Churu district (pincodes 331...) and ₹100 elsewhere by default", () => {
    expect(deliveryFor("331001", delivery)).toBe(0);
    expect(deliveryFor("331403", delivery)).toBe(0);
    expect(deliveryFor("302001", delivery)).toBe(100);
    expect(deliveryFor("333001", delivery)).toBe(100);
  });

  it("refuses an address outside the area when the shop does not deliver there", () => {
    const closed = { ...delivery, outsideCharge: null };
    expect(deliveryFor("331001", closed)).toBe(0);
    const refusal = thrown(() => deliveryFor("302001", closed));
    expect(refusal).toBeInstanceOf(RuleViolation);
    expect(refusal).toMatchObject({ key: "checkout.outsideArea", status: 422 });
    expect(englishOf(refusal as RuleViolation)).toBe(OUTSIDE_AREA_MESSAGE);
    expect(() => chargesFor(500, "302001", { ...DEFAULT_CHARGE_RULES, delivery: closed }, NOON_IN_INDIA)).toThrow("checkout.outsideArea");
  });

  it("takes a free area of whole pincodes as well as first digits", () => {
    const rule = { freeArea: ["331001", "332"], outsideCharge: 50 };
    expect(deliveryFor("331001", rule)).toBe(0);
    expect(deliveryFor("331403", rule)).toBe(50);
    expect(deliveryFor("332311", rule)).toBe(0);
  });
});

describe("an order's charges", () => {
  it("adds delivery after the offer: total = subtotal - discount + delivery", () => {
    expect(chargesFor(3539, "331001", DEFAULT_CHARGE_RULES, NOON_IN_INDIA)).toEqual({
      subtotal: 3539,
      discountPercent: 10,
      discount: 353,
      delivery: 0,
      total: 3186,
    });
    expect(chargesFor(3539, "302001", DEFAULT_CHARGE_RULES, NOON_IN_INDIA)).toEqual({
      subtotal: 3539,
      discountPercent: 10,
      discount: 353,
      delivery: 100,
      total: 3286,
    });
    const noOffer: ChargeRules = { ...DEFAULT_CHARGE_RULES, discount: { ...tenPercent, on: false } };
    expect(chargesFor(620, "331403", noOffer, NOON_IN_INDIA)).toEqual({ subtotal: 620, discountPercent: 0, discount: 0, delivery: 0, total: 620 });
  });
});

describe("describeDiscount", () => {
  it("states the running offer, with its minimum when it has one", () => {
    expect(describeDiscount(tenPercent, NOON_IN_INDIA)).toBe("10% off every order");
    expect(describeDiscount({ ...tenPercent, percent: 15, minimum: 1000 }, NOON_IN_INDIA)).toBe("15% off orders of ₹1,000 or more");
  });

  it("says nothing when no offer runs", () => {
    expect(describeDiscount({ ...tenPercent, on: false }, NOON_IN_INDIA)).toBeUndefined();
    expect(describeDiscount({ ...tenPercent, until: "2026-11-30" }, new Date("2026-11-30T19:00:00Z"))).toBeUndefined();
  });
});
