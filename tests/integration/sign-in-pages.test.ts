// The sign-in pages' forms as a browser without JavaScript and a careless client send them:
// what used to be a 500 (wrong content type, broken multipart, no body, a NUL byte) is a 4xx
// with a message on the page, and a refused form names its field, keeps what was typed and
// never puts the password back into the HTML.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../domain/auth";
import { FORM_MESSAGES } from "../../domain/forms";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 180_000);
afterAll(async () => {
  await server?.close();
});

async function post(path: string, body: BodyInit | null, type: string | null = "application/x-www-form-urlencoded") {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { Origin: server.url, ...(type === null ? {} : { "Content-Type": type }) },
  });
  return { status: res.status, html: await res.text() };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
/** HTML-escaped, as React writes text into the page. */
const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

const PAGES = ["/login", "/signup", "/otp", "/admin/login", "/newsletter", "/logout", "/admin/logout"];

describe("the sign-in pages refuse what is not a form, never with a fault", () => {
  for (const path of PAGES) {
    it(`${path}: text/plain, JSON and no content type are 415; broken multipart is 400; a NUL is 422`, async () => {
      expect((await post(path, "identifier=a", "text/plain")).status).toBe(415);
      expect((await post(path, '{"email":"a@b.in"}', "application/json")).status).toBe(415);
      expect((await post(path, "email=a", null)).status).toBe(415);
      expect((await post(path, "--x\r\nContent-Disposition: form-da", "multipart/form-data; boundary=x")).status).toBe(400);
      expect((await post(path, form({ email: "a\u0000b@c.in", identifier: "a\u0000", phone: "98\u0000", otp: "1\u0000" }))).status).toBe(422);
    });
  }

  it("shows the refusal on the page itself (JavaScript off)", async () => {
    const page = await post("/login", "identifier=a", "text/plain");
    expect(page.html).toContain(escaped(FORM_MESSAGES.notAForm));
  });
});

describe("a refused sign-in form names its field and keeps what was typed", () => {
  it("/login: a bad identifier is marked, the typed text stays, the password is never sent back", async () => {
    const page = await post("/login", form({ identifier: "not-an-email", password: "hunter22-secret" }));
    expect(page.status).toBe(422);
    expect(page.html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="identifier-error"|<input[^>]*aria-describedby="identifier-error"[^>]*aria-invalid="true"/);
    expect(page.html).toContain(`id="identifier-error" role="alert">${escaped(AUTH_MESSAGES.invalidIdentifier)}`);
    expect(page.html).toContain('value="not-an-email"');
    expect(page.html).not.toContain("hunter22-secret");
  });

  it("/login: a wrong password is a message on the form, 401, the email kept", async () => {
    await server.shop.auth.registerWithEmail({ email: "page.form@example.com", password: "right-password" });
    const page = await post("/login", form({ identifier: "page.form@example.com", password: "wrong-password" }));
    expect(page.status).toBe(401);
    expect(page.html).toContain(escaped(AUTH_MESSAGES.loginFailed));
    expect(page.html).toContain('value="page.form@example.com"');
    expect(page.html).not.toContain("wrong-password");
  });

  it("/signup: 'Please fill all fields.' for the form, the password rule on the password field", async () => {
    expect((await post("/signup", form({ method: "email" }))).html).toContain(escaped(AUTH_MESSAGES.fillAllFields));
    const short = await post("/signup", form({ method: "email", email: "short@example.com", password: "12345" }));
    expect(short.status).toBe(422);
    expect(short.html).toContain(`id="password-error" role="alert">${escaped(AUTH_MESSAGES.passwordTooShort)}`);
    expect(short.html).toContain('value="short@example.com"');
  });

  it("/signup: an over-long email is refused before any check runs, naming the field", async () => {
    const page = await post("/signup", form({ method: "email", email: "a@" + "a.".repeat(5000), password: "satchel-2026" }));
    expect(page.status).toBe(422);
    expect(page.html).toContain(escaped(FORM_MESSAGES.tooLong("Email", 254)));
  });

  it("/newsletter: a bad address is 422 with the spec's message, and nothing is stored", async () => {
    const page = await post("/newsletter", form({ email: "parent@localhost" }));
    expect(page.status).toBe(422);
    expect(page.html).toContain("Please enter a valid email address");
    const rows = await server.shop.db.selectFrom("newsletter_subscribers").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("/logout: a refusal keeps its status (a page with no component would otherwise answer 200)", async () => {
    const refused = await post("/logout", "x", "text/plain");
    expect(refused.status).toBe(415);
    expect(JSON.parse(refused.html)).toMatchObject({ result: { error: { "": [FORM_MESSAGES.notAForm] } } });
  });
});
