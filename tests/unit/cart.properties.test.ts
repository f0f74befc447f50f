import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CART_LINES, decide, emptyCart, evolve, foldCart, type CartCommand, type CartEvent, type CartLine } from "../../domain/cart";
import { isRuleViolation } from "../../domain/errors";

// A small product space so commands often hit the same line.
const products = [
  { productId: "school/dps/shirt", name: "Shirt", school: "DPS" },
  { productId: "school/dps/shirt", name: "Shirt", school: "Other School" },
  { productId: "white/socks", name: "Socks", school: "" },
  { productId: "stationery/notebook", name: "Notebook", school: "" },
];
const sizes = ["24", "26", "Free Size"];

const lineArb = fc.record({
  product: fc.constantFrom(...products),
  size: fc.constantFrom(...sizes),
  quantity: fc.oneof(fc.integer({ min: 1, max: 99 }), fc.integer({ min: -5, max: 120 })),
});
const toLine = (l: { product: (typeof products)[number]; size: string; quantity: number }): CartLine => ({
  productId: l.product.productId,
  name: l.product.name,
  school: l.product.school,
  size: l.size,
  quantity: l.quantity,
});

const commandArb: fc.Arbitrary<CartCommand> = fc.oneof(
  { weight: 5, arbitrary: lineArb.map((l) => ({ type: "AddItem" as const, line: toLine(l) })) },
  { weight: 3, arbitrary: lineArb.map((l) => ({ type: "ChangeQuantity" as const, line: toLine(l), quantity: l.quantity })) },
  { weight: 2, arbitrary: lineArb.map((l) => ({ type: "RemoveItem" as const, line: toLine(l) })) },
  { weight: 1, arbitrary: fc.constant({ type: "ClearCart" as const }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ minLength: 1, maxLength: 4 }), fc.array(lineArb, { maxLength: 3 }))
      .map(([orderId, lines]) => ({
        type: "CheckOut" as const,
        orderId,
        lines: lines.map((l) => ({ ...toLine(l), quantity: Math.abs(l.quantity) || 1 })),
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom("guest.a", "guest.b"), fc.integer({ min: 0, max: 5 }), fc.array(lineArb, { maxLength: 3 }))
      .map(([fromCartId, fromRevision, lines]) => ({
        type: "MergeCart" as const,
        fromCartId,
        fromRevision,
        lines: lines.map((l) => ({ ...toLine(l), quantity: Math.min(99, Math.abs(l.quantity) || 1) })),
      })),
  },
);

/** The plain model: a list of [key, line] with the spec's rules written the obvious way. */
class PlainCart {
  lines: CartLine[] = [];
  merged = new Map<string, number>();
  orders = new Set<string>();
  private find(l: CartLine) {
    return this.lines.find((x) => x.productId === l.productId && x.size === l.size && x.school === l.school);
  }
  /** Returns false when the command is refused. */
  apply(c: CartCommand): boolean {
    const validQ = (q: number) => Number.isInteger(q) && q >= 1 && q <= 99;
    switch (c.type) {
      case "AddItem": {
        if (!validQ(c.line.quantity)) return false;
        const found = this.find(c.line);
        if (found) {
          if (found.quantity + c.line.quantity > 99) return false;
          found.quantity += c.line.quantity;
        } else {
          if (this.lines.length >= MAX_CART_LINES) return false;
          this.lines.push({ ...c.line });
        }
        return true;
      }
      case "AddItems": {
        // A kit: each line as one add, all or none.
        const before = this.lines.map((l) => ({ ...l }));
        for (const line of c.lines) {
          if (!this.apply({ type: "AddItem", line })) {
            this.lines = before;
            return false;
          }
        }
        return true;
      }
      case "ChangeQuantity": {
        if (!validQ(c.quantity)) return false;
        const found = this.find(c.line as CartLine);
        if (!found) return false;
        found.quantity = c.quantity;
        return true;
      }
      case "RemoveItem":
        this.lines = this.lines.filter((x) => x !== this.find(c.line as CartLine));
        return true;
      case "ClearCart":
        this.lines = [];
        return true;
      case "CheckOut":
        if (this.orders.has(c.orderId) || c.lines.length === 0) return true;
        this.orders.add(c.orderId);
        for (const l of c.lines) {
          const found = this.find(l as CartLine);
          if (found) found.quantity -= l.quantity;
        }
        this.lines = this.lines.filter((x) => x.quantity > 0);
        return true;
      case "MergeCart": {
        const already = this.merged.get(c.fromCartId);
        if (already !== undefined && already >= c.fromRevision) return true;
        if (c.lines.length === 0) return true;
        this.merged.set(c.fromCartId, c.fromRevision);
        for (const l of c.lines) {
          const found = this.find(l);
          if (found) found.quantity = Math.min(99, found.quantity + l.quantity);
          else this.lines.push({ ...l });
        }
        return true;
      }
      case "ReplaceItems":
        return true;
    }
  }
}

describe("cart decider against a plain model", () => {
  it("random command sequences give the same cart, and replaying the events rebuilds it", () => {
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 40 }), (commands) => {
        const model = new PlainCart();
        let state = emptyCart();
        const log: CartEvent[] = [];
        for (const command of commands) {
          let accepted = true;
          try {
            const events = decide(command, state);
            for (const e of events) state = evolve(state, e);
            log.push(...events);
          } catch (err) {
            if (!isRuleViolation(err)) throw err;
            accepted = false;
          }
          expect(accepted).toBe(model.apply(command));
          expect(state.lines).toEqual(model.lines);
        }
        // The stream alone rebuilds the same state (what every request does).
        expect(foldCart(JSON.parse(JSON.stringify(log)))).toEqual(state);
        // Invariants: quantities within 1..99, one line per id + size + school.
        for (const line of state.lines) expect(line.quantity).toBeGreaterThanOrEqual(1);
        for (const line of state.lines) expect(line.quantity).toBeLessThanOrEqual(99);
        const keys = state.lines.map((l) => `${l.productId}|${l.size}|${l.school}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 400 },
    );
  });
});
