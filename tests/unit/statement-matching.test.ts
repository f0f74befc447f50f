import { describe, expect, it } from "vitest";
import { creditsThatPay, maskedPayer, orderNumbersIn, paiseOf, readsAsReversal, referenceIn, type StatementLine } from "../../domain/payments/credits";
import { matchCredits, type AwaitingOrder, type ReferenceHolder } from "../../domain/payments/matching";
import { creditPaid, statementDecider, statementEvents, type StatementCommand, type StatementEvent } from "../../domain/payments/statement";
import { readEvent } from "../../domain/events/index";
import { inEnglish } from "../support/refusal";
import { spec } from "../support/decider-spec";

const line = (patch: Partial<StatementLine> & Pick<StatementLine, "row">): StatementLine => ({
  on: "2026-12-05",
  direction: "credit",
  paise: 318600,
  narration: "",
  ...patch,
});

describe("reading a statement's lines", () => {
  it("finds the 12-digit UPI reference alone or padded to 16 with zeros, never inside a longer number", () => {
    expect(referenceIn("UPI/CR/634512345678/RAHUL KUMAR/SBIN/rahul@oksbi")).toBe("634512345678");
    expect(referenceIn("0000634512345678")).toBe("634512345678");
    expect(referenceIn("NEFT-HDFCN52026120512345678-SHARMA")).toBeUndefined();
    expect(referenceIn("A/c 12345678901234")).toBeUndefined();
    expect(referenceIn(undefined)).toBeUndefined();
  });

  it("reads amounts as banks write them, to the paisa", () => {
    expect(paiseOf("3,186.00")).toBe(318600);
    expect(paiseOf("₹ 1,23,456.5")).toBe(12345650);
    expect(paiseOf("Rs. 500")).toBe(50000);
    expect(paiseOf("3,186.00 Cr")).toBe(318600);
    expect(paiseOf("1,200.00 Dr")).toBe(-120000);
    expect(paiseOf("-45.00")).toBe(-4500);
    expect(paiseOf(3186.5)).toBe(318650);
    expect(paiseOf("")).toBeUndefined();
    expect(paiseOf("three thousand")).toBeUndefined();
    expect(paiseOf("12.345")).toBeUndefined();
  });

  it("masks a payer's UPI ID or name so the page shows enough to recognise, not to contact", () => {
    expect(maskedPayer("rahulkumar@oksbi")).toBe("ra********@oksbi");
    expect(maskedPayer("9876543210@ybl")).toBe("98********@ybl");
    expect(maskedPayer("RAHUL KUMAR")).toBe("RA*** KU***");
    expect(maskedPayer("  ")).toBeUndefined();
  });

  it("tells a reversal from a payment, and finds the order number in the note", () => {
    expect(readsAsReversal("UPI/REV/634512345680/RET")).toBe(true);
    expect(readsAsReversal("REVERSAL OF UPI 634512345680")).toBe(true);
    expect(readsAsReversal("UPI/CR/634512345678/REVATI SHARMA")).toBe(false);
    expect(orderNumbersIn("UPI/CR/634512345681/ORD 7f3a2c9e/okaxis")).toEqual(["7F3A2C9E"]);
    expect(orderNumbersIn("VALUE DATE 05122026")).toEqual([]);
  });

  it("counts each paying credit once: debits, reversed credits and a repeated reference are left out", () => {
    const { credits, skipped } = creditsThatPay([
      line({ row: 2, referenceText: "634512345678", payerText: "rahul@oksbi", upi: true }),
      line({ row: 3, narration: "UPI/CR/634512345679/SEEMA/ORD 7F3A2C9E" }),
      line({ row: 4, narration: "UPI/CR/634512345679/SEEMA/ORD 7F3A2C9E" }),
      line({ row: 5, narration: "UPI/CR/634512345680/MOHAN" }),
      line({ row: 6, direction: "debit", narration: "UPI/REV/634512345680" }),
      line({ row: 7, direction: "debit", paise: 120000, narration: "ATM WDL" }),
      line({ row: 8, narration: "NEFT-N339260012345-SHARMA TRADERS", referenceText: "N339260012345", paise: 1250000 }),
    ]);
    expect(credits.map((c) => [c.row, c.reference, c.orderNumber, c.payer])).toEqual([
      [2, "634512345678", undefined, "ra***@oksbi"],
      [3, "634512345679", "7F3A2C9E", undefined],
      [8, undefined, undefined, undefined],
    ]);
    expect(skipped).toEqual({ debits: 1, duplicates: 1, reversed: 2 });
  });
});

