/**
 * The admin area in Hindi (shop_lng=hi), with JavaScript off: the dashboard, an order's
 * history, the products page and the notifications, their refusals (the rules word them in
 * English) and the form pipeline's own refusals. Without the cookie everything reads as before.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: TestAdmin;
let order: { orderId: string; displayId: string; name: string };

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
  order = await placeTestOrder(server.shop, { name: "Sunita Devi" });
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const hindi = () => `${admin.cookie}; shop_lng=hi`;
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

async function page(path: string, cookie: string): Promise<{ status: number; html: string }> {
  const res = await call(`${server.url}${path}`, { headers: { Cookie: cookie } });
  return { status: res.status, html: await res.text() };
}

function postForm(path: string, cookie: string, body: string, type = "application/x-www-form-urlencoded") {
  return call(`${server.url}${path}`, { method: "POST", headers: { Origin: server.url, "Content-Type": type, Cookie: cookie }, body });
}

describe("the admin area in Hindi", () => {
  it("shows the dashboard in Hindi: its frame, columns, filter and the order's status by its label", async () => {
    const { status, html } = await page("/admin", hindi());
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe("hi-IN");
    expect(html).toContain("<title>ऑर्डर | एडमिन</title>");
    expect(html).toContain(">ऑर्डर</h1>");
    expect(html).toContain(`लॉगिन किए एडमिन: ${admin.name} (${admin.email})`);
    expect(html).toContain(">लॉगआउट</button>");
    expect(html).toContain('<th scope="col">ग्राहक का नाम</th>');
    expect(html).toContain(">भुगतान हो गया</button>");
    expect(html).toContain('<option value="pending">लंबित</option>');
    // The status filter's option: its label and how many orders it holds (decision 102).
    expect(html).toContain('<option value="shipped" data-count="0">भेजे गए (0)</option>');
    // The stored status stays English in the page's data.
    expect(html).toContain(`data-order-id="${order.orderId}" data-status="pending"`);
    expect(html).not.toContain("Customer Name");
    expect(html).not.toContain("Mark paid");

    const english = await page("/admin", admin.cookie);
    expect(htmlLang(english.html)).toBe("en-IN");
    expect(english.html).toContain('<th scope="col">Customer Name</th>');
    expect(english.html).toContain(`Signed in as ${admin.name} (${admin.email})`);
    expect(english.html).not.toContain("ग्राहक");
  });

  it("tells of a broken dashboard address in Hindi", async () => {
    const { html } = await page("/admin?status=lost", hindi());
    expect(html).toContain("अनजान स्थिति: सभी ऑर्डर दिखा रहे हैं।");
  });

  it("shows an order's history in Hindi, its events and statuses by their labels", async () => {
    // A status change by the admin, so the history has an admin's event.
    const changed = await postForm("/admin?index", hindi(), new URLSearchParams({ intent: "status", orderId: order.orderId, status: "shipped", back: "/admin" }).toString());
    expect(changed.status).toBe(302);
    const { status, html } = await page(`/admin/orders/${order.orderId}`, hindi());
    expect(status).toBe(200);
    expect(html).toContain(`<title>ऑर्डर ${order.displayId} का इतिहास | एडमिन</title>`);
    expect(html).toContain(`>ऑर्डर ${order.displayId}</h1>`);
    expect(html).toContain('<dd data-field="status">भेज दिया गया</dd>');
    expect(html).toContain(">ऑर्डर किया गया</td>");
    expect(html).toContain(">स्थिति बदली</td>");
    expect(html).toContain(">लंबित → भेज दिया गया</td>");
    expect(html).toContain(`मेहमान: ${order.name}`);
    expect(html).not.toContain("What happened");

    const english = await page(`/admin/orders/${order.orderId}`, admin.cookie);
    expect(english.html).toContain(">pending → shipped</td>");
    expect(english.html).toContain(">Order placed</td>");

    const missing = await page("/admin/orders/no-such-order", hindi());
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("इस आईडी का कोई ऑर्डर नहीं है।");
  });

  it("shows the products page in Hindi, with the category names of the shop", async () => {
    const { status, html } = await page("/admin/products", hindi());
    expect(status).toBe(200);
    expect(html).toContain("<title>सामान | एडमिन</title>");
    expect(html).toContain(">सामान जोड़ें</h2>");
    expect(html).toContain('for="product-price">दाम (₹)</label>');
    expect(html).toContain('<option value="shirt">शर्ट</option>');
    expect(html).toContain(">सामान की सूची</h2>");
    expect(html).not.toContain("Add Product");
  });

  it("refuses a product in Hindi: the product rules' words and the form pipeline's own", async () => {
    const empty = await postForm("/admin/products", hindi(), new URLSearchParams({ intent: "save", name: "", price: "" }).toString());
    expect(empty.status).toBe(422);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain("कृपया लाल निशान वाली जानकारी ठीक करें।");
    expect(emptyHtml).toContain("नाम भरना ज़रूरी है");
    expect(emptyHtml).toContain("दाम भरना ज़रूरी है");

    const long = await postForm("/admin/products", hindi(), new URLSearchParams({ intent: "save", name: "क".repeat(1001), price: "100" }).toString());
    expect(long.status).toBe(422);
    expect(await long.text()).toContain("नाम बहुत लंबा है (ज़्यादा से ज़्यादा 1000 अक्षर)।");

    const notAForm = await postForm("/admin/products", hindi(), "intent=save", "text/plain");
    expect(notAForm.status).toBe(415);
    expect(await notAForm.text()).toContain("कृपया यह फ़ॉर्म दुकान के पेज से ही भेजें।");

    const english = await postForm("/admin/products", admin.cookie, new URLSearchParams({ intent: "save", name: "x".repeat(1001), price: "100" }).toString());
    expect(await english.text()).toContain("Name is too long (at most 1000 characters).");
  });

  it("shows the notifications and the admin login in Hindi", async () => {
    const notifications = await page("/admin/notifications", hindi());
    expect(notifications.html).toContain(">संदेश</h1>");
    expect(notifications.html).toContain(">इन्हें देखना है</h2>");
    const refused = await postForm("/admin/notifications", hindi(), new URLSearchParams({ intent: "retry", key: "no-such-message" }).toString());
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("यह संदेश अब सूची में नहीं है।");

    const login = await page("/admin/login", "shop_lng=hi");
    expect(login.html).toContain(">एडमिन लॉगिन</h1>");
    const failed = await postForm("/admin/login", "shop_lng=hi", new URLSearchParams({ email: "nobody@example.com", password: "wrong password" }).toString());
    expect(failed.status).toBe(401);
    expect(await failed.text()).toContain("लॉगिन नहीं हो पाया।");
  });
});
