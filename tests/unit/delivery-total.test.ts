/**
 * Every rupee before the parent confirms (decision 113), as pure rules: the one delivery rule and
 * the sums a page shows for a pincode (domain/orders/charges.ts), the remembered pincode
 * (domain/pincode.ts), the order decider placing a checkout's order only at the total its page
 * showed, and the cart's and checkout's view models with a pincode known.
 */
import { describe, expect, it } from "vitest";
import { cartView } from "../../app/cart/cart-page.server";
import { checkoutView, type CheckoutFacts } from "../../app/cart/checkout-page.server";
import { isRuleViolation } from "../../domain/errors";
import {
  DEFAULT_CHARGE_RULES,
  chargesBeforeDelivery,
  chargesFor,
  chargesShown,
  deliveryFor,
  deliveryTo,
  type ChargeRules,
} from "../../domain/orders/charges";
import type { OrderEvent } from "../../domain/orders/events";
import { decide, initialOrderState, type OrderCommand } from "../../domain/orders/order";
import { pincodeCookie, pincodeFromCookie, readPincode } from "../../domain/pincode";
import type { CartViewLine } from "../../services/cart";
import { ruleRefusal } from "../support/refusal";

const NOON_IN_INDIA = new Date("2026-11-24T06:30:00Z");
const onlyInArea: ChargeRules = { ...DEFAULT_CHARGE_RULES, delivery: { ...DEFAULT_CHARGE_RULES.delivery, outsideCharge: null } };

describe("the delivery rule", () => {
  it("is free in the area, the set charge outside it, and none where the shop does not deliver", () => {
    expect(deliveryTo("331001", DEFAULT_CHARGE_RULES.delivery)).toBe(0);
    expect(deliveryTo("331803", DEFAULT_CHARGE_RULES.delivery)).toBe(0);
    expect(deliveryTo("302001", DEFAULT_CHARGE_RULES.delivery)).toBe(100);
    expect(deliveryTo("302001", onlyInArea.delivery)).toBeNull();
    // The order asks the same rule, and refuses where it says none.
    expect(deliveryFor("302001", DEFAULT_CHARGE_RULES.delivery)).toBe(100);
    expect(ruleRefusal(() => deliveryFor("302001", onlyInArea.delivery)).status).toBe(422);
  });
});

describe("what a page shows before the order", () => {
  it("adds up every rupee for a known pincode, the same sums the order is charged", () => {
    // The parent who found it: one ₹180 bottle to Jaipur.
    expect(chargesShown(180, "302001", DEFAULT_CHARGE_RULES, NOON_IN_INDIA)).toEqual({
      subtotal: 180,
      discountPercent: 10,
      discount: 18,
      pincode: "302001",
      delivery: 100,
      total: 262,
    });
    for (const subtotal of [0, 9, 180, 550, 3539, 99_999]) {
      for (const pincode of ["331001", "302001", "110001"]) {
        const { total, delivery } = chargesFor(subtotal, pincode, DEFAULT_CHARGE_RULES, NOON_IN_INDIA);
        expect(chargesShown(subtotal, pincode, DEFAULT_CHARGE_RULES, NOON_IN_INDIA)).toMatchObject({ total, delivery });
      }
    }
  });

  it("shows the total before delivery, and says so, without a pincode or where the shop does not deliver", () => {
    const before = chargesBeforeDelivery(550, DEFAULT_CHARGE_RULES, NOON_IN_INDIA);
    expect(chargesShown(550, undefined, DEFAULT_CHARGE_RULES, NOON_IN_INDIA)).toEqual(before);
    expect(before.total).toBe(495);
    expect(chargesShown(550, "302001", onlyInArea, NOON_IN_INDIA)).toEqual({ ...before, pincode: "302001", delivery: null });
  });
});

describe("the pincode remembered for the visit", () => {
  it("reads six digits as people type them, and nothing else", () => {
    expect(readPincode("302001")).toBe("302001");
    expect(readPincode(" 331 001 ")).toBe("331001");
    for (const bad of ["", "3310", "3310011", "33100a", "३३१००१", undefined, 331001, "x".repeat(100)]) expect(readPincode(bad)).toBeUndefined();
  });

  it("finds its cookie among others, and refuses one that is not a pincode", () => {
    expect(pincodeFromCookie("shop_lng=hi; shop_pincode=302001; shop_cart=abc")).toBe("302001");
    expect(pincodeFromCookie("shop_pincode=302001<script>")).toBeUndefined();
    expect(pincodeFromCookie("other_shop_pincode=302001")).toBeUndefined();
    expect(pincodeFromCookie(null)).toBeUndefined();
  });

  it("is a session cookie for the whole shop: no Max-Age, no Expires, Secure in production", () => {
    expect(pincodeCookie("302001", false)).toBe("shop_pincode=302001; Path=/; SameSite=Lax");
    expect(pincodeCookie("302001", true)).toBe("shop_pincode=302001; Path=/; SameSite=Lax; Secure");
  });
});

