/**
 * Paying an order from the shopper's pages (decision 101), as plain form posts (JavaScript off):
 * the checkout's payment choice, the confirmation's UPI code and reference form, the tracking page's
 * form (which checks the mobile number again), and the cash order's line; in English and Hindi.
 * One shop takes UPI; the other has no UPI ID and delivers only in Churu district.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { call } from "../support/admin";
import { shownTotalFor } from "../support/checkout";
import { lookUpOrder } from "../support/tracking";
import { startTestServer, type TestServer } from "../support/server";

let upiShop: TestServer;
let cashShop: TestServer;

const UPI_ID = "churuuniform@sbi";

beforeAll(async () => {
  [upiShop, cashShop] = await Promise.all([
    startTestServer({ env: { SHOP_UPI_ID: UPI_ID, SHOP_UPI_NAME: "Churu Uniform House" } }),
    startTestServer({ env: { SHOP_DELIVERY_CHARGE: "none" } }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([upiShop?.close(), cashShop?.close()]);
});

const HINDI = "shop_lng=hi";
const newPhone = () => `9${String(randomInt(0, 999_999_999)).padStart(9, "0")}`;
/** The page as a parent sees it: the scripts (which carry every message of the page) taken out. */
const decode = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'");

function post(server: TestServer, path: string, fields: Record<string, string>, cookie = "") {
  return call(`${server.url}${path}`, {
    method: "POST",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });
}

async function page(server: TestServer, path: string, cookie = ""): Promise<string> {
  const res = await call(`${server.url}${path}`, cookie ? { headers: { Cookie: cookie } } : {});
  expect(res.status, path).toBe(200);
  return decode(await res.text());
}

/** A guest cart with one white shirt: its cookie. */
async function cartCookie(server: TestServer, session = ""): Promise<string> {
  // A signed-in shopper's cart is their account's: the session cookie goes with the add.
  const added = await post(server, "/cart", { intent: "add", productId: "white/shirt", size: "24", quantity: "1" }, session);
  expect(added.status).toBe(302);
  return added.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("shop_cart="))
    .join("; ");
}

const details = (phone: string, pincode = "331001") => ({ name: "Asha Devi", phone, address: "Ward 5, Station Road", city: "Churu", pincode });

/** A guest's order through the checkout form: its id, the page it lands on and its phone. */
async function checkout(server: TestServer, paymentMethod: string, cookie = "") {
  const phone = newPhone();
  const cart = await cartCookie(server, cookie);
  const cookies = [cart, cookie].filter(Boolean).join("; ");
  // The total the page shows for the pincode: the order is placed at it (decision 113).
  const shownTotal = await shownTotalFor(server.url, cookies, details(phone).pincode);
  const res = await post(server, "/checkout", { ...details(phone), paymentMethod, shownTotal, idempotencyKey: randomUUID() }, cookies);
  expect(res.status).toBe(302);
  const location = res.headers.get("location") ?? "";
  expect(location).toMatch(/^\/checkout\/done\?order=[0-9a-f-]{36}$/);
  const orderId = location.split("=")[1];
  const row = await server.shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
  return { orderId, location, phone, row };
}

const reference = () => String(randomInt(100_000, 999_999)) + String(randomInt(100_000, 999_999));

