import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { JS_MODES, launchBrowser, newShopperPage, ready } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { startFakeGoogle, type FakeGoogle } from "../support/fake-google";
import { adminApiCalls, adminPages, adminPublicRouteFiles } from "../support/admin-surface";

let server: TestServer;
let google: FakeGoogle;
let browser: Browser | null;
let seq = 0;
const ADMIN = { email: "owner@churu-uniforms.example", password: "admin password 1994" };

const uniqueEmail = (what: string) => `${what}.${Date.now().toString(36)}.${seq++}@example.com`;
let phoneSeq = 8_000_000_000 + Math.floor(Math.random() * 900_000_000);
const uniquePhone = () => String(phoneSeq++);

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({ env: google.env });
  await server.shop.auth.createAdmin(ADMIN);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await google?.close();
});

/** The code as the shopper reads it: from the text that reached the (fake) SMS provider. */
async function latestCode(phone: string, count = 1): Promise<string> {
  return server.sms.code(phone, count);
}

async function navbarSays(page: Page, signedIn: boolean): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (signedIn) {
    await nav.getByRole("link", { name: "My Account" }).waitFor();
    await nav.getByRole("button", { name: "Logout", exact: true }).waitFor();
    expect(await nav.getByRole("link", { name: "Login" }).count()).toBe(0);
  } else {
    await nav.getByRole("link", { name: "Login" }).waitFor();
    await nav.getByRole("link", { name: "Signup" }).waitFor();
    expect(await nav.getByRole("link", { name: "My Account" }).count()).toBe(0);
  }
}

async function logout(page: Page, js: boolean): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await ready(page, js);
  await navbarSays(page, false);
}

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole("alert");
  await alert.first().waitFor();
  return (await alert.first().textContent())?.trim() ?? "";
}

/** Signs up by email through the page's form with plain HTTP and returns the shopper cookie. */
async function shopperCookie(): Promise<string> {
  const res = await fetch(`${server.url}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method: "email", email: uniqueEmail("surface"), password: "secret123" }),
  });
  expect(res.status).toBe(302);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(ADMIN),
  });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/admin");
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function apiToken(pathname: string, body: unknown): Promise<string> {
  const res = await fetch(`${server.url}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { token: string }).token;
}

