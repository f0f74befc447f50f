// After sign-in (and after a cart change without JavaScript) the browser goes where
// `redirectTo` says only when that is a page of the shop (domain/redirect.ts).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let shopper: { email: string; password: string };

beforeAll(async () => {
  server = await startTestServer();
  shopper = { email: `redirect-${randomUUID()}@example.com`, password: "satchel-2026" };
  await server.shop.auth.registerWithEmail({ ...shopper, name: "Redirect Shopper" });
});
afterAll(async () => {
  await server?.close();
});

const HOSTILE = ["/\t/other.host/", "//other.host/", "/\\other.host/", "https://other.host/", "/..//other.host/", "/ok\r\nSet-Cookie: x=y"];

/** Where a browser on the shop ends up when it follows `location`. */
const landing = (location: string | null) => new URL(location ?? "", `${server.url}/login`);

async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") };
}

function hiddenRedirectTo(html: string): string | undefined {
  const input = html.match(/<input[^>]*name="redirectTo"[^>]*>/)?.[0];
  const value = input?.match(/value="([^"]*)"/)?.[1];
  return value?.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
}

describe("redirectTo", () => {
  it("on the login page, a target a browser would read as another host becomes the account page", async () => {
    for (const [query, expected] of [
      ["/%09/other.host/", "/account"],
      ["//other.host/", "/account"],
      ["/%5Cother.host/", "/account"],
      ["/schools?x=1%23y", "/schools?x=1#y"],
    ]) {
      const res = await fetch(`${server.url}/login?redirectTo=${query}`);
      expect(res.status, query).toBe(200);
      expect(hiddenRedirectTo(await res.text()), query).toBe(expected);
    }
  });

  it("a line break in it is refused, never a server error", async () => {
    for (const query of ["%0D%0ASet-Cookie:%20x=y", "/ok%0D%0ALocation:%20https://other.host/", "/%E2%80%A8"]) {
      const res = await fetch(`${server.url}/login?redirectTo=${query}`);
      expect(res.status, query).toBe(200);
      expect(hiddenRedirectTo(await res.text()), query).toBe("/account");
    }
  });

  it("a sign-in posting a hostile target lands on the shop", async () => {
    for (const redirectTo of HOSTILE) {
      const answer = await post("/login", { identifier: shopper.email, password: shopper.password, redirectTo });
      expect(answer.status, JSON.stringify(redirectTo)).toBe(302);
      expect(answer.location, JSON.stringify(redirectTo)).toBe("/account");
    }
    // Escaped, the tab is just a path on the shop: sent as checked, it stays there.
    const escaped = await post("/login", { identifier: shopper.email, password: shopper.password, redirectTo: "/%09/other.host/" });
    expect(escaped.location).toBe("/%09/other.host/");
    expect(landing(escaped.location).origin).toBe(new URL(server.url).origin);
    const kept = await post("/login", { identifier: shopper.email, password: shopper.password, redirectTo: "/checkout?step=2" });
    expect(kept.location).toBe("/checkout?step=2");
  });

  it("a cart change without JavaScript goes back to a page of the shop or to the cart, never elsewhere", async () => {
    for (const redirectTo of HOSTILE) {
      const answer = await post("/cart", { intent: "clear", redirectTo });
      expect(answer.status, JSON.stringify(redirectTo)).toBeLessThan(500);
      if (answer.location !== null) expect(landing(answer.location).origin, JSON.stringify(redirectTo)).toBe(new URL(server.url).origin);
    }
  });
});