describe("the checkout's payment choice", () => {
  it("offers UPI first and cash on delivery, chooses neither, and asks for a choice", async () => {
    const cart = await cartCookie(upiShop);
    const html = await page(upiShop, "/checkout?step=details", cart);
    expect(html).toContain("How will you pay?");
    expect(html.indexOf('value="upi"')).toBeGreaterThan(0);
    expect(html.indexOf('value="upi"')).toBeLessThan(html.indexOf('value="cod"'));
    expect(html).not.toMatch(/name="paymentMethod"[^>]*checked/);
    // The summary: subtotal, the offer, the delivery rule and the total.
    expect(html).toMatch(/data-testid="checkout-subtotal">₹\d/);
    expect(html).toMatch(/10% off<\/dt><dd data-testid="checkout-discount">−₹\d+/);
    expect(html).toContain("Free in Churu district (pincodes 331…), ₹100 elsewhere");

    const refused = await post(upiShop, "/checkout", { ...details(newPhone()), idempotencyKey: randomUUID() }, cart);
    expect(refused.status).toBe(422);
    expect(decode(await refused.text())).toMatch(/id="paymentMethod-error"[^>]*>Choose how you will pay</);

    const hindi = await post(upiShop, "/checkout", { ...details(newPhone()), idempotencyKey: randomUUID() }, `${cart}; ${HINDI}`);
    expect(hindi.status).toBe(422);
    const hindiHtml = decode(await hindi.text());
    expect(hindiHtml).toMatch(/id="paymentMethod-error"[^>]*>चुनें कि पेमेंट कैसे करेंगे</);
    expect(hindiHtml).toContain("पेमेंट कैसे करेंगे?");
    expect(hindiHtml).toContain("UPI से पेमेंट");
  });

  it("without a UPI ID offers only cash on delivery, chosen, and refuses a forged UPI choice", async () => {
    const cart = await cartCookie(cashShop);
    const html = await page(cashShop, "/checkout?step=details", cart);
    expect(html).not.toContain('value="upi"');
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="cod"/);
    expect(html).toContain("We deliver only in Churu district (pincodes 331…)");

    const phone = newPhone();
    const forged = await post(cashShop, "/checkout", { ...details(phone), paymentMethod: "upi", idempotencyKey: randomUUID() }, cart);
    expect(forged.status).toBe(422);
    expect(decode(await forged.text())).toMatch(
      /id="paymentMethod-error"[^>]*>Paying by UPI is not available right now\. Please choose cash on delivery\.</,
    );
    const hindi = await post(cashShop, "/checkout", { ...details(phone), paymentMethod: "upi", idempotencyKey: randomUUID() }, `${cart}; ${HINDI}`);
    expect(hindi.status).toBe(422);
    expect(decode(await hindi.text())).toContain("अभी UPI से पेमेंट नहीं हो सकता। कृपया डिलीवरी पर नकद चुनें।");
    expect(await cashShop.shop.db.selectFrom("orders").select("id").where("phone", "=", phone).execute()).toEqual([]);

    // A form without the choice (a page served before it existed) is a cash order where cash is the only way.
    const shownTotal = await shownTotalFor(cashShop.url, cart, details(phone).pincode);
    const unchosen = await post(cashShop, "/checkout", { ...details(phone), shownTotal, idempotencyKey: randomUUID() }, cart);
    expect(unchosen.status).toBe(302);
    const placed = await cashShop.shop.db.selectFrom("orders").select("payment_method").where("phone", "=", phone).execute();
    expect(placed).toEqual([{ payment_method: "cod" }]);
  });

  it("refuses an address outside a closed delivery area by the pincode, in English and Hindi", async () => {
    const cart = await cartCookie(cashShop);
    // Jaipur: in the shop's own state, so only the delivery area refuses it (another state is refused first, decision 202).
    const outside = { ...details(newPhone(), "302001"), paymentMethod: "cod" };
    const english = await post(cashShop, "/checkout", { ...outside, idempotencyKey: randomUUID() }, cart);
    expect(english.status).toBe(422);
    expect(decode(await english.text())).toMatch(/id="pincode-error"[^>]*>We deliver only in Churu district \(pincodes beginning 331\)/);
    const hindi = await post(cashShop, "/checkout", { ...outside, idempotencyKey: randomUUID() }, `${cart}; ${HINDI}`);
    expect(hindi.status).toBe(422);
    expect(decode(await hindi.text())).toMatch(/id="pincode-error"[^>]*>हम सिर्फ़ चूरू ज़िले में डिलीवरी करते हैं/);
  });
});

