import { describe, expect, it } from "vitest";
import type express from "express";
import { contentSecurityPolicy, newNonce, securityHeaders, securityHeadersMiddleware } from "../../server/security-headers";

const directives = (policy: string) =>
  new Map(policy.split("; ").map((directive) => {
    const [name, ...sources] = directive.split(" ");
    return [name, sources] as const;
  }));

const production = { production: true, development: false };
const local = { production: false, development: false };
const dev = { production: false, development: true };

describe("the Content-Security-Policy", () => {
  it("lets only this response's nonce run inline scripts, and nothing frame the shop", () => {
    const policy = directives(contentSecurityPolicy("abc123==", production));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    // No style attributes, no inline style but the shop's stylesheet in the head with this response's nonce (decision 141).
    expect(policy.get("style-src")).toEqual(["'self'", "'nonce-abc123=='"]);
    // An admin may give a product an https:// image (decision 021).
    expect(policy.get("img-src")).toEqual(["'self'", "https:", "data:"]);
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
  });

  it("lets a form lead to Google's consent screen when Google sign-in is set up", () => {
    const policy = directives(
      contentSecurityPolicy("n", { ...production, formTargets: ["https://accounts.google.com/o/oauth2/v2/auth", "http://127.0.0.1:4567/auth?x=1"] }),
    );
    expect(policy.get("form-action")).toEqual(["'self'", "https://accounts.google.com", "http://127.0.0.1:4567"]);
  });

  it("relaxes only what Vite's hot reload needs in development: its websocket and injected styles", () => {
    const strict = directives(contentSecurityPolicy("n", local));
    const relaxed = directives(contentSecurityPolicy("n", dev));
    expect(relaxed.get("connect-src")).toEqual(["'self'", "ws:", "wss:"]);
    expect(relaxed.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(relaxed.get("script-src")).toEqual(strict.get("script-src"));
    expect(relaxed.get("frame-ancestors")).toEqual(["'none'"]);
  });
});

describe("the other security headers", () => {
  it("forbid sniffing and framing, trim the Referer and turn off devices", () => {
    const headers = securityHeaders("n", local);
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    for (const feature of ["camera", "microphone", "geolocation", "payment"]) {
      expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
    }
  });

  it("send HSTS only in production, where the session cookie is Secure too", () => {
    expect(securityHeaders("n", production)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(securityHeaders("n", local)["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders("n", dev)["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe("nonces", () => {
  it("are 128 random bits in base64, never repeated", () => {
    const nonces = new Set(Array.from({ length: 1000 }, newNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("puts each response's own nonce in both the scripts' and the styles' sources (decision 141)", () => {
    const middleware = securityHeadersMiddleware(production);
    const answer = () => {
      const headers: Record<string, string> = {};
      const res = { locals: {} as Record<string, unknown>, setHeader: (name: string, value: string) => (headers[name] = value) };
      middleware({} as express.Request, res as unknown as express.Response, () => {});
      return { nonce: res.locals.cspNonce as string, policy: directives(headers["Content-Security-Policy"]) };
    };
    const [first, second] = [answer(), answer()];
    expect(first.nonce).not.toBe(second.nonce);
    for (const { nonce, policy } of [first, second]) {
      expect(policy.get("script-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(policy.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
    }
  });
});
