import { describe, expect, it } from "vitest";
import { ruleRefusal } from "../support/refusal";
import {
  MAX_CART_LINES,
  cartCount,
  cartDecider,
  cartSnapshots,
  cartTotal,
  decide,
  emptyCart,
  evolve,
  foldCart,
  type CartCommand,
  type CartEvent,
  type CartLine,
  type CartState,
} from "../../domain/cart";
import { cartEvents } from "../../domain/cart/events";

const shirt30: CartLine = { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "DPS", quantity: 1 };
const shirt32: CartLine = { ...shirt30, size: "32" };
const belt: CartLine = { productId: "white/belt", name: "Belt", size: "Free Size", school: "", quantity: 2 };

function run(commands: CartCommand[], start: CartState = emptyCart()): { state: CartState; events: CartEvent[] } {
  let state = start;
  const events: CartEvent[] = [];
  for (const command of commands) {
    for (const event of decide(command, state)) {
      events.push(event);
      state = evolve(state, event);
    }
  }
  return { state, events };
}

const refusal = (fn: () => unknown): string => ruleRefusal(fn).message;

describe("cart decider", () => {
  it("adds a new line, and a matching id + size + school raises its quantity", () => {
    const { state, events } = run([
      { type: "AddItem", line: shirt30 },
      { type: "AddItem", line: { ...shirt30, quantity: 2 } },
      { type: "AddItem", line: shirt32 },
    ]);
    expect(events.map((e) => e.type)).toEqual(["CartItemAdded", "CartItemAdded", "CartItemAdded"]);
    expect(state.lines).toEqual([
      { ...shirt30, quantity: 3 },
      { ...shirt32, quantity: 1 },
    ]);
    expect(cartCount(state)).toBe(4);
  });

  it("treats the same product and size at another school as another line", () => {
    const { state } = run([
      { type: "AddItem", line: shirt30 },
      { type: "AddItem", line: { ...shirt30, school: "St. Xavier's" } },
    ]);
    expect(state.lines).toHaveLength(2);
  });

  it("refuses quantity 0, negative, fractional and above 99", () => {
    for (const quantity of [0, -1, 1.5, 100, Number.NaN]) {
      expect(refusal(() => decide({ type: "AddItem", line: { ...shirt30, quantity } }, emptyCart()))).toMatch(/Quantity/);
    }
  });

  it("refuses an add that would take a line above 99", () => {
    const { state } = run([{ type: "AddItem", line: { ...shirt30, quantity: 98 } }]);
    expect(refusal(() => decide({ type: "AddItem", line: { ...shirt30, quantity: 2 } }, state))).toBe(
      "You can order at most 99 of Shirt (30); your cart already has 98.",
    );
    expect(decide({ type: "AddItem", line: shirt30 }, state)).toHaveLength(1);
  });

  it("refuses a line beyond the cart's limit of distinct items", () => {
    const lines = Array.from({ length: MAX_CART_LINES }, (_, i) => ({ ...belt, productId: `stationery/n${i}` }));
    const { state } = run(lines.map((line) => ({ type: "AddItem" as const, line })));
    expect(refusal(() => decide({ type: "AddItem", line: shirt30 }, state))).toMatch(/at most 50/);
  });

  it("changes a quantity, ignores an unchanged one and refuses a line that is gone", () => {
    const { state } = run([{ type: "AddItem", line: shirt30 }]);
    expect(decide({ type: "ChangeQuantity", line: shirt30, quantity: 5 }, state)).toEqual([
      { type: "CartItemQuantityChanged", data: { productId: shirt30.productId, size: "30", school: "DPS", quantity: 5 } },
    ]);
    expect(decide({ type: "ChangeQuantity", line: shirt30, quantity: 1 }, state)).toEqual([]);
    expect(refusal(() => decide({ type: "ChangeQuantity", line: shirt32, quantity: 2 }, state))).toBe(
      "That item is no longer in your cart.",
    );
    expect(refusal(() => decide({ type: "ChangeQuantity", line: shirt30, quantity: 0 }, state))).toMatch(/at least 1/);
  });

  it("removes a line; removing it again is a no-op, not an error", () => {
    const { state } = run([{ type: "AddItem", line: shirt30 }, { type: "AddItem", line: belt }, { type: "RemoveItem", line: shirt30 }]);
    expect(state.lines).toEqual([belt]);
    expect(decide({ type: "RemoveItem", line: shirt30 }, state)).toEqual([]);
  });

  it("clears, and clearing an empty cart writes nothing", () => {
    const { state } = run([{ type: "AddItem", line: shirt30 }, { type: "ClearCart" }]);
    expect(state.lines).toEqual([]);
    expect(decide({ type: "ClearCart" }, state)).toEqual([]);
  });

  it("checks out the ordered lines once per order and keeps anything added meanwhile", () => {
    const { state } = run([{ type: "AddItem", line: shirt30 }, { type: "AddItem", line: belt }]);
    const checkOut: CartCommand = { type: "CheckOut", orderId: "o1", lines: [{ ...shirt30 }] };
    const after = run([checkOut], state).state;
    expect(after.lines).toEqual([belt]);
    expect(decide(checkOut, after)).toEqual([]);
    expect(after.checkedOutOrders).toEqual(["o1"]);
  });

  it("merges a guest cart in one event, adding quantities of matching lines, once per guest revision", () => {
    const { state } = run([{ type: "AddItem", line: { ...shirt30, quantity: 2 } }]);
    const merge: CartCommand = { type: "MergeCart", fromCartId: "guest.a", fromRevision: 3, lines: [{ ...shirt30, quantity: 3 }, belt] };
    const events = decide(merge, state);
    expect(events).toHaveLength(1);
    const merged = events.reduce(evolve, state);
    expect(merged.lines).toEqual([{ ...shirt30, quantity: 5 }, belt]);
    expect(decide(merge, merged)).toEqual([]);
    expect(decide({ ...merge, fromRevision: 4 }, merged)).toHaveLength(1);
  });

  it("caps merged quantities at 99 rather than losing the merge", () => {
    const { state } = run([{ type: "AddItem", line: { ...shirt30, quantity: 90 } }]);
    const merged = decide({ type: "MergeCart", fromCartId: "g", fromRevision: 0, lines: [{ ...shirt30, quantity: 20 }] }, state).reduce(
      evolve,
      state,
    );
    expect(merged.lines[0].quantity).toBe(99);
  });

  it("replaces the items as fine-grained events and refuses bad quantities", () => {
    const { state } = run([{ type: "AddItem", line: shirt30 }, { type: "AddItem", line: belt }]);
    const events = decide({ type: "ReplaceItems", lines: [{ ...shirt30, quantity: 4 }, shirt32] }, state);
    expect(events.map((e) => e.type)).toEqual(["CartItemRemoved", "CartItemQuantityChanged", "CartItemAdded"]);
    expect(events.reduce(evolve, state).lines).toEqual([{ ...shirt30, quantity: 4 }, shirt32]);
    expect(refusal(() => decide({ type: "ReplaceItems", lines: [{ ...shirt30, quantity: 0 }] }, state))).toMatch(/at least 1/);
    expect(refusal(() => decide({ type: "ReplaceItems", lines: [{ ...shirt30, quantity: 60 }, { ...shirt30, quantity: 60 }] }, state))).toMatch(
      /at most 99/,
    );
  });

  it("refuses an add or a replacement the shelf cannot fill; made-to-order items have no shelf", () => {
    const tie: CartLine = { productId: "product/7", name: "Tie", size: "Free Size", school: "", quantity: 4 };
    expect(refusal(() => decide({ type: "AddItem", line: tie, shelf: 3 }, emptyCart()))).toBe("Only 3 of Tie left in stock.");
    expect(refusal(() => decide({ type: "AddItem", line: tie, shelf: 0 }, emptyCart()))).toBe("Tie is out of stock.");
    expect(decide({ type: "AddItem", line: tie, shelf: 4 }, emptyCart())).toHaveLength(1);
    expect(decide({ type: "AddItem", line: { ...shirt30, quantity: 99 } }, emptyCart())).toHaveLength(1);
    expect(refusal(() => decide({ type: "ReplaceItems", lines: [belt, { ...tie, shelf: 2 }] }, emptyCart()))).toBe("items.1 (product/7): Only 2 of Tie left in stock.");
    const [added] = decide({ type: "ReplaceItems", lines: [{ ...tie, shelf: 9 }] }, emptyCart());
    expect(added.data).not.toHaveProperty("shelf");
  });

  it("a snapshot folds to the cart it was taken of, and the cart forgets only orders long past", () => {
    const { state } = run([
      { type: "AddItem", line: shirt30 },
      { type: "AddItem", line: belt },
      { type: "MergeCart", fromCartId: "guest.x", fromRevision: 3, lines: [shirt32] },
      { type: "CheckOut", orderId: "o-1", lines: [{ ...belt, quantity: 1 }] },
    ]);
    const snapshot = cartSnapshots.take(state);
    expect(snapshot.type).toBe("CartSnapshotted");
    expect(cartDecider.evolve(emptyCart(), snapshot)).toEqual(state);
    expect(cartEvents.readAll([{ ...snapshot, streamId: "cart-x", revision: 0, position: "0" }])[0].data).toEqual(state);
    let many = state;
    for (let i = 0; i < 150; i++) {
      many = evolve(many, { type: "CartCheckedOut", data: { orderId: `o-${i + 2}`, lines: [] } });
    }
    expect(many.checkedOutOrders).toHaveLength(100);
    expect(many.checkedOutOrders.at(-1)).toBe("o-151");
  });

  it("folds stored events and ignores event types it does not know", () => {
    const state = foldCart([
      { type: "CartItemAdded", data: shirt30 },
      // Made up in memory: a stored one is refused by the registry before any fold (tests/unit/event-registry.test.ts).
      { type: "SomethingNew", data: {} } as unknown as CartEvent,
    ]);
    expect(state.lines).toEqual([shirt30]);
  });

  it("totals price x quantity", () => {
    expect(cartTotal([{ unitPrice: 250, quantity: 2 }, { unitPrice: 100, quantity: 1 }])).toBe(600);
  });
});
