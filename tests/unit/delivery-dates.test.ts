// The dates a parent is told (decision 236): the owner's rules as a decider, and the range worked out from them, the
// items' readiness, the pincode's area and the courier's promise.
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { deliveryDateRulesDecider, type DeliveryDateRulesCommand } from "../../domain/delivery/date-rules";
import { addDays, DEFAULT_DELIVERY_DATE_RULES, expectedDelivery, expectedEverywhere, type DeliveryDateRules } from "../../domain/delivery/dates";

const actor = { kind: "admin" as const, id: "a1", name: "Asha" };
const at = "2026-12-07T06:00:00.000Z";
const owners: DeliveryDateRules = {
  readyDays: 1,
  madeToOrderDays: 12,
  town: { pincodes: ["331001"], fromDays: 0, toDays: 1 },
  outside: { fromDays: 3, toDays: 6 },
  courierSpareDays: 2,
};
const set = (rules: DeliveryDateRules): DeliveryDateRulesCommand => ({ type: "SetDeliveryDateRules", rules, actor, at });
const setEvent = (rules: DeliveryDateRules) => ({ type: "DeliveryDateRulesSet" as const, data: { rules, actor, at } });
const rules = spec(deliveryDateRulesDecider);

describe("the owner's delivery-date rules", () => {
  it("given none, the shop's defaults are in force; setting them records the whole rules", () => {
    expect(rules.given().state().rules).toEqual(DEFAULT_DELIVERY_DATE_RULES);
    rules.given().when(set(owners)).then([setEvent(owners)]);
  });

  it("the same rules again record nothing; a change records the new rules, which are then in force", () => {
    rules.given(setEvent(owners)).when(set(owners)).thenNothing();
    const slower = { ...owners, madeToOrderDays: 15 };
    expect(rules.given(setEvent(owners)).when(set(slower)).state().rules.madeToOrderDays).toBe(15);
  });

  it("town pincodes are read as typed, once each", () => {
    const typed = { ...owners, town: { ...owners.town, pincodes: [" 331 001", "331001", "331022"] } };
    expect(rules.given().when(set(typed)).events()[0].data.rules.town.pincodes).toEqual(["331001", "331022"]);
  });

  it("refuses days that are not whole, out of range, a range backwards, a same-day courier, a pincode that is not one", () => {
    rules.given().when(set({ ...owners, readyDays: 1.5 })).thenRefuses("deliveryDates.days", { most: 90 });
    rules.given().when(set({ ...owners, courierSpareDays: 91 })).thenRefuses("deliveryDates.days", { most: 90 });
    rules.given().when(set({ ...owners, madeToOrderDays: 0 })).thenRefuses("deliveryDates.madeToOrder", { most: 90 });
    rules.given().when(set({ ...owners, outside: { fromDays: 6, toDays: 3 } })).thenRefuses("deliveryDates.rangeOrder");
    rules.given().when(set({ ...owners, town: { ...owners.town, fromDays: 2, toDays: 1 } })).thenRefuses("deliveryDates.rangeOrder");
    rules.given().when(set({ ...owners, outside: { fromDays: 0, toDays: 3 } })).thenRefuses("deliveryDates.outsideSameDay");
    rules.given().when(set({ ...owners, town: { ...owners.town, pincodes: ["33100"] } })).thenRefuses("deliveryDates.pincode", { pincode: "33100" });
  });
});

describe("the range a parent is told", () => {
  const today = "2026-12-07";
  const ready = [{ kind: "ready" as const }];

  it("ready stock in town: packed a day, then the shop's own round", () => {
    expect(expectedDelivery({ today, rules: owners, items: ready, pincode: "331001" })).toEqual({ from: "2026-12-08", by: "2026-12-09", source: "shop", area: "town" });
  });

  it("in town the shop's own rule holds even when the courier names a day", () => {
    expect(expectedDelivery({ today, rules: owners, items: ready, pincode: "331001", courierDay: "2026-12-08" }).source).toBe("shop");
  });

  it("outside without a courier's day: the shop's own outside days", () => {
    expect(expectedDelivery({ today, rules: owners, items: ready, pincode: "302001" })).toEqual({ from: "2026-12-11", by: "2026-12-14", source: "shop", area: "outside" });
  });

  it("outside with the courier's day: from that day moved on by the days at the shop, to its spare days after", () => {
    expect(expectedDelivery({ today, rules: owners, items: ready, pincode: "302001", courierDay: "2026-12-10" })).toEqual({
      from: "2026-12-11",
      by: "2026-12-13",
      source: "courier",
      area: "outside",
    });
  });

  it("a courier day gone by, today or unreadable promises nothing: the shop's rule holds", () => {
    for (const courierDay of ["2026-12-06", "2026-12-07", "Dec 10"]) {
      expect(expectedDelivery({ today, rules: owners, items: ready, pincode: "302001", courierDay }).source).toBe("shop");
    }
  });

  it("a made-to-order item adds its own lead time, or the shop's when it has none; the slowest item rules", () => {
    const ownLead = expectedDelivery({ today, rules: owners, items: [...ready, { kind: "made", leadDays: 5 }], pincode: "331001" });
    expect(ownLead).toMatchObject({ from: addDays(today, 5), by: addDays(today, 6) });
    const shopLead = expectedDelivery({ today, rules: owners, items: [{ kind: "made", leadDays: 5 }, { kind: "made" }], pincode: "331001" });
    expect(shopLead).toMatchObject({ from: addDays(today, 12), by: addDays(today, 13) });
    const byCourier = expectedDelivery({ today, rules: owners, items: [{ kind: "made" }], pincode: "302001", courierDay: "2026-12-10" });
    expect(byCourier).toMatchObject({ from: "2026-12-22", by: "2026-12-24", source: "courier" });
  });

  it("months and years turn over", () => {
    expect(expectedDelivery({ today: "2026-12-30", rules: owners, items: ready, pincode: "302001" })).toMatchObject({ from: "2027-01-03", by: "2027-01-06" });
  });

  it("before a pincode is known: the town's range and elsewhere's", () => {
    expect(expectedEverywhere(today, owners, [{ kind: "made" }])).toEqual({
      town: { from: "2026-12-19", by: "2026-12-20", source: "shop", area: "town" },
      outside: { from: "2026-12-22", by: "2026-12-25", source: "shop", area: "outside" },
    });
  });
});