describe("paying by UPI after the checkout", () => {
  it("shows the order's money and the QR code with the exact amount, and takes the reference", async () => {
    const { orderId, location, row } = await checkout(upiShop, "upi");
    expect(row.payment_method).toBe("upi");
    const html = await page(upiShop, location);
    expect(html).toMatch(/<svg [^>]*role="img"/);
    expect(html).toContain(`upi://pay?pa=${UPI_ID}&pn=Churu%20Uniform%20House&am=${row.total}.00&cu=INR&tn=${row.short_id}`);
    expect(html).toContain(`data-testid="order-subtotal">₹${row.subtotal}<`);
    expect(html).toContain(`10% off</dt><dd data-testid="order-discount">−₹${row.discount}<`);
    expect(html).toContain('data-testid="order-delivery">Free<');
    expect(html).toMatch(new RegExp(`data-testid="order-total"><strong>₹${row.total}<`));
    expect(html).toContain('data-testid="payment-standing">unpaid<');
    expect(html).toContain("UPI reference (12 digits)");
    expect(html).not.toContain("in cash when your order arrives");

    const typed = reference();
    const grouped = `${typed.slice(0, 4)} ${typed.slice(4, 8)}-${typed.slice(8)}`;
    const reported = await post(upiShop, location, { intent: "report", reference: grouped });
    expect(reported.status).toBe(200);
    const after = decode(await reported.text());
    expect(after).toContain("Thank you. The shop will check your payment and confirm it.");
    expect(after).toContain('data-testid="payment-standing">reported<');
    expect(after).not.toMatch(/<svg [^>]*role="img"/);
    const stored = await upiShop.shop.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ payment_status: "reported", payment_reference: typed });

    // The same reference again: 409, by the field.
    const twice = await post(upiShop, location, { intent: "report", reference: typed });
    expect(twice.status).toBe(409);
    expect(decode(await twice.text())).toMatch(/id="done-reference-error"[^>]*>You have already reported this UPI reference for this order\./);

    // Another order cannot claim it.
    const other = await checkout(upiShop, "upi");
    const taken = await post(upiShop, other.location, { intent: "report", reference: typed });
    expect(taken.status).toBe(409);
    expect(decode(await taken.text())).toMatch(/id="done-reference-error"[^>]*>This UPI reference was already reported for another order\./);
    const takenHindi = await post(upiShop, other.location, { intent: "report", reference: typed }, HINDI);
    expect(takenHindi.status).toBe(409);
    expect(decode(await takenHindi.text())).toContain("यह UPI रेफरेंस किसी दूसरे ऑर्डर के लिए पहले ही बताया जा चुका है।");

    // A malformed one: 422, in the page's language.
    const malformed = await post(upiShop, other.location, { intent: "report", reference: "12345" });
    expect(malformed.status).toBe(422);
    expect(decode(await malformed.text())).toMatch(/id="done-reference-error"[^>]*>Enter the 12-digit UPI transaction reference \(UTR\) from your UPI app\.</);
    const malformedHindi = await post(upiShop, other.location, { intent: "report", reference: "12345" }, HINDI);
    expect(malformedHindi.status).toBe(422);
    const hindiHtml = decode(await malformedHindi.text());
    expect(hindiHtml).toContain("UPI ऐप में दिखा 12 अंकों का UPI रेफरेंस नंबर (UTR) भरें।");
    expect(hindiHtml).toContain("UPI रेफरेंस नंबर (12 अंक)");
    expect(hindiHtml).toContain("UPI से पेमेंट करें");
    expect(hindiHtml).toContain(">भुगतान बाकी<");
    // The form's own refusal (nothing typed) in Hindi too.
    const empty = await post(upiShop, other.location, { intent: "report", reference: "" }, HINDI);
    expect(empty.status).toBe(422);
    expect(decode(await empty.text())).toMatch(/id="done-reference-error"[^>]*>UPI ऐप में दिखा 12 अंकों का UPI रेफरेंस नंबर \(UTR\) भरें।</);
  });

  it("reports on the tracking page only for an order looked up with its mobile number", async () => {
    const { row, phone } = await checkout(upiShop, "upi");
    const lookup = await lookUpOrder(upiShop.url, { orderId: row.short_id, phone });
    expect(lookup.location).toBe(`/orders/track?orderId=${row.short_id}`);
    const tracked = await page(upiShop, lookup.location!, lookup.cookie);
    expect(tracked).toMatch(/<svg [^>]*role="img"/);
    expect(tracked).toContain(`am=${row.total}.00`);
    expect(tracked).toContain('data-testid="tracked-payment">unpaid<');
    expect(tracked).toContain("UPI reference (12 digits)");
    // The report posts the order number only: no mobile number anywhere in the page.
    expect(tracked).toContain(`action="/orders/track?orderId=${row.short_id}&report=1"`);
    expect(tracked).not.toContain(phone);

    const typed = reference();
    const reportPath = `/orders/track?orderId=${row.short_id}&report=1`;
    // Without the lookup's cookie (another browser, a guessed number in the form), or after a lookup that missed: no report.
    const stranger = await post(upiShop, reportPath, { intent: "report", reference: typed, orderId: row.short_id, phone });
    expect(stranger.status).toBe(403);
    expect(decode(await stranger.text())).toContain("To keep your order private, please enter its mobile number again.");
    const wrongLookup = await lookUpOrder(upiShop.url, { orderId: row.short_id, phone: "9000000000" });
    expect(wrongLookup.res.status).toBe(404);
    expect((await post(upiShop, reportPath, { intent: "report", reference: typed, orderId: row.short_id }, wrongLookup.cookie)).status).toBe(403);
    expect((await upiShop.shop.db.selectFrom("orders").select("payment_status").where("id", "=", row.id).executeTakeFirstOrThrow()).payment_status).toBe(
      "unpaid",
    );

    const ok = await post(upiShop, reportPath, { intent: "report", reference: typed, orderId: row.short_id }, lookup.cookie);
    expect(ok.status).toBe(200);
    const after = decode(await ok.text());
    expect(after).toContain("Thank you. The shop will check your payment and confirm it.");
    expect(after).toContain('data-testid="tracked-payment">reported<');
    expect(after).toContain("Payment reported");
  });
});