const order = (id: string, rupees: number, placedAt = "2026-12-04T10:00:00.000Z"): AwaitingOrder => ({
  orderId: `${id}-0000-8000-8000-000000000000`,
  number: id.toUpperCase(),
  duePaise: rupees * 100,
  placedAt,
});
const A = order("aaaa0001", 3186);
const B = order("bbbb0002", 1450);
const C = order("7f3a2c9e", 2210);
const D = order("dddd0004", 990);
const E = order("eeee0005", 990);
const held = (orderId: string, patch: Partial<ReferenceHolder> = {}): ReferenceHolder => ({ orderId, paid: false, disputedBy: [], ...patch });
const credit = (row: number, rupees: number, patch = {}) => ({ row, on: "2026-12-05", paise: rupees * 100, ...patch });

describe("matching credits to orders awaiting payment", () => {
  it("takes as paid only the reference the parent reported on that order, for its amount", () => {
    const matches = matchCredits([credit(2, 3186, { reference: "634512345678" })], { awaiting: [A], holders: new Map([["634512345678", held(A.orderId)]]) });
    expect(matches).toEqual([{ row: 2, standing: "matched", by: "reference", orderId: A.orderId }]);
  });

  it("proposes a reported reference that came for another amount, never takes it", () => {
    const matches = matchCredits([credit(2, 3000, { reference: "634512345678" })], { awaiting: [A], holders: new Map([["634512345678", held(A.orderId)]]) });
    expect(matches).toEqual([{ row: 2, standing: "proposed", by: "reference", orderId: A.orderId }]);
  });

  it("shows a reference two orders claim as a conflict, and one an order was paid with as already paid", () => {
    const holders = new Map([
      ["634512345678", held(A.orderId, { disputedBy: [B.orderId] })],
      ["634512345679", held(C.orderId, { paid: true })],
    ]);
    const matches = matchCredits([credit(2, 3186, { reference: "634512345678" }), credit(3, 2210, { reference: "634512345679" })], { awaiting: [A, B], holders });
    expect(matches).toEqual([
      { row: 2, standing: "conflict", reference: "634512345678", orderIds: [A.orderId, B.orderId] },
      { row: 3, standing: "alreadyPaid", orderId: C.orderId },
    ]);
  });

  it("proposes the order whose number the note names, whatever the amount", () => {
    const matches = matchCredits([credit(4, 2200, { orderNumber: "7F3A2C9E" })], { awaiting: [A, C], holders: new Map() });
    expect(matches).toEqual([{ row: 4, standing: "proposed", by: "note", orderId: C.orderId }]);
  });

  it("proposes by the exact amount only where one order placed within three days before fits", () => {
    const early = order("ffff0006", 1450, "2026-12-01T10:00:00.000Z");
    const later = order("ffff0007", 1450, "2026-12-06T10:00:00.000Z");
    expect(matchCredits([credit(5, 1450)], { awaiting: [B, early, later], holders: new Map() })).toEqual([
      { row: 5, standing: "proposed", by: "amount", orderId: B.orderId },
    ]);
  });

  it("leaves an amount that fits two orders unmatched, and says how many fit", () => {
    expect(matchCredits([credit(6, 990)], { awaiting: [D, E], holders: new Map() })).toEqual([{ row: 6, standing: "unmatched", fits: 2 }]);
  });

  it("proposes no order two credits of the same amount could pay", () => {
    expect(matchCredits([credit(6, 1450), credit(7, 1450)], { awaiting: [B], holders: new Map() })).toEqual([
      { row: 6, standing: "unmatched", fits: 1 },
      { row: 7, standing: "unmatched", fits: 1 },
    ]);
  });

  it("never matches one order for two credits: the reference goes first", () => {
    const matches = matchCredits([credit(2, 3186, { orderNumber: "AAAA0001" }), credit(3, 3186, { reference: "634512345678" })], {
      awaiting: [A],
      holders: new Map([["634512345678", held(A.orderId)]]),
    });
    expect(matches).toEqual([
      { row: 2, standing: "unmatched", fits: 0 },
      { row: 3, standing: "matched", by: "reference", orderId: A.orderId },
    ]);
  });
});

