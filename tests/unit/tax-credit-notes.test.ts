/**
 * Credit notes as a GST officer reads them (decision 206): a return's note reverses exactly the lines that came back
 * (their quantity, value, rate and HSN), a refund tied to no goods is a note of its value alone with no quantities,
 * returns and invoices share one rule for the discount share (in paisa), and over any sequence of ship, cancel,
 * return and refund the tax an order's goods net is the tax of what was delivered and kept.
 */
import { stateOfPincode } from "../../domain/tax/pincode-states";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHARGE_RULES } from "../../domain/orders/charges";
import type { Actor, OrderEvent, ReturnLine } from "../../domain/orders/events";
import { GOODS_AT } from "../../domain/orders/lifecycle";
import { documentCommands, documentsDue, type TakenNumber } from "../../domain/orders/order-documents";
import { decide, evolve, initialOrderState, type OrderCommand, type OrderState } from "../../domain/orders/order";
import { refundFor, refundPaiseFor, returnedValue } from "../../domain/orders/returns";
import { isRuleViolation } from "../../domain/errors";
import { creditedPerLine, liveInvoice, unitsBackPerLine, type CreditNoteIssued } from "../../domain/tax/documents";
import { creditNoteIssuedSchema } from "../../domain/tax/events";
import { taxOf, unitsValue } from "../../domain/tax/lines";
import { documentNumber } from "../../domain/tax/series";
import { RAJASTHAN } from "../../domain/tax/states";

const at = "2026-12-07T10:00:00.000Z";
const admin: Actor = { kind: "admin", id: "a1", name: "Asha" };
const parent: Actor = { kind: "guest", name: "Ravi" };
const orderId = "5b1c0e2a-0000-8000-8000-000000000000";
const SELLER = { scheme: "regular" as const, stateCode: RAJASTHAN, legalName: "Churu Uniform House", address: "Station Road, Churu", gstin: "08AAPFU0939F1ZV" };
const SHIRT = { productId: "school/dps/shirt", size: "30", school: "DPS", name: "Shirt" };
const NOTEBOOK = { productId: "stationery/premium-school-notebook", size: "Free Size", school: "", name: "Premium School Notebook" };
const BAG = { productId: "bags/classic-school-backpack", size: "Free Size", school: "", name: "Classic School Backpack" };

type Placed = Extract<OrderState, { exists: true }>;

interface World {
  state: OrderState;
  stream: OrderEvent[];
  numbers: { invoice: number; credit: number };
  returns: number;
}

function newWorld(pincode = "331001"): World {
  const world: World = { state: initialOrderState(), stream: [], numbers: { invoice: 0, credit: 0 }, returns: 0 };
  const placing: OrderCommand = {
    type: "PlaceOrder",
    orderId,
    lines: [
      { ...SHIRT, unitPrice: 310, quantity: 3 },
      { ...NOTEBOOK, unitPrice: 45, quantity: 4 },
      { ...BAG, unitPrice: 550, quantity: 1 },
    ],
    customer: { kind: "guest", name: "Ravi", phone: "9876543210" },
    address: { name: "Ravi", phone: "9876543210", address: "12 Station Road", city: "Churu", pincode },
    placedAt: "2026-12-05T06:00:00.000Z",
    language: "en",
    paymentMethod: "cod",
    charges: DEFAULT_CHARGE_RULES,
    actor: parent,
  };
  if (!apply(world, placing)) throw new Error("not placed");
  return world;
}

/** One command as the order service runs it: decided, with the tax documents it calls for, numbered in turn. */
function apply(world: World, command: OrderCommand): boolean {
  const before = world.state;
  try {
    let events = decide(command, before);
    if (before.exists) {
      const due = documentsDue(before.tax, events, before.afterSale.returns);
      const take = (series: string, n: number): TakenNumber => ({ series, sequence: n, number: documentNumber(series, n) });
      const numbers = {
        ...(due.invoice ? { invoice: take("CUH/2627", world.numbers.invoice + 1) } : {}),
        ...(due.credit ? { creditNote: take("CUH/C2627", world.numbers.credit + 1) } : {}),
      };
      let state = events.reduce(evolve, before);
      for (const document of documentCommands(before.placed, due, numbers, SELLER, { rates: {}, stateOf: stateOfPincode }, at)) {
        const issued = decide(document, state);
        events = [...events, ...issued];
        state = issued.reduce(evolve, state);
      }
    }
    world.state = events.reduce(evolve, before);
    world.stream.push(...events);
    world.numbers.invoice += events.filter((e) => e.type === "InvoiceIssued").length;
    world.numbers.credit += events.filter((e) => e.type === "CreditNoteIssued").length;
    return true;
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return false;
  }
}

