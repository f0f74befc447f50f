// Razorpay's settlement report on the owner's pages (decision 223) with JavaScript off, in English and Hindi, through
// the pages' real forms (tests/support/html-browser), against Razorpay faked at its HTTP edge: two orders paid
// through the gateway and one whose payment the shop never heard of (no webhook) are settled in one settlement; the
// bank statement read before has its transfer. The page shows each payment beside its order, the fee and the GST
// on it, the money in the bank and the statement's row; a file that is no report is refused in the page's language;
// the same file again changes nothing.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { displayOrderId } from "../../../domain/orders/order";
import { adminHtmlBrowser, createTestAdmin, type TestAdmin } from "../../support/admin";
import { startFakeRazorpay, type FakeRazorpay } from "../../support/fake-razorpay";
import { eventually } from "../../support/fake-providers";
import { startTestServer, type TestServer } from "../../support/server";
import { placeUpiOrder } from "../../support/statements";

let server: TestServer;
let admin: TestAdmin;
let razorpay: FakeRazorpay;

beforeAll(async () => {
  razorpay = await startFakeRazorpay();
  server = await startTestServer({ env: { SHOP_UPI_ID: "churuuniform@sbi", SHOP_UPI_NAME: "Churu Uniform House", ...razorpay.env } });
  admin = await createTestAdmin(server.shop, server.url);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await razorpay?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const rupees = (paise: number) => (paise / 100).toFixed(2);
const shown = (paise: number) => `₹${Math.trunc(paise / 100).toLocaleString("en-IN")}${paise % 100 ? `.${String(paise % 100).padStart(2, "0")}` : ""}`;

/** An order paid through the gateway (or only paid at the gateway, the shop told nothing), with its payment. */
async function gatewayOrder(shirts: number, method: string, told: boolean) {
  const orderId = await placeUpiOrder(server.shop, "settlement-pages", shirts);
  const { gatewayOrderId } = await server.shop.orders.openGatewayCheckout(orderId);
  const payment = razorpay.pay(gatewayOrderId, { method });
  if (told) {
    await razorpay.sendWebhook(server.url, razorpay.webhookBody("payment.captured", payment));
    await eventually(`order ${orderId} paid`, async () => ((await server.shop.orders.getOrder(orderId))?.paymentStatus === "paid" ? true : null), 60_000);
  }
  return { orderId, gatewayOrderId, payment };
}

/** Razorpay's report of the payments in one settlement: its 2% fee and the 18% GST on it, in rupees as the Dashboard writes them. */
function report(settlementId: string, paid: Awaited<ReturnType<typeof gatewayOrder>>[]) {
  const header =
    "entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,posted_at,credit_type,description,notes,payment_id,settlement_utr,order_id,order_receipt,method,card_network,card_issuer,card_type,dispute_id";
  let net = 0;
  let fees = 0;
  let tax = 0;
  const rows = paid.map(({ orderId, gatewayOrderId, payment }) => {
    const fee = Math.round(payment.amount * 0.02);
    const gst = Math.round(fee * 0.18);
    net += payment.amount - fee - gst;
    fees += fee;
    tax += gst;
    return `${payment.id},payment,0.00,${rupees(payment.amount - fee - gst)},${rupees(payment.amount)},INR,${rupees(fee)},${rupees(gst)},FALSE,TRUE,04/12/2026 10:15:22,05/12/2026 09:12:40,${settlementId},,default,School uniform order,,,AXISCN0123456789,${gatewayOrderId},${orderId},${payment.method},,,,`;
  });
  return { csv: [header, ...rows].join("\n") + "\n", net, fees, tax };
}

const CASES: { lang: Language; shirts: [number, number, number] }[] = [
  { lang: "en", shirts: [2, 3, 4] },
  { lang: "hi", shirts: [5, 6, 7] },
];

describe.each(CASES)("Razorpay's settlement report without JavaScript ($lang)", ({ lang, shirts }) => {
  const m = RESOURCES[lang];
  const w = m.payment.settlements;

  it("refuses a file that is no report, reads one, shows each payment beside its order and the transfer on the bank statement", async () => {
    const upi = await gatewayOrder(shirts[0], "upi", true);
    const card = await gatewayOrder(shirts[1], "card", true);
    const unheard = await gatewayOrder(shirts[2], "upi", false);
    const settlementId = `setl_${randomBytes(7).toString("hex")}`;
    const { csv, net, fees, tax } = report(settlementId, [upi, card, unheard]);

    const owner = await adminHtmlBrowser(server.url, admin);
    await owner.setCookie(`shop_lng=${lang}; Path=/`);
    // The bank statement with the settlement's transfer, read first.
    const statements = await owner.open("/admin/statements");
    const bank = `Txn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance\n5 Dec 2026,5 Dec 2026,BY TRANSFER-NEFT*UTIB0000001*AXISCN0123456789*RAZORPAY SOFTWARE--,TRANSFER FROM 3199412044305,,${rupees(net)},${rupees(net + 100000)}\n`;
    const statementFile = `sbi-${lang}.csv`;
    expect((await statements.attach(m.payment.statements.file, { name: statementFile, type: "text/csv", data: bank }).press(m.payment.statements.upload)).status).toBe(200);

    let page = await owner.open("/admin/settlements");
    expect(page.status).toBe(200);
    expect(page.headings()).toContain(w.title);
    expect(page.toggle(m.admin.nav.more).links().map((l) => l.name)).toContain(m.admin.nav.settlements);

    const refused = await page.attach(w.file, { name: "statement.csv", type: "text/csv", data: bank }).press(w.upload);
    expect(refused.status).toBe(422);
    expect(refused.alerts().join("\n")).toContain(fill(m.refusals.settlements.noHeader, { rows: 40 }));

    page = await refused.attach(w.file, { name: `settlements-${lang}.csv`, type: "text/csv", data: csv }).press(w.upload);
    expect(page.status).toBe(200);
    expect(page.texts("[role=status]")).toContain(fill(w.readNew, { count: 1, unmatched: 1 }));
    const settlement = page.within({ region: fill(w.settlement, { id: settlementId, day: "2026-12-05" }) });
    // What parents paid, what Razorpay kept and the GST on it, what reached the bank: to the paisa.
    const gross = upi.payment.amount + card.payment.amount + unheard.payment.amount;
    expect(settlement.lines("dl")).toEqual(
      expect.arrayContaining([w.col.gross, shown(gross), w.col.fees, shown(fees), w.col.tax, shown(tax), w.col.net, shown(net), fill(w.bank.found, { file: statementFile, row: 2, day: "2026-12-05" })]),
    );
    const row = (orderId: string) => settlement.text(`tr:has(a[href="/admin/orders/${orderId}"])`);
    expect(row(upi.orderId)).toContain(w.check.matched);
    expect(row(card.orderId)).toContain(w.check.matched);
    expect(row(card.orderId)).toContain(w.type.payment);
    expect(row(unheard.orderId)).toContain(w.check.notRecorded);
    expect(row(unheard.orderId)).toContain(fill(m.payment.statements.order, { number: displayOrderId(unheard.orderId) }));
    // The report pays nothing: the order the shop never heard of still awaits its money.
    expect((await server.shop.orders.getOrder(unheard.orderId))?.paymentStatus).toBe("unpaid");

    // The same file again: nothing changes, and the owner is told so; the list links the report with its sums.
    const again = await (await owner.open("/admin/settlements")).attach(w.file, { name: `settlements-${lang}.csv`, type: "text/csv", data: csv }).press(w.upload);
    expect(again.texts("[role=status]")).toContain(w.readSame);
    const listed = await owner.open("/admin/settlements");
    expect(listed.links().map((l) => l.name)).toContain(fill(w.open, { file: `settlements-${lang}.csv` }));
    expect(listed.text(`tr:has(a[aria-label="${fill(w.open, { file: `settlements-${lang}.csv` })}"])`)).toContain(shown(net));
  });
});
