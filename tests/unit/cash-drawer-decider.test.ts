/**
 * The counter's drawer and the cash of COD parcels (decisions 211, 212): given what the streams hold, when a
 * step, then its events or a refusal worded in both languages. A drawer short by ₹50 is closed only with a
 * reason; the close keeps what the bills say beside what was counted; a parcel's cash goes from out, to
 * collected, to handed in, or is refused at the door.
 */
import { describe, expect, it } from "vitest";
import { spec } from "../support/decider-spec";
import { codDecider, checkPersonName, type CodEvent, type CodOrder } from "../../domain/cash/cod";
import { drawerDecider, expectedCash, type DrawerEvent, type Takings } from "../../domain/cash/drawer";

const at = "2026-12-07T12:00:00.000Z";
const meena = { kind: "admin" as const, id: "staff-1", name: "Meena" };
const owner = { kind: "admin" as const, id: "owner", name: "Asha" };
const day = "2026-12-07";
const counter = "1";

const opened: DrawerEvent = { type: "DrawerOpened", data: { counter, day, openingCash: 2000, actor: meena, at } };
const codIn: DrawerEvent = {
  type: "CodCashReceived",
  data: { counter, day, person: "Ramesh", orders: [{ orderId: "o-1", amount: 648 }], amount: 648, actor: owner, at },
};
/** Two people's bills: Meena sold ₹1,200 cash and ₹500 UPI, Asha ₹300 cash and gave ₹100 back in cash. */
const takings: Takings = {
  bills: 4,
  cashSales: 1500,
  upiSales: 500,
  cashRefunds: 100,
  upiRefunds: 0,
  people: [
    { id: "owner", name: "Asha", bills: 1, cashSales: 300, upiSales: 0, cashRefunds: 100, upiRefunds: 0 },
    { id: "staff-1", name: "Meena", bills: 3, cashSales: 1200, upiSales: 500, cashRefunds: 0, upiRefunds: 0 },
  ],
};
const close = (counted: number, reason = "") => ({ type: "CloseDrawer" as const, counter, day, takings, counted, reason, actor: meena, at });

describe("the drawer's day", () => {
  const drawer = spec(drawerDecider);

  it("opens with the cash counted into it, once", () => {
    drawer.given().when({ type: "OpenDrawer", counter, day, openingCash: 2000, actor: meena, at }).then([opened]);
    drawer.given(opened).when({ type: "OpenDrawer", counter, day, openingCash: 500, actor: meena, at }).thenRefuses("drawer.openedAlready", { counter, amount: 2000 }, 409);
    drawer.given().when({ type: "OpenDrawer", counter, day, openingCash: -1, actor: meena, at }).thenRefuses("drawer.amount", undefined, 422);
    drawer.given().when({ type: "OpenDrawer", counter, day, openingCash: 10.5, actor: meena, at }).thenRefuses("drawer.amount", undefined, 422);
    drawer.given().when({ type: "OpenDrawer", counter: "front desk", day, openingCash: 0, actor: meena, at }).thenRefuses("counter.name", undefined, 422);
  });

  it("expects opening + cash sales - cash refunds + delivery cash, and closes exact without a reason", () => {
    expect(expectedCash(2000, takings, 648)).toBe(2000 + 1500 - 100 + 648);
    const [closed] = drawer.given(opened, codIn).when(close(4048)).events();
    expect(closed).toEqual({
      type: "DrawerClosed",
      data: { counter, day, openingCash: 2000, takings, codCash: 648, expected: 4048, counted: 4048, difference: 0, reason: "", actor: meena, at },
    });
  });

  it("a drawer short by ₹50 is closed only with its reason, and the difference is kept", () => {
    drawer.given(opened, codIn).when(close(3998)).thenRefuses("drawer.shortNeedsReason", { expected: 4048, counted: 3998, difference: 50 }, 422);
    drawer.given(opened, codIn).when(close(3998, "   ")).thenRefuses("drawer.shortNeedsReason");
    const [closed] = drawer.given(opened, codIn).when(close(3998, " Change given twice to one parent ")).events();
    expect(closed.type === "DrawerClosed" && closed.data).toMatchObject({ expected: 4048, counted: 3998, difference: -50, reason: "Change given twice to one parent" });
  });

  it("a drawer over is closed only with its reason too", () => {
    drawer.given(opened).when(close(3500)).thenRefuses("drawer.overNeedsReason", { expected: 3400, counted: 3500, difference: 100 }, 422);
    drawer.given(opened).when(close(3400, "not needed")).events().forEach((e) => expect(e.type === "DrawerClosed" && e.data.reason).toBe(""));
  });

  it("is refused before it is opened, after it is closed, and with a count or reason out of bounds", () => {
    drawer.given().when(close(0)).thenRefuses("drawer.notOpened", { counter }, 409);
    const closed = drawer.given(opened).when(close(3400)).events();
    drawer.given(opened, closed).when(close(3400)).thenRefuses("drawer.closed", { counter, day }, 409);
    drawer.given(opened, closed).when({ type: "ReceiveCodCash", counter, day, person: "Ramesh", orders: [{ orderId: "o-2", amount: 10 }], amount: 10, actor: owner, at }).thenRefuses("drawer.closed");
    drawer.given(opened).when(close(2_000_000)).thenRefuses("drawer.amount");
    drawer.given(opened).when(close(0, "x".repeat(301))).thenRefuses("drawer.reasonTooLong", { most: 300 }, 422);
    drawer.given(opened).when({ ...close(3400), day: "7 Dec" }).thenRefuses("drawer.day", undefined, 422);
  });

  it("takes delivery cash only into an open drawer, summed from its parcels", () => {
    const receive = { type: "ReceiveCodCash" as const, counter, day, person: "Ramesh", orders: [{ orderId: "o-1", amount: 648 }], amount: 648, actor: owner, at };
    drawer.given(opened).when(receive).then([codIn]);
    drawer.given().when(receive).thenRefuses("drawer.notOpened");
    drawer.given(opened).when({ ...receive, orders: [], amount: 0 }).thenRefuses("cod.nothingChosen", undefined, 422);
    expect(() => drawerDecider.decide({ ...receive, amount: 600 }, drawer.given(opened).state())).toThrow(/648/);
  });
});

