// The shop's own school uniforms on the shelf (decision 180): the register's rules and numbers, the lines an
// order counts, the made-to-order reservation and what a parent is told about a size.
import { describe, expect, it } from "vitest";
import { refusalOf, spec } from "../support/decider-spec";
import { trackedLines, placementStock } from "../../domain/orders/stock-effects";
import {
  SCHOOL_SKU_BASE,
  schoolStockDecider,
  schoolStockSnapshots,
  sizeAvailability,
  skuLookup,
  skuSizes,
  type SchoolStockCommand,
} from "../../domain/stock/school-stock";
import { decide as decideStock, foldStock } from "../../domain/stock/stock";

const actor = { kind: "admin" as const, id: "a1", name: "Asha" };
const at = "2026-12-07T06:00:00.000Z";
const rule = (item: string, whenOut: "stop" | "make", leadDays: number | null = null): SchoolStockCommand => ({ type: "SetSchoolItemStockRule", item, whenOut, leadDays, actor, at });

const register = spec(schoolStockDecider);
/** What the register records when the owner first sets a rule for an item: its sizes numbered. */
const firstRule = (item: string, whenOut: "stop" | "make", leadDays: number | null = null) => register.given().when(rule(item, whenOut, leadDays)).events();
const shirtRuled = firstRule("school/dps/shirt", "stop");
const refusalKey = (f: () => unknown): string => refusalOf(f).key;

describe("the register of school SKUs", () => {
  it("numbers every size of an item once, in order, above the products' ids; another item's numbers follow", () => {
    const state = register.given(shirtRuled).when(rule("school/dps/pant", "make", 7)).state();
    const shirts = skuSizes("school/dps/shirt")!;
    expect(Object.values(state.items["school/dps/shirt"].sizes)).toEqual(shirts.map((_, i) => SCHOOL_SKU_BASE + 1 + i));
    expect(Math.min(...Object.values(state.items["school/dps/pant"].sizes))).toBe(SCHOOL_SKU_BASE + 1 + shirts.length);
  });

  it("changing the rule keeps the numbers; saving the same rule again records nothing", () => {
    const first = register.given(shirtRuled);
    const events = first.when(rule("school/dps/shirt", "make", 10)).events();
    expect(events).toHaveLength(1);
    expect(events[0].type === "SchoolItemStockRuleSet" && events[0].data.numbered).toEqual([]);
    const changed = register.given(shirtRuled, events);
    expect(changed.state().items["school/dps/shirt"]).toMatchObject({ whenOut: "make", leadDays: 10, sizes: first.state().items["school/dps/shirt"].sizes });
    changed.when(rule("school/dps/shirt", "make", 10)).thenNothing();
  });

  it("a stop rule keeps no lead time; a made-to-order one needs 1 to 90 days; only school items", () => {
    const stopped = register.given(firstRule("school/dps/shirt", "stop", 12));
    expect(stopped.state().items["school/dps/shirt"].leadDays).toBeNull();
    for (const days of [0, 91, 2.5, null]) stopped.when(rule("school/dps/shirt", "make", days)).thenRefuses("schoolStock.leadDays");
    stopped.when(rule("bottle/steel-bottle", "stop")).thenRefuses("schoolStock.notAnItem");
    stopped.when(rule("school/dps/nothing", "stop")).thenRefuses("schoolStock.notAnItem");
  });

  it("a snapshot folds back to the same state", () => {
    const state = register.given(shirtRuled).when(rule("school/dps/tunik", "make", 5)).state();
    expect(schoolStockDecider.evolve(schoolStockDecider.initialState(), schoolStockSnapshots.take(state))).toEqual(state);
  });
});

describe("the lines an order counts", () => {
  const state = register.given(shirtRuled).when(rule("school/dps/tunik", "make", 5)).state();
  const skus = skuLookup(state);
  const shirt30 = skus("school/dps/shirt", "30")!.sku;

  it("a counted school size by its SKU, named with its size; an item not counted and other sizes' lines apart", () => {
    const lines = [
      { productId: "school/dps/shirt", name: "Shirt", size: "30", quantity: 2 },
      { productId: "school/dps/shirt", name: "Shirt", size: "30", quantity: 1 },
      { productId: "school/dps/pant", name: "Pant", size: "30", quantity: 1 },
      { productId: "product/7", name: "Bottle", size: "Free Size", quantity: 1 },
    ];
    expect(trackedLines(lines, skus)).toEqual([
      { productId: 7, name: "Bottle", quantity: 1 },
      { productId: shirt30, name: "Shirt (30)", quantity: 3 },
    ]);
    // Without the register (an older caller) a school line counts nothing, as before.
    expect(trackedLines(lines)).toEqual([{ productId: 7, name: "Bottle", quantity: 1 }]);
  });

  it("a made-to-order size holds what the shelf has and the rest is made; nothing on the shelf holds nothing", () => {
    const sku = skus("school/dps/tunik", "28")!.sku;
    const [effect] = placementStock("order-1", [{ productId: "school/dps/tunik", name: "Tunik", size: "28", quantity: 3, unitPrice: 300, school: "DPS" }] as never, at, skus);
    const [command] = effect.commands;
    expect(command).toMatchObject({ type: "ReserveStock", productId: sku, quantity: 3, orMake: true });
    const one = foldStock([{ type: "StockAdjusted", data: { productId: sku, from: 0, to: 1, onShelf: 1, held: 0, actor, reason: "count", at } }]);
    expect(decideStock(command, one)).toEqual([{ type: "StockReserved", data: { productId: sku, orderId: "order-1", quantity: 1, at } }]);
    const none = foldStock([{ type: "StockAdjusted", data: { productId: sku, from: 0, to: 0, onShelf: 0, held: 0, actor, reason: "count", at } }]);
    expect(decideStock(command, none)).toEqual([]);
    // A size that stops selling is refused instead.
    const stop = { ...command, orMake: undefined, name: "Shirt (30)" };
    expect(refusalKey(() => decideStock(stop, none))).toBe("stock.outOfStock");
  });
});

describe("what a parent is told about a size", () => {
  const stop = { sku: SCHOOL_SKU_BASE + 1, whenOut: "stop" as const, leadDays: null };
  const make = { sku: SCHOOL_SKU_BASE + 2, whenOut: "make" as const, leadDays: 10 };
  it.each([
    [undefined, 0, { kind: "not counted" }],
    [stop, 0, { kind: "out" }],
    [stop, 2, { kind: "few", left: 2 }],
    [stop, 5, { kind: "few", left: 5 }],
    [stop, 6, { kind: "in" }],
    [make, 0, { kind: "make", leadDays: 10 }],
    [make, 2, { kind: "few", left: 2 }],
  ] as const)("%o with %i for sale", (sku, forSale, told) => {
    expect(sizeAvailability(sku, forSale)).toEqual(told);
  });
});
