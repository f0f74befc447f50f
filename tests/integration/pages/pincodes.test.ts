// Pincodes India Post does not have (decision 201) with JavaScript off, in English and Hindi: the pincode check of a
// product page says 999999 is no pincode and does not remember it; the checkout refuses it by the pincode field and
// places nothing; the /api refuses it with a 422 in the language asked. A real pincode's invoice names its state
// (Moradabad: Uttar Pradesh), which the old table put in Uttarakhand.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { call, placeTestOrder } from "../../support/admin";
import { htmlBrowser } from "../../support/html-browser";
import { REGISTERED_SHOP_ENV } from "../../support/invoiced-order";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: REGISTERED_SHOP_ENV });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

describe.each(["en", "hi"] as Language[])("a pincode that does not exist, without JavaScript (%s)", (lang) => {
  const m = RESOURCES[lang];

  it("the pincode check says so and remembers nothing; the checkout refuses it by its field and places nothing", async () => {
    const parent = htmlBrowser(server.url);
    await parent.setCookie(`shop_lng=${lang}; Path=/`);
    const page = await parent.open("/schools/dps/shirt?size=30");
    const checked = await page.fill(m.delivery.check.label, "999999").press(m.delivery.check.submit);
    expect(checked.status).toBe(200);
    expect(checked.text("[data-testid=pincode-answer]")).toBe(fill(m.delivery.check.unknown, { pincode: "999999" }));
    expect(await parent.cookie("shop_pincode")).toBeUndefined();

    // A real one is answered and remembered, and takes the parent to the checkout's details.
    const jaipur = await checked.fill(m.delivery.check.label, "302001").press(m.delivery.check.submit);
    expect(await parent.cookie("shop_pincode")).toBe("302001");
    const cart = await jaipur.press(m.common.cartForm.buyNow);
    const details = await (await cart.follow(m.cart.proceed)).follow(m.checkout.placeOrder);
    const phone = newPhone();
    const refused = await details
      .fill({ css: "#details-name" }, "Meena Gupta")
      .fill({ css: "#details-phone" }, phone)
      .fill({ css: "#details-address" }, "4 MI Road")
      .fill({ css: "#details-city" }, "Jaipur")
      .fill({ css: "#details-pincode" }, "999999")
      .press(m.checkout.details.confirm);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(fill(m.refusals.checkout.noSuchPincode, { pincode: "999999" }));
    expect(refused.field({ css: "#details-pincode" }).value).toBe("999999");
    expect(await server.shop.db.selectFrom("orders").select("id").where("phone", "=", phone).execute()).toEqual([]);
  });

  it("the /api refuses it with a 422 in the language asked", async () => {
    const phone = newPhone();
    const res = await call(`${server.url}/api/orders/guest`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(lang === "hi" ? { "Accept-Language": "hi-IN,hi;q=0.9" } : {}) },
      body: JSON.stringify({
        mobileNumber: phone,
        cartItems: [{ id: "stationery/scientific-calculator", quantity: 1 }],
        address: { name: "Meena", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "999999" },
      }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(fill(m.refusals.checkout.noSuchPincode, { pincode: "999999" }));
  });
});

describe("a real pincode's state on the invoice", () => {
  it("Moradabad 244001 is Uttar Pradesh (IGST, place of supply 09)", async () => {
    const order = await placeTestOrder(server.shop, { pincode: "244001", city: "Moradabad" });
    await server.shop.orders.changeStatus(order.orderId, "shipped", { kind: "admin", id: "test-admin", name: "Test Admin" });
    const invoice = (await server.shop.orders.taxDocuments(order.orderId))!.invoices[0];
    expect(invoice).toMatchObject({ placeOfSupply: "09", supply: "inter" });
  });
});
