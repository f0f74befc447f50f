// A pincode's state from India Post's directory (decision 201): the places the old table put in the wrong state, a
// pincode that does not exist, the state rule held against every pincode of the directory and India Post's postal
// zones (a pincode's first digit), any six digits answered exactly as the directory says, and the directory kept out
// of every page's browser code.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeDirectory, pincodeStates } from "../../bin/pincode-directory";
import { PINCODE_COUNT } from "../../domain/tax/pincode-directory";
import { directoryRuns, pincodeExists, stateOfPincode } from "../../domain/tax/pincode-states";
import type { StateCode } from "../../domain/tax/states";
import { browserChainsTo } from "../support/browser-imports";
import { orderDecider, type OrderCommand } from "../../domain/orders/order";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import { ruleRefusal } from "../support/refusal";

/** India Post's postal zones: the first digit of a pincode and the states in it. */
const ZONES: Readonly<Record<string, readonly StateCode[]>> = {
  "1": ["01", "02", "03", "04", "06", "07", "38"],
  "2": ["05", "09"],
  "3": ["08", "24", "26"],
  "4": ["22", "23", "27", "30"],
  "5": ["29", "36", "37"],
  "6": ["31", "32", "33", "34"],
  "7": ["11", "12", "13", "14", "15", "16", "17", "18", "19", "21", "35"],
  "8": ["10", "20"],
};

/** Every pincode of the directory with its state, from the decoded runs. */
function everyPincode(): [number, StateCode][] {
  const runs = directoryRuns();
  const all: [number, StateCode][] = [];
  for (let i = 0; i < runs.from.length; i++) for (let p = runs.from[i]; p <= runs.to[i]; p++) all.push([p, runs.states[runs.state[i]]]);
  return all;
}

describe("a pincode's state (India Post's directory)", () => {
  it.each([
    ["244001", "09", "Moradabad: Uttar Pradesh, not Uttarakhand"],
    ["396001", "24", "Valsad: Gujarat, not Dadra and Nagar Haveli and Daman and Diu"],
    ["822101", "20", "Daltonganj: Jharkhand, not Bihar"],
    ["682555", "31", "Lakshadweep (Kavaratti), not Kerala"],
    ["331001", "08", "Churu"],
    ["110001", "07", "New Delhi"],
    ["194101", "38", "Leh: Ladakh since 2019"],
    ["403001", "30", "Panaji: Goa"],
    ["605001", "34", "Puducherry"],
    ["500001", "36", "Hyderabad: Telangana"],
    ["396210", "26", "Daman"],
  ])("%s is %s (%s)", (pincode, state) => expect(stateOfPincode(pincode)).toBe(state));

  it.each(["999999", "000000", "123456", "331002", "100000"])("%s is no pincode", (pincode) => {
    expect(stateOfPincode(pincode)).toBeUndefined();
    expect(pincodeExists(pincode)).toBe(false);
  });

  it("reads only six digits", () => {
    for (const typed of ["", "33100", "3310011", "33100a", " 331001"]) expect(stateOfPincode(typed)).toBeUndefined();
  });

  it("decodes to every pincode of the directory, in runs that do not overlap", () => {
    const runs = directoryRuns();
    expect(runs.pincodes).toBe(PINCODE_COUNT);
    expect(PINCODE_COUNT).toBeGreaterThan(19_000);
    for (let i = 1; i < runs.from.length; i++) expect(runs.from[i]).toBeGreaterThan(runs.to[i - 1]);
  });

  it("every pincode of the directory answers its state, and the state is one of its postal zone's", () => {
    const all = everyPincode();
    expect(all).toHaveLength(PINCODE_COUNT);
    for (const [pincode, state] of all) {
      const text = String(pincode);
      expect(stateOfPincode(text), text).toBe(state);
      expect(ZONES[text[0]], text).toContain(state);
    }
  });

  it("any six digits: a state exactly when the directory has them", () => {
    const known = new Map(everyPincode());
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), (n) => {
        const text = String(n).padStart(6, "0");
        expect(stateOfPincode(text)).toBe(known.get(n));
      }),
      { numRuns: 20_000 },
    );
    // And near the directory's own pincodes, where a slip of one digit lands.
    const pincodes = [...known.keys()];
    fc.assert(
      fc.property(fc.constantFrom(...pincodes), fc.integer({ min: -3, max: 3 }), (pincode, step) => {
        const n = pincode + step;
        expect(stateOfPincode(String(n))).toBe(known.get(n));
      }),
      { numRuns: 20_000 },
    );
  });

  it("the derivation: a pincode in two states goes to most of its offices; Leh and Kargil are Ladakh; the runs encode back", () => {
    const offices = [
      { pincode: 160003, district: "Chandigarh", state: "Chandigarh" },
      { pincode: 160003, district: "Mohali", state: "Punjab" },
      { pincode: 160003, district: "Mohali", state: "Punjab" },
      { pincode: 194101, district: "Leh", state: "Jammu & Kashmir" },
      { pincode: 396230, district: "Dadra & Nagar Haveli", state: "Dadra & Nagar Haveli" },
      { pincode: 396231, district: "Valsad", state: "Gujarat" },
    ];
    const states = pincodeStates(offices);
    expect(Object.fromEntries(states)).toEqual({ 160003: "03", 194101: "38", 396230: "26", 396231: "24" });
    expect(encodeDirectory(states)).toBe(`@03,${(160003).toString(36)},@38,${(194101 - 160003).toString(36)},@26,${(396230 - 194101).toString(36)},@24,1`);
    expect(() => pincodeStates([{ pincode: 1, district: "x", state: "Atlantis" }])).toThrow(/Atlantis/);
  });
});

describe("the order decider and a pincode the directory does not have", () => {
  const place = (pincode: string): OrderCommand => ({
    type: "PlaceOrder",
    orderId: "3f9a1c2e-0000-8000-8000-000000000001",
    lines: [{ productId: "bottle/steel-water-bottle", name: "Steel Water Bottle", size: "Free Size", school: "", unitPrice: 180, quantity: 1 }],
    customer: { kind: "guest", name: "Meena", phone: "9876543210" },
    address: { name: "Meena", phone: "9876543210", address: "4 MI Road", city: "Jaipur", pincode },
    placedAt: "2026-12-07T06:30:00.000Z",
    language: "en",
    paymentMethod: "cod",
    charges: DEFAULT_CHARGE_RULES,
    actor: { kind: "guest", name: "Meena" },
    deliveryState: stateOfPincode(pincode) ?? null,
  });

  it("refuses 999999 (422, nothing placed) and places 302001", () => {
    expect(ruleRefusal(() => orderDecider.decide(place("999999"), orderDecider.initialState()))).toEqual({
      message: "There is no pincode 999999 in India Post's directory. Please check the pincode; no order was placed.",
      status: 422,
    });
    expect(orderDecider.decide(place("302001"), orderDecider.initialState())[0].type).toBe("OrderPlaced");
  });
});

describe("the directory stays on the server", () => {
  const routes = ["app/root.tsx", ...fs.readdirSync("app/routes").filter((name) => /\.tsx?$/.test(name)).map((name) => path.join("app/routes", name))];

  it.each(routes)("%s reaches no module that imports the directory", (route) => {
    expect([...browserChainsTo(route, "./pincode-states"), ...browserChainsTo(route, "./pincode-directory")].map((chain) => chain.join(" <- "))).toEqual([]);
  });
});
