// Honest dates with a courier (decisions 235, 236) with JavaScript off, in English and Hindi, through the pages' real
// forms, Shiprocket faked at its HTTP boundary: a Jaipur pincode gets the courier's date moved on by the shirt's making
// days on the product page, the cart, the checkout and the confirmation, and the order records that promise; the owner
// ships, the carrier's scans arrive by webhook, and the tracking page shows its steps. A pincode the courier does not
// serve is said so on the product page and refused at checkout by its field; cash where the courier takes none is
// refused by the payment choice, and UPI is placed.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import { dayText } from "../../../app/delivery/dates.server";
import { addDays, type DeliveryDateRules } from "../../../domain/delivery/dates";
import { displayOrderId } from "../../../domain/orders/order";
import type { Language } from "../../../domain/i18n";
import { indianDay } from "../../../domain/orders/charges";
import { FAKE_COURIER_WEBHOOK_TOKEN, shiprocketEnv, startFakeCourier, type FakeCourier } from "../../support/fake-courier";
import { htmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
let fake: FakeCourier;
const TOKEN = FAKE_COURIER_WEBHOOK_TOKEN;
const owner = { kind: "admin" as const, id: "test-admin", name: "Test Admin" };
/** The shirt is made in 5 days; the courier says Jaipur in 3. */
const RULES: DeliveryDateRules = { readyDays: 1, madeToOrderDays: 5, town: { pincodes: ["331001"], fromDays: 0, toDays: 1 }, outside: { fromDays: 3, toDays: 6 }, courierSpareDays: 2 };
const today = () => indianDay(new Date());

beforeAll(async () => {
  fake = await startFakeCourier();
  server = await startTestServer({
    env: {
      SHOP_UPI_ID: "churuuniform@sbi",
      SHOP_UPI_NAME: "Churu Uniform House",
      ...shiprocketEnv(fake),
    },
  });
  fake.served.set("302001", { cod: true, etd: `${addDays(today(), 3)} 18:00:00` });
  fake.served.set("313001", { cod: false, etd: `${addDays(today(), 4)} 18:00:00` });
  await server.shop.deliveryDates.setRules(RULES, owner);
}, 180_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

describe.each(["en", "hi"] as Language[])("dates with a courier, without JavaScript (%s)", (lang) => {
  const m = RESOURCES[lang];
  const d = m.delivery.dates;
  const range = (from: number, by: number) => fill(d.range, { from: dayText(addDays(today(), from), lang), by: dayText(addDays(today(), by), lang) });
  const parentIn = async () => {
    const parent = htmlBrowser(server.url);
    await parent.setCookie(`shop_lng=${lang}; Path=/`);
    return parent;
  };
  const details = async (page: HtmlPage, phone: string, pincode: string) => {
    const cart = await page.press(m.common.cartForm.buyNow);
    const form = await (await cart.follow(m.cart.proceed)).follow(m.checkout.placeOrder);
    return form
      .fill({ css: "#details-name" }, "Meena Gupta")
      .fill({ css: "#details-phone" }, phone)
      .fill({ css: "#details-address" }, "4 MI Road")
      .fill({ css: "#details-city" }, "Jaipur")
      .fill({ css: "#details-pincode" }, pincode);
  };

  it("the courier's date, moved on by the making days, from the product page to the confirmation; the tracking page shows the carrier's steps", async () => {
    const parent = await parentIn();
    const courierRange = `${fill(d.toPincode, { pincode: "302001", range: range(8, 10) })} ${d.source.courier}`;
    const product = await (await parent.open("/schools/dps/shirt?size=30")).fill(m.delivery.check.label, "302001").press(m.delivery.check.submit);
    expect(product.text("[data-testid=dates-pincode]")).toBe(courierRange);
    expect(product.text("[data-testid=dates-made]")).toBe(fill(d.madeToOrder_other, { count: 5 }));

    const cart = await product.press(m.common.cartForm.buyNow);
    expect(cart.within("#cart-dates").text("[data-testid=dates-pincode]")).toBe(courierRange);
    const checkout = await cart.follow(m.cart.proceed);
    // Before the parent pays.
    expect(checkout.within("#checkout-dates").text("[data-testid=dates-pincode]")).toBe(courierRange);

    const phone = newPhone();
    const form = await (await checkout.follow(m.checkout.placeOrder))
      .fill({ css: "#details-name" }, "Meena Gupta")
      .fill({ css: "#details-phone" }, phone)
      .fill({ css: "#details-address" }, "4 MI Road")
      .fill({ css: "#details-city" }, "Jaipur")
      .fill({ css: "#details-pincode" }, "302001");
    const done = await form.choose(m.payment.choice.cod).press(m.checkout.details.confirm);
    expect(done.url.pathname).toBe("/checkout/done");
    expect(done.text("[data-testid=promised-dates]")).toBe(`${d.title}: ${range(8, 10)} ${d.promised.courier}`);

    // The order records the promise it was placed with.
    const orderId = done.url.searchParams.get("order")!;
    const placed = await server.shop.orders.parcelOf(orderId);
    expect(placed.parcel?.promised).toEqual({ from: addDays(today(), 8), by: addDays(today(), 10), source: "courier" });

    // The owner ships; the carrier picks it up, carries it and takes it out for delivery.
    await server.shop.courier!.ship(orderId, owner);
    const awb = (await server.shop.orders.parcelOf(orderId)).parcel!.shipment!.awb;
    const scan = (id: number, words: string, at: string, location: string) =>
      server.shop.courier!.receiveWebhook(TOKEN, { awb, order_id: orderId, current_status: words, shipment_status_id: id, current_timestamp: at, scans: [{ location }] });
    expect(await scan(42, "PICKED UP", "2026-12-08 09:30:00", "Churu")).toMatchObject({ recorded: true });
    expect(await scan(18, "IN TRANSIT", "2026-12-09 06:10:00", "Jaipur Hub")).toMatchObject({ recorded: true });
    expect(await scan(17, "OUT FOR DELIVERY", "2026-12-10 08:00:00", "Jaipur")).toMatchObject({ recorded: true });

    const lookup = await parent.open(`/orders/track?orderId=${displayOrderId(orderId)}`);
    const tracked = await lookup.fill({ css: "#track-phone" }, phone).press(m.account.track.submit);
    expect(tracked.text("[data-testid=tracked-status]")).toBe(m.account.status.shipped);
    expect(tracked.text("[data-testid=promised-dates]")).toBe(`${d.title}: ${range(8, 10)} ${d.promised.courier}`);
    expect(tracked.text("[data-testid=parcel-awb]")).toBe(fill(m.delivery.parcel.awb, { courier: "Delhivery Surface", awb }));
    expect(tracked.text("[data-testid=parcel-now]")).toBe(fill(m.delivery.parcel.now, { step: m.courier.step.outForDelivery }));
    // Newest first, each in the shop's words with the carrier's place.
    const steps = tracked.texts("[data-testid=parcel-scan]");
    expect(steps.map((line) => line.split(" · ")[0])).toEqual([m.courier.step.outForDelivery, m.courier.step.inTransit, m.courier.step.pickedUp]);
    expect(steps[1]).toContain("Jaipur Hub");

    // Delivered: the order is, and its trail says so.
    expect(await scan(7, "DELIVERED", "2026-12-10 13:00:00", "Jaipur")).toMatchObject({ recorded: true });
    const delivered = await parent.open(`/orders/track?orderId=${displayOrderId(orderId)}`);
    expect(delivered.text("[data-testid=tracked-status]")).toBe(m.account.status.delivered);
    expect(delivered.texts("[data-testid=parcel-scan]")[0].split(" · ")[0]).toBe(m.courier.step.delivered);
  });

  it("a pincode the courier does not serve is said so and refused at checkout; cash where it takes none is refused, UPI placed", async () => {
    const parent = await parentIn();
    const notServed = fill(m.refusals.courier.notServed, { pincode: "342001" });
    const product = await (await parent.open("/schools/dps/shirt?size=30")).fill(m.delivery.check.label, "342001").press(m.delivery.check.submit);
    expect(product.text("[data-testid=dates-not-served]")).toBe(notServed);

    const phone = newPhone();
    const refused = await (await details(product, phone, "342001")).choose(m.payment.choice.cod).press(m.checkout.details.confirm);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(notServed);
    expect(refused.field({ css: "#details-pincode" }).value).toBe("342001");

    const noCash = await refused.fill({ css: "#details-pincode" }, "313001").choose(m.payment.choice.cod).press(m.checkout.details.confirm);
    expect(noCash.status).toBe(422);
    expect(noCash.text()).toContain(fill(m.refusals.courier.noCodThere, { pincode: "313001" }));
    expect(await server.shop.db.selectFrom("orders").select("id").where("phone", "=", phone).execute()).toEqual([]);

    const done = await noCash.choose(m.payment.choice.upi).press(m.checkout.details.confirm);
    expect(done.url.pathname).toBe("/checkout/done");
    // The courier's 4 days to Udaipur, after the shirt's 5.
    expect(done.text("[data-testid=promised-dates]")).toBe(`${d.title}: ${range(9, 11)} ${d.promised.courier}`);
  });
});