const placedOf = (world: World): Placed => {
  if (!world.state.exists) throw new Error("no order");
  return world.state;
};
const status = (world: World, to: string) => apply(world, { type: "ChangeStatus", to, actor: admin, at });
const notesOf = (world: World): CreditNoteIssued["data"][] => world.stream.flatMap((e) => (e.type === "CreditNoteIssued" ? [e.data] : []));

/** A parent's return of `lines` for a refund, approved and received back in the shop. */
function returnGoods(world: World, lines: ReturnLine[]): boolean {
  const returnId = `r-${++world.returns}`;
  if (!apply(world, { type: "RequestReturn", returnId, lines, want: "refund", reason: "Too small", actor: parent, at })) return false;
  apply(world, { type: "ApproveReturn", returnId, actor: admin, at });
  return apply(world, { type: "ReceiveReturn", returnId, method: "drop-off", actor: admin, at });
}

function delivered(pincode?: string): World {
  const world = newWorld(pincode);
  for (const to of ["shipped", "delivered"]) expect(status(world, to)).toBe(true);
  expect(apply(world, { type: "CollectCash", actor: admin, at })).toBe(true);
  return world;
}

describe("a return's credit note", () => {
  it("reverses exactly the returned bag at 18%, not a share of the shirt (5%) and the notebooks (nil), with the reason return", () => {
    const world = delivered();
    const invoice = liveInvoice(placedOf(world).tax)!;
    const bag = invoice.lines.find((l) => l.productId === BAG.productId)!;
    expect(returnGoods(world, [{ ...BAG, quantity: 1 }])).toBe(true);
    const [note] = notesOf(world);
    expect(note.reason).toBe("return");
    expect(note.invoiceNumber).toBe(invoice.number);
    expect(note.lines).toHaveLength(1);
    const [line] = note.lines;
    expect({ hsn: line.hsn, rate: line.rate, quantity: line.quantity, value: line.value, taxable: line.taxable, cgst: line.cgst, sgst: line.sgst }).toEqual({
      hsn: bag.hsn, rate: 18, quantity: 1, value: bag.value, taxable: bag.taxable, cgst: bag.cgst, sgst: bag.sgst,
    });
    expect(creditNoteIssuedSchema.safeParse(note).success).toBe(true);
  });

  it("takes back two of three shirts at what those two were invoiced, and the refund for the return issues no second note", () => {
    const world = delivered();
    const invoice = liveInvoice(placedOf(world).tax)!;
    const shirt = invoice.lines.find((l) => l.productId === SHIRT.productId)!;
    expect(returnGoods(world, [{ ...SHIRT, quantity: 2 }])).toBe(true);
    const [note] = notesOf(world);
    expect(note.lines.map((l) => [l.productId, l.quantity, l.rate])).toEqual([[SHIRT.productId, 2, 5]]);
    expect(note.totals.value).toBe(unitsValue(shirt.value, 3, 0, 2));
    // The shirt kept is taxed as if it alone had been invoiced.
    const kept = shirt.value - note.totals.value;
    const alone = taxOf(kept, 5, "intra");
    expect({ taxable: shirt.taxable - note.totals.taxable, tax: shirt.cgst + shirt.sgst - note.totals.cgst - note.totals.sgst }).toEqual({ taxable: alone.taxable, tax: alone.cgst + alone.sgst });
    // The refund that pays for them is their value to the paisa (decision 209), by UPI.
    const refund = refundPaiseFor([{ ...SHIRT, quantity: 2 }], placedOf(world).placed);
    expect(refund).toBe(note.totals.value);
    expect(apply(world, { type: "RefundPayment", paise: refund, method: "upi", actor: admin, at })).toBe(true);
    expect(notesOf(world)).toHaveLength(1);
  });

  it("shares the offer's discount as the invoice does, to the paisa: the return's value is what its note reverses", () => {
    const world = delivered();
    const { placed } = placedOf(world);
    expect(placed.discount).toBeGreaterThan(0);
    const lines: ReturnLine[] = [{ ...SHIRT, quantity: 1 }, { ...NOTEBOOK, quantity: 3 }];
    const value = returnedValue(lines, placed);
    expect(returnGoods(world, lines)).toBe(true);
    expect(notesOf(world)[0].totals.value).toBe(value);
    // Paisa, not rupees: 10% off ₹310 + 3 × ₹45 leaves paise the rupee rounding of old lost.
    expect(value % 100).not.toBe(0);
    // The refund gives back that value to the paisa; cash, which holds no paise, the rupee nearest it.
    expect(refundPaiseFor(lines, placed)).toBe(value);
    expect(refundFor(lines, placed)).toBe(Math.round(value / 100));
  });

  it("gives a return received before notes named their goods its goods' note when the refund is recorded", () => {
    const world = delivered();
    // The order as an older shop stored it: the return came back and no note was issued then.
    const state = placedOf(world);
    const returnId = "old-return";
    const events: OrderEvent[] = [
      { type: "ReturnRequested", data: { orderId, returnId, lines: [{ ...BAG, quantity: 1 }], want: "refund", reason: "Torn", actor: parent, at } },
      { type: "ReturnApproved", data: { orderId, returnId, actor: admin, at } },
      { type: "ReturnReceived", data: { orderId, returnId, method: "pickup", actor: admin, at } },
    ];
    world.state = events.reduce(evolve, state);
    expect(apply(world, { type: "RefundPayment", paise: 495_00, method: "cash", actor: admin, at })).toBe(true);
    const [note] = notesOf(world);
    expect([note.reason, note.returnId, note.lines.map((l) => l.productId)]).toEqual(["return", returnId, [BAG.productId]]);
  });
});

