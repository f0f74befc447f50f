import { randomFillSync } from "node:crypto";
import type express from "express";

/**
 * The headers every answer carries (pages, /api, files, cached pages, errors): a Content
 * Security Policy whose only inline scripts are the ones rendered with this response's
 * nonce (Remix's hydration data and scroll restoration), no framing by any site (an admin
 * page framed by a same-site page could be clicked through with the admin's session), no
 * MIME sniffing, no full URLs in Referer to other sites, no camera or location, and HSTS in
 * production (decision 081).
 */
export interface SecurityPolicyOptions {
  /** NODE_ENV=production: the same rule that marks the session cookie Secure, so HSTS is sent only where cookies need https. */
  production: boolean;
  /** `shop dev`: Vite's hot reload needs its websocket and the <style> elements it injects. */
  development: boolean;
  /**
   * Addresses a form may lead to besides the shop itself. Chromium applies form-action to the
   * redirects a form's answer makes, so Google's consent screen must be listed when Google
   * sign-in is set up (server/auth-config.ts).
   */
  formTargets?: readonly string[];
}

// Random bytes drawn 512 nonces at a time: one randomBytes call per response costs more than
// the rest of a page-cache hit. Each 16 bytes are used once.
const pool = Buffer.alloc(16 * 512);
let used = pool.length;

/** A fresh nonce: 128 random bits, base64 (what CSP's nonce-source allows). */
export function newNonce(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += 16;
  return pool.toString("base64", used - 16, used);
}

/** The origin (scheme://host:port) of each address, for a source list; an unreadable one is left out. */
function origins(addresses: readonly string[]): string[] {
  const out = new Set<string>();
  for (const address of addresses) {
    try {
      out.add(new URL(address).origin);
    } catch {
      // Config validated these at start-up; nothing to add for a bad one.
    }
  }
  return [...out];
}

export function contentSecurityPolicy(nonce: string, options: SecurityPolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`],
    // Admins may give a product an https:// image (decision 021).
    ["img-src", "'self'", "https:", "data:"],
    // No style attributes, and no <style> element but the shop's stylesheet written into the page with this
    // response's nonce (decision 141: a linked one is a second round trip on a slow phone).
    ["style-src", "'self'", ...(options.development ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`])],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...(options.development ? ["ws:", "wss:"] : [])],
    ["form-action", "'self'", ...origins(options.formTargets ?? [])],
    ["frame-ancestors", "'none'"],
    ["frame-src", "'none'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["manifest-src", "'self'"],
    ["worker-src", "'self'"],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
].join(", ");

export function securityHeaders(nonce: string, options: SecurityPolicyOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, options),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.production ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/** The nonce of this response's policy, for the render (load context) and the page cache. */
export function cspNonceOf(res: express.Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === "string" ? nonce : undefined;
}

/** Sets the headers, with a nonce of its own, on every response before anything else answers. */
export function securityHeadersMiddleware(options: SecurityPolicyOptions): express.RequestHandler {
  // Everything but the nonce is the same for every response: built once.
  const marker = "\u0001nonce\u0001";
  // The nonce appears twice (script-src and style-src): the policy is the pieces between.
  const pieces = contentSecurityPolicy(marker, options).split(marker);
  const fixed = Object.entries(securityHeaders(marker, options)).filter(([name]) => name !== "Content-Security-Policy");
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", pieces.join(nonce));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}
