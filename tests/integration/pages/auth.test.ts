import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { htmlBrowser, type HtmlBrowser, type HtmlPage } from "../../support/html-browser";
import { startTestServer, type TestServer } from "../../support/server";
import { startFakeGoogle, type FakeGoogle } from "../../support/fake-google";
import { adminApiCalls, adminPages, adminPublicRouteFiles } from "../../support/admin-surface";
import { SHOPPER_COOKIE } from "../../../domain/cookies";

// Signing up and in with JavaScript off, through the pages' real forms (tests/support/html-browser), and the
// admin area's doors by role over HTTP. With JavaScript on (the login form that hides the password for a phone
// number, the sign-in journeys in a browser): tests/e2e/auth.e2e.test.ts.

let server: TestServer;
let google: FakeGoogle;
let seq = 0;
const ADMIN = { email: "owner@churu-uniforms.example", password: "admin password 1994" };

const uniqueEmail = (what: string) => `${what}.${Date.now().toString(36)}.${seq++}@example.com`;
let phoneSeq = 7_000_000_000 + Math.floor(Math.random() * 900_000_000);
const uniquePhone = () => String(phoneSeq++);

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({ env: google.env });
  await server.shop.auth.createAdmin(ADMIN);
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** What the main navigation offers: signed in, My Account and Logout; signed out, Login and Signup. */
function navbarSays(page: HtmlPage, signedIn: boolean): void {
  const nav = page.within({ region: "Main" });
  const links = nav.links().map((l) => l.name);
  if (signedIn) {
    expect(links).toContain("My Account");
    expect(nav.buttons()).toContain("Logout");
    expect(links).not.toContain("Login");
  } else {
    expect(links).toEqual(expect.arrayContaining(["Login", "Signup"]));
    expect(links).not.toContain("My Account");
  }
}

async function logout(page: HtmlPage): Promise<HtmlPage> {
  const home = await page.within({ region: "Main" }).press("Logout");
  expect(home.url.pathname).toBe("/");
  navbarSays(home, false);
  return home;
}

