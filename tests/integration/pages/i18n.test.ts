import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../support/fake-providers";
import { htmlBrowser } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";

// A Hindi shopper's order without JavaScript, through the pages' real forms (tests/support/html-browser). With
// JavaScript on, and the Hindi pages' 360 px layout: tests/e2e/i18n.e2e.test.ts.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("a Hindi shopper buys a shirt", () => {
  it("orders in Hindi, is told what to fix in Hindi, and gets the order SMS in Hindi (JS off)", async () => {
    const parent = htmlBrowser(server.url);
    const phone = `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
    expect((await parent.open("/?lng=hi")).lang).toBe("hi-IN");
    const shirt = await parent.open("/schools/dps/shirt?size=30");
    const cart = await shirt.fill("कितने चाहिए", "1").press("अभी खरीदें");
    expect(cart.url.pathname).toBe("/cart");

    const checkout = await cart.follow("ऑर्डर करने आगे बढ़ें");
    expect(checkout.url.pathname).toBe("/checkout");
    let details = await checkout.follow("ऑर्डर करें");
    expect(details.url.searchParams.get("step")).toBe("details");
    expect(details.headings()).toContain("ऑर्डर पक्का करने के लिए अपनी जानकारी भरें");

    // Nothing filled, then a short number and pincode: every message in Hindi, by its field.
    details = await details.press("ऑर्डर पक्का करें");
    const errors = details.texts(".field-error");
    for (const message of ["नाम भरना ज़रूरी है", "मोबाइल नंबर भरना ज़रूरी है", "पता भरना ज़रूरी है", "पिनकोड भरना ज़रूरी है"]) {
      expect(errors).toContain(message);
    }
    const fill = (mobile: string, pincode: string) =>
      details.fill("नाम", "सुनीता देवी").fill("मोबाइल नंबर", mobile).fill("पता", "वार्ड 7, सुभाष चौक").fill("शहर", "चूरू").fill("पिनकोड", pincode);
    details = await fill("12345", "3310").press("ऑर्डर पक्का करें");
    expect(details.text("#phone-error")).toContain("मोबाइल नंबर 10 अंकों का होना चाहिए");
    expect(details.text("#pincode-error")).toContain("पिनकोड 6 अंकों का होना चाहिए");

    const done = await fill(phone, "331001").press("ऑर्डर पक्का करें");
    expect(done.url.pathname).toBe("/checkout/done");
    expect(done.url.searchParams.get("order")).toBeTruthy();
    expect(done.headings()).toContain("आपका ऑर्डर हो गया है। धन्यवाद!");
    const number = done.text("[data-testid=order-number]");

    // The text the SMS provider was handed: Hindi, with the number the page showed and its tracking link.
    const [sms] = await eventually(`the order SMS to ${phone}`, () => {
      const texts = server.sms.to(phone);
      return texts.length ? texts : null;
    });
    expect(sms.text).toMatch(new RegExp(`^Churu Uniform House: आपका ऑर्डर ${number} \\(₹\\d[\\d,]*(, \\d+% छूट ₹[\\d,]+)?\\) मिल गया। ट्रैक करें: \\S+/orders/track\\?orderId=${number}$`));
  }, 90_000);
});
