/**
 * The admin login's holds on the pages (decision 253), JavaScript off through the real forms: after many wrong
 * passwords on the owner's account from elsewhere, the login refuses the right password with how long to wait, in
 * English and Hindi; the browser the owner signed in with before gets in; the owner's Admins page shows the hold, a
 * second factor's codes held back, and the shop-wide pause of the admin login.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT, ADMIN_LOGIN_MAX_FAILURES_SHOP, LOGIN_WINDOW_MINUTES } from "../../domain/auth";
import { ADMIN_DEVICE_COOKIE } from "../../domain/cookies";
import { createAuthService, type AuthService } from "../../services/auth/index";
import { htmlBrowser, type HtmlBrowser, type HtmlPage } from "../support/html-browser";
import { startTestServer, type TestServer } from "../support/server";
import { clearOfWindowEdge } from "../support/time";

let server: TestServer;
/** The shop's auth on the same counters, without the growing delay's real waits: the guesses from elsewhere. */
let elsewhere: AuthService;
const PASSWORD = "owner password 1994";
const owner = `owner-${randomUUID()}@churu-uniforms.example`;
const manager = `manager-${randomUUID()}@churu-uniforms.example`;
let ipSeq = 1;
const nextIp = () => `198.51.100.${ipSeq++}`;

beforeAll(async () => {
  server = await startTestServer();
  await server.shop.auth.createAdmin({ email: owner, password: PASSWORD, name: "Asha" });
  await server.shop.auth.createAdmin({ email: manager, password: PASSWORD, name: "Vikram" });
  elsewhere = createAuthService(server.shop, { sleep: async () => {} });
});
afterAll(async () => {
  await server?.close();
});

async function signIn(browser: HtmlBrowser, email: string, lang = "en"): Promise<HtmlPage> {
  const login = await browser.open("/admin/login");
  return login.fill(lang === "hi" ? /ईमेल|Email/ : "Email", email).fill(lang === "hi" ? /पासवर्ड|Password/ : "Password", PASSWORD).press(/लॉगिन|Login/);
}

async function guess(email: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await elsewhere.loginWithPassword({ email, password: `guess-${i}`, ip: nextIp(), as: "admin" }).catch(() => undefined);
  }
}

describe("the admin login's holds", () => {
  it("holds the owner's account after wrong passwords from elsewhere, tells how long in English and Hindi, and lets the owner's own browser in", { timeout: 180_000 }, async () => {
    // The owner signed in on the shop's PC before: that browser keeps the device cookie, for the login page only.
    const before = htmlBrowser(server.url);
    expect((await signIn(before, owner)).url.pathname).toBe("/admin");
    const mark = await before.cookie(ADMIN_DEVICE_COOKIE, "/admin/login");
    expect(mark).toBeTruthy();
    expect(await before.cookie(ADMIN_DEVICE_COOKIE, "/admin")).toBeUndefined();

    // The guesses and what follows in one window: a window later the sliding count fades (rate-limit.ts).
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES, 60_000);
    await guess(owner, ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT);

    const stranger = await signIn(htmlBrowser(server.url), owner);
    expect(stranger.status).toBe(429);
    expect(stranger.url.pathname).toBe("/admin/login");
    expect(stranger.alerts().join(" ")).toMatch(/Too many wrong passwords for this account\. Please try again in \d+ minutes?, or from a browser you signed in with before\./);

    const hindi = htmlBrowser(server.url, { language: "hi" });
    await hindi.setCookie("shop_lng=hi; Path=/");
    const inHindi = await signIn(hindi, owner, "hi");
    expect(inHindi.status).toBe(429);
    expect(inHindi.alerts().join(" ")).toMatch(/इस खाते के लिए बहुत बार ग़लत पासवर्ड डाला गया। कृपया \d+ मिनट बाद फिर कोशिश करें/);

    // The same PC, its session ended (a new day), still has its mark: the owner is in.
    const samePc = htmlBrowser(server.url);
    await samePc.setCookie(`${ADMIN_DEVICE_COOKIE}=${mark}; Path=/admin/login`);
    const page = await signIn(samePc, owner);
    expect(page.url.pathname).toBe("/admin");

    // The owner sees whose sign-ins are held on the Admins page.
    const admins = await samePc.open("/admin/admins");
    expect(admins.text(`tr[data-email="${owner}"]`)).toMatch(/password sign-ins held for \d+ more minutes? after many wrong passwords/);
    expect(admins.text(`tr[data-email="${manager}"]`)).not.toMatch(/held/);

    // Twenty wrong second factor codes on the manager hold their codes back: the owner sees that too.
    const vikram = (await server.shop.auth.findUserByEmail(manager))!.id;
    for (let i = 0; i < 20; i++) await server.shop.auth.secondFactor.signIn(vikram, `pending-${i}`, "000000");
    const again = await samePc.open("/admin/admins");
    expect(again.text(`tr[data-email="${manager}"]`)).toMatch(/second factor codes held for \d+ more minutes? after many wrong codes/);
    expect(admins.count("[data-testid=admin-login-paused]")).toBe(0);
  });

  it("pauses the admin login after wrong passwords across the shop, and says so on the owner's page", { timeout: 180_000 }, async () => {
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES, 90_000);
    for (let i = 0; i < ADMIN_LOGIN_MAX_FAILURES_SHOP; i++) await guess(`spray-${i}-${randomUUID()}@example.com`, 1);
    const stranger = await signIn(htmlBrowser(server.url), manager);
    expect(stranger.status).toBe(429);
    expect(stranger.alerts().join(" ")).toMatch(/Admin sign-ins are paused after many wrong passwords\. Please try again in \d+ minutes?/);

    const before = htmlBrowser(server.url);
    // The cookie as the login sets it (Remix's encoding of a string value).
    const mark = server.shop.auth.adminDeviceMark((await server.shop.auth.findUserByEmail(owner))!.id);
    await before.setCookie(`${ADMIN_DEVICE_COOKIE}=${encodeURIComponent(Buffer.from(JSON.stringify(mark)).toString("base64"))}; Path=/admin/login`);
    expect((await signIn(before, owner)).url.pathname).toBe("/admin");
    const admins = await before.open("/admin/admins");
    expect(admins.text("[data-testid=admin-login-paused]")).toMatch(/Admin sign-ins are paused for \d+ more minutes? after many wrong passwords at the admin login\./);
  });
});