describe("a cash on delivery order", () => {
  it("says what to pay at the door, in English and Hindi", async () => {
    const { location, row } = await checkout(upiShop, "cod");
    expect(row.payment_method).toBe("cod");
    const html = await page(upiShop, location);
    expect(html).toContain(`Pay ₹${row.total} in cash when your order arrives.`);
    expect(html).not.toMatch(/<svg [^>]*role="img"/);
    expect(html).not.toContain("UPI reference (12 digits)");
    expect(html).toContain("Cash on delivery · ");
    const hindi = await page(upiShop, location, HINDI);
    expect(hindi).toContain(`ऑर्डर पहुँचने पर ₹${row.total} नकद दें।`);
    expect(hindi).toContain("डिलीवरी पर नकद");

    // A forged report on a cash order is refused.
    const forged = await post(upiShop, location, { intent: "report", reference: reference() });
    expect(forged.status).toBe(409);
  });

  it("stops asking for cash at the door once the order is delivered, before the shop has recorded the cash", async () => {
    const { orderId, row, phone } = await checkout(upiShop, "cod");
    const actor = { kind: "admin" as const, id: "payment-pages", name: "Payment Pages" };
    const lookup = await lookUpOrder(upiShop.url, { orderId: row.short_id, phone });
    expect(await page(upiShop, lookup.location!, lookup.cookie)).toContain(`Pay ₹${row.total} in cash when your order arrives.`);
    for (const status of ["shipped", "delivered"]) await upiShop.shop.orders.changeStatus(orderId, status, actor);
    expect(await upiShop.shop.waitForReadModels((await upiShop.shop.store.headPosition())!, 60_000)).toBe(true);
    const delivered = decode(await page(upiShop, lookup.location!, lookup.cookie));
    expect(delivered).toContain('data-testid="tracked-status">delivered<');
    expect(delivered).toContain('data-testid="tracked-payment">unpaid<');
    expect(delivered).not.toContain("in cash when your order arrives");
    expect(decode(await page(upiShop, lookup.location!, `${lookup.cookie}; ${HINDI}`))).not.toContain("नकद दें");
  });
});

describe("the account's order history", () => {
  it("shows each order's payment, and takes a reference for the shopper's own unpaid UPI order only", async () => {
    const user = await upiShop.shop.auth.registerWithEmail({ email: `pay-${randomUUID()}@example.com`, password: "satchel-2026", name: "Sita Sharma" });
    const signedIn = await signInShopper(new Request(`${upiShop.url}/login`), upiShop.shop, user.id);
    const session = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const upi = await checkout(upiShop, "upi", session);
    const cash = await checkout(upiShop, "cod", session);
    const stranger = await checkout(upiShop, "upi");

    const html = await page(upiShop, "/account", session);
    expect(html).toContain(`data-testid="payment-${upi.row.short_id}">unpaid<`);
    expect(html).toContain(`data-testid="payment-${cash.row.short_id}">unpaid<`);
    expect(html).toContain("Cash on delivery · ");
    expect(html).toContain(`href="/checkout/done?order=${upi.orderId}"`);
    expect(html).toContain(`id="order-${upi.row.short_id}-reference"`);
    expect(html).not.toContain(`id="order-${cash.row.short_id}-reference"`);

    // Someone else's order is not found from this account, and nothing is reported on it.
    const notMine = await post(upiShop, "/account", { intent: "report", reference: reference(), orderId: stranger.orderId }, session);
    expect(notMine.status).toBe(404);
    const untouched = await upiShop.shop.db.selectFrom("orders").select("payment_status").where("id", "=", stranger.orderId).executeTakeFirstOrThrow();
    expect(untouched.payment_status).toBe("unpaid");

    const malformed = await post(upiShop, "/account", { intent: "report", reference: "99", orderId: upi.orderId }, session);
    expect(malformed.status).toBe(422);
    expect(decode(await malformed.text())).toMatch(new RegExp(`id="order-${upi.row.short_id}-reference-error"[^>]*>Enter the 12-digit UPI`));

    const reported = await post(upiShop, "/account", { intent: "report", reference: reference(), orderId: upi.orderId }, session);
    expect(reported.status).toBe(200);
    const after = decode(await reported.text());
    expect(after).toContain(`data-testid="payment-${upi.row.short_id}">reported<`);
    expect(after).toContain("Thank you. The shop will check your payment and confirm it.");

    const hindi = await page(upiShop, "/account", `${session}; ${HINDI}`);
    expect(hindi).toContain(`data-testid="payment-${upi.row.short_id}">जानकारी मिली<`);
    expect(hindi).toContain("डिलीवरी पर नकद · ");
  });
});
