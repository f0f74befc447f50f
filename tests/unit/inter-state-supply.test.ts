/**
 * A composition shop (CGST Act s. 10(2)(c)) and a shop without a GSTIN (s. 24(i)) may not send goods to another state
 * (decision 202): the order decider refuses a delivery there before anything is placed, by the pincode's state in India
 * Post's directory, worded with both states' names in the parent's language; a regular shop delivers anywhere.
 */
import { describe, expect, it } from "vitest";
import { refusalText } from "../../app/i18n/refusals.server";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
import { stateOfPincode } from "../../domain/tax/pincode-states";
import { suppliesInto, type SupplierReach } from "../../domain/tax/seller";
import { spec } from "../support/decider-spec";

const place = (pincode: string, seller?: SupplierReach): OrderCommand => ({
  type: "PlaceOrder",
  orderId: "3f9a1c2e-0000-8000-8000-000000000202",
  lines: [{ productId: "bottle/steel-water-bottle", name: "Steel Water Bottle", size: "Free Size", school: "", unitPrice: 180, quantity: 1 }],
  customer: { kind: "guest", name: "Meena", phone: "9876543210" },
  address: { name: "Meena", phone: "9876543210", address: "4 Janpath", city: "Delhi", pincode },
  placedAt: "2026-12-07T06:30:00.000Z",
  language: "en",
  paymentMethod: "cod",
  charges: DEFAULT_CHARGE_RULES,
  actor: { kind: "guest", name: "Meena" },
  deliveryState: stateOfPincode(pincode) ?? null,
  ...(seller ? { seller } : {}),
});

const composition: SupplierReach = { scheme: "composition", stateCode: "08" };
const unregistered: SupplierReach = { scheme: "unregistered", stateCode: "08" };
const regular: SupplierReach = { scheme: "regular", stateCode: "08" };

describe("who may send goods to another state", () => {
  it("a regular shop anywhere; a composition or unregistered shop only within its own state", () => {
    expect(suppliesInto(regular, "07")).toBe(true);
    expect(suppliesInto(composition, "07")).toBe(false);
    expect(suppliesInto(unregistered, "09")).toBe(false);
    expect(suppliesInto(composition, "08")).toBe(true);
    expect(suppliesInto(unregistered, "08")).toBe(true);
    // A shop registered in Delhi is held to Delhi, not to Rajasthan.
    expect(suppliesInto({ scheme: "composition", stateCode: "07" }, "07")).toBe(true);
    expect(suppliesInto({ scheme: "composition", stateCode: "07" }, "08")).toBe(false);
  });
});

describe.each([
  ["composition", composition],
  ["unregistered", unregistered],
] as const)("a %s shop's order", (_, seller) => {
  it("to Delhi (110001) is refused with a 422 naming both states; nothing is placed", () => {
    const refused = spec(orderDecider).given().when(place("110001", seller)).thenRefuses("checkout.outsideState", { pincode: "110001", state: "07", shopState: "08" }, 422);
    expect(refusalText("en", refused)).toBe(
      "This shop can deliver only within Rajasthan: its GST registration does not cover sales to another state, and pincode 110001 is in Delhi. Please give an address in Rajasthan; no order was placed.",
    );
    expect(refusalText("hi", refused)).toContain("पिनकोड 110001 दिल्ली में है");
    expect(refusalText("hi", refused)).toContain("केवल राजस्थान में");
  });

  it("to Moradabad (244001, Uttar Pradesh) too, and to Jaipur (302001) and Churu (331001) it is placed", () => {
    spec(orderDecider).given().when(place("244001", seller)).thenRefuses("checkout.outsideState", { pincode: "244001", state: "09", shopState: "08" });
    expect(spec(orderDecider).given().when(place("302001", seller)).events()[0].type).toBe("OrderPlaced");
    expect(spec(orderDecider).given().when(place("331001", seller)).events()[0].type).toBe("OrderPlaced");
  });

  it("to a pincode India Post does not have is refused as no pincode, before its state is asked", () => {
    spec(orderDecider).given().when(place("999999", seller)).thenRefuses("checkout.noSuchPincode", { pincode: "999999" });
  });
});

describe("a regular shop's order", () => {
  it("to Delhi is placed", () => {
    const [placed] = spec(orderDecider).given().when(place("110001", regular)).events();
    expect(placed).toMatchObject({ type: "OrderPlaced", data: { address: { pincode: "110001" }, delivery: 100 } });
  });
});
