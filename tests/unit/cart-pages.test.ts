/**
 * The cart and checkout pages' view models (app/cart/cart-page.server.ts, checkout-page.server.ts)
 * from plain data: a cart's lines, their words in the page's language and the shop's charges in;
 * what the parent reads out: each line's name and what stops it from being ordered, the offer and
 * the delivery rule, and the details form filled in with what the shop knows. The pages themselves
 * are checked in a browser (tests/e2e/cart.e2e.test.ts, checkout.e2e.test.ts).
 */
import { describe, expect, it } from "vitest";
import { cartView } from "../../app/cart/cart-page.server";
import { checkoutView, type CheckoutFacts } from "../../app/cart/checkout-page.server";
import { refusal } from "../../domain/errors";
import { DEFAULT_CHARGE_RULES, type ChargeRules } from "../../domain/orders/charges";
import type { CartViewLine } from "../../services/cart";

const shirt: CartViewLine = { productId: "school/dps/shirt", name: "Shirt", size: "30", school: "dps", quantity: 2, unitPrice: 310, lineTotal: 620, imageUrl: null };
const gone: CartViewLine = {
  productId: "stationery/old-pen",
  name: "Old Pen",
  size: "Free Size",
  school: "",
  quantity: 1,
  unitPrice: null,
  lineTotal: null,
  imageUrl: null,
  problem: refusal("checkout.lineProblem", { item: "Old Pen", problem: refusal("checkout.notInCatalogue") }),
};
const cart = { lines: [shirt, gone], count: 3, total: 620 };
const words = [
  { name: "कमीज़", size: "30", school: "डीपीएस" },
  { name: "पुराना पेन", size: "Free Size", school: "" },
];
const now = new Date("2026-11-20T06:00:00.000Z");
const noOffer: ChargeRules = { ...DEFAULT_CHARGE_RULES, discount: { on: false, percent: 0, minimum: 0 } };

describe("the cart page", () => {
  it("names each line in the page's language and says what stops a line from being ordered", () => {
    const v = cartView(cart, words, DEFAULT_CHARGE_RULES, "en", now);
    expect(v.lines.map((l) => l.shown.name)).toEqual(["कमीज़", "पुराना पेन"]);
    expect(v.lines[0]).not.toHaveProperty("problem");
    // The product by its name on the page, not the English the cart keeps.
    expect(v.lines[1].problem).toContain("पुराना पेन");
    expect(v.lines[1].problem).toContain("This product is not in our catalogue.");
    expect(v.count).toBe(3);
  });

  it("shows the offer the order will be charged, and the delivery rule before the address is known", () => {
    const v = cartView(cart, words, DEFAULT_CHARGE_RULES, "en", now);
    expect(v.charges).toEqual({ subtotal: 620, discountPercent: 10, discount: 62, total: 558 });
    expect(v.outsideCharge).toBe(100);
    expect(cartView(cart, words, noOffer, "en", now).charges).toEqual({ subtotal: 620, discountPercent: 0, discount: 0, total: 620 });
    const inAreaOnly = { ...DEFAULT_CHARGE_RULES, delivery: { ...DEFAULT_CHARGE_RULES.delivery, outsideCharge: null } };
    expect(cartView(cart, words, inAreaOnly, "en", now).outsideCharge).toBeNull();
  });

  it("is empty with nothing in the cart", () => {
    const v = cartView({ lines: [], count: 0, total: 0 }, [], DEFAULT_CHARGE_RULES, "en", now);
    expect(v).toMatchObject({ lines: [], count: 0, charges: { subtotal: 0, discount: 0, total: 0 } });
  });
});

const facts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
  cart,
  words,
  shopper: null,
  charges: DEFAULT_CHARGE_RULES,
  upiAvailable: true,
  now,
  step: null,
  idempotencyKey: "key-1",
  ...over,
});

describe("the checkout page", () => {
  it("lists the lines with their keys, names and problems, and the money before delivery", () => {
    const v = checkoutView(facts(), "en");
    expect(v.lines.map((l) => [l.key, l.name, l.quantity, l.unitPrice])).toEqual([
      ["school/dps/shirt|30|dps", "कमीज़", 2, 310],
      ["stationery/old-pen|Free Size|", "पुराना पेन", 1, null],
    ]);
    expect(v.lines[0].problem).toBeUndefined();
    expect(v.lines[1].problem).toContain("This product is not in our catalogue.");
    expect(v.cartEmpty).toBeNull();
    expect(v.charges).toEqual({ subtotal: 620, discountPercent: 10, discount: 62, total: 558 });
    expect(v.delivery).toEqual({ area: "331…", outsideCharge: 100 });
    expect(v).toMatchObject({ total: 620, upiAvailable: true, idempotencyKey: "key-1", showDetails: false });
  });

  it("says the cart is empty when it is", () => {
    const v = checkoutView(facts({ cart: { lines: [], total: 0 }, words: [] }), "en");
    expect(v.lines).toEqual([]);
    expect(v.cartEmpty).toBe("Your cart is empty.");
  });

  it("fills the details from the shopper's last order, else their account; a guest types them", () => {
    expect(checkoutView(facts(), "en")).toMatchObject({ signedIn: false, prefill: { name: "", phone: "", address: "", city: "", pincode: "" } });
    const shopper = { name: "Sunita Sharma", phone: "9876543210" };
    expect(checkoutView(facts({ shopper }), "en")).toMatchObject({ signedIn: true, prefill: { name: "Sunita Sharma", phone: "9876543210", address: "", city: "", pincode: "" } });
    const last = { name: "Sunita S.", phone: "9123456789", address: "Ward 5, Station Road", city: "Churu", pincode: "331001" };
    expect(checkoutView(facts({ shopper, last }), "en").prefill).toEqual(last);
  });

  it("shows the details as a page of their own with ?step=details", () => {
    expect(checkoutView(facts({ step: "details" }), "en").showDetails).toBe(true);
    expect(checkoutView(facts({ step: "other" }), "en").showDetails).toBe(false);
  });
});
