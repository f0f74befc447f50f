// A sign-in refused is a key with values, worded in the page's language (one way to say no, decision 164): after
// the wrong passwords a Hindi /login and /admin/login answer 429 in Hindi, an English one in English, the form posted
// over HTTP as a browser without JavaScript would; the /api says it in English with its key as `code`, in Hindi when asked.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_MAX_FAILURES_PER_PAIR } from "../../../domain/auth";
import { startTestServer, type TestServer } from "../../support/server";
import { RESOURCES } from "../../../app/i18n/i18n.server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function signIn(language: "en" | "hi", email: string, password: string, page = "/login") {
  const res = await fetch(`${server.url}${page}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `shop_lng=${language}`, Origin: server.url },
    body: new URLSearchParams(page === "/login" ? { identifier: email, password } : { email, password }),
  });
  return { status: res.status, text: await res.text() };
}

describe("a refused sign-in in the page's language", () => {
  for (const [language, words] of [
    ["hi", /लॉगिन की बहुत कोशिशें हुईं। कृपया \d+ मिनट बाद फिर कोशिश करें।/],
    ["en", /Too many login attempts\. Please try again in \d+ minutes?\./],
  ] as const) {
    it(`after ${LOGIN_MAX_FAILURES_PER_PAIR} wrong passwords a ${language} /login answers 429 in its own words`, async () => {
      const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
      await server.shop.auth.registerWithEmail({ email, password: "right-password" });
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) expect((await signIn(language, email, `guess-${i}`)).status).toBe(401);
      const refused = await signIn(language, email, "right-password");
      expect(refused.status).toBe(429);
      expect(refused.text).toMatch(words);
      // The English sentence with its number is what a Hindi page showed before (the reverse map knew no "3 minutes").
      if (language === "hi") expect(refused.text).not.toMatch(/Too many login attempts\. Please try again in \d+ minutes\./);
    }, 120_000);
  }
});

describe("a refused sign-in elsewhere", () => {
  const HINDI = /लॉगिन की बहुत कोशिशें हुईं। कृपया \d+ मिनट बाद फिर कोशिश करें।/;

  it("the admin's login page in Hindi answers 429 in Hindi", async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@churu-uniforms.example`;
    await server.shop.auth.createAdmin({ email, password: "admin password 1994" });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) expect((await signIn("hi", email, `guess-${i}`, "/admin/login")).status).toBe(401);
    const refused = await signIn("hi", email, "admin password 1994", "/admin/login");
    expect(refused.status).toBe(429);
    expect(refused.text).toMatch(HINDI);
  }, 120_000);

  it("the /api answers 429 in English with its key, and in Hindi when the caller asks for Hindi", async () => {
    const email = `parent-${randomUUID().slice(0, 8)}@example.com`;
    await server.shop.auth.registerWithEmail({ email, password: "right-password" });
    const login = async (password: string, language?: string) => {
      const res = await fetch(`${server.url}/api/users/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(language ? { "Accept-Language": language } : {}) },
        body: JSON.stringify({ email, password }),
      });
      return { status: res.status, body: (await res.json()) as { message: string; code?: string } };
    };
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_PAIR; i++) expect((await login(`guess-${i}`)).status).toBe(401);
    const english = await login("right-password");
    expect(english.status).toBe(429);
    expect(english.body).toEqual({ message: expect.stringMatching(/^Too many login attempts\. Please try again in \d+ minutes?\.$/), code: expect.stringMatching(/^auth\.loginRateLimited/) });
    const hindi = await login("right-password", "hi");
    expect(hindi.status).toBe(429);
    expect(hindi.body.message).toMatch(HINDI);
  }, 120_000);
});

describe("a sign-in form's own refusal", () => {
  it("is worded by the server from its key: a Hindi /signup with a too common password says so in Hindi, with no English anywhere in the page", async () => {
    const res = await fetch(`${server.url}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "shop_lng=hi", Origin: server.url },
      body: new URLSearchParams({ method: "email", email: `parent-${randomUUID().slice(0, 8)}@example.com`, password: "password" }),
    });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain(`id="password-error" role="alert">${RESOURCES.hi.refusals.auth.passwordTooCommon}</p>`);
    // Not even in the page's data: no table of English sentences is sent for the page to look its words up in.
    expect(html).not.toContain(RESOURCES.en.refusals.auth.passwordTooCommon);
  }, 120_000);
});