/** Signs up by email through the page's form with plain HTTP and returns the shopper cookie. */
async function shopperCookie(): Promise<string> {
  const res = await fetch(`${server.url}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ method: "email", email: uniqueEmail("surface"), password: "satchel-2026" }),
  });
  expect(res.status).toBe(302);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${server.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
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

async function signUpByEmail(parent: HtmlBrowser, email: string): Promise<HtmlPage> {
  const signup = await parent.open("/signup");
  const account = await signup.fill("Email", email).fill("Password", "satchel-2026").press("Sign Up");
  expect(account.url.pathname).toBe("/account");
  return account;
}

describe("sign-up and sign-in by email (JS off)", () => {
  it("signs up, lands on the account page, signs out and back in", async () => {
    const parent = htmlBrowser(server.url);
    const email = uniqueEmail("asha");
    let page = await parent.open("/signup");
    page = await page.press("Sign Up");
    expect(page.alerts()[0]).toBe("Please fill all fields.");
    page = await page.fill("Email", email).fill("Password", "12345").press("Sign Up");
    expect(page.has("Password must be at least 8 characters.")).toBe(true);
    page = await page.fill("Email", email).fill("Password", "iloveyou").press("Sign Up");
    expect(page.alerts()).toEqual(["This password is one of the most common ones. Please choose another."]);
    page = await page.fill("Email", email).fill("Password", "satchel-2026").press("Sign Up");
    expect(page.url.pathname).toBe("/account");
    expect(page.headings()).toContain("My Account");
    expect(page.has(email)).toBe(true);
    expect(page.has("No orders found.")).toBe(true);
    navbarSays(page, true);

    await logout(page);
    page = await parent.open("/account");
    expect(page.url.pathname).toBe("/login");
    expect(page.url.searchParams.get("redirectTo")).toBe("/account");
    page = await page.fill("Mobile number or email", email.toUpperCase()).fill("Password", "wrong-password").press("Login");
    expect(page.alerts()[0]).toBe("Login failed. Please check your credentials.");
    page = await page.fill("Mobile number or email", email).fill("Password", "satchel-2026").press("Login");
    expect(page.url.pathname).toBe("/account");
    navbarSays(page, true);
  });

  it("says everything wrong with the sign-up form at once, in English and Hindi", async () => {
    const parent = htmlBrowser(server.url);
    let page = await parent.open("/signup");
    page = await page.fill("Email", "asha").fill("Password", "123").press("Sign Up");
    expect(page.alerts()).toEqual(["Please enter a valid email address.", "Password must be at least 8 characters."]);
    expect(page.field("Email").element.attribs["aria-invalid"]).toBe("true");
    expect(page.field("Password").element.attribs["aria-invalid"]).toBe("true");

    await parent.setCookie("shop_lng=hi; Path=/");
    page = await parent.open("/signup");
    page = await page.fill("ईमेल", "asha").press("साइन अप करें");
    const hindi = page.alerts();
    expect(hindi).toHaveLength(2);
    for (const text of hindi) expect(text).toMatch(/[\u0900-\u097F]/);
  });

  it("shows the password field to a browser without JavaScript, and checks the field", async () => {
    const parent = htmlBrowser(server.url);
    let page = await parent.open("/login");
    expect(page.field("Password").type).toBe("password");
    page = await page.fill("Mobile number or email", "not-an-email").press("Login");
    expect(page.alerts()[0]).toBe("Please enter a valid email or 10-digit phone number.");
    expect(page.field("Remember me").type).toBe("checkbox");
    expect(page.links().filter((l) => l.name === "Sign up")).toHaveLength(1);
  });
});

describe("Remember me (JS off)", () => {
  /** The shopper's cookie as the browser keeps it: how long it lasts once the browser closes. */
  const sessionCookie = async (parent: HtmlBrowser) => (await parent.cookies()).find((c) => c.key === SHOPPER_COOKIE);

  it("unticked, signs in with a cookie that ends with the browser (no Max-Age, no Expires); ticked, with one that lasts 30 days", async () => {
    const email = uniqueEmail("remember");
    await server.shop.auth.registerWithEmail({ email, password: "satchel and slate 7" });

    const shared = htmlBrowser(server.url);
    let page = await shared.open("/login");
    page = await page.fill("Mobile number or email", email).fill("Password", "satchel and slate 7").press("Login");
    expect(page.url.pathname).toBe("/account");
    const forgotten = await sessionCookie(shared);
    expect(forgotten).toBeDefined();
    expect(forgotten!.isPersistent()).toBe(false);

    const own = htmlBrowser(server.url);
    page = await own.open("/login");
    page = await page.fill("Mobile number or email", email).fill("Password", "satchel and slate 7").check("Remember me").press("Login");
    expect(page.url.pathname).toBe("/account");
    const kept = await sessionCookie(own);
    expect(kept!.isPersistent()).toBe(true);
    expect(kept!.maxAge).toBe(30 * 86400);
  });

  it("carries the choice through the code step of a phone login", async () => {
    const phone = uniquePhone();
    const parent = htmlBrowser(server.url);
    let page = await parent.open("/login");
    page = await page.fill("Mobile number or email", phone).press("Login");
    expect(page.url.pathname).toBe("/otp");
    page = await page.fill("OTP", await server.sms.code(phone, 1)).press("Verify OTP");
    // A number new to the shop names its account, then is signed in, still not remembered.
    page = await page.fill("Your name", "Meera Devi").press("Create account");
    expect(page.url.pathname).toBe("/account");
    expect((await sessionCookie(parent))!.isPersistent()).toBe(false);
  });
});

describe("sign-up and sign-in by phone with a one-time code (JS off)", () => {
  it("signs up with a code from the SMS, signs out, logs in with a new code", async () => {
    const parent = htmlBrowser(server.url);
    const phone = uniquePhone();
    let page = await (await parent.open("/signup")).follow("Sign up with Phone");
    expect(page.url.pathname + page.url.search).toBe("/signup?method=phone");
    page = await page.press("Send OTP");
    expect(page.alerts()[0]).toBe("Name is required");
    expect(page.has("Please enter your phone number.")).toBe(true);
    page = await page.fill("Your name", "Asha Devi").fill("Mobile number", phone).press("Send OTP");
    expect(page.url.pathname).toBe("/otp");
    expect(page.headings()).toContain("Login with OTP");
    expect(page.has(`******${phone.slice(-4)}`)).toBe(true);
    expect(page.url.toString()).not.toContain(phone);

    const code = await server.sms.code(phone, 1);
    page = await page.fill("OTP", code === "000000" ? "111111" : "000000").press("Verify OTP");
    expect(page.alerts()[0]).toBe("Invalid OTP");
    page = await page.fill("OTP", code).press("Verify OTP");
    expect(page.url.pathname).toBe("/account");
    expect(page.has(phone)).toBe(true);
    // The account has the name given at sign-up, not "Customer 1234".
    expect(page.has("Asha Devi")).toBe(true);
    navbarSays(page, true);
    await logout(page);

    // Login: the phone alone only sends a code; the password field, there without JavaScript, is ignored.
    page = await parent.open("/login");
    page = await page.fill("Mobile number or email", phone).fill("Password", "anything at all").press("Login");
    expect(page.url.pathname).toBe("/otp");
    navbarSays(page, false);
    const second = await server.sms.code(phone, 2);
    page = await page.fill("OTP", second).press("Verify OTP");
    expect(page.url.pathname).toBe("/account");
    expect(page.has(phone)).toBe(true);
    const users = await server.shop.db.selectFrom("users").select("id").where("phone", "=", phone).execute();
    expect(users).toHaveLength(1);
  });

  it("takes the number on the OTP page itself and can start over with another", async () => {
    const parent = htmlBrowser(server.url);
    let page = await parent.open("/otp");
    page = await page.fill("Mobile number", uniquePhone()).press("Send OTP");
    expect(page.field("OTP").type).not.toBe("hidden");
    page = await page.press("Use a different number");
    expect(page.field("Mobile number").value).toBe("");
  });
});

describe("Google sign-in (Google faked at the HTTP boundary)", () => {
  it("creates the account and signs in (JS off)", async () => {
    const parent = htmlBrowser(server.url);
    const email = uniqueEmail("google");
    google.nextProfile({ sub: `g-${email}`, name: "Meera Google", email, email_verified: true });
    const account = await (await parent.open("/signup")).follow("Sign up with Google");
    expect(account.url.pathname).toBe("/account");
    expect(account.has("Meera Google")).toBe(true);
    expect(account.has(email)).toBe(true);
    navbarSays(account, true);
    const sent = google.tokenRequests.at(-1)!;
    expect(sent.get("redirect_uri")).toBe(`${server.url}/api/users/google/callback`);
  });

  it("links to the existing account with the same verified email", async () => {
    const email = uniqueEmail("linked");
    const existing = await server.shop.auth.registerWithEmail({ email, password: "satchel-2026" });
    google.nextProfile({ sub: `g-${email}`, name: "Someone Else", email, email_verified: true });
    const account = await htmlBrowser(server.url).open("/api/users/google");
    expect(account.url.pathname).toBe("/account");
    const row = await server.shop.db.selectFrom("users").select(["id", "google_id", "name"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row).toEqual({ id: existing.id, google_id: `g-${email}`, name: existing.name });
  });

  it("refuses a callback whose state does not match", async () => {
    const res = await fetch(`${server.url}/api/users/google/callback?code=x&state=forged`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=google");
  });

  it("offers Google only where it is set up: no Google button on /signup or /login without it, in English or Hindi (JS off)", async () => {
    const bare = await startTestServer();
    try {
      for (const [url, offered] of [[server.url, true], [bare.url, false]] as const) {
        for (const language of ["en", "hi"] as const) {
          const parent = htmlBrowser(url);
          await parent.setCookie(`shop_lng=${language}; Path=/`);
          for (const pathname of ["/signup", "/login"]) {
            const page = await parent.open(pathname);
            expect(page.count("form")).toBeGreaterThan(0);
            expect(page.count(".google-button"), `${url}${pathname} in ${language}`).toBe(offered ? 1 : 0);
            // Nothing on the page speaks of Google where it is not set up.
            if (!offered) expect(page.text("main")).not.toMatch(/Google/);
          }
        }
      }
      const res = await fetch(`${bare.url}/api/users/google`, { redirect: "manual" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/signup?google=unavailable");
    } finally {
      await bare.close();
    }
  });
});

describe("the admin area", () => {
  it("refuses a shopper at the admin login, lets the admin in, keeps the two sessions apart (JS off)", async () => {
    const parent = htmlBrowser(server.url);
    const email = uniqueEmail("notadmin");
    await server.shop.auth.registerWithEmail({ email, password: "satchel-2026" });

    let page = await parent.open("/admin");
    expect(page.url.pathname).toBe("/admin/login");
    expect(page.headings()).toContain("Admin Login");
    page = await page.fill("Email", email).fill("Password", "satchel-2026").press("Login");
    expect(page.alerts()[0]).toBe("Login failed.");
    page = await page.fill("Email", ADMIN.email).fill("Password", ADMIN.password).press("Login");
    expect(page.url.pathname).toBe("/admin");
    expect(page.headings()).toContain("Orders");
    expect((await parent.open("/admin/products")).headings()).toContain("Products");

    // The admin session is not a shopper session.
    page = await parent.open("/account");
    expect(page.url.pathname + page.url.search).toBe("/login?redirectTo=%2Faccount");
    navbarSays(page, false);

    page = await parent.open("/admin");
    page = await page.within({ region: "Admin" }).press("Logout");
    expect(page.url.pathname).toBe("/admin/login");
    expect((await parent.open("/admin")).url.pathname).toBe("/admin/login");
  });

  it("sends a signed-in shopper from every admin page to the admin login (JS off)", async () => {
    const parent = htmlBrowser(server.url);
    await signUpByEmail(parent, uniqueEmail("shopper"));
    for (const entry of adminPages.filter((p) => p.method === "GET")) {
      const page = await parent.open(entry.path);
      expect(page.url.pathname, entry.path).toBe("/admin/login");
    }
  });

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
            Origin: server.url,
            ...(cookie ? { Cookie: cookie } : {}),
            ...(entry.form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
          },
          body: entry.form ? new URLSearchParams(entry.form) : undefined,
        });
      for (const [who, cookie] of [["anonymous", undefined], ["shopper", shopper]] as const) {
        const res = await request(cookie);
        await res.arrayBuffer();
        expect(`${entry.method} ${entry.path} as ${who}: ${res.status} ${res.headers.get("location")}`).toBe(
          `${entry.method} ${entry.path} as ${who}: 302 /admin/login`,
        );
      }
      const res = await request(admin);
      // Read to its end: a page left unread keeps its connection open past the file (decision 157).
      await res.arrayBuffer();
      expect(res.status, `${entry.method} ${entry.path} as admin`).toBeLessThan(500);
      expect(res.headers.get("location") ?? "", `${entry.method} ${entry.path} as admin`).not.toContain("/admin/login");
    }
    // Three requests for each of the 100-odd admin addresses, one after another: a busy machine needs more than a minute.
  }, 240_000);

  it("answers every admin API call by role: 401 anonymous, 403 shopper token, allowed admin token", async () => {
    const shopperEmail = uniqueEmail("apishopper");
    const shopperToken = await apiToken("/api/users/register", { email: shopperEmail, password: "satchel-2026" });
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