describe("an order from the checkout page", () => {
  const place: Extract<OrderCommand, { type: "PlaceOrder" }> = {
    type: "PlaceOrder",
    orderId: "3f9a1c2e-0000-8000-8000-000000000000",
    lines: [{ productId: "bottle/steel-water-bottle", name: "Steel Water Bottle", size: "Free Size", school: "", unitPrice: 180, quantity: 1 }],
    customer: { kind: "guest", name: "Meena", phone: "9876543210" },
    address: { name: "Meena", phone: "9876543210", address: "4 MI Road", city: "Jaipur", pincode: "302001" },
    placedAt: NOON_IN_INDIA.toISOString(),
    language: "en",
    paymentMethod: "cod",
    charges: DEFAULT_CHARGE_RULES,
    actor: { kind: "guest", name: "Meena" },
  };
  const fromPage = (claimedTotal?: number, charges: ChargeRules = DEFAULT_CHARGE_RULES): OrderCommand => ({
    ...place,
    charges,
    claimedBy: "page",
    ...(claimedTotal === undefined ? {} : { claimedTotal }),
  });

  it("is placed at the total the page showed", () => {
    const [placed] = decide(fromPage(262), initialOrderState()) as Extract<OrderEvent, { type: "OrderPlaced" }>[];
    expect(placed.data).toMatchObject({ total: 262, subtotal: 180, discount: 18, delivery: 100 });
    // What the page showed is compared, never stored.
    expect(JSON.stringify(placed)).not.toContain("claimed");
  });

  it("is refused with both totals and the pincode when the page showed another (409), even a higher one", () => {
    expect(ruleRefusal(() => decide(fromPage(162), initialOrderState()))).toEqual({
      status: 409,
      message:
        "The total for delivery to 302001 is ₹262, not the ₹162 shown before. The figures are updated: please check them and confirm the order again. No order was placed.",
    });
    // Charged less than shown is still not what was shown: the parent confirms the new figures.
    expect(ruleRefusal(() => decide(fromPage(280), initialOrderState())).message).toMatch(/is ₹262, not the ₹280 shown before/);
    // The /api's clients add up their lines: served when the order costs less than that sum, as before.
    expect(decide({ ...place, address: { ...place.address, pincode: "331001" }, claimedTotal: 180 }, initialOrderState())).toHaveLength(2);
    expect(ruleRefusal(() => decide({ ...place, address: { ...place.address, pincode: "331001" }, claimedTotal: 180, claimedBy: "page" }, initialOrderState())).status).toBe(409);
  });

  it("is refused, naming the total to confirm, when the page showed none", () => {
    expect(ruleRefusal(() => decide(fromPage(), initialOrderState()))).toEqual({
      status: 409,
      message: "The total for delivery to 302001 is ₹262. Please check the figures and confirm the order. No order was placed.",
    });
  });

  it("refuses an address the shop does not deliver to before any total", () => {
    let thrown: unknown;
    try {
      decide(fromPage(162, onlyInArea), initialOrderState());
    } catch (err) {
      thrown = err;
    }
    expect(isRuleViolation(thrown) && thrown.key).toBe("checkout.outsideArea");
  });
});

describe("the cart and checkout with a pincode", () => {
  const bottle: CartViewLine = {
    productId: "bottle/steel-water-bottle",
    name: "Steel Water Bottle",
    size: "Free Size",
    school: "",
    quantity: 1,
    unitPrice: 180,
    lineTotal: 180,
    imageUrl: null,
  };
  const cart = { lines: [bottle], count: 1, total: 180 };
  const words = [{ name: "Steel Water Bottle", size: "Free Size", school: "" }];
  const facts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
    cart,
    words,
    shopper: null,
    charges: DEFAULT_CHARGE_RULES,
    upiAvailable: false,
    now: NOON_IN_INDIA,
    step: null,
    idempotencyKey: "key-1",
    ...over,
  });

  it("the cart adds delivery to the pincode checked, and leaves it out before", () => {
    expect(cartView(cart, words, DEFAULT_CHARGE_RULES, "en", NOON_IN_INDIA, "302001").shown).toMatchObject({ delivery: 100, total: 262 });
    expect(cartView(cart, words, DEFAULT_CHARGE_RULES, "en", NOON_IN_INDIA).shown).toEqual({ subtotal: 180, discountPercent: 10, discount: 18, total: 162 });
  });

  it("the checkout shows the figures for the pincode checked, else the last order's, and gives the details step what to add up", () => {
    const checked = checkoutView(facts({ check: { pincode: "302001" } }), "en");
    expect(checked.shown).toMatchObject({ pincode: "302001", delivery: 100, total: 262 });
    expect(checked.check).toEqual({ rule: DEFAULT_CHARGE_RULES.delivery, pincode: "302001" });
    expect(checked.checkedPincode).toBe("302001");
    expect(checked.money).toEqual({ subtotal: 180, rules: DEFAULT_CHARGE_RULES, at: NOON_IN_INDIA.toISOString() });
    // The prefill is the shopper's, as it was: the checked pincode fills only an empty one (the form does that).
    expect(checked.prefill.pincode).toBe("");

    const last = { name: "Meena", phone: "9876543210", address: "Ward 5", city: "Churu", pincode: "331001" };
    const returning = checkoutView(facts({ shopper: { name: "Meena", phone: "9876543210" }, last }), "en");
    expect(returning.shown).toMatchObject({ pincode: "331001", delivery: 0, total: 162 });
    expect(checkoutView(facts(), "en").shown).toEqual({ subtotal: 180, discountPercent: 10, discount: 18, total: 162 });
    // A pincode typed that is not one: the rule, no figures for it.
    expect(checkoutView(facts({ check: { invalid: "30" }, last }), "en").check).toEqual({ rule: DEFAULT_CHARGE_RULES.delivery, invalid: "30" });
  });
});
