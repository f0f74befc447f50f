// The order page's Courier section (decision 235), with JavaScript off, through the page's real forms
// (tests/support/html-browser), with Shiprocket faked at its HTTP edge (tests/support/fake-courier.ts): the owner
// ships by courier and sees the AWB, prints the label and manifest the courier made, receives a parcel back, and is
// told plainly when the courier does not serve the pincode, is not reachable, or is not set up at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderEvents, orderStreamId } from "../../../domain/orders/events";
import { codEvents, codStreamId } from "../../../domain/cash/cod";
import { formatPaise } from "../../../domain/money";
import { adminHtmlBrowser, createTestAdmin, placeTestOrder, type TestAdmin } from "../../support/admin";
import { startFakeCourier, type FakeCourier } from "../../support/fake-courier";
import type { HtmlBrowser, HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let bare: TestServer;
let courier: FakeCourier;
let admin: TestAdmin;

beforeAll(async () => {
  courier = await startFakeCourier();
  server = await startTestServer({
    env: {
      SHIPROCKET_URL: courier.url,
      SHIPROCKET_EMAIL: "api@churu-uniforms.example",
      SHIPROCKET_PASSWORD: "api-password",
      SHIPROCKET_PICKUP_LOCATION: "Churu shop",
      SHIPROCKET_PICKUP_PINCODE: "331001",
      SHIPROCKET_WEBHOOK_TOKEN: "webhook-token-0123456789",
    },
  });
  // The same shop without a courier's settings: parcels go as they did, booked by hand.
  bare = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
}, 240_000);
afterAll(async () => {
  await server?.close();
  await bare?.close();
  await courier?.close();
});

async function orderPage(browser: HtmlBrowser, orderId: string): Promise<HtmlPage> {
  const page = await browser.open(`/admin/orders/${orderId}`);
  expect(page.status).toBe(200);
  return page;
}

const courierSection = (page: HtmlPage) => page.within("#courier");
const statusOf = async (shop: TestServer["shop"], orderId: string) => (await shop.orders.getOrder(orderId))?.status;
const adhocFor = (orderId: string) =>
  courier.requests.filter((r) => r.path === "/v1/external/orders/create/adhoc" && (r.body as { order_id?: string }).order_id === orderId);

describe("the order page's Courier section (JS off)", () => {
  it("ships by courier: the AWB on the page, the label and manifest PDFs from the courier, the order shipped", async () => {
    courier.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    const owner = await adminHtmlBrowser(server.url, admin);
    const order = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001" });
    let page = await orderPage(owner, order.orderId);
    expect(courierSection(page).buttons()).toContain("Ship by courier");
    expect(courierSection(page).links().map((l) => l.name)).not.toContain("Print label (PDF)");

    page = await courierSection(page).press("Ship by courier");
    expect(page.url.pathname).toBe(`/admin/orders/${order.orderId}`);
    expect(page.url.searchParams.get("done")).toBe("courier-ship");
    expect(courierSection(page).texts("[role=status]")).toContain("The parcel is booked with the courier: print its label and manifest below.");
    const awb = /^AWB (\d+) with Delhivery Surface$/.exec(page.text("[data-testid=courier-awb]"))?.[1];
    expect(awb).toMatch(/^77\d+01$/);
    expect(courierSection(page).has("The courier expects to deliver by 2026-12-10.")).toBe(true);
    expect(courierSection(page).has("No scan from the courier yet.")).toBe(true);
    expect(await statusOf(server.shop, order.orderId)).toBe("shipped");
    // Booked once, and the button is gone: a second press cannot book a second parcel.
    expect(courierSection(page).buttons()).not.toContain("Ship by courier");
    expect(adhocFor(order.orderId)).toHaveLength(1);

    for (const [link, kind] of [
      ["Print label (PDF)", "label"],
      ["Print manifest (PDF)", "manifest"],
    ] as const) {
      const pdf = await courierSection(page).follow(link);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("content-type")).toBe("application/pdf");
      expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="${kind}-${awb}.pdf"`);
      expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pdf.bytes.toString("latin1")).toContain(`% ${kind}-`);
    }

    // A link the courier's file store no longer answers: a new one is asked for, and the label still prints.
    const shipment = (await server.shop.orders.parcelOf(order.orderId)).parcel!.shipment!;
    courier.gone.add(/\/files\/(label-[\d-]+)\.pdf$/.exec(shipment.labelUrl!)![1]);
    const asked = courier.requests.filter((r) => r.path === "/v1/external/courier/generate/label").length;
    const again = await courierSection(page).follow("Print label (PDF)");
    expect(again.headers.get("content-type")).toBe("application/pdf");
    expect(courier.requests.filter((r) => r.path === "/v1/external/courier/generate/label")).toHaveLength(asked + 1);
  });

  it("refuses to book a parcel to a pincode the courier does not serve, and books nothing", async () => {
    const owner = await adminHtmlBrowser(server.url, admin);
    // The shop's own town: its boy delivers there, and the courier does not.
    const order = await placeTestOrder(server.shop, { city: "Churu", pincode: "331001" });
    const page = await courierSection(await orderPage(owner, order.orderId)).press("Ship by courier");
    expect(page.status).toBe(422);
    expect(courierSection(page).alerts()).toContain(
      "The courier does not deliver to pincode 331001. Please give another address, or collect the order at the shop.",
    );
    expect(await statusOf(server.shop, order.orderId)).toBe("pending");
    expect(adhocFor(order.orderId)).toEqual([]);
    expect(courierSection(page).buttons()).toContain("Ship by courier");
  });

  it("says in Hindi why a parcel cannot go where the courier does not deliver", async () => {
    const owner = await adminHtmlBrowser(server.url, admin, { language: "hi" });
    await owner.setCookie("shop_lng=hi; Path=/");
    const order = await placeTestOrder(server.shop, { city: "Churu", pincode: "331001" });
    let page = await orderPage(owner, order.orderId);
    expect(page.headings()).toContain("कूरियर");
    page = await courierSection(page).press("कूरियर से भेजें");
    expect(page.status).toBe(422);
    const said = courierSection(page).alerts().join(" ");
    expect(said).toContain("331001");
    expect(said).toMatch(/[\u0900-\u097F]/);
    expect(await statusOf(server.shop, order.orderId)).toBe("pending");
  });

  it("receives a parcel back (return to origin) with why, and asks why first", async () => {
    courier.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    const owner = await adminHtmlBrowser(server.url, admin);
    const order = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001" });
    let page = await courierSection(await orderPage(owner, order.orderId)).press("Ship by courier");
    expect(courierSection(page).buttons()).toContain("Receive the parcel back");

    page = await courierSection(page).press("Receive the parcel back");
    expect(page.status).toBe(422);
    expect(courierSection(page).alerts()).toContain("Choose why the parcel came back.");
    expect(await statusOf(server.shop, order.orderId)).toBe("shipped");

    page = await courierSection(page).choose("Refused at the door").press("Receive the parcel back");
    expect(page.url.searchParams.get("done")).toBe("courier-rto");
    expect(courierSection(page).has("The parcel came back to the shop: Refused at the door.")).toBe(true);
    expect(courierSection(page).buttons()).not.toContain("Receive the parcel back");
    expect(await statusOf(server.shop, order.orderId)).toBe("cancelled");
    const events = orderEvents.readAll(await server.shop.store.readStream(orderStreamId(order.orderId)));
    expect(events.filter((e) => e.type === "ParcelReturnedToOrigin").map((e) => e.type === "ParcelReturnedToOrigin" && e.data.reason)).toEqual(["refused"]);
  });

  it("sends the owner back to the order, told why, when the courier cannot be reached for a label", async () => {
    courier.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    const owner = await adminHtmlBrowser(server.url, admin);
    const order = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001" });
    const page = await courierSection(await orderPage(owner, order.orderId)).press("Ship by courier");
    // The courier's file store does not answer: neither the kept link nor a new one gives a PDF.
    courier.filesDown = true;
    const back = await courierSection(page).follow("Print manifest (PDF)");
    expect(back.url.pathname).toBe(`/admin/orders/${order.orderId}`);
    expect(back.redirects[0].status).toBe(303);
    expect(courierSection(back).alerts()).toContain("The courier could not be reached just now. Please try again in a few minutes.");
    courier.filesDown = false;
    expect((await courierSection(back).follow("Print manifest (PDF)")).headers.get("content-type")).toBe("application/pdf");
  });
});

describe("the courier's COD remittance (JS off)", () => {
  it("pays each order of the sheet once, at its sum, and says of every other row why not, in English and Hindi", async () => {
    courier.served.set("302001", { cod: true, etd: "Dec 10, 2026" });
    const owner = await adminHtmlBrowser(server.url, admin);
    const order = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001", paymentMethod: "cod" });
    await server.shop.courier!.ship(order.orderId, { kind: "admin", name: "Test Admin" });
    const { awb } = (await server.shop.orders.parcelOf(order.orderId)).parcel!.shipment!;
    const due = (await server.shop.orders.getOrder(order.orderId))!.total;
    const unshipped = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001", paymentMethod: "cod" });
    const sheet = [
      "CRF ID,AWB Code,Channel Order ID,COD Amount,UTR No",
      `CRF-88121,${awb},${order.orderId},${due}.00,AXISN26346000123`,
      `CRF-88121,${awb},${unshipped.orderId},${due},AXISN26346000123`,
      `CRF-88121,9999999999,00000000-0000-4000-8000-00000000abcd,${due},AXISN26346000123`,
    ].join("\n");

    let page = await (await owner.open("/admin/cod")).follow("Cash the courier paid to the bank: read its remittance sheet");
    expect(page.url.pathname).toBe("/admin/cod/remittance");
    page = await page.attach("Remittance sheet (CSV)", { name: "remittance-crf-88121.csv", type: "text/csv", data: sheet }).press("Read the sheet");
    expect(page.status).toBe(200);
    expect(page.texts("[role=status]")).toContain("1 recorded, 0 recorded before, 2 not recorded.");
    expect(page.text("tr[data-row='2'] td:last-child")).toBe("Recorded: the order is paid.");
    expect(page.text("tr[data-row='3'] td:last-child")).toBe(`AWB ${awb} is not this order's courier parcel.`);
    expect(page.text("tr[data-row='4'] td:last-child")).toBe("No order 00000000-0000-4000-8000-00000000abcd in the shop.");
    const paid = await server.shop.orders.getOrder(order.orderId);
    expect(paid).toMatchObject({ paymentStatus: "paid", amountPaid: due });
    const row = await server.shop.db.selectFrom("cod_parcels").selectAll().where("order_id", "=", order.orderId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: "remitted", person: "Delhivery Surface", amount: due, remittance: "CRF-88121", utr: "AXISN26346000123" });

    // The same sheet read again, in Hindi: nothing is recorded twice.
    await owner.setCookie("shop_lng=hi; Path=/");
    page = await (await owner.open("/admin/cod/remittance")).attach("रेमिटेंस शीट (CSV)", { name: "remittance-crf-88121.csv", type: "text/csv", data: sheet }).press("शीट पढ़ें");
    expect(page.texts("[role=status]")).toContain("0 दर्ज हुए, 1 पहले से दर्ज, 2 दर्ज नहीं हुए।");
    expect((await server.shop.orders.getOrder(order.orderId))?.amountPaid).toBe(due);

    // A sum other than the order's is not booked, and a file that is no remittance sheet is refused whole.
    await owner.setCookie("shop_lng=en; Path=/");
    const other = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001", paymentMethod: "cod" });
    await server.shop.courier!.ship(other.orderId, { kind: "admin", name: "Test Admin" });
    const otherAwb = (await server.shop.orders.parcelOf(other.orderId)).parcel!.shipment!.awb;
    page = await (await owner.open("/admin/cod/remittance"))
      .attach("Remittance sheet (CSV)", { name: "short.csv", type: "text/csv", data: `Order ID,AWB,COD Amount,CRF ID\n${other.orderId},${otherAwb},1,CRF-90001\n` })
      .press("Read the sheet");
    expect(page.text("tr[data-row='2'] td:last-child")).toBe(`The courier remitted ₹1 for this parcel, but it charges ₹${due}: take it up with the courier; nothing is recorded.`);
    expect((await server.shop.orders.getOrder(other.orderId))?.amountPaid).toBe(0);

    // The courier keeps its fee from the cash (decision 219): the order is paid in full, the fee said with what reached the bank.
    const feeOrder = await placeTestOrder(server.shop, { city: "Jaipur", pincode: "302001", paymentMethod: "cod" });
    await server.shop.courier!.ship(feeOrder.orderId, { kind: "admin", name: "Test Admin" });
    const feeAwb = (await server.shop.orders.parcelOf(feeOrder.orderId)).parcel!.shipment!.awb;
    const feeDue = (await server.shop.orders.getOrder(feeOrder.orderId))!.total;
    page = await (await owner.open("/admin/cod/remittance"))
      .attach("Remittance sheet (CSV)", { name: "fee.csv", type: "text/csv", data: `Order ID,AWB,COD Amount,COD Charges,CRF ID\n${feeOrder.orderId},${feeAwb},${feeDue},35.40,CRF-90002\n` })
      .press("Read the sheet");
    expect(page.text("tr[data-row='2'] td:last-child")).toBe("Recorded: the order is paid.");
    expect(page.text("tr[data-row='2'] [data-field=courier-fee]")).toBe(`The courier kept ₹35.40: ${formatPaise(feeDue * 100 - 35_40)} reached the bank.`);
    expect((await server.shop.orders.getOrder(feeOrder.orderId))?.amountPaid).toBe(feeDue);
    const feeEvents = codEvents.readAll(await server.shop.store.readStream(codStreamId(feeOrder.orderId)));
    expect(feeEvents.map((e) => e.type === "CodCashRemitted" && e.data.fee)).toEqual([35_40]);

    page = await page.attach("Remittance sheet (CSV)", { name: "bank.csv", type: "text/csv", data: "Date,Narration,Credit\n2026-12-01,UPI,100\n" }).press("Read the sheet");
    expect(page.status).toBe(422);
    expect(page.alerts()).toContain("The file has no rows the shop can read: it needs columns for the order id, the AWB, the COD amount and the remittance (CRF) id.");
  });
});