const statementId = "a".repeat(64);
const admin = { kind: "admin" as const, id: "1", name: "Owner" };
const readCommand = {
  type: "ReadStatement",
  statementId,
  fileName: "sbi.csv",
  shape: "sbi",
  credits: [credit(2, 3186, { reference: "634512345678" }), credit(3, 1450), credit(4, 990)],
  matches: [
    { row: 2, standing: "matched", by: "reference", orderId: A.orderId },
    { row: 3, standing: "proposed", by: "amount", orderId: B.orderId },
    { row: 4, standing: "unmatched", fits: 2 },
  ],
  skipped: { debits: 1, duplicates: 1, reversed: 1 },
  actor: admin,
  at: "2026-12-07T10:00:00.000Z",
} satisfies StatementCommand;
const settle = (choices: { row: number; orderId: string }[]): StatementCommand => ({ type: "SettleCredits", statementId, choices, actor: admin, at: "2026-12-07T11:00:00.000Z" });
const { type: _read, ...readData } = readCommand;
const read: StatementEvent = { type: "StatementRead", data: readData };
const statement = spec(statementDecider);

describe("a statement's stream", () => {
  it("reads the same file once: the second upload changes nothing", () => {
    statement.given().when(readCommand).then([read]);
    statement.given(read).when(readCommand).thenNothing();
  });

  it("stores events the one registry reads back", () => {
    const stored = { ...statementEvents.toAppend(read, "e1"), streamId: `statement-${statementId}`, revision: 0, position: "1" };
    expect(readEvent(stored)).toMatchObject({ type: "StatementRead", data: { statementId, shape: "sbi" } });
  });

  it("confirms proposals in bulk, each credit once", () => {
    const settled = statement.given(read).when(settle([{ row: 3, orderId: B.orderId }, { row: 4, orderId: D.orderId }])).state();
    expect(settled.read && [creditPaid(settled, 2), creditPaid(settled, 3), creditPaid(settled, 4)]).toEqual([A.orderId, B.orderId, D.orderId]);
  });

  it("refuses what cannot be confirmed, with the owner's words", () => {
    statement.given().when(settle([{ row: 3, orderId: B.orderId }])).thenRefuses("statements.notFound", {}, 404);
    statement.given(read).when(settle([])).thenRefuses("statements.nothingChosen", {}, 422);
    const twice = statement.given(read).when(settle([{ row: 3, orderId: B.orderId }, { row: 3, orderId: D.orderId }])).thenRefuses("statements.rowTwice", { row: 3 }, 422);
    expect(inEnglish(twice).message).toBe("Row 3 was chosen twice.");
    const unread = statement.given(read).when(settle([{ row: 9, orderId: B.orderId }])).thenRefuses("statements.noSuchCredit", { row: 9 }, 422);
    expect(inEnglish(unread).message).toBe("Row 9 of this statement is not a credit the shop read.");
    const settledAlready = statement.given(read).when(settle([{ row: 2, orderId: A.orderId }])).thenRefuses("statements.creditSettled", { row: 2 }, 409);
    expect(inEnglish(settledAlready).message).toBe("The credit in row 2 has been confirmed already.");
    const confirmedSince = { type: "CreditsSettled", data: { statementId, settled: [{ row: 3, orderId: B.orderId }], actor: admin, at: "2026-12-07T10:30:00.000Z" } } satisfies StatementEvent;
    statement.given(read, confirmedSince).when(settle([{ row: 3, orderId: B.orderId }])).thenRefuses("statements.creditSettled", { row: 3 }, 409);
    const orderTwice = statement.given(read).when(settle([{ row: 3, orderId: B.orderId }, { row: 4, orderId: B.orderId }])).thenRefuses("statements.orderTwice", undefined, 422);
    expect(inEnglish(orderTwice).message).toBe("Order BBBB0002 was chosen for two credits.");
  });
});
