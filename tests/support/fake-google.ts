import http from "node:http";
import { createHash, randomBytes } from "node:crypto";

export interface FakeGoogleProfile {
  sub: string;
  name: string;
  given_name?: string;
  family_name?: string;
  email: string;
  email_verified: boolean;
  picture?: string;
}

export interface FakeGoogle {
  url: string;
  /** The settings that point the shop at this fake instead of Google. */
  env: Record<string, string>;
  /** Who "signs in at Google" next. */
  nextProfile(profile: FakeGoogleProfile): void;
  /** The query of each authorization request (the hop to the consent screen), newest last. */
  authorizationRequests: URLSearchParams[];
  /** What the shop sent to the token endpoint, newest last. */
  tokenRequests: URLSearchParams[];
  close(): Promise<void>;
}

const CLIENT_ID = "test-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "test-client-secret";

/**
 * Google at the HTTP boundary: the consent screen answers at once with a code
 * (as if the person clicked Allow), the token endpoint checks the client and
 * the code, the profile endpoint checks the access token. PKCE as Google does
 * it: a code issued with a code_challenge is exchanged only with the
 * code_verifier that hashes to it (S256) or equals it (plain).
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  let profile: FakeGoogleProfile = { sub: "g-1", name: "Test Person", email: "test.person@gmail.com", email_verified: true };
  const codes = new Map<string, { profile: FakeGoogleProfile; redirectUri: string; challenge: string | null; method: string }>();
  const tokens = new Map<string, FakeGoogleProfile>();
  const tokenRequests: URLSearchParams[] = [];
  const authorizationRequests: URLSearchParams[] = [];

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method === "GET" && url.pathname === "/auth") {
      authorizationRequests.push(url.searchParams);
      const redirectUri = url.searchParams.get("redirect_uri") ?? "";
      const challenge = url.searchParams.get("code_challenge");
      const method = url.searchParams.get("code_challenge_method") ?? "plain";
      if (
        url.searchParams.get("client_id") !== CLIENT_ID ||
        !redirectUri ||
        url.searchParams.get("response_type") !== "code" ||
        !["S256", "plain"].includes(method)
      ) {
        return send(400, { error: "invalid_request" });
      }
      const code = randomBytes(8).toString("hex");
      codes.set(code, { profile, redirectUri, challenge, method });
      const back = new URL(redirectUri);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      res.writeHead(302, { Location: back.toString() });
      return res.end();
    }
    if (req.method === "POST" && url.pathname === "/token") {
      let raw = "";
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      tokenRequests.push(form);
      const grant = codes.get(form.get("code") ?? "");
      if (
        !grant ||
        form.get("client_id") !== CLIENT_ID ||
        form.get("client_secret") !== CLIENT_SECRET ||
        form.get("grant_type") !== "authorization_code" ||
        form.get("redirect_uri") !== grant.redirectUri
      ) {
        return send(400, { error: "invalid_grant" });
      }
      if (grant.challenge) {
        const verifier = form.get("code_verifier");
        if (!verifier) return send(400, { error: "invalid_grant", error_description: "Missing code verifier." });
        const expected = grant.method === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
        if (expected !== grant.challenge) return send(400, { error: "invalid_grant", error_description: "Invalid code verifier." });
      }
      codes.delete(form.get("code")!);
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, grant.profile);
      return send(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3599, scope: "openid email profile", id_token: "x" });
    }
    if (req.method === "GET" && url.pathname === "/userinfo") {
      const who = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
      if (!who) return send(401, { error: "invalid_token" });
      return send(200, who);
    }
    send(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_AUTH_URL: `${url}/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_PROFILE_URL: `${url}/userinfo`,
    },
    nextProfile(next) {
      profile = next;
    },
    authorizationRequests,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
