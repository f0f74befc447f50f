/**
 * The cart's, the checkout's and the admin's page forms on the page form pipeline
 * (app/forms/form.server.ts): whatever arrives that the page did not send (another content
 * type, broken multipart, an empty body, a NUL byte) is a 4xx with a message on the page,
 * never a 500, and writes nothing: no event, no row.
 */
import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_MESSAGES } from "../../domain/forms";
import { TEXT_MESSAGES } from "../../domain/text";
import { call, createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { stateFingerprint } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: TestAdmin;
let cartCookie: string;
let orderId: string;
let productId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url);
  const added = await postForm("/cart", { intent: "add", productId: "school/dps/belt", size: "Free Size", quantity: "1" });
  expect(added.status).toBe(302);
  cartCookie = (added.headers.get("set-cookie") ?? "").split(";")[0];
  orderId = (await placeTestOrder(server.shop)).orderId;
  productId = (
    await server.shop.products.create({
      name: "Form Test Belt",
      price: 150,
      description: "",
      imageUrl: null,
      stockQuantity: 5,
      category: "accessories",
      gender: "unisex",
      size: "Free Size",
    })
  ).id;
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const URL_ENCODED = "application/x-www-form-urlencoded";

/** A raw POST: the body and its Content-Type as given (none for FormData: fetch sets the multipart one). */
function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return call(`${server.url}${path}`, { method: "POST", headers, body });
}

/** A POST as the page's form sends it. */
function postForm(path: string, fields: Record<string, string> | URLSearchParams, headers: Record<string, string> = {}) {
  return post(path, new URLSearchParams(fields).toString(), { ...headers, "Content-Type": URL_ENCODED });
}

