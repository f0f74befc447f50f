/**
 * The courier's COD remittance (decision 233): a line of the courier's sheet pays a courier parcel's cash over once,
 * only at the sum the order charges, never for a parcel paid, refused or cancelled; and the sheet is read by its
 * headings whatever the export calls and orders them.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { codDecider, type CodEvent, type CodOrder } from "../../domain/cash/cod";
import { readRemittanceSheet } from "../../services/courier/remittance";

const owner = { kind: "admin" as const, id: "owner-1", name: "Asha" };
const at = "2026-12-12T06:30:00.000Z";
const orderId = "5e1d0000-0000-4000-8000-000000000010";
const placed: CodOrder = { method: "cod", due: 648, paid: 0, cancelled: false, deleted: false, counter: false };
const remit = (over: Partial<{ amount: number; remittance: string; utr: string; fee: number; order: CodOrder }> = {}) => ({
  type: "RemitCod" as const,
  orderId,
  courier: "Delhivery Surface",
  amount: 648,
  remittance: "CRF-88121",
  utr: "AXISN26346000123",
  order: placed,
  actor: owner,
  at,
  ...over,
});
const remitted: CodEvent = {
  type: "CodCashRemitted",
  data: { orderId, person: "Delhivery Surface", amount: 648, remittance: "CRF-88121", utr: "AXISN26346000123", actor: owner, at },
};

describe("a courier's COD remittance line", () => {
  const parcel = spec(codDecider);

  it("pays the parcel's cash over once, in the remittance named", () => {
    parcel.given().when(remit()).then([remitted]);
    // The same sheet read again.
    parcel.given(remitted).when(remit()).thenNothing();
    parcel.given(remitted).when(remit({ remittance: "CRF-90001" })).thenRefuses("cod.remittedAlready", { remittance: "CRF-88121" }, 409);
    // No cash of it is left for a drawer, and it is not collected again.
    parcel.given(remitted).when({ type: "HandInCod", orderId, person: "Delhivery Surface", counter: "1", day: "2026-12-12", actor: owner, at }).thenRefuses("cod.remittedAlready");
    parcel.given(remitted).when({ type: "CollectCod", orderId, actor: owner, at }).thenNothing();
  });

  it("takes only the sum the order charges", () => {
    parcel.given().when(remit({ amount: 600 })).thenRefuses("cod.remittedAmount", { amount: 600, due: 648 }, 422);
  });

  it("records the courier's fee kept from the cash, the order paid in full; never a fee above the cash (decision 219)", () => {
    parcel.given().when(remit({ fee: 35_40 })).then([{ ...remitted, data: { ...remitted.data, fee: 35_40 } } as CodEvent]);
    parcel.given().when(remit({ fee: 0 })).then([remitted]);
    parcel.given().when(remit({ fee: 648_01 })).thenRefuses("cod.remittedFee", { fee: 648.01, amount: 648 }, 422);
    parcel.given().when(remit({ fee: -1 })).thenRefuses("cod.remittedFee");
  });

  it("refuses a parcel paid, refused at the door, cancelled, not cash on delivery, or an id that is not one", () => {
    const out: CodEvent = { type: "CodParcelOut", data: { orderId, person: "Ramesh", amount: 648, actor: owner, at } };
    const collected: CodEvent = { type: "CodCashCollected", data: { orderId, person: "Ramesh", amount: 648, actor: owner, at } };
    const refused: CodEvent = { type: "CodParcelRefused", data: { orderId, person: "Ramesh", note: "", actor: owner, at } };
    parcel.given(out, collected).when(remit()).thenRefuses("cod.paid", undefined, 409);
    parcel.given().when(remit({ order: { ...placed, paid: 648 } })).thenRefuses("cod.paid");
    parcel.given(out, refused).when(remit()).thenRefuses("cod.cancelled");
    parcel.given().when(remit({ order: { ...placed, cancelled: true } })).thenRefuses("cod.cancelled");
    parcel.given().when(remit({ order: { ...placed, method: "upi" } })).thenRefuses("cod.notCod");
    parcel.given().when(remit({ remittance: "CRF 1; drop" })).thenRefuses("cod.remittanceId", undefined, 422);
    // Out with a person on the COD page, then remitted by the courier who carried it: taken.
    parcel.given(out).when(remit()).then([remitted]);
  });
});

describe("the courier's remittance sheet", () => {
  const sheet = (text: string) => readRemittanceSheet(new TextEncoder().encode(text));

  it("reads its columns by their headings, in any order, with sums as the export writes them", () => {
    const rows = sheet(
      "\ufeffCRF ID,AWB Code,Channel Order ID,COD Amount,UTR No\nCRF-88121,7760010101,5e1d0000-0000-4000-8000-000000000010,\"1,240.00\",AXISN1\nCRF-88121,7760020101,abc,648,\n",
    );
    expect(rows).toEqual([
      { row: 2, orderId: "5e1d0000-0000-4000-8000-000000000010", awb: "7760010101", amount: 1240, remittance: "CRF-88121", utr: "AXISN1" },
      { row: 3, orderId: "abc", awb: "7760020101", amount: 648, remittance: "CRF-88121" },
    ]);
  });

  it("reads the courier's fee from its own column, or as the COD amount less the amount remitted; a remitted amount alone is the cash", () => {
    const [own] = sheet("Order ID,AWB,COD Amount,COD Charges,CRF ID\no,a,648,35.4,CRF-1\n");
    expect(own).toMatchObject({ amount: 648, fee: 35_40 });
    const [net] = sheet("Order ID,AWB,COD Amount,Remitted Amount,CRF ID\no,a,\"1,240.00\",\"1,201.15\",CRF-1\n");
    expect(net).toMatchObject({ amount: 1240, fee: 38_85 });
    const [whole] = sheet("Order ID,AWB,COD Amount,Remitted Amount,CRF ID\no,a,648,648.00,CRF-1\n");
    expect(whole.fee).toBeUndefined();
    const [alone] = sheet("Order ID,AWB,Remitted Amount,CRF ID\no,a,648,CRF-1\n");
    expect(alone).toEqual({ row: 2, orderId: "o", awb: "a", amount: 648, remittance: "CRF-1" });
    expect(sheet("Order ID,AWB,COD Amount,Deductions,CRF ID\no,a,648,abc,CRF-1\n")[0].fee).toBeNaN();
  });

  it("marks a sum that is not whole rupees, and refuses a file that is not a remittance sheet", () => {
    expect(sheet("order id,awb,amount,crf id\no,a,12.50,c\n")[0].amount).toBeNaN();
    expect(() => sheet("date,narration,credit\n2026-12-01,UPI,100\n")).toThrow(expect.objectContaining({ key: "cod.noRemittanceRows" }));
    expect(() => sheet("order id,awb,amount,crf id\n")).toThrow(expect.objectContaining({ key: "cod.noRemittanceRows" }));
    expect(() => readRemittanceSheet(new Uint8Array([0xff, 0xfe, 0x00]))).toThrow(expect.objectContaining({ key: "cod.noRemittanceRows" }));
  });
});
