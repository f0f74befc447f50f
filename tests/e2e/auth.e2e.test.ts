import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newShopperPage, ready } from "../support/browser";
import { startTestServer, type TestServer } from "../support/server";
import { startFakeGoogle, type FakeGoogle } from "../support/fake-google";

/** With JavaScript on: the same pages with it off are checked through their real forms in tests/integration/pages/. */
const js = true;

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

describe("sign-up and sign-in by email", () => {
  it("signs up, lands on the account page, signs out and back in (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    const email = uniqueEmail("asha");

    await page.goto("/signup");
    await ready(page, js);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    expect(await alertText(page)).toBe("Please fill all fields.");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.getByText("Password must be at least 8 characters.").waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("satchel-2026");
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
    await page.getByLabel("Password", { exact: true }).fill("satchel-2026");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL("**/account");
    await ready(page, js);
    await navbarSays(page, true);
    await context.close();
  });

  it("says everything wrong with the sign-up form at once, in English and Hindi (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    const messagesOf = async () => (await page.getByRole("alert").allTextContents()).map((text) => text.trim());
    await page.goto("/signup");
    await ready(page, js);
    await page.getByLabel("Email", { exact: true }).fill("asha");
    await page.getByLabel("Password", { exact: true }).fill("123");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await page.locator("#password-error").waitFor();
    expect(await messagesOf()).toEqual(["Please enter a valid email address.", "Password must be at least 8 characters."]);
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

  it("shows the password field for an email, and checks the field (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    await page.goto("/login");
    await ready(page, js);
    const password = page.getByLabel("Password", { exact: true });
    // Hydration removes the field that the server rendered for browsers without JavaScript.
    await password.waitFor({ state: "detached" });
    await page.getByLabel("Mobile number or email", { exact: true }).fill("9876543210");
    expect(await password.count()).toBe(0);
    await page.getByLabel("Mobile number or email", { exact: true }).fill("asha@example.com");
    await password.waitFor();
    await page.getByLabel("Mobile number or email", { exact: true }).fill("not-an-email");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    expect(await alertText(page)).toBe("Please enter a valid email or 10-digit phone number.");
    expect(await page.getByRole("checkbox", { name: "Remember me" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Sign up" }).count()).toBe(1);
    await context.close();
  });
});

describe("sign-up and sign-in by phone with a one-time code", () => {
  it("signs up with a code from the SMS, signs out, logs in with a new code (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
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

    // Login: the phone alone only sends a code (the password field is gone with JavaScript).
    await page.goto("/login");
    await ready(page, js);
    await page.getByLabel("Mobile number or email", { exact: true }).fill(phone);
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

});

describe("Google sign-in (Google faked at the HTTP boundary)", () => {
  it("creates the account and signs in (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
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

});

describe("the admin area", () => {
  it("refuses a shopper at the admin login, lets the admin in, keeps the two sessions apart (JS on)", async ({ skip }) => {
    if (!browser) return skip("no Chromium on this machine");
    const { context, page } = await newShopperPage(browser, server.url, js);
    const email = uniqueEmail("notadmin");
    await server.shop.auth.registerWithEmail({ email, password: "satchel-2026" });

    await page.goto("/admin");
    await page.waitForURL("**/admin/login");
    await ready(page, js);
    await page.getByRole("heading", { name: "Admin Login" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("satchel-2026");
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

});