const placed: CodOrder = { method: "cod", due: 648, paid: 0, cancelled: false, deleted: false, counter: false };
const orderId = "5e1d0000-0000-4000-8000-000000000009";
const out: CodEvent = { type: "CodParcelOut", data: { orderId, person: "Ramesh", amount: 648, actor: owner, at } };
const collected: CodEvent = { type: "CodCashCollected", data: { orderId, person: "Ramesh", amount: 648, actor: owner, at } };

describe("a COD parcel's cash", () => {
  const parcel = spec(codDecider);
  const give = (person: string, order: CodOrder = placed) => ({ type: "GiveParcel" as const, orderId, person, order, actor: owner, at });

  it("is owed by the person it was given to, for what the order charges", () => {
    parcel.given().when(give("  Ramesh ")).then([out]);
    parcel.given(out).when(give("ramesh")).thenNothing();
    parcel.given(out).when(give("Suresh")).thenRefuses("cod.outWith", { person: "Ramesh" }, 409);
    expect(checkPersonName("राम  लाल")).toBe("राम लाल");
    parcel.given().when(give("<script>")).thenRefuses("cod.person", undefined, 422);
  });

  it("is never given for an order paid, cancelled, prepaid by UPI or sold at the counter", () => {
    parcel.given().when(give("Ramesh", { ...placed, paid: 648 })).thenRefuses("cod.paid", undefined, 409);
    parcel.given().when(give("Ramesh", { ...placed, cancelled: true })).thenRefuses("cod.cancelled");
    parcel.given().when(give("Ramesh", { ...placed, method: "upi" })).thenRefuses("cod.notCod");
    parcel.given().when(give("Ramesh", { ...placed, counter: true })).thenRefuses("cod.notCod");
    parcel.given().when(give("Ramesh", { ...placed, deleted: true })).thenRefuses("admin.orderDeleted");
  });

  it("is collected at the door once, or refused there, and a refused parcel may go out again", () => {
    parcel.given(out).when({ type: "CollectCod", orderId, actor: owner, at }).then([collected]);
    parcel.given(out, collected).when({ type: "CollectCod", orderId, actor: owner, at }).thenNothing();
    parcel.given().when({ type: "CollectCod", orderId, actor: owner, at }).thenRefuses("cod.notOut", undefined, 409);
    const refused = parcel.given(out).when({ type: "RefuseAtDoor", orderId, note: "Not at home, phone off", actor: owner, at }).events();
    expect(refused).toEqual([{ type: "CodParcelRefused", data: { orderId, person: "Ramesh", note: "Not at home, phone off", actor: owner, at } }]);
    expect(parcel.given(out, refused).state()).toMatchObject({ stage: "refused" });
    parcel.given(out, refused).when({ type: "CollectCod", orderId, actor: owner, at }).thenRefuses("cod.notOut");
    parcel.given(out, refused).when(give("Suresh")).then([{ ...out, data: { ...out.data, person: "Suresh" } }]);
    parcel.given(out, collected).when({ type: "RefuseAtDoor", orderId, note: "", actor: owner, at }).thenRefuses("cod.collectedAlready");
    parcel.given(out, collected).when(give("Ramesh")).thenRefuses("cod.paid");
  });

  it("is handed in once, by the person who collected it, into a counter's day", () => {
    const handIn = (person = "Ramesh") => ({ type: "HandInCod" as const, orderId, person, counter, day, actor: meena, at });
    const handed = parcel.given(out, collected).when(handIn("RAMESH")).events();
    expect(handed).toEqual([{ type: "CodCashHandedIn", data: { orderId, person: "Ramesh", amount: 648, counter, day, actor: meena, at } }]);
    parcel.given(out, collected, handed).when(handIn()).thenRefuses("cod.handedInAlready", { counter, day }, 409);
    parcel.given(out).when(handIn()).thenRefuses("cod.notCollected", undefined, 409);
    parcel.given(out, collected).when(handIn("Suresh")).thenRefuses("cod.otherPerson", { person: "Ramesh" }, 409);
  });
});
