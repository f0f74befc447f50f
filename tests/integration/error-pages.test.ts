import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInShopper } from "../../app/auth/session.server";
import { SCHOOLS } from "../../domain/schools";
import { startTestServer, type TestServer } from "../support/server";
import { call, createTestAdmin, type TestAdmin } from "../support/admin";

// A name no default could produce: the page must take it from the configuration.
const SHOP_NAME = "Ratangarh Road Uniform Depot";

let server: TestServer;
let admin: TestAdmin;
let shopperCookie: string;

beforeAll(async () => {
  server = await startTestServer({ env: { SHOP_NAME } });
  admin = await createTestAdmin(server.shop, server.url);
  const shopper = await server.shop.auth.registerWithEmail({
    email: `error-pages-${randomUUID()}@example.com`,
    password: "shopper password 1994",
    name: "Meera Shekhawat",
  });
  const signedIn = await signInShopper(new Request(`${server.url}/login`), server.shop, shopper.id);
  shopperCookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function page(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  const res = await call(`${server.url}${path}`, { ...init, headers });
  // React marks the joins of interpolated text with empty comments: read the page as a browser shows it.
  const html = (await res.text()).replace(/<!-- -->/g, "");
  return { status: res.status, html, location: res.headers.get("location"), type: res.headers.get("content-type") ?? "" };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const brandOf = (html: string) => /<a[^>]*class="brand"[^>]*>([^<]*)<\/a>/.exec(html)?.[1];

/** A table the page needs, renamed away for one request's worth of time: the database "fails" for it. */
async function withoutTable(table: string, run: () => Promise<void>) {
  const { db } = server.shop;
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
  try {
    await run();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db);
  }
}

function expectShopFrame(html: string) {
  expect(brandOf(html)).toBe(SHOP_NAME);
  // The Schools menu lists every school, as on any page.
  for (const school of SCHOOLS) expect(html).toContain(`href="/schools/${school.slug}"`);
  expect(html).toContain(`${SHOP_NAME}, Churu, Rajasthan`);
}

describe("the not-found page", () => {
  it("answers 404 in the shop's frame, with the configured shop name and a title", async () => {
    const res = await page("/no-such-page/at-all");
    expect(res.status).toBe(404);
    expect(res.type).toContain("text/html");
    expect(titleOf(res.html)).toBe(`Page not found | ${SHOP_NAME}`);
    expect(res.html).toContain("<h1>Page not found</h1>");
    expectShopFrame(res.html);
    expect(res.html).toContain('href="/login"');
  });

  it("shows a signed-in shopper their own navbar, not Login and Signup", async () => {
    const res = await page("/uniforms-2031", { cookie: shopperCookie });
    expect(res.status).toBe(404);
    expectShopFrame(res.html);
    expect(res.html).toContain('href="/account"');
    expect(res.html).not.toContain('href="/login"');
    expect(res.html).not.toContain('href="/signup"');
  });

  it("answers a form posted to a dead address with the same 404 page, not 405", async () => {
    const res = await page("/no-such-form", { method: "POST", body: new URLSearchParams({ a: "b" }) });
    expect(res.status).toBe(404);
    expect(titleOf(res.html)).toBe(`Page not found | ${SHOP_NAME}`);
  });

  it("is the page for a school that does not exist too (a 404 thrown by a page's own loader)", async () => {
    const res = await page("/schools/no-such-school");
    expect(res.status).toBe(404);
    expect(titleOf(res.html)).toBe(`Page not found | ${SHOP_NAME}`);
    expectShopFrame(res.html);
  });

  it("leaves the API's JSON 404 as it was", async () => {
    const res = await page("/api/no-such-call");
    expect(res.status).toBe(404);
    expect(res.type).toContain("application/json");
    expect(JSON.parse(res.html)).toMatchObject({ message: expect.stringContaining("/api/no-such-call") });
  });
});

describe("a server fault", () => {
  it("answers 500 in the shop's frame, titled 'Something went wrong'", async () => {
    await withoutTable("orders", async () => {
      const res = await page("/account", { cookie: shopperCookie });
      expect(res.status).toBe(500);
      expect(titleOf(res.html)).toBe(`Something went wrong | ${SHOP_NAME}`);
      expect(res.html).toContain("<h1>Something went wrong</h1>");
      expectShopFrame(res.html);
      expect(res.html).toContain('href="/account"');
      expect(res.html).not.toContain('href="/login"');
      // Nothing of the fault itself reaches the shopper.
      expect(res.html).not.toContain("orders_away");
      expect(res.html).not.toMatch(/relation .* does not exist/);
    });
  });

  it("keeps the frame when the shopper lookup in the frame itself fails, without claiming they are signed out", async () => {
    await withoutTable("users", async () => {
      const contact = await page("/contact", { cookie: shopperCookie });
      expect(contact.status).toBe(200);
      expectShopFrame(contact.html);
      expect(contact.html).toContain('href="/account"');
      expect(contact.html).not.toContain('href="/login"');

      const missing = await page("/no-such-page", { cookie: shopperCookie });
      expect(missing.status).toBe(404);
      expect(titleOf(missing.html)).toBe(`Page not found | ${SHOP_NAME}`);
      expectShopFrame(missing.html);
    });
  });
});

describe("errors in the admin area", () => {
  it("an unknown admin address keeps the admin frame for a signed-in admin", async () => {
    const res = await page("/admin/no-such-report", { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(titleOf(res.html)).toBe("Page not found | Admin");
    expect(res.html).toContain(`Signed in as ${admin.name} (${admin.email})`);
    expect(res.html).toContain('aria-label="Admin"');
    expect(res.html).toContain('href="/admin/products"');
    // The admin header with the shop's name, not the shop's navbar (Schools, Login / Signup) and footer.
    expect(brandOf(res.html)).toBe(SHOP_NAME);
    expect(res.html).toContain('class="admin-header"');
    expect(res.html).not.toContain(`href="/schools/${SCHOOLS[0].slug}"`);
    expect(res.html).not.toContain(`${SHOP_NAME}, Churu, Rajasthan`);
  });

  it("a form posted to an unknown admin address is a 404 in the admin frame too", async () => {
    const res = await page("/admin/no-such-report", { method: "POST", body: new URLSearchParams({ a: "b" }), cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(titleOf(res.html)).toBe("Page not found | Admin");
    expect(res.html).toContain(`Signed in as ${admin.name} (${admin.email})`);
  });

  it("sends a visitor or a shopper to the admin login, never showing the admin frame", async () => {
    for (const cookie of [undefined, shopperCookie]) {
      const res = await page("/admin/no-such-report", { cookie });
      expect(res.status).toBe(302);
      expect(res.location).toMatch(/^\/admin\/login/);
      expect(res.html).not.toContain(`Signed in as ${admin.name} (`);
    }
    const posted = await page("/admin/no-such-report", { method: "POST", body: new URLSearchParams({ a: "b" }), cookie: shopperCookie });
    expect(posted.status).toBe(302);
    expect(posted.location).toMatch(/^\/admin\/login/);
  });

  it("a fault on an admin page answers 500 inside the admin frame", async () => {
    await withoutTable("orders", async () => {
      const res = await page("/admin", { cookie: admin.cookie });
      expect(res.status).toBe(500);
      expect(titleOf(res.html)).toBe("Something went wrong | Admin");
      expect(res.html).toContain(`Signed in as ${admin.name} (${admin.email})`);
      expect(res.html).toContain('href="/admin"');
    });
  });

  it("when the admin check itself fails, the error page shows no admin frame", async () => {
    await withoutTable("users", async () => {
      const res = await page("/admin/no-such-report", { cookie: admin.cookie });
      expect(res.status).toBe(500);
      expect(res.html).not.toContain(`Signed in as ${admin.name} (`);
      expect(res.html).not.toContain('aria-label="Admin"');
      expect(brandOf(res.html)).toBe(SHOP_NAME);
    });
  });
});
