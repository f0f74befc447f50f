// Per-address limits count the client's address: by default the socket's, whatever
// X-Forwarded-For claims; behind a proxy named in TRUST_PROXY, the address that proxy reports.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { AUTH_MESSAGES, LOGIN_WINDOW_MINUTES, SIGNUP_MAX_PER_IP } from "../../domain/auth";
import { startTestServer, type TestServer } from "../support/server";
import { clearOfWindowEdge } from "../support/time";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

let addressSeq = 1;
const newAddress = () => `198.51.100.${addressSeq++ % 250 + 1}`;

/** One sign-up through the API, claiming to come from `forwardedFor`. */
async function signUp(forwardedFor: string): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${server!.url}/api/users/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
    body: JSON.stringify({ email: `visitor-${randomUUID()}@example.com`, password: "satchel-2026", name: "Visitor" }),
  });
  const body = (await res.json()) as { message?: string };
  return { status: res.status, message: body.message };
}

describe("the client address", () => {
  it("is the socket's by default: a new X-Forwarded-For on every try does not reset the sign-up limit", async () => {
    server = await startTestServer();
    // Sign-ups per address count in the login window (services/auth/index.ts).
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES);
    for (let i = 0; i < SIGNUP_MAX_PER_IP; i++) expect((await signUp(newAddress())).status).toBe(201);
    expect(await signUp(newAddress())).toEqual({ status: 429, message: AUTH_MESSAGES.signupRateLimited });
  });

  it("is the one a trusted proxy reports (TRUST_PROXY=1): counted per forwarded address", async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "1" } });
    const busy = newAddress();
    await clearOfWindowEdge(LOGIN_WINDOW_MINUTES);
    for (let i = 0; i < SIGNUP_MAX_PER_IP; i++) expect((await signUp(busy)).status).toBe(201);
    expect(await signUp(busy)).toEqual({ status: 429, message: AUTH_MESSAGES.signupRateLimited });
    // Another shopper behind the same proxy is a different address.
    expect((await signUp(newAddress())).status).toBe(201);
    // A client's own claim before the proxy's entry is not believed: one hop means the last address.
    expect(await signUp(`${newAddress()}, ${busy}`)).toEqual({ status: 429, message: AUTH_MESSAGES.signupRateLimited });
  });
});
