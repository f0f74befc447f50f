// Product calls of the /api: the happy path of each and every error docs/api.md gives them.
// (The auth matrix, 405, 413, 415 and malformed bodies: api-contract.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCall, startApiHarness, stateFingerprint, type ApiHarness } from "../support/api";

let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(async () => {
  await api?.close();
});

const example = findCall("POST", "/api/products").example;
const specBody = { name: "Spec Client Product", price: 499, description: "As the spec's admin screen sends it", image: "/images/products/navy-blazer.png" };

describe("GET /api/products, /api/products/{id}, /api/products/categories", () => {
  it("lists as { products } with each filter, reads one, lists the values", async () => {
    const created = await api.request("POST", "/api/products", { who: "admin", body: example.request });
    expect(created.status).toBe(201);
    const list = await api.request("GET", "/api/products?category=blazer&gender=girls&size=32&minPrice=900&maxPrice=1000&inStock=true");
    expect(list.status).toBe(200);
    expect(list.body.products.map((p: { id: number }) => p.id)).toContain(created.body.id);
    for (const p of list.body.products) expect(p).toMatchObject({ category: "blazer", gender: "girls", size: "32", stock_quantity: expect.any(Number) });
    expect((await api.request("GET", "/api/products?category=all&inStock=all")).body.products.length).toBeGreaterThan(list.body.products.length);
    expect(await api.request("GET", `/api/products/${created.body.id}`)).toMatchObject({ status: 200, body: { ...(example.answer as object), id: created.body.id } });
    const values = await api.request("GET", "/api/products/categories");
    expect(values.body).toMatchObject({ categories: expect.arrayContaining([{ value: "blazer", label: "Blazer" }]), genders: expect.any(Array), sizes: expect.arrayContaining(["Free Size"]) });
  });

  it("400 for a bad filter, 404 for an unknown or malformed id", async () => {
    for (const bad of ["category=hats", "gender=men", "minPrice=abc", "maxPrice=-1", "minPrice=500&maxPrice=100", "inStock=maybe", "minPrice=1e9"]) {
      const res = await api.request("GET", `/api/products?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
    for (const id of ["999999", "0", "-1", "abc", "1.5", "99999999999999999999", "%F0%9F%98%80"]) {
      expect(await api.request("GET", `/api/products/${id}`), id).toMatchObject({ status: 404, body: { message: "Product not found." } });
    }
    // A NUL in the address is refused at the edge (decision 081).
    expect(await api.request("GET", "/api/products/12%00")).toMatchObject({ status: 400, body: { message: expect.stringMatching(/NUL/) } });
  });
});

describe("admin product calls", () => {
  it("POST: 201 with Location; the spec's admin body gets the defaults", async () => {
    const res = await api.request("POST", "/api/products", { who: "admin", body: specBody });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe(`/api/products/${res.body.id}`);
    expect(res.body).toMatchObject({ ...specBody, image_url: specBody.image, category: "accessories", gender: "unisex", size: "Free Size", stock_quantity: 0 });
  });

  it("PUT replaces, PATCH changes what is sent, PATCH /stock sets the stock, DELETE removes", async () => {
    const { body: created } = await api.request("POST", "/api/products", { who: "admin", body: example.request });
    const path = `/api/products/${created.id}`;
    expect(await api.request("PATCH", path, { who: "admin", body: { price: 1099 } })).toMatchObject({ status: 200, body: { price: 1099, category: "blazer", stock_quantity: 3 } });
    expect(await api.request("PATCH", path, { who: "admin", body: specBody })).toMatchObject({ status: 200, body: { ...specBody, category: "blazer" } });
    expect(await api.request("PUT", path, { who: "admin", body: { name: "Replaced", price: 10 } })).toMatchObject({ status: 200, body: { name: "Replaced", price: 10, category: "accessories", stock_quantity: 0, image_url: null } });
    expect(await api.request("PATCH", `${path}/stock`, { who: "admin", body: { stock_quantity: 12 } })).toMatchObject({ status: 200, body: { stock_quantity: 12 } });
    expect(await api.request("DELETE", path, { who: "admin" })).toMatchObject({ status: 200, body: { message: "Product deleted.", id: created.id } });
    expect((await api.request("GET", path)).status).toBe(404);
    expect((await api.request("DELETE", path, { who: "admin" })).status).toBe(404);
  });

  it("404 for unknown ids and 422 for refused values; nothing written", async () => {
    const { body: created } = await api.request("POST", "/api/products", { who: "admin", body: specBody });
    const path = `/api/products/${created.id}`;
    const before = await stateFingerprint(api.server);
    for (const [method, p, body] of [
      ["PUT", "/api/products/999999", specBody],
      ["PATCH", "/api/products/999999", { price: 5 }],
      ["PATCH", "/api/products/999999/stock", { stock_quantity: 1 }],
      ["DELETE", "/api/products/999999", undefined],
      ["PUT", "/api/products/abc", specBody],
      ["DELETE", "/api/products/2147483648", undefined],
    ] as const) {
      expect(await api.request(method, p, { who: "admin", body }), `${method} ${p}`).toMatchObject({ status: 404, body: { message: "Product not found." } });
    }
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", "/api/products", { ...specBody, name: " " }, /^Name is required$/],
      ["POST", "/api/products", { ...specBody, price: 0 }, /Price must be more than 0/],
      ["POST", "/api/products", { ...specBody, price: 10.5 }, /whole rupees/],
      ["POST", "/api/products", { ...specBody, price: 1e300 }, /cannot be more than/],
      ["POST", "/api/products", { ...specBody, image: "javascript:alert(1)" }, /Image URL must start with/],
      ["POST", "/api/products", { ...specBody, category: "hats" }, /Unknown category/],
      ["POST", "/api/products", { ...specBody, gender: "men" }, /Unknown gender/],
      ["POST", "/api/products", { ...specBody, size: "XXXL" }, /Unknown size/],
      ["POST", "/api/products", { ...specBody, stock_quantity: -1 }, /Stock must be a whole number from 0/],
      ["POST", "/api/products", { ...specBody, name: "x".repeat(2001) }, /^name: /],
      ["PUT", path, { ...specBody, price: -1 }, /Price must be more than 0/],
      ["PATCH", path, { name: "" }, /Name is required/],
      ["PATCH", `${path}/stock`, { stock_quantity: 1.5 }, /Stock must be a whole number/],
      ["PATCH", `${path}/stock`, { stock_quantity: -4 }, /Stock must be a whole number/],
    ];
    for (const [method, p, body, message] of cases) {
      const res = await api.request(method, p, { who: "admin", body });
      expect(res.status, `${method} ${p} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(res.body.message).toMatch(message);
    }
    for (const [method, p, body] of [
      ["POST", "/api/products", { ...specBody, price: "499" }],
      ["POST", "/api/products", { description: "no name or price" }],
      ["PUT", path, { price: 5 }],
      ["PATCH", `${path}/stock`, { stock_quantity: "5" }],
      ["PATCH", `${path}/stock`, {}],
    ] as const) {
      const res = await api.request(method, p, { who: "admin", body });
      expect(res.status, `${method} ${p} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.message).toMatch(/^Invalid request: /);
    }
    expect(await stateFingerprint(api.server)).toEqual(before);
  });
});