describe("a refund tied to no goods", () => {
  it("is a note of its value alone: no quantities, the reason refund, and each line nets the tax of the value it still stands for", () => {
    const world = delivered("302001");
    const invoice = liveInvoice(placedOf(world).tax)!;
    expect(apply(world, { type: "RefundPayment", paise: 100_00, method: "upi", actor: admin, at })).toBe(true);
    const [note] = notesOf(world);
    expect(note.reason).toBe("refund");
    expect(note.totals.value).toBe(10_000);
    expect(note.lines.every((l) => l.quantity === 0)).toBe(true);
    expect(creditNoteIssuedSchema.safeParse(note).success).toBe(true);
    const credited = creditedPerLine(placedOf(world).tax, invoice);
    invoice.lines.forEach((line, i) => {
      const left = line.value - credited[i].value;
      const kept = taxOf(left, line.rate, "intra");
      expect({ taxable: line.taxable - credited[i].taxable, tax: line.cgst + line.sgst - credited[i].cgst - credited[i].sgst }).toEqual({ taxable: kept.taxable, tax: kept.cgst + kept.sgst });
    });
  });
});

type Step =
  | { kind: "status"; to: "pending" | "processing" | "shipped" | "delivered" | "cancelled" }
  | { kind: "pay" }
  | { kind: "return"; shirts: number; notebooks: number; bag: number }
  /** Paise given back by UPI, or whole rupees in cash (decision 209). */
  | { kind: "refund"; paise: number; method: "cash" | "upi" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("status" as const), to: fc.constantFrom("pending", "processing", "shipped", "delivered", "cancelled") }),
  fc.record({ kind: fc.constant("pay" as const) }),
  fc.record({ kind: fc.constant("return" as const), shirts: fc.integer({ min: 0, max: 3 }), notebooks: fc.integer({ min: 0, max: 4 }), bag: fc.integer({ min: 0, max: 1 }) }),
  fc.oneof(
    fc.record({ kind: fc.constant("refund" as const), paise: fc.integer({ min: 1, max: 600_00 }), method: fc.constant("upi" as const) }),
    fc.record({ kind: fc.constant("refund" as const), paise: fc.integer({ min: 1, max: 600 }).map((r) => r * 100), method: fc.constant("cash" as const) }),
  ),
);

