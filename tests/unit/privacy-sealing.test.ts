/**
 * The pieces of crypto-shredding that need no database (decision 121): the `personal` paths, a sealed value
 * bound to its person, and an erased event still read by its registry.
 */
import { describe, expect, it } from "vitest";
import { mapPaths, valuesAt } from "../../domain/privacy/paths";
import { ERASED } from "../../domain/privacy/erased";
import { childrenEvents } from "../../domain/children/children";
import { orderEvents } from "../../domain/orders/events";
import { personalFieldsOf } from "../../domain/events/index";
import { isSealedValue, openValue, privacyMasterKey, sealValue } from "../../eventstore/sealing";

describe("personal paths", () => {
  it("reaches nested fields and every element of an array, and skips a missing one", () => {
    const data = { a: { b: "x" }, lines: [{ forChild: "Asha" }, { forChild: "Ravi" }, {}], keep: 1 };
    expect(mapPaths(data, ["a.b", "lines.*.forChild", "a.missing"], (v) => `<${String(v)}>`)).toEqual({
      a: { b: "<x>" }, lines: [{ forChild: "<Asha>" }, { forChild: "<Ravi>" }, {}], keep: 1,
    });
    expect(valuesAt(data, ["lines.*.forChild"])).toEqual(["Asha", "Ravi"]);
    expect(data.a.b).toBe("x");
  });

  it("declares the order's customer, address and a parent's name as theirs", () => {
    const placed = personalFieldsOf("order-o1", "OrderPlaced")!;
    expect(placed.paths).toEqual(expect.arrayContaining(["customer.name", "customer.phone", "address.address", "address.pincode"]));
    expect(placed.subject({ orderId: "o1", customer: { kind: "user", userId: "u1" } })).toBe("account:u1");
    expect(placed.subject({ orderId: "o1", customer: { kind: "guest" } })).toBe("order:o1");
    expect(personalFieldsOf("order-o1", "PaymentRequested")?.paths).toEqual(["actor.name"]);
    expect(personalFieldsOf("order-o1", "OrderLinkedToAccount")?.subject({ userId: "u1" })).toBe("account:u1");
    expect(personalFieldsOf("stock-p1", "StockReceived")).toBeUndefined();
    expect(orderEvents.personal("OrderNoteAdded")?.paths).toContain("text");
  });
});

describe("a sealed value", () => {
  const key = privacyMasterKey("k".repeat(40));
  it("opens with its key for its person, and for no one else", () => {
    const sealed = sealValue(key, "order:o1", "9876543210");
    expect(isSealedValue(sealed)).toBe(true);
    expect(sealed).not.toContain("9876543210");
    expect(openValue(key, "order:o1", sealed)).toBe("9876543210");
    expect(() => openValue(key, "order:o2", sealed)).toThrow();
    expect(() => openValue(privacyMasterKey("j".repeat(40)), "order:o1", sealed)).toThrow();
    expect(sealValue(key, "order:o1", "same")).not.toBe(sealValue(key, "order:o1", "same"));
  });
});

describe("an erased event", () => {
  const stored = (data: unknown) => ({ type: "ChildAdded", data, metadata: { schemaVersion: 1 }, streamId: "children-u1", revision: 0, position: "1" });
  const child = { userId: "u1", childId: "c1", name: "Asha", school: "dps", className: "3", measurements: { ageYears: 8 }, sizes: {}, at: "2026-11-26T00:00:00Z" };
  it("is read with ERASED where a field of another type was, and refused for anything else wrong", () => {
    const erased = { ...child, name: ERASED, school: ERASED, className: ERASED, measurements: ERASED, sizes: ERASED };
    expect(childrenEvents.read(stored(erased)).data).toMatchObject({ childId: "c1", className: ERASED, measurements: ERASED });
    expect(() => childrenEvents.read(stored({ ...erased, childId: 5 }))).toThrow(/childId/);
  });
});
