/**
 * A bank statement read into the shop (decision 220): the orders whose reported reference came in are
 * paid with the same PaymentConfirmed as the owner's own confirmation, the same file twice changes
 * nothing, a reversed credit pays nothing, a reference two orders claim is a conflict, the owner's bulk
 * confirmation of proposals pays them, and `shop verify` and `shop replay` agree with the events.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replay, verify } from "../../projectors/replay";
import { displayOrderId } from "../../domain/orders/order";
import { orderStreamId } from "../../domain/orders/events";
import { openTestShop, type TestShop } from "../support/shop";
import { ruleRefusalOf } from "../support/refusal";
import { placeUpiOrder } from "../support/statements";
import { createCartService } from "../../services/cart";
import { createCatalogueService } from "../../services/catalogue";
import { createLinePricer } from "../../services/line-prices";
import { createOrderService } from "../../services/orders";
import { createStockService } from "../../services/stock";
import { eventually } from "../support/fake-providers";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House" } });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };
const parent = { kind: "guest" as const, name: "Ravi Kumar" };
const FIXTURES = join(import.meta.dirname, "..", "fixtures", "statements");

const upiOrder = (shirts: number, reference?: string) => placeUpiOrder(shop, "statements", shirts, reference);

const payment = async (orderId: string) => {
  const order = await shop.orders.getOrder(orderId);
  return order && { status: order.paymentStatus, paid: order.amountPaid, reference: order.paymentReference };
};

const refused = ruleRefusalOf;

/** A sample with its order number replaced by a real order's (the sample names 7F3A2C9E). */
const sample = (name: string, number: string) => new TextEncoder().encode(readFileSync(join(FIXTURES, name), "utf8").replaceAll("7F3A2C9E", number));