/** The page's text as a person reads it (React escapes quotes in HTML). */
async function pageText(res: Response): Promise<string> {
  return (await res.text()).replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

interface FormCase {
  name: string;
  path: () => string;
  /** Cookie of the person who sends it. */
  cookie: () => string;
  /** What the page sends (valid). */
  fields: () => Record<string, string>;
  /** A field a person types, or the page fills in, to put a NUL into, and the name the message gives it. */
  nul: { field: string; label: string; status: 400 | 422 };
  /** The message an empty body gets; null where an empty form is what the page sends (a confirmation page's Delete). */
  empty: { message: string; status: 400 | 422 } | null;
}

const cases: FormCase[] = [
  {
    name: "cart: add to cart",
    path: () => "/cart",
    cookie: () => cartCookie,
    fields: () => ({ intent: "add", productId: "school/dps/belt", size: "Free Size", quantity: "2", redirectTo: "/cart" }),
    nul: { field: "quantity", label: "Quantity", status: 422 },
    empty: { message: "Unknown cart action.", status: 400 },
  },
  {
    name: "cart: a row's quantity",
    path: () => "/cart",
    cookie: () => cartCookie,
    fields: () => ({ intent: "update", productId: "school/dps/belt", size: "Free Size", school: "DPS", quantity: "3", redirectTo: "/cart" }),
    nul: { field: "productId", label: "Product", status: 400 },
    empty: { message: "Unknown cart action.", status: 400 },
  },
  {
    name: "checkout: the details form",
    path: () => "/checkout",
    cookie: () => cartCookie,
    fields: () => ({ name: "Ravi Kumar", phone: `9${randomInt(100_000_000, 999_999_999)}`, address: "12 Station Road", city: "Churu", pincode: "331001", idempotencyKey: randomUUID() }),
    nul: { field: "name", label: "Name", status: 422 },
    empty: { message: "Name is required", status: 422 },
  },
  {
    name: "admin: a dashboard row's status",
    path: () => "/admin?index",
    cookie: () => admin.cookie,
    fields: () => ({ intent: "status", orderId, status: "shipped", back: "/admin" }),
    nul: { field: "status", label: "Status", status: 422 },
    empty: { message: "That request was not a change to a listed order.", status: 400 },
  },
  {
    name: "admin: 'Delete this order?' page",
    path: () => `/admin/orders/${orderId}/delete`,
    cookie: () => admin.cookie,
    fields: () => ({ back: "/admin" }),
    nul: { field: "back", label: "Page", status: 400 },
    empty: null,
  },
  {
    name: "admin: Retry of a message",
    path: () => "/admin/notifications",
    cookie: () => admin.cookie,
    fields: () => ({ intent: "retry", key: "no-such-message" }),
    nul: { field: "key", label: "Message", status: 400 },
    empty: { message: "That request was not a Retry of a listed message.", status: 400 },
  },
  {
    name: "admin: the product form",
    path: () => "/admin/products",
    cookie: () => admin.cookie,
    fields: () => ({ intent: "save", name: "Form Test Socks", price: "90", image: "", description: "Cotton", stock_quantity: "4", category: "accessories", gender: "unisex", size: "Free Size" }),
    nul: { field: "description", label: "Description", status: 422 },
    empty: { message: "That request was not Add, Update or Delete.", status: 400 },
  },
  {
    name: "admin: 'Delete this product?' page",
    path: () => `/admin/products/${productId}/delete`,
    cookie: () => admin.cookie,
    fields: () => ({}),
    nul: { field: "note", label: "note", status: 422 },
    empty: null,
  },
];

describe("page forms refuse what their page did not send", () => {
  for (const form of cases) {
    it(`${form.name}: 4xx with a message, and nothing written`, async () => {
      const headers = { Cookie: form.cookie() };
      const before = await stateFingerprint(server);
      const urlEncoded = new URLSearchParams(form.fields()).toString();

      const asText = await post(form.path(), urlEncoded, { ...headers, "Content-Type": "text/plain" });
      expect(asText.status).toBe(415);
      expect(await pageText(asText)).toContain(FORM_MESSAGES.notAForm);

      const asJson = await post(form.path(), JSON.stringify(form.fields()), { ...headers, "Content-Type": "application/json" });
      expect(asJson.status).toBe(415);
      expect(await pageText(asJson)).toContain(FORM_MESSAGES.notAForm);

      const broken = await post(form.path(), '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nad', {
        ...headers,
        "Content-Type": "multipart/form-data; boundary=x",
      });
      expect(broken.status).toBe(400);
      expect(await pageText(broken)).toContain(FORM_MESSAGES.unreadable);

      if (form.empty) {
        const empty = await post(form.path(), "", { ...headers, "Content-Type": URL_ENCODED });
        expect(empty.status).toBe(form.empty.status);
        expect(await pageText(empty)).toContain(form.empty.message);
      }

      const withNul = await postForm(form.path(), { ...form.fields(), [form.nul.field]: `a\u0000b` }, headers);
      expect(withNul.status).toBe(form.nul.status);
      expect(await pageText(withNul)).toContain(TEXT_MESSAGES.nul(form.nul.label));

      expect(await stateFingerprint(server)).toEqual(before);
    });
  }
});

describe("the cart's form", () => {
  it("answers an unknown or doubled intent with 400 and a message, and reads a multipart form like a url-encoded one", async () => {
    const headers = { Cookie: cartCookie };
    const unknown = await postForm("/cart", { intent: "empty-the-shop" }, headers);
    expect(unknown.status).toBe(400);
    expect(await pageText(unknown)).toContain("Unknown cart action.");
    const doubled = await postForm("/cart", new URLSearchParams("intent=clear&intent=add"), headers);
    expect(doubled.status).toBe(400);

    const multipart = new FormData();
    for (const [name, value] of Object.entries({ intent: "add", productId: "school/dps/belt", size: "Free Size", quantity: "1" })) multipart.set(name, value);
    const added = await post("/cart", multipart, headers);
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/cart");
  });

  it("refuses a quantity out of range by the field's rule (422), with the cart's message", async () => {
    const res = await postForm("/cart", { intent: "add", productId: "school/dps/belt", size: "Free Size", quantity: "100" }, { Cookie: cartCookie });
    expect(res.status).toBe(422);
    expect(await pageText(res)).toContain("Quantity must be a whole number from 1 to 99.");
  });
});

describe("the checkout's form", () => {
  it("keeps what the shopper typed after a refusal, and names the field", async () => {
    const res = await postForm(
      "/checkout",
      { name: "Ravi Kumar", phone: "12345", address: "12 Station Road", city: "Churu", pincode: "331001", idempotencyKey: randomUUID() },
      { Cookie: cartCookie },
    );
    expect(res.status).toBe(422);
    const html = await pageText(res);
    expect(html).toContain("Mobile number must be 10 digits");
    expect(html).toContain('value="12 Station Road"');
    expect(html).toMatch(/<input[^>]*name="phone"[^>]*aria-invalid="true"/);
  });
});
