import http from "node:http";
import { createHash } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeGoogle, type FakeGoogle } from "../support/fake-google";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Google sign-in over HTTP against the fake Google (decision 084): PKCE on
 * every attempt, and a redirect_uri built from SHOP_URL alone.
 */
let google: FakeGoogle;
let server: TestServer;
let seq = 0;

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer({ env: google.env });
});
afterAll(async () => {
  await server?.close();
  await google?.close();
});

/** One browser: its cookies, and requests that do not follow redirects. */
function browser() {
  const jar = new Map<string, string>();
  return {
    cookie: () => [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
    async get(url: string | URL): Promise<Response> {
      const cookie = this.cookie();
      const res = await fetch(url, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(";");
        const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
        if (value && !/max-age=0|expires=thu, 01 jan 1970/i.test(set)) jar.set(name, value);
        else jar.delete(name);
      }
      return res;
    },
  };
}
type Browser = ReturnType<typeof browser>;

function location(res: Response): URL {
  expect(res.status).toBe(302);
  return new URL(res.headers.get("location")!, server.url);
}

/** "Sign up with Google" up to Google's consent screen: the authorization URL the shop sent the browser to. */
async function hopToGoogle(person: Browser): Promise<URL> {
  const to = location(await person.get(`${server.url}/api/users/google`));
  expect(to.origin).toBe(google.url);
  return to;
}

/** The person clicks Allow: where Google sends the browser back, code and state in the query. */
async function allow(authorization: URL): Promise<URL> {
  const back = location(await fetch(authorization, { redirect: "manual" }));
  expect(back.searchParams.get("code")).toBeTruthy();
  return back;
}

function nextPerson() {
  const n = seq++;
  const profile = { sub: `g-pkce-${n}-${Date.now()}`, name: `Pkce Person ${n}`, email: `pkce.${n}.${Date.now()}@gmail.com`, email_verified: true };
  google.nextProfile(profile);
  return profile;
}

async function accountOf(googleId: string) {
  return server.shop.db.selectFrom("users").select(["id", "email"]).where("google_id", "=", googleId).executeTakeFirst();
}

describe("Google sign-in with PKCE", () => {
  it("sends an S256 challenge to Google and the matching verifier with the code, and signs in", async () => {
    const person = browser();
    const profile = nextPerson();
    const authorization = await hopToGoogle(person);
    const challenge = authorization.searchParams.get("code_challenge")!;
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorization.searchParams.get("redirect_uri")).toBe(`${server.url}/api/users/google/callback`);

    const done = location(await person.get(await allow(authorization)));
    expect(done.pathname).toBe("/account");
    const verifier = google.tokenRequests.at(-1)!.get("code_verifier")!;
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(createHash("sha256").update(verifier).digest("base64url")).toBe(challenge);
    // The verifier stayed on the server: not in the address the browser was sent to, not in its cookie.
    expect(authorization.toString()).not.toContain(verifier);
    expect(person.cookie()).not.toContain(verifier);
    expect(await accountOf(profile.sub)).toMatchObject({ email: profile.email });
  });

  it("uses a fresh verifier for every attempt", async () => {
    const [a, b] = [await hopToGoogle(browser()), await hopToGoogle(browser())];
    expect(a.searchParams.get("code_challenge")).not.toBe(b.searchParams.get("code_challenge"));
  });

  it("refuses a code taken from someone else's sign-in and brought into another session", async () => {
    const victim = browser();
    const victimProfile = nextPerson();
    const victimReturn = await allow(await hopToGoogle(victim));

    // The attacker starts a sign-in of their own (their state, their verifier) and swaps in the victim's code.
    const attacker = browser();
    const attackerReturn = await allow(await hopToGoogle(attacker));
    const forged = new URL(attackerReturn);
    forged.searchParams.set("code", victimReturn.searchParams.get("code")!);
    const refused = await attacker.get(forged);
    expect(location(refused).toString()).toBe(`${server.url}/login?error=google`);
    expect(google.tokenRequests.at(-1)!.get("code")).toBe(victimReturn.searchParams.get("code"));
    expect(await accountOf(victimProfile.sub)).toBeUndefined();

    // The victim's own sign-in still goes through.
    expect(location(await victim.get(victimReturn)).pathname).toBe("/account");
    expect(await accountOf(victimProfile.sub)).toBeTruthy();
  });

  it("refuses a replayed callback after the sign-in it belonged to", async () => {
    const person = browser();
    nextPerson();
    const back = await allow(await hopToGoogle(person));
    const cookieBefore = person.cookie();
    expect(location(await person.get(back)).pathname).toBe("/account");
    const replay = await fetch(back, { redirect: "manual", headers: { Cookie: cookieBefore } });
    expect(location(replay).toString()).toBe(`${server.url}/login?error=google`);
  });

  it("fails cleanly when the session holds a state but no verifier", async () => {
    const person = browser();
    const profile = nextPerson();
    const back = await allow(await hopToGoogle(person));
    await sql`update auth_sessions set data = data - 'google:code_verifier' where data ? 'google:code_verifier'`.execute(server.shop.db);
    const tokenCalls = google.tokenRequests.length;
    expect(location(await person.get(back)).toString()).toBe(`${server.url}/login?error=google`);
    expect(google.tokenRequests.length).toBe(tokenCalls);
    expect(await accountOf(profile.sub)).toBeUndefined();
  });
});

/** A GET with headers fetch() will not send (Host). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; location: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, headers }, (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? "" });
      })
      .on("error", reject);
  });
}

describe("Google's redirect_uri comes from SHOP_URL", () => {
  it.each([
    ["a forged Host", { Host: "evil.example" }],
    ["a forged X-Forwarded-Host", { "X-Forwarded-Host": "evil.example" }],
  ])("ignores %s", async (_what, headers) => {
    const res = await rawGet("/api/users/google", headers);
    expect(res.status).toBe(302);
    const to = new URL(res.location);
    expect(to.origin).toBe(google.url);
    expect(to.searchParams.get("redirect_uri")).toBe(`${server.url}/api/users/google/callback`);
  });
});