describe("a statement read into the shop", () => {
  it("pays the orders whose reported reference came in, proposes the rest, and reads the same file once", async () => {
    // The samples' references are fixed: this test's orders are the only ones that report them.
    const a = await upiOrder(2, "634512345678");
    const b = await upiOrder(4, "634512345679");
    const reversed = await upiOrder(5, "634512345680");
    const noted = await upiOrder(6);
    const twinA = await upiOrder(3);
    const twinB = await upiOrder(3);
    const file = { name: "sbi.csv", bytes: sample("sbi.csv", displayOrderId(noted)) };

    const first = await shop.orders.readStatement(file, admin);
    expect(first.changed).toBe(true);
    expect(await payment(a)).toEqual({ status: "paid", paid: 558, reference: "634512345678" });
    expect(await payment(b)).toEqual({ status: "paid", paid: 1116, reference: "634512345679" });
    // The reversed credit paid nothing: the order still waits for the owner's look at its report.
    expect(await payment(reversed)).toEqual({ status: "reported", paid: 0, reference: "634512345680" });
    expect(await payment(noted)).toMatchObject({ status: "unpaid", paid: 0 });

    // The same PaymentConfirmed as the owner's confirmation on the order's page, with the statement's row.
    const events = await shop.store.readStream(orderStreamId(a));
    expect(events.at(-1)).toMatchObject({ type: "PaymentConfirmed", data: { amount: 558, reference: "634512345678", actor: admin } });

    const view = (await shop.orders.statement(first.statementId))!;
    const standing = Object.fromEntries(view.credits.map((c) => [c.reference ?? `neft ${c.paise}`, c.match.standing]));
    expect(standing).toEqual({
      "634512345678": "matched",
      "634512345679": "matched",
      "634512345681": "proposed",
      "634512345682": "unmatched",
      "neft 1250000": "unmatched",
    });
    expect(view.credits.find((c) => c.reference === "634512345681")!.match).toMatchObject({ by: "note", orderId: noted });
    expect(view.skipped).toEqual({ debits: 1, duplicates: 1, reversed: 2 });
    // The twins are both ₹837: the credit of ₹837 is for one of them, and the shop does not guess which.
    expect([twinA, twinB].map((id) => view.credits.some((c) => c.match.standing === "proposed" && c.match.orderId === id))).toEqual([false, false]);

    const again = await shop.orders.readStatement(file, admin);
    expect(again).toEqual({ statementId: first.statementId, changed: false });
    expect(await shop.store.readStream(orderStreamId(a))).toHaveLength(events.length);

    // Another shape of the same days: what was paid shows as paid already, nothing is paid twice.
    const hdfc = await shop.orders.readStatement({ name: "hdfc.csv", bytes: sample("hdfc.csv", displayOrderId(noted)) }, admin);
    const hdfcView = (await shop.orders.statement(hdfc.statementId))!;
    expect(hdfcView.credits.filter((c) => c.match.standing === "alreadyPaid").map((c) => c.reference)).toEqual(["634512345678", "634512345679"]);
    expect(await payment(a)).toMatchObject({ paid: 558 });

    // The owner confirms the proposal: the order is paid with the credit's reference, claimed for it.
    const row = view.credits.find((c) => c.reference === "634512345681")!.row;
    expect(await shop.orders.settleCredits(first.statementId, [{ row, orderId: noted }], admin)).toMatchObject({ changed: true, settled: 1 });
    expect(await payment(noted)).toEqual({ status: "paid", paid: 1674, reference: "634512345681" });
    expect(await refused(shop.orders.settleCredits(first.statementId, [{ row, orderId: noted }], admin))).toEqual({
      status: 409,
      message: `The credit in row ${row} has been confirmed already.`,
    });
    // The HDFC statement's proposal of the same credit now meets a paid order: refused, nothing written.
    const hdfcRow = hdfcView.credits.find((c) => c.reference === "634512345681")!.row;
    expect((await refused(shop.orders.settleCredits(hdfc.statementId, [{ row: hdfcRow, orderId: noted }], admin))).status).toBe(409);

    await eventually("the statement listed with its confirmed credit", async () =>
      (await shop.orders.statements()).some((s) => s.statementId === hdfc.statementId) &&
      (await shop.orders.statements()).find((s) => s.statementId === first.statementId)?.settled === 1,
    );
    const list = await shop.orders.statements();
    expect(list.find((s) => s.statementId === first.statementId)).toMatchObject({ shape: "sbi", credits: 5, matched: 2, proposed: 1, unmatched: 2, settled: 1 });

    expect(await verify(shop.db, shop.store, [...shop.projectors])).toEqual([]);
    await replay(shop.db, shop.store, [...shop.projectors]);
    expect(await shop.orders.statements()).toEqual(list);
    expect(await payment(noted)).toEqual({ status: "paid", paid: 1674, reference: "634512345681" });
  });

  it("shows a reference two orders claim as a conflict and pays neither", async () => {
    const reference = String(700_000_000_000 + Math.floor(Math.random() * 99_999_999_999));
    const holder = await upiOrder(1, reference);
    const claimant = await upiOrder(1);
    await refused(shop.orders.pay(claimant, (at) => ({ type: "ReportPayment", reference, actor: parent, at })));
    const csv = [
      "Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance",
      `6 Dec 2026,6 Dec 2026,BY TRANSFER-UPI/CR/${reference}/RAVI KUM/SBIN/ravi@oksbi/UPI--,,,279.00,"10,279.00"`,
    ].join("\n");
    const read = await shop.orders.readStatement({ name: "conflict.csv", bytes: new TextEncoder().encode(csv) }, admin);
    const view = (await shop.orders.statement(read.statementId))!;
    expect(view.credits[0].match).toEqual({ row: 2, standing: "conflict", reference, orderIds: [holder, claimant] });
    expect(await payment(holder)).toMatchObject({ status: "reported", paid: 0 });
    expect(await payment(claimant)).toMatchObject({ paid: 0 });
  });

  it("proposes the only order of the credit's amount placed in the 3 days before it, and pays it once confirmed", async () => {
    // Seven shirts: ₹1,953, an amount no other order of this file has.
    const order = await upiOrder(7);
    const today = new Date().toLocaleDateString("en-GB", { timeZone: "Asia/Kolkata", day: "numeric", month: "short", year: "numeric" });
    const reference = String(800_000_000_000 + Math.floor(Math.random() * 99_999_999_999));
    const csv = [
      "Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance",
      `${today},${today},BY TRANSFER-UPI/CR/${reference}/SUNITA D/SBIN/sunita@oksbi/UPI--,,,"1,953.00","11,953.00"`,
    ].join("\n");
    const read = await shop.orders.readStatement({ name: "today.csv", bytes: new TextEncoder().encode(csv) }, admin);
    const [credit] = (await shop.orders.statement(read.statementId))!.credits;
    expect(credit.match).toEqual({ row: 2, standing: "proposed", by: "amount", orderId: order });
    expect(await payment(order)).toMatchObject({ status: "unpaid", paid: 0 });
    await shop.orders.settleCredits(read.statementId, [{ row: 2, orderId: order }], admin);
    expect(await payment(order)).toEqual({ status: "paid", paid: 1953, reference });
  });

  it("pays and confirms the same where the store appends stream by stream", async () => {
    // The order service as a store without multi-stream appends gets it: each order's steps, then the statement last.
    const catalogue = createCatalogueService(shop.db);
    const priceLine = createLinePricer((id) => catalogue.productForCart(id));
    const stock = createStockService({ db: shop.db, store: shop.store, waitUntilVisible: shop.orders.waitUntilVisible });
    const cart = createCartService({ store: shop.store, priceLine });
    const oneByOne = createOrderService({ db: shop.db, store: shop.store, priceLine, cart, stock, waitUntilVisible: shop.orders.waitUntilVisible, upiAvailable: true, atomic: false });
    const reference = String(900_000_000_000 + Math.floor(Math.random() * 99_999_999_999));
    const reported = await upiOrder(1, reference);
    const noted = await upiOrder(8);
    const other = String(900_000_000_000 + Math.floor(Math.random() * 99_999_999_999));
    const csv = [
      "Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance",
      `6 Dec 2026,6 Dec 2026,BY TRANSFER-UPI/CR/${reference}/RAVI KUM/SBIN/ravi@oksbi/UPI--,,,279.00,"10,279.00"`,
      `6 Dec 2026,6 Dec 2026,BY TRANSFER-UPI/CR/${other}/MEENA KU/SBIN/meena@oksbi/ORD ${displayOrderId(noted)}--,,,"2,232.00","12,511.00"`,
    ].join("\n");
    const read = await oneByOne.readStatement({ name: "one-by-one.csv", bytes: new TextEncoder().encode(csv) }, admin);
    expect(await payment(reported)).toEqual({ status: "paid", paid: 279, reference });
    await oneByOne.settleCredits(read.statementId, [{ row: 3, orderId: noted }], admin);
    // Eight shirts: ₹2,232; the credit's reference is now the order's.
    expect(await payment(noted)).toEqual({ status: "paid", paid: 2232, reference: other });
    expect((await shop.orders.statement(read.statementId))!.credits.map((c) => c.paidOrder)).toEqual([reported, noted]);
  });

  it("refuses a file that is not a statement and writes nothing", async () => {
    const bytes = new TextEncoder().encode("Name,Class\nAarav,5\n");
    expect(await refused(shop.orders.readStatement({ name: "kids.csv", bytes }, admin))).toMatchObject({ status: 422 });
    const id = createHash("sha256").update(bytes).digest("hex");
    expect(await shop.store.readStream(`statement-${id}`)).toEqual([]);
  });
});
