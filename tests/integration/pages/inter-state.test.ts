// A composition shop and a shop without a GSTIN do not send goods to another state (decision 202), with JavaScript
// off, in English and Hindi: the pincode check of a product page says a Delhi pincode is outside the shop's state and
// remembers nothing; the checkout refuses a Delhi address by its pincode field and places nothing; the /api refuses it
// with a 422 in the language asked. An address in Rajasthan is ordered as always.
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../../../app/i18n/i18n.server";
import type { Language } from "../../../domain/i18n";
import { call, placeTestOrder } from "../../support/admin";
import { htmlBrowser } from "../../support/html-browser";
import { REGISTERED_SHOP_ENV } from "../../support/invoiced-order";
import { startTestServer, type TestServer } from "../../support/server";

let composition: TestServer;
let unregistered: TestServer;

beforeAll(async () => {
  [composition, unregistered] = await Promise.all([
    startTestServer({ env: { ...REGISTERED_SHOP_ENV, SHOP_GST_SCHEME: "composition" } }),
    // No GSTIN: the shop is not registered (SHOP_GST_SCHEME defaults to unregistered).
    startTestServer({ env: { SHOP_ADDRESS: "Station Road, Churu, Rajasthan 331001" } }),
  ]);
}, 240_000);
afterAll(async () => {
  await Promise.all([composition?.close(), unregistered?.close()]);
});

const fill = (text: string, values: Record<string, string | number> = {}) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;

describe.each(["en", "hi"] as Language[])("a composition shop and a Delhi address, without JavaScript (%s)", (lang) => {
  const m = RESOURCES[lang];
  const states = { pincode: "110001", state: m.tax.state["07"], shopState: m.tax.state["08"] };

  it("the pincode check says the shop delivers only in Rajasthan; the checkout refuses Delhi by its field and places nothing", async () => {
    const parent = htmlBrowser(composition.url);
    await parent.setCookie(`shop_lng=${lang}; Path=/`);
    const page = await parent.open("/schools/dps/shirt?size=30");
    const checked = await page.fill(m.delivery.check.label, "110001").press(m.delivery.check.submit);
    expect(checked.status).toBe(200);
    expect(checked.text("[data-testid=pincode-answer]")).toBe(fill(m.delivery.check.otherState, states));
    expect(await parent.cookie("shop_pincode")).toBeUndefined();

    // A pincode in Rajasthan is answered and remembered; the checkout then refuses a Delhi address by its pincode.
    const jaipur = await checked.fill(m.delivery.check.label, "302001").press(m.delivery.check.submit);
    expect(await parent.cookie("shop_pincode")).toBe("302001");
    const cart = await jaipur.press(m.common.cartForm.buyNow);
    const details = await (await cart.follow(m.cart.proceed)).follow(m.checkout.placeOrder);
    const phone = newPhone();
    const refused = await details
      .fill({ css: "#details-name" }, "Meena Gupta")
      .fill({ css: "#details-phone" }, phone)
      .fill({ css: "#details-address" }, "4 Janpath")
      .fill({ css: "#details-city" }, "New Delhi")
      .fill({ css: "#details-pincode" }, "110001")
      .press(m.checkout.details.confirm);
    expect(refused.status).toBe(422);
    expect(refused.text()).toContain(fill(m.refusals.checkout.outsideState, states));
    expect(refused.field({ css: "#details-pincode" }).value).toBe("110001");
    expect(await composition.shop.db.selectFrom("orders").select("id").where("phone", "=", phone).execute()).toEqual([]);
  });

  it("the /api refuses Delhi with a 422 in the language asked", async () => {
    const phone = newPhone();
    const res = await call(`${composition.url}/api/orders/guest`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(lang === "hi" ? { "Accept-Language": "hi-IN,hi;q=0.9" } : {}) },
      body: JSON.stringify({
        mobileNumber: phone,
        cartItems: [{ id: "stationery/scientific-calculator", quantity: 1 }],
        address: { name: "Meena", phone, address: "4 Janpath", city: "New Delhi", pincode: "110001" },
      }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(fill(m.refusals.checkout.outsideState, states));
  });
});

describe("a shop without a GSTIN", () => {
  it("refuses an /api order to Moradabad (Uttar Pradesh) and its pincode check says so; one to Churu is placed", async () => {
    const phone = newPhone();
    const res = await call(`${unregistered.url}/api/orders/guest`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        mobileNumber: phone,
        cartItems: [{ id: "stationery/scientific-calculator", quantity: 1 }],
        address: { name: "Meena", phone, address: "2 Civil Lines", city: "Moradabad", pincode: "244001" },
      }),
    });
    expect(res.status).toBe(422);
    const states = { pincode: "244001", state: "Uttar Pradesh", shopState: "Rajasthan" };
    expect(((await res.json()) as { message: string }).message).toBe(fill(RESOURCES.en.refusals.checkout.outsideState, states));
    const checked = await htmlBrowser(unregistered.url).open("/schools/dps/shirt?size=30&pincode=244001");
    expect(checked.text("[data-testid=pincode-answer]")).toBe(fill(RESOURCES.en.delivery.check.otherState, states));
    const churu = await placeTestOrder(unregistered.shop, { pincode: "331001" });
    expect(churu.orderId).toBeTruthy();
  });
});
