// A sign-in refused is worded in the page's language (one way to say no): after the wrong passwords a Hindi
// /login answers 429 in Hindi, an English one in English, the form posted over HTTP as a browser without JavaScript would.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_MAX_FAILURES_PER_PAIR } from "../../../domain/auth";
import { startTestServer, type TestServer } from "../../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function signIn(language: "en" | "hi", email: string, password: string) {
  const res = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: `shop_lng=${language}`, Origin: server.url },
    body: new URLSearchParams({ identifier: email, password }),
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