describe("sign-up and sign-in by email", () => {
  for (const mode of JS_MODES) {
    it(`signs up, lands on the account page, signs out and back in (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      const email = uniqueEmail("asha");

      await page.goto("/signup");
      await ready(page, js);
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      expect(await alertText(page)).toBe("Please fill all fields.");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("12345");
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await page.getByText("Password must be at least 6 characters.").waitFor();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await page.waitForURL("**/account");
      await ready(page, js);
      await page.getByRole("heading", { name: "My Account" }).waitFor();
      expect(await page.getByText(email).count()).toBe(1);
      await page.getByText("No orders found.").waitFor();
      await navbarSays(page, true);

      await logout(page, js);
      await page.goto("/account");
      await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/account");
      await ready(page, js);

      await page.getByLabel("Mobile number or email", { exact: true }).fill(email.toUpperCase());
      await page.getByLabel("Password", { exact: true }).fill("wrong-password");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      expect(await alertText(page)).toBe("Login failed. Please check your credentials.");
      await page.getByLabel("Mobile number or email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.waitForURL("**/account");
      await ready(page, js);
      await navbarSays(page, true);
      await context.close();
    });

    it(`says everything wrong with the sign-up form at once, in English and Hindi (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      const messagesOf = async () => (await page.getByRole("alert").allTextContents()).map((text) => text.trim());
      await page.goto("/signup");
      await ready(page, js);
      await page.getByLabel("Email", { exact: true }).fill("asha");
      await page.getByLabel("Password", { exact: true }).fill("123");
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await page.locator("#password-error").waitFor();
      expect(await messagesOf()).toEqual(["Please enter a valid email address.", "Password must be at least 6 characters."]);
      expect(await page.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
      expect(await page.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).toBe("true");

      await context.addCookies([{ name: "shop_lng", value: "hi", url: server.url }]);
      await page.goto("/signup");
      await ready(page, js);
      await page.getByLabel("ईमेल", { exact: true }).fill("asha");
      await page.getByRole("button", { name: "साइन अप करें", exact: true }).click();
      await page.locator("#email-error").waitFor();
      const hindi = await messagesOf();
      expect(hindi).toHaveLength(2);
      for (const text of hindi) expect(text).toMatch(/[\u0900-\u097F]/);
      await context.close();
    });

    it(`shows the password field for an email, and checks the field (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      await page.goto("/login");
      await ready(page, js);
      const password = page.getByLabel("Password", { exact: true });
      if (js) {
        // Hydration removes the field that the server rendered for browsers without JavaScript.
        await password.waitFor({ state: "detached" });
        await page.getByLabel("Mobile number or email", { exact: true }).fill("9876543210");
        expect(await password.count()).toBe(0);
        await page.getByLabel("Mobile number or email", { exact: true }).fill("asha@example.com");
        await password.waitFor();
      } else {
        expect(await password.isVisible()).toBe(true);
      }
      await page.getByLabel("Mobile number or email", { exact: true }).fill("not-an-email");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      expect(await alertText(page)).toBe("Please enter a valid email or 10-digit phone number.");
      expect(await page.getByRole("checkbox", { name: "Remember me" }).count()).toBe(1);
      expect(await page.getByRole("link", { name: "Sign up" }).count()).toBe(1);
      await context.close();
    });
  }
});

describe("sign-up and sign-in by phone with a one-time code", () => {
  for (const mode of JS_MODES) {
    it(`signs up with a code from the SMS, signs out, logs in with a new code (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      const phone = uniquePhone();

      await page.goto("/signup");
      await ready(page, js);
      await page.getByRole("link", { name: "Sign up with Phone" }).click();
      await page.waitForURL("**/signup?method=phone");
      await page.getByRole("button", { name: "Send OTP", exact: true }).click();
      expect(await alertText(page)).toBe("Name is required");
      await page.getByText("Please enter your phone number.").waitFor();
      await page.getByLabel("Your name", { exact: true }).fill("Asha Devi");
      await page.getByLabel("Mobile number", { exact: true }).fill(phone);
      await page.getByRole("button", { name: "Send OTP", exact: true }).click();
      await page.waitForURL("**/otp");
      await ready(page, js);
      await page.getByRole("heading", { name: "Login with OTP" }).waitFor();
      await page.getByText(`******${phone.slice(-4)}`).waitFor();
      expect(page.url()).not.toContain(phone);

      const code = await latestCode(phone);
      await page.getByLabel("OTP", { exact: true }).fill(code === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify OTP", exact: true }).click();
      expect(await alertText(page)).toBe("Invalid OTP");
      await page.getByLabel("OTP", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Verify OTP", exact: true }).click();
      await page.waitForURL("**/account");
      await ready(page, js);
      await page.getByText(phone).first().waitFor();
      // The account has the name given at sign-up, not "Customer 1234".
      await page.getByText("Asha Devi").first().waitFor();
      await navbarSays(page, true);
      await logout(page, js);

      // Login: the phone alone only sends a code; the password field, if there, is ignored.
      await page.goto("/login");
      await ready(page, js);
      await page.getByLabel("Mobile number or email", { exact: true }).fill(phone);
      if (!js) await page.getByLabel("Password", { exact: true }).fill("anything at all");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.waitForURL("**/otp");
      await ready(page, js);
      await navbarSays(page, false);
      const second = await latestCode(phone, 2);
      await page.getByLabel("OTP", { exact: true }).fill(second);
      await page.getByRole("button", { name: "Verify OTP", exact: true }).click();
      await page.waitForURL("**/account");
      await page.getByText(phone).first().waitFor();
      const users = await server.shop.db.selectFrom("users").select("id").where("phone", "=", phone).execute();
      expect(users).toHaveLength(1);
      await context.close();
    });
  }

  it("takes the number on the OTP page itself and can start over with another (JS off)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, false);
    const phone = uniquePhone();
    await page.goto("/otp");
    await page.getByLabel("Mobile number", { exact: true }).fill(phone);
    await page.getByRole("button", { name: "Send OTP", exact: true }).click();
    await page.getByLabel("OTP", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Use a different number" }).click();
    await page.getByLabel("Mobile number", { exact: true }).waitFor();
    await context.close();
  });
});

describe("Google sign-in (Google faked at the HTTP boundary)", () => {
  for (const mode of JS_MODES) {
    it(`creates the account and signs in (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      const email = uniqueEmail("google");
      google.nextProfile({ sub: `g-${email}`, name: "Meera Google", email, email_verified: true });
      await page.goto("/signup");
      await ready(page, js);
      await page.getByRole("link", { name: "Sign up with Google" }).click();
      await page.waitForURL("**/account");
      await ready(page, js);
      await page.getByText("Meera Google").waitFor();
      await page.getByText(email).waitFor();
      await navbarSays(page, true);
      const sent = google.tokenRequests.at(-1)!;
      expect(sent.get("redirect_uri")).toBe(`${server.url}/api/users/google/callback`);
      await context.close();
    });
  }

  it("links to the existing account with the same verified email", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const email = uniqueEmail("linked");
    const existing = await server.shop.auth.registerWithEmail({ email, password: "secret123" });
    google.nextProfile({ sub: `g-${email}`, name: "Someone Else", email, email_verified: true });
    const { context, page } = await newShopperPage(browser, server.url, true);
    await page.goto("/api/users/google");
    await page.waitForURL("**/account");
    const row = await server.shop.db.selectFrom("users").select(["id", "google_id", "name"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toEqual({ id: existing.id, google_id: `g-${email}`, name: existing.name });
    await context.close();
  });

  it("refuses a callback whose state does not match", async () => {
    const res = await fetch(`${server.url}/api/users/google/callback?code=x&state=forged`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=google");
  });

  for (const mode of JS_MODES) {
    it(`offers Google only where it is set up: no Google button on /signup or /login without it, in English or Hindi (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const bare = await startTestServer();
      try {
        for (const [url, offered] of [[server.url, true], [bare.url, false]] as const) {
          for (const language of ["en", "hi"] as const) {
            const { context, page } = await newShopperPage(browser, url, js);
            await context.addCookies([{ name: "shop_lng", value: language, url }]);
            for (const path of ["/signup", "/login"]) {
              await page.goto(path);
              await ready(page, js);
              await page.locator("form").first().waitFor();
              const shown = await page.locator(".google-button").count();
              expect(shown, `${url}${path} in ${language}`).toBe(offered ? 1 : 0);
              // Nothing on the page speaks of Google where it is not set up.
              if (!offered) expect(await page.locator("main").textContent()).not.toMatch(/Google/);
            }
            await context.close();
          }
        }
        const res = await fetch(`${bare.url}/api/users/google`, { redirect: "manual" });
        expect(res.status).toBe(302);
        expect(res.headers.get("location")).toBe("/signup?google=unavailable");
      } finally {
        await bare.close();
      }
    });
  }
});

describe("the admin area", () => {
  for (const mode of JS_MODES) {
    it(`refuses a shopper at the admin login, lets the admin in, keeps the two sessions apart (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      const email = uniqueEmail("notadmin");
      await server.shop.auth.registerWithEmail({ email, password: "secret123" });

      await page.goto("/admin");
      await page.waitForURL("**/admin/login");
      await ready(page, js);
      await page.getByRole("heading", { name: "Admin Login" }).waitFor();
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Login", exact: true }).click();
      expect(await alertText(page)).toBe("Login failed.");

      await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
      await page.getByRole("button", { name: "Login", exact: true }).click();
      await page.waitForURL((url) => url.pathname === "/admin");
      await ready(page, js);
      await page.getByRole("heading", { name: "Orders" }).waitFor();
      await page.goto("/admin/products");
      await page.getByRole("heading", { name: "Products" }).waitFor();
      await ready(page, js);

      // The admin session is not a shopper session.
      await page.goto("/account");
      await page.waitForURL("**/login?redirectTo=%2Faccount");
      await ready(page, js);
      await navbarSays(page, false);

      await page.goto("/admin");
      await ready(page, js);
      await page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name: "Logout", exact: true }).click();
      await page.waitForURL("**/admin/login");
      await page.goto("/admin");
      await page.waitForURL("**/admin/login");
      await context.close();
    });

    it(`sends a signed-in shopper from every admin page to the admin login (${mode.name})`, async ({ skip }) => {
      if (!browser) return skip("no Chromium on this machine");
      const js = mode.javaScriptEnabled;
      const { context, page } = await newShopperPage(browser, server.url, js);
      const email = uniqueEmail("shopper");
      await page.goto("/signup");
      await ready(page, js);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret123");
      await page.getByRole("button", { name: "Sign Up", exact: true }).click();
      await page.waitForURL("**/account");
      for (const entry of adminPages.filter((p) => p.method === "GET")) {
        await page.goto(entry.path);
        await page.waitForURL("**/admin/login");
      }
      await context.close();
    });
  }

  it("lists every admin page route file in the admin surface", () => {
    const files = fs.readdirSync(path.resolve("app/routes")).filter((f) => /^admin[._]/.test(f) && !adminPublicRouteFiles.includes(f));
    for (const file of files) {
      // Remix file names: a dot is a slash, except inside [brackets], which are literal ("export[.csv]").
      const pattern = file
        .replace(/\.tsx?$/, "")
        .split(/\.(?![^[]*\])/)
        .filter((s) => s !== "_index")
        .map((s) => (s.startsWith("$") ? "[^/]+" : s.replace(/_$/, "").replace(/\[([^\]]*)\]/g, (_, literal: string) => literal.replace(/\./g, "\\."))))
        .join("/");
      const re = new RegExp(`^/${pattern}$`);
      expect(adminPages.some((p) => re.test(p.path.split("?")[0])), `${file} is missing from tests/support/admin-surface.ts`).toBe(true);
    }
  });

  it("answers every admin page and form action by role: anonymous and shopper go to the login, the admin gets in", async () => {
    const shopper = await shopperCookie();
    const admin = await adminCookie();
    for (const entry of adminPages) {
      const request = (cookie?: string) =>
        fetch(`${server.url}${entry.path}`, {
          method: entry.method,
          redirect: "manual",
          headers: {
            ...(cookie ? { Cookie: cookie } : {}),
            ...(entry.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          body: entry.form ? new URLSearchParams(entry.form) : undefined,
        });
      for (const [who, cookie] of [["anonymous", undefined], ["shopper", shopper]] as const) {
        const res = await request(cookie);
        expect(`${entry.method} ${entry.path} as ${who}: ${res.status} ${res.headers.get("location")}`).toBe(
          `${entry.method} ${entry.path} as ${who}: 302 /admin/login`,
        );
      }
      const res = await request(admin);
      expect(res.status, `${entry.method} ${entry.path} as admin`).toBeLessThan(500);
      expect(res.headers.get("location") ?? "", `${entry.method} ${entry.path} as admin`).not.toContain("/admin/login");
    }
  });

  it("answers every admin API call by role: 401 anonymous, 403 shopper token, allowed admin token", async () => {
    const shopperEmail = uniqueEmail("apishopper");
    const shopperToken = await apiToken("/api/users/register", { email: shopperEmail, password: "secret123" });
    const adminToken = await apiToken("/api/users/admin-login", ADMIN);
    // The admin's shopper-scope token (from the normal login) is not an admin token.
    const adminAsShopper = await apiToken("/api/users/login", ADMIN);
    const call = (entry: (typeof adminApiCalls)[number], token?: string) =>
      fetch(`${server.url}${entry.path}`, {
        method: entry.method,
        redirect: "manual",
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(entry.body ? { "Content-Type": "application/json" } : {}),
        },
        body: entry.body ? JSON.stringify(entry.body) : undefined,
      });
    const built: string[] = [];
    for (const entry of adminApiCalls) {
      const label = `${entry.method} ${entry.path}`;
      const anonymous = await call(entry);
      if (anonymous.status === 404 || anonymous.status === 405) continue; // not built yet
      built.push(label);
      expect(anonymous.status, `${label} anonymous`).toBe(401);
      expect(await anonymous.json()).toHaveProperty("message");
      expect((await call(entry, "shop_not-a-real-token")).status, `${label} bad token`).toBe(401);
      expect((await call(entry, shopperToken)).status, `${label} shopper`).toBe(403);
      expect((await call(entry, adminAsShopper)).status, `${label} admin's shopper token`).toBe(403);
      const asAdmin = await call(entry, adminToken);
      expect([401, 403], `${label} admin`).not.toContain(asAdmin.status);
      expect(asAdmin.status, `${label} admin`).toBeLessThan(500);
    }
    expect(built).toContain("GET /api/orders");
  });
});
