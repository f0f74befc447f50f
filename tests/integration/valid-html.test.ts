/**
 * Every page is valid HTML as the Nu HTML Checker reads it (npm `vnu-jar`, run by the machine's Java):
 * visitor, signed-in parent and admin pages, in English and Hindi. React 18 used to leave Remix's data
 * scripts after `</html>`, a fatal "stray start tag script" on every page (app/entry.server.tsx
 * `closedLast`, decision 143).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { PARENT_ORDER_PAGES, STOREFRONT_PAGES } from "../support/pages";
import { invoicedOrder, REGISTERED_SHOP_ENV } from "../support/invoiced-order";
import { startTestServer, type TestServer } from "../support/server";
import { htmlErrors, javaPresent } from "../support/html-checker";

let server: TestServer;
let admin: TestAdmin;
let parentCookie: string;
let orderId: string;
let invoicedOrderId: string;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), "shop-html-"));

beforeAll(async () => {
  // GST-registered: the parent's order below has a tax invoice and a credit note to open.
  server = await startTestServer({ env: REGISTERED_SHOP_ENV });
  admin = await createTestAdmin(server.shop, server.url);
  const user = await server.shop.auth.registerWithEmail({ email: `html-${Date.now()}@example.com`, password: "satchel-2026", name: "Html Parent" });
  await server.shop.cart.add({ kind: "user", userId: user.id }, { productId: "school/dps/shirt", size: "30", quantity: 2 });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, user.id);
  parentCookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  ({ orderId } = await placeTestOrder(server.shop, { name: "Html Parent", userId: user.id }));
  ({ orderId: invoicedOrderId } = await invoicedOrder(server.shop, { userId: user.id, name: "Html Parent" }));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Each page saved as a file named after who asked for it, its language and its path. */
async function save(who: string, cookie: string, language: "en" | "hi", pagePath: string): Promise<string> {
  const res = await fetch(`${server.url}${pagePath}`, { headers: { cookie: `${cookie}; shop_lng=${language}` }, redirect: "manual" });
  const html = await res.text();
  expect(res.headers.get("content-type") ?? "", `${who} ${pagePath}`).toMatch(/text\/html/);
  const file = path.join(folder, `${who}-${language}-${encodeURIComponent(pagePath)}.html`);
  fs.writeFileSync(file, html);
  return file;
}

describe("valid HTML on every page (Nu HTML Checker)", () => {
  it("finds the fault it is here to find: a script after </html>", async ({ skip }) => {
    if (!javaPresent) return skip("no Java on this machine for the checker");
    const file = path.join(folder, "stray.html");
    fs.writeFileSync(file, `<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p>x</p></body></html><script>1</script>`);
    expect((await htmlErrors([file])).join("\n")).toMatch(/Stray start tag .script./i);
  });

  it("finds no error on the visitor's, the parent's and the admin's pages, in English and Hindi", async ({ skip }) => {
    if (!javaPresent) return skip("no Java on this machine for the checker");
    const [product] = await server.shop.products.list();
    const files: string[] = [];
    // The tax documents are there to check, not a 404 in their place.
    for (const page of PARENT_ORDER_PAGES(invoicedOrderId)) {
      expect((await fetch(`${server.url}${page}`, { headers: { cookie: parentCookie } })).status, page).toBe(200);
    }
    for (const language of ["en", "hi"] as const) {
      for (const page of [...STOREFRONT_PAGES, `/product/${product.id}`]) files.push(await save("visitor", "", language, page));
      for (const page of ["/", "/account", "/cart", "/checkout", "/schools/dps", "/orders/track", ...PARENT_ORDER_PAGES(invoicedOrderId)]) {
        files.push(await save("parent", parentCookie, language, page));
      }
      for (const page of ["/admin", `/admin/orders/${orderId}`, "/admin/products", "/admin/notifications", "/admin/admins", "/admin/password"]) {
        files.push(await save("admin", admin.cookie, language, page));
      }
    }
    expect(await htmlErrors(files)).toEqual([]);
    // A hundred pages fetched and checked: 13 s on a quiet machine, over a minute once on the suite's busiest stretch.
  }, 180_000);
});
