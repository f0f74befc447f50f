/**
 * A manager lost the phone with their authenticator app (decision 197): the operator runs
 * `shop admin reset-second-factor --email ...`; the reset is a SecondFactorReset on the staff roster, the manager's
 * sessions and token end, and at the next sign-in (the real forms, JavaScript off) every admin page sends them to set
 * a new second factor up until they have; the /api's admin-login says so too. English and Hindi.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_STREAM, staffEvents } from "../../domain/staff/roster";
import { SECOND_FACTOR_MESSAGES } from "../../domain/totp";
import { OPERATOR } from "../../services/staff";
import { totpCode } from "../../services/auth/totp";
import { call } from "../support/admin";
import { htmlBrowser, type HtmlPage } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";
import { SHOP_CLI } from "../support/shop-cli";
import { TEST_PRIVACY_MASTER_KEY } from "../support/shop";

let server: TestServer;
const PASSWORD = "manager password 1994";
const email = `meena-${randomUUID()}@churu-uniforms.example`;
let managerId = "";

beforeAll(async () => {
  server = await startTestServer();
  const { shop } = server;
  await shop.auth.createAdmin({ email: `owner-${randomUUID()}@churu-uniforms.example`, password: "owner password 1994" });
  const { user } = await shop.auth.createAdmin({ email, password: PASSWORD, name: "Meena" });
  managerId = user.id;
  await shop.staff.giveRole(user.id, "manager", OPERATOR);
  const { secret } = await shop.auth.secondFactor.start(user.id);
  expect((await shop.auth.secondFactor.confirm(user.id, totpCode(secret, new Date()))).ok).toBe(true);
});
afterAll(async () => {
  await server?.close();
});

function shopCommand(args: string[]) {
  const url = server.shop.testDatabase.url;
  const result = spawnSync(process.execPath, [...SHOP_CLI, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: url ?? "",
      REDIS_URL: "",
      EVENTSTORE_URL: "",
      SESSION_SECRET: "test-secret-test-secret",
      PRIVACY_MASTER_KEY: TEST_PRIVACY_MASTER_KEY,
    },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

async function signIn(lang = "en"): Promise<HtmlPage> {
  const browser = htmlBrowser(server.url, { language: lang });
  if (lang === "hi") await browser.setCookie("shop_lng=hi; Path=/");
  const login = await browser.open("/admin/login");
  return login.fill(lang === "hi" ? /ईमेल|Email/ : "Email", email).fill(lang === "hi" ? /पासवर्ड|Password/ : "Password", PASSWORD).press(/लॉगिन|Login/);
}

describe("shop admin reset-second-factor", () => {
  it("resets a lost phone's second factor, recorded on the roster; the manager sets a new one up before any other page", async (context) => {
    if (!server.shop.testDatabase.url) context.skip();
    // Before: the password alone asks for the code, and the manager's token works.
    expect((await signIn()).url.pathname).toBe("/admin/login/code");
    const token = await server.shop.auth.issueToken(managerId, "admin");
    const orders = () => call(`${server.url}/api/orders`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await orders()).status).toBe(200);

    const nobody = shopCommand(["admin", "reset-second-factor", "--email", `nobody-${randomUUID()}@churu-uniforms.example`]);
    expect(nobody).toMatchObject({ code: 1, stderr: "shop: There is no staff member with that account." });

    const reset = shopCommand(["admin", "reset-second-factor", "--email", email.toUpperCase()]);
    expect(reset.stderr).toBe("");
    expect(reset).toMatchObject({ code: 0, stdout: `Meena <${email}>: second factor reset and signed out everywhere; they set a new one up at their next sign-in` });

    const recorded = staffEvents.readAll(await server.shop.store.readStream(STAFF_STREAM)).filter((e) => e.type === "SecondFactorReset");
    expect(recorded.map((e) => e.data)).toEqual([expect.objectContaining({ person: { id: managerId, name: "Meena" }, enrolAgain: true, actor: OPERATOR })]);
    // Signed out everywhere: the token made before is refused.
    expect((await orders()).status).toBe(401);

    // The /api's admin-login sends them to the pages to set it up.
    const api = await call(`${server.url}/api/users/admin-login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.apiEnrolFirst });

    // The password alone signs in now, to the second factor's page, which says why; every other page sends them back.
    let page = await signIn();
    expect(page.url.pathname).toBe("/admin/second-factor");
    expect(page.has("Your second factor was reset.")).toBe(true);
    expect((await page.browser.open("/admin/orders")).url.pathname).toBe("/admin/second-factor");
    expect((await page.browser.open("/admin")).url.pathname).toBe("/admin/second-factor");

    page = await page.press("Set up a second factor");
    const key = page.text("[data-testid=second-factor-key]").replace(/\s/g, "");
    page = await page.fill("Code from the app", totpCode(key, new Date())).press("Turn on");
    expect(page.texts("[data-testid=recovery-codes] li")).toHaveLength(10);
    expect((await page.browser.open("/admin/orders")).url.pathname).toBe("/admin/orders");
    // And the next sign-in asks for the new app's code.
    expect((await signIn()).url.pathname).toBe("/admin/login/code");
  });

  it("tells a reset manager why in Hindi", async () => {
    await server.shop.staff.resetSecondFactor(email, OPERATOR);
    const page = await signIn("hi");
    expect(page.url.pathname).toBe("/admin/second-factor");
    expect(page.has("आपका दूसरा चरण रीसेट कर दिया गया है।")).toBe(true);
  });
});
