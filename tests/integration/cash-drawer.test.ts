/**
 * The counter's day close and the cash of COD parcels (decisions 211, 212), through the shop's services on a real
 * Postgres: a drawer opened, bills in cash, UPI and split by two people, a refund paid in cash, a COD parcel's cash
 * collected by the delivery boy and handed in; the close sums exactly the bills (the day close is the sum of the
 * bills), refuses a drawer ₹50 short without a reason and keeps it with one; cash still out per person and day.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codEvents, codStreamId } from "../../domain/cash/cod";
import { drawerEvents, drawerStreamId } from "../../domain/cash/drawer";
import { formatRupees } from "../../domain/money";
import { indiaDay } from "../../domain/reports/reports";
import type { CartOwner } from "../../services/cart";
import type { CounterSaleInput } from "../../services/orders";
import type { RuleViolation } from "../../domain/errors";
import { englishOf } from "../support/refusal";
import { openTestShop, type TestShop } from "../support/shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_GSTIN: "08AAPFU0939F1ZV", SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } });
});
afterAll(async () => {
  await shop?.close();
});

const owner = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const meena = { kind: "admin" as const, id: "staff-1", name: "Meena" };

async function onShelf(item: string, size: string, pieces: number) {
  await shop.schoolStock.setRule(item, "stop", null, owner);
  await shop.schoolStock.count((await shop.schoolStock.skuOf(item, size))!, pieces, owner, "Counted the shelf");
}

async function sell(counter: string, staff: typeof meena, item: string, size: string, payment: (total: number) => CounterSaleInput["payment"]) {
  const items = [{ productId: item, size, quantity: 1 }];
  const { total } = await shop.orders.counterBill(items);
  const sold = await shop.orders.sellAtCounter({ saleId: randomUUID(), counter, items, shownTotal: total, payment: payment(total), language: "en", staff });
  return { ...sold, total };
}

describe("a counter's day, from opening to the Z report", () => {
  it("sums exactly the bills, per person, takes the delivery cash in, and keeps a drawer ₹50 short only with its reason", async () => {
    await onShelf("school/dps/shirt", "26", 10);
    await shop.orders.openDrawer({ counter: "7", openingCash: 2000, actor: meena });
    await expect(shop.orders.openDrawer({ counter: "7", openingCash: 10, actor: meena })).rejects.toMatchObject({ key: "drawer.openedAlready", status: 409 });

    const cash = await sell("7", meena, "school/dps/shirt", "26", (total) => ({ mode: "cash", cashGiven: total + 100 }));
    const upi = await sell("7", meena, "school/dps/shirt", "26", () => ({ mode: "upi", upiReference: "700000000001" }));
    const split = await sell("7", owner, "school/dps/shirt", "26", () => ({ mode: "split", upiAmount: 100, upiReference: "700000000002", cashGiven: 1000 }));
    // Another counter's bill is its own drawer's.
    await sell("8", meena, "school/dps/shirt", "26", (total) => ({ mode: "cash", cashGiven: total }));
    // The owner gives ₹100 back in cash on Meena's cash bill.
    await shop.orders.pay(cash.orderId, (at) => ({ type: "RefundPayment", paise: 100_00, method: "cash", note: "Wrong size", actor: owner, at }));

    // A COD parcel: out with Ramesh, paid at the door, handed into counter 7's drawer.
    await onShelf("school/dps/shirt", "28", 2);
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    await shop.cart.add(parent, { productId: "school/dps/shirt", size: "28", quantity: 1 });
    const parcel = await shop.orders.placeOrderFromCart({
      owner: parent,
      idempotencyKey: randomUUID(),
      details: { name: "Ravi Kumar", phone: "9600000001", address: "12 Station Road", city: "Churu", pincode: "331001" },
    });
    const parcelTotal = parcel.total;
    await shop.orders.giveCodParcel(parcel.orderId, "Ramesh", owner);
    let out = await shop.orders.codOutstanding();
    expect(out).toEqual([
      expect.objectContaining({ person: "Ramesh", parcelsOut: 1, cashOut: parcelTotal, collected: 0, cashCollected: 0, byDay: [{ day: indiaDay(new Date()), parcels: 1, amount: parcelTotal }] }),
    ]);
    await shop.orders.collectCod(parcel.orderId, owner);
    // Paid with the same CashCollected as the order page's: the order is paid, no reminder can ask again.
    expect(await shop.orders.getOrder(parcel.orderId)).toMatchObject({ paymentStatus: "paid", amountPaid: parcelTotal });
    out = await shop.orders.codOutstanding();
    expect(out[0]).toMatchObject({ person: "Ramesh", parcelsOut: 0, collected: 1, cashCollected: parcelTotal });
    const handed = await shop.orders.handInCod({ person: "ramesh", orderIds: [parcel.orderId], counter: "7", actor: meena });
    expect(handed).toMatchObject({ changed: true, amount: parcelTotal, counter: "7" });
    expect(await shop.orders.codOutstanding()).toEqual([]);
    const again = await shop.orders.handInCod({ person: "Ramesh", orderIds: [parcel.orderId], counter: "7", actor: meena }).then(() => Promise.reject(new Error("expected a refusal")), (e: RuleViolation) => e);
    expect(englishOf(again)).toMatch(/handed in already, at counter 7/);

    const day = await shop.orders.drawerDay("7");
    const cashSales = cash.total + (split.total - 100);
    expect(day.takings).toMatchObject({ bills: 3, cashSales, upiSales: upi.total + 100, cashRefunds: 100, upiRefunds: 0 });
    // The day close is the sum of the bills: every bill's money, cash and UPI, adds up to their totals.
    expect(day.takings.cashSales + day.takings.upiSales).toBe(cash.total + upi.total + split.total);
    expect(day.takings.people).toEqual([
      { id: "admin-1", name: "Asha", bills: 1, cashSales: split.total - 100, upiSales: 100, cashRefunds: 100, upiRefunds: 0 },
      { id: "staff-1", name: "Meena", bills: 2, cashSales: cash.total, upiSales: upi.total, cashRefunds: 0, upiRefunds: 0 },
    ]);
    expect(day.codCash).toBe(parcelTotal);
    const expected = 2000 + cashSales - 100 + parcelTotal;
    expect(day.expected).toBe(expected);

    const short = await shop.orders.closeDrawer({ counter: "7", counted: expected - 50, reason: "", actor: meena }).then(() => Promise.reject(new Error("expected a refusal")), (e: RuleViolation) => e);
    expect(englishOf(short)).toBe(`The drawer should hold ${formatRupees(expected)} but ${formatRupees(expected - 50)} was counted: ₹50 short. Write why before closing.`);
    expect((await shop.store.readStream(drawerStreamId("7", day.day))).map((e) => e.type)).toEqual(["DrawerOpened", "CodCashReceived"]);

    await shop.orders.closeDrawer({ counter: "7", counted: expected - 50, reason: "A ₹50 note given as change twice", actor: meena });
    const closed = (await shop.orders.drawerDay("7")).closed!;
    expect(closed).toMatchObject({ expected, counted: expected - 50, difference: -50, reason: "A ₹50 note given as change twice", codCash: parcelTotal, actor: meena });
    expect(closed.takings).toEqual(day.takings);
    await expect(sellAfterClose()).resolves.toBeDefined();
    await expect(shop.orders.closeDrawer({ counter: "7", counted: expected, reason: "", actor: meena })).rejects.toMatchObject({ key: "drawer.closed" });

    // Every step is an event naming its person.
    const steps = drawerEvents.readAll(await shop.store.readStream(drawerStreamId("7", day.day)));
    expect(steps.map((e) => [e.type, e.data.actor.name])).toEqual([["DrawerOpened", "Meena"], ["CodCashReceived", "Meena"], ["DrawerClosed", "Meena"]]);
    const parcelSteps = codEvents.readAll(await shop.store.readStream(codStreamId(parcel.orderId)));
    expect(parcelSteps.map((e) => [e.type, e.data.person, e.data.actor.name])).toEqual([
      ["CodParcelOut", "Ramesh", "Asha"],
      ["CodCashCollected", "Ramesh", "Asha"],
      ["CodCashHandedIn", "Ramesh", "Meena"],
    ]);

    // Every counter of the day, cash and UPI.
    const all = await shop.orders.dayTakings();
    expect(all.counters.map((c) => c.counter)).toEqual(["7", "8"]);
  });

  it("a parcel refused at the door owes nothing, and delivery cash goes only into an open drawer", async () => {
    await onShelf("school/dps/shirt", "30", 2);
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    await shop.cart.add(parent, { productId: "school/dps/shirt", size: "30", quantity: 1 });
    const parcel = await shop.orders.placeOrderFromCart({
      owner: parent,
      idempotencyKey: randomUUID(),
      details: { name: "Sita Devi", phone: "9600000002", address: "4 Gandhi Nagar", city: "Churu", pincode: "331001" },
    });
    await shop.orders.giveCodParcel(parcel.orderId, "Suresh", owner);
    await expect(shop.orders.giveCodParcel(parcel.orderId, "Ramesh", owner)).rejects.toMatchObject({ key: "cod.outWith", values: { person: "Suresh" } });
    await expect(shop.orders.handInCod({ person: "Suresh", orderIds: [parcel.orderId], counter: "9", actor: owner })).rejects.toMatchObject({ key: "cod.notCollected" });
    await shop.orders.refuseCodAtDoor(parcel.orderId, "Parent not at home", owner);
    expect(await shop.orders.codOutstanding()).toEqual([]);
    expect(await shop.orders.getOrder(parcel.orderId)).toMatchObject({ paymentStatus: "unpaid" });

    // Out again the next day, collected, but counter 9's drawer was never opened: nothing is handed in.
    await shop.orders.giveCodParcel(parcel.orderId, "Suresh", owner);
    await shop.orders.collectCod(parcel.orderId, owner);
    await expect(shop.orders.handInCod({ person: "Suresh", orderIds: [parcel.orderId], counter: "9", actor: owner })).rejects.toMatchObject({ key: "drawer.notOpened" });
    expect((await shop.orders.codOutstanding())[0]).toMatchObject({ person: "Suresh", collected: 1 });
    expect(await shop.store.readStream(drawerStreamId("9", indiaDay(new Date())))).toHaveLength(0);
  });
});

describe("a refund of an online order given at the counter", () => {
  it("counts in that counter's drawer on the day it was given, by the person who gave it; a refund on the order's page counts in none", async () => {
    await onShelf("school/dps/shirt", "32", 3);
    const parent: CartOwner = { kind: "guest", token: randomUUID() };
    await shop.cart.add(parent, { productId: "school/dps/shirt", size: "32", quantity: 2 });
    const placed = await shop.orders.placeOrderFromCart({
      owner: parent,
      idempotencyKey: randomUUID(),
      details: { name: "Kavita Saini", phone: "9600000003", address: "7 Subhash Marg", city: "Churu", pincode: "331001" },
    });
    // Paid in cash at the door by the shop's own boy, and delivered: an online order, not a counter's bill.
    await shop.orders.giveCodParcel(placed.orderId, "Ramesh", owner);
    await shop.orders.collectCod(placed.orderId, owner);
    await shop.orders.changeStatus(placed.orderId, "shipped", owner);
    await shop.orders.changeStatus(placed.orderId, "delivered", owner);
    await shop.orders.openDrawer({ counter: "5", openingCash: 1500, actor: meena });

    const lines = [{ productId: "school/dps/shirt", size: "32", school: "dps", quantity: 1 }];
    const view = await shop.orders.counterReturnView(placed.orderId);
    lines[0].school = view.lines[0].school;
    const due = await shop.orders.counterRefundDue(placed.orderId, lines);
    expect(due).toBeGreaterThan(0);
    await shop.orders.returnAtCounter({
      returnId: randomUUID(),
      orderId: placed.orderId,
      counter: "5",
      lines,
      reason: "Too big",
      outcome: { kind: "refund", method: "cash", shownAmount: due },
      staff: { id: meena.id, name: meena.name },
    });
    // The owner gives ₹20 more back on the order's page: no counter paid it, so no drawer counts it.
    await shop.orders.pay(placed.orderId, (at) => ({ type: "RefundPayment", paise: 20_00, method: "cash", note: "Goodwill", actor: owner, at }));

    const day = await shop.orders.drawerDay("5");
    expect(day.takings).toMatchObject({ bills: 0, cashSales: 0, upiSales: 0, cashRefunds: due, upiRefunds: 0 });
    expect(day.takings.people).toEqual([{ id: meena.id, name: "Meena", bills: 0, cashSales: 0, upiSales: 0, cashRefunds: due, upiRefunds: 0 }]);
    expect(day.expected).toBe(1500 - due);
    await shop.orders.closeDrawer({ counter: "5", counted: 1500 - due, reason: "", actor: meena });
    expect((await shop.orders.drawerDay("5")).closed).toMatchObject({ expected: 1500 - due, difference: 0 });
    expect((await shop.orders.dayTakings()).counters.find((c) => c.counter === "5")).toMatchObject({ cashRefunds: due });
  });
});

/** A bill after the close still sells (the counter never stops a parent); the closed day keeps the sums it was closed with. */
async function sellAfterClose() {
  return sell("7", meena, "school/dps/shirt", "26", (total) => ({ mode: "cash", cashGiven: total }));
}
