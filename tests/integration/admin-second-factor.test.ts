/**
 * The admins' second factor (decision 197), with JavaScript off through the pages' real forms: an admin sets up an
 * authenticator app on /admin/second-factor (the key shown, a first code confirms it, ten recovery codes shown once),
 * then signs in with the password and a code; a code is taken once, a recovery code once, five wrong codes end the
 * pending sign-in, the /api asks for the code too, and the secret is sealed at rest. English and Hindi.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECOND_FACTOR_MAX_WRONG, SECOND_FACTOR_MESSAGES } from "../../domain/totp";
import { totpCode } from "../../services/auth/totp";
import { adminHtmlBrowser, call, createTestAdmin, type TestAdmin } from "../support/admin";
import { htmlBrowser, type HtmlPage } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let admin: TestAdmin;
/** The key as the setup page showed it, and the recovery codes it showed once. */
let key = "";
let recoveryCodes: string[] = [];

const PASSWORD = "admin password 1994";
/** The code an app shows `steps` steps of 30 seconds from now (the shop takes one step either side). */
const codeAt = (steps: number) => totpCode(key, new Date(Date.now() + steps * 30_000));

beforeAll(async () => {
  server = await startTestServer();
  admin = await createTestAdmin(server.shop, server.url, `owner-${randomUUID()}@churu-uniforms.example`);
});
afterAll(async () => {
  await server?.close();
});

async function passwordStep(lang = "en"): Promise<HtmlPage> {
  const browser = htmlBrowser(server.url, { language: lang });
  if (lang === "hi") await browser.setCookie("shop_lng=hi; Path=/");
  const login = await browser.open("/admin/login");
  return login.fill(lang === "hi" ? /ईमेल|Email/ : "Email", admin.email).fill(lang === "hi" ? /पासवर्ड|Password/ : "Password", PASSWORD).press(/लॉगिन|Login/);
}

describe("an admin's second factor", () => {
  it("is set up from the admin's own page: the key, a wrong first code refused, the right one turns it on and shows ten recovery codes once", async () => {
    const browser = await adminHtmlBrowser(server.url, admin);
    let page = await browser.open("/admin/second-factor");
    expect(page.has(/Off: your password alone signs you in/)).toBe(true);
    page = await page.press("Set up a second factor");
    key = page.text("[data-testid=second-factor-key]").replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(page.count("svg[role=img]")).toBe(1);
    // Sealed at rest: neither the key nor its bytes are in the row.
    const row = await server.shop.db.selectFrom("users").select(["totp_pending_sealed", "totp_secret_sealed"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.totp_pending_sealed).toMatch(/^v1\./);
    expect(row.totp_pending_sealed).not.toContain(key);
    expect(row.totp_secret_sealed).toBeNull();

    const wrong = codeAt(0) === "000000" ? "111111" : "000000";
    page = await page.fill("Code from the app", wrong).press("Turn on");
    expect(page.status).toBe(422);
    expect(page.has(SECOND_FACTOR_MESSAGES.setupCodeWrong)).toBe(true);
    page = await page.fill("Code from the app", codeAt(0)).press("Turn on");
    expect(page.status).toBe(200);
    recoveryCodes = page.texts("[data-testid=recovery-codes] li");
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Shown once: the page opened again says it is on and how many are left, not which.
    const again = await browser.open("/admin/second-factor");
    expect(again.has(/On since \d{4}-\d{2}-\d{2}/)).toBe(true);
    expect(again.has("Recovery codes left: 10")).toBe(true);
    expect(again.has(recoveryCodes[0])).toBe(false);
    const sealed = await server.shop.db.selectFrom("users").select("totp_secret_sealed").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(sealed.totp_secret_sealed).toMatch(/^v1\./);
    const hashes = await server.shop.db.selectFrom("admin_recovery_codes").select("code_hash").where("user_id", "=", admin.id).execute();
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => h.code_hash)).not.toContain(recoveryCodes[0]);
  });

  it("asks for the code after the password: the password alone opens nothing, a wrong code is refused, the app's code signs in, and is taken once", async () => {
    let page = await passwordStep();
    expect(page.url.pathname).toBe("/admin/login/code");
    expect(page.headings()).toContain("Enter the code from your app");
    // Not signed in yet: the dashboard sends the browser to the login.
    const browser = page.browser;
    expect((await browser.open("/admin")).url.pathname).toBe("/admin/login");

    page = await browser.open("/admin/login/code");
    page = await page.fill("Code", codeAt(1) === "000000" ? "111111" : "000000").press("Sign in");
    expect(page.status).toBe(422);
    expect(page.has(SECOND_FACTOR_MESSAGES.codeWrong)).toBe(true);
    // The setup took this step's code: the next step's, a phone's clock a little ahead, is taken.
    const code = codeAt(1);
    page = await page.fill("Code", code).press("Sign in");
    expect(page.url.pathname).toBe("/admin");

    // The same code again, in another sign-in: refused.
    let other = await passwordStep();
    other = await other.fill("Code", code).press("Sign in");
    expect(other.status).toBe(422);
    expect(other.url.pathname).toBe("/admin/login/code");
  });

  it("takes each recovery code once, and ends a pending sign-in after five wrong codes", async () => {
    let page = await passwordStep();
    page = await page.fill("Code", recoveryCodes[0].toUpperCase().replace("-", " ")).press("Sign in");
    expect(page.url.pathname).toBe("/admin");
    page = await passwordStep();
    page = await page.fill("Code", recoveryCodes[0]).press("Sign in");
    expect(page.has(SECOND_FACTOR_MESSAGES.codeWrong)).toBe(true);

    for (let i = 1; i < SECOND_FACTOR_MAX_WRONG - 1; i++) {
      page = await page.fill("Code", `guess-${String(i).padStart(5, "x")}`).press("Sign in");
      expect(page.status, `wrong code ${i + 1}`).toBe(422);
    }
    // The fifth wrong code ends the pending sign-in: back at the password, told why.
    page = await page.fill("Code", "guess-xxxx5").press("Sign in");
    expect(page.url.pathname).toBe("/admin/login");
    expect(page.alerts()).toEqual([SECOND_FACTOR_MESSAGES.tooManyTries]);
    expect((await page.browser.open("/admin/login/code")).url.pathname).toBe("/admin/login");
  });

  it("speaks Hindi on the code page", async () => {
    const page = await passwordStep("hi");
    expect(page.url.pathname).toBe("/admin/login/code");
    expect(page.headings()).toContain("अपने ऐप का कोड डालें");
  });

  it("asks the /api's admin-login for the code too", async () => {
    const login = (body: Record<string, string>) =>
      call(`${server.url}/api/users/admin-login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const bare = await login({ email: admin.email, password: PASSWORD });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.apiCodeRequired });
    const withCode = await login({ email: admin.email, password: PASSWORD, code: recoveryCodes[1] });
    expect(withCode.status).toBe(200);
    expect((await withCode.json()).token).toMatch(/^shop_/);
  });

  it("is turned off with a code, after which the password alone signs in", async () => {
    const browser = await adminHtmlBrowser(server.url, admin);
    let page = await browser.open("/admin/second-factor");
    expect(page.has("Recovery codes left: 8")).toBe(true);
    page = await page.fill("Code from the app", recoveryCodes[2]).press("Turn off");
    expect(page.has("The second factor is off. Your password alone signs you in.")).toBe(true);
    expect((await passwordStep()).url.pathname).toBe("/admin");
  });
});