describe("any sequence of ship, cancel, return and refund", () => {
  it("nets, on the goods, the tax of what was delivered and kept; nothing once the goods are back; never a line below zero", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), fc.constantFrom("331001", "302001", "110001"), (steps, pincode) => {
        const world = newWorld(pincode);
        /** Value-only refunds credited on the live invoice (they lower a line's value, not its goods). */
        let valueOnly = false;
        for (const s of steps) {
          const before = placedOf(world);
          const notesBefore = notesOf(world).length;
          if (s.kind === "status") status(world, s.to);
          else if (s.kind === "pay") apply(world, { type: "CollectCash", actor: admin, at });
          else if (s.kind === "refund") apply(world, { type: "RefundPayment", paise: s.paise, method: s.method, actor: admin, at });
          else {
            const lines = [
              { ...SHIRT, quantity: s.shirts },
              { ...NOTEBOOK, quantity: s.notebooks },
              { ...BAG, quantity: s.bag },
            ].filter((l) => l.quantity > 0);
            if (lines.length > 0) returnGoods(world, lines);
          }
          const after = placedOf(world);
          if (liveInvoice(after.tax)?.number !== liveInvoice(before.tax)?.number) valueOnly = false;
          if (notesOf(world).slice(notesBefore).some((n) => n.reason === "refund")) valueOnly = true;
          // A refund's note of value alone reverses the paise given back, to the paisa, as far as the invoice has them.
          const refundNote = notesOf(world).slice(notesBefore).find((n) => n.reason === "refund");
          const liveBefore = liveInvoice(before.tax);
          if (s.kind === "refund" && refundNote && liveBefore) {
            const leftBefore = liveBefore.totals.value - notesOf(world).slice(0, notesBefore).filter((n) => n.invoiceNumber === liveBefore.number).reduce((sum, n) => sum + n.totals.value, 0);
            expect(refundNote.totals.value).toBe(Math.min(s.paise, leftBefore));
          }
          for (const note of notesOf(world).slice(notesBefore)) expect(creditNoteIssuedSchema.safeParse(note).success).toBe(true);

          const out = GOODS_AT[after.status] === "out";
          for (const invoice of after.tax.invoices) {
            const credited = creditedPerLine(after.tax, invoice);
            const back = unitsBackPerLine(after.tax, invoice);
            const live = liveInvoice(after.tax)?.number === invoice.number;
            invoice.lines.forEach((line, i) => {
              const left = line.value - credited[i].value;
              const net = { taxable: line.taxable - credited[i].taxable, cgst: line.cgst - credited[i].cgst, sgst: line.sgst - credited[i].sgst, igst: line.igst - credited[i].igst };
              expect(Object.values(net).every((n) => n >= 0), `line ${i} never below zero`).toBe(true);
              expect(back[i]).toBeLessThanOrEqual(line.quantity);
              if (!live || !out) {
                // An invoice whose goods all came back nets nothing.
                if (!live) expect(left).toBe(0);
                return;
              }
              const { taxable, cgst, sgst, igst } = taxOf(left, line.rate, invoice.supply);
              // The tax of the value it stands for; inside the state its halves a paisa apart at most, either way round.
              expect({ taxable: net.taxable, tax: net.cgst + net.sgst + net.igst }, `line ${i}: the tax of the value it stands for`).toEqual({ taxable, tax: cgst + sgst + igst });
              expect(Math.abs(net.cgst - net.sgst)).toBeLessThanOrEqual(1);
              if (line.kind === "goods" && !valueOnly) {
                // Only goods returned came off it: what it stands for is the value of the units kept.
                expect(left).toBe(unitsValue(line.value, line.quantity, back[i], line.quantity - back[i]));
              }
            });
          }
          // Goods returned are goods the returns brought back, line by line.
          const live = liveInvoice(after.tax);
          if (live) {
            const back = unitsBackPerLine(after.tax, live);
            const returned = after.afterSale.returns.filter((r) => r.want === "refund" && r.stage !== "requested" && r.stage !== "approved" && r.stage !== "refused");
            const notesForReturns = notesOf(world).filter((n) => n.invoiceNumber === live.number && n.returnId);
            const fromReturns = returned.filter((r) => notesForReturns.some((n) => n.returnId === r.returnId));
            for (const [i, line] of live.lines.entries()) {
              if (line.kind !== "goods") continue;
              const units = fromReturns.flatMap((r) => r.lines).filter((l) => l.productId === line.productId).reduce((sum, l) => sum + l.quantity, 0);
              expect(back[i], `${line.productId} back`).toBe(units);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