describe("the order page without a courier (JS off)", () => {
  it("says how parcels go without one, offers no booking, and refuses one posted anyway", async () => {
    const bareAdmin = await createTestAdmin(bare.shop, bare.url);
    const owner = await adminHtmlBrowser(bare.url, bareAdmin);
    const order = await placeTestOrder(bare.shop, { city: "Jaipur", pincode: "302001" });
    const page = await orderPage(owner, order.orderId);
    expect(courierSection(page).text()).toContain("No courier is set up: book the parcel yourself");
    expect(courierSection(page).buttons()).not.toContain("Ship by courier");

    const posted = await owner.navigate({
      method: "POST",
      url: new URL(`/admin/orders/${order.orderId}`, bare.url),
      body: new URLSearchParams({ intent: "courier-ship" }),
      contentType: "application/x-www-form-urlencoded",
      from: page,
    });
    expect(posted.status).toBe(409);
    expect(courierSection(posted).alerts()).toContain("No courier is set up for this shop.");
    expect(await statusOf(bare.shop, order.orderId)).toBe("pending");

    const label = await owner.open(`/admin/orders/${order.orderId}/courier/label`);
    expect(label.url.pathname).toBe(`/admin/orders/${order.orderId}`);
    expect(courierSection(label).alerts()).toContain("No courier is set up for this shop.");
  });
});
