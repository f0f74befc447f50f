import type express from "express";
import { API_CALLS } from "../domain/api/calls";
import { API_MESSAGES, EDGE_MESSAGES } from "../domain/api/policy";
import { TEXT_MESSAGES, textProblem, type TextProblem } from "../domain/text";
import { GATEWAY_RETURN_PATH } from "../domain/payments/online";

/**
 * What the edge refuses before Remix sees a request (decision 081): a method no address
 * answers, a post from another site or from a page without an origin, an address whose
 * text the shop could not store. Each is a 4xx with a message, JSON `{ message }` under
 * /api and a short page elsewhere, never logged as a fault.
 */

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const TITLES: Record<number, string> = {
  400: "The address could not be read",
  403: "Request refused",
  405: "Not available this way",
};

/** A refusal: JSON `{ message }` under /api (docs/api.md), a short page elsewhere; never cached. */
export function refuse(req: express.Request, res: express.Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ "Cache-Control": "no-store", ...headers });
  if (isApiPath(req.path)) {
    res.json({ message });
    return;
  }
  const title = TITLES[status] ?? "Request refused";
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${title}</title></head>` +
        `<body><main><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Home</a></p></main></body></html>\n`,
    );
}

// Pages take GET and POST (forms); the /api also PUT, PATCH and DELETE (docs/api.md). HEAD is GET without the body.
const PAGE_METHODS = ["GET", "HEAD", "POST"];
const API_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

// The calls' paths as patterns, so a 405 at the edge lists what the address really takes.
const API_ADDRESSES = API_CALLS.map((call) => ({
  pattern: new RegExp(`^${call.path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{id\}/g, "[^/]+")}/?$`),
  method: call.method as string,
}));

function methodsAt(path: string): string[] {
  if (!isApiPath(path)) return PAGE_METHODS;
  const methods = API_ADDRESSES.filter((address) => address.pattern.test(path)).map((address) => address.method);
  if (methods.length === 0) return API_METHODS;
  if (methods.includes("GET")) methods.splice(methods.indexOf("GET") + 1, 0, "HEAD");
  return methods;
}

/**
 * TRACE, OPTIONS, PROPFIND and the like reach no route: a 405 with Allow. A method the /api
 * uses somewhere goes on to its route, which answers 405 itself when that call lacks it.
 */
export function allowedMethods(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const allowed = isApiPath(req.path) ? API_METHODS : PAGE_METHODS;
  if (allowed.includes(req.method)) return next();
  const allow = methodsAt(req.path).join(", ");
  refuse(req, res, 405, API_MESSAGES.methodNotAllowed(allow), { Allow: allow });
}

/**
 * Node hands CONNECT to the server's "connect" event, never to Express, and closes the
 * socket when nobody listens: answered here with the same 405.
 */
export function refuseConnect(_req: unknown, socket: import("node:stream").Duplex): void {
  const body = JSON.stringify({ message: API_MESSAGES.methodNotAllowed(PAGE_METHODS.join(", ")) });
  socket.end(
    `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_METHODS.join(", ")}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Cache-Control: no-store\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The one page another site posts to: the optional gateway's hosted checkout sends the parent's browser back to
 * GATEWAY_RETURN_PATH with its signed answer (decision 222), from the gateway's own site, or with Origin "null"
 * after the bank's pages redirected it. That page acts on no cookie (a cross-site post carries none) and believes
 * the answer only once its signature fits and the gateway's API says the payment is captured. Only POST, only this
 * exact path: its query names the order, so nothing else in the address is let through.
 */
function openToOtherSites(req: express.Request): boolean {
  return req.method === "POST" && req.path === GATEWAY_RETURN_PATH;
}

/**
 * Addresses that machines post to, not the shop's pages: the /api (bearer tokens, no cookies act there), and the
 * webhooks of the payment gateway, WhatsApp and the courier, each proven by its own signature or token.
 */
function postedByMachines(path: string): boolean {
  return isApiPath(path) || path.startsWith("/webhooks/") || path === "/courier/parcel-updates";
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return "";
  }
}

/**
 * A form post from another site must not act with a shopper's or the admin's cookies.
 * Browsers send Origin on every POST a page makes; one that names another host is refused,
 * and so is "null" (a sandboxed frame, a data: or file: page), cookie or not: the shop's
 * own pages always have an origin. A post to a page that names no Origin is refused too
 * (decision 193): a browser that leaves it out (an old one, or an extension stripping it)
 * still sends the Referer, which must then be one of the shop's own pages. Only the /api
 * and the webhooks take posts without either, from programs that send no cookies.
 */
export function rejectCrossSitePosts(req: express.Request, res: express.Response, next: express.NextFunction): void {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (openToOtherSites(req)) {
    // Remix refuses any page action whose Origin names another host, and has no list of exceptions: the edge,
    // having let this one through, keeps the gateway's Origin from it (the page reads no cookie to act on).
    delete req.headers.origin;
    return next();
  }
  const origin = req.get("origin");
  if (origin === "null") return refuse(req, res, 403, EDGE_MESSAGES.opaqueOrigin);
  if (origin) return hostOf(origin) === req.get("host") ? next() : refuse(req, res, 403, EDGE_MESSAGES.crossSite);
  if (postedByMachines(req.path)) return next();
  const referer = req.get("referer");
  if (!referer) return refuse(req, res, 403, EDGE_MESSAGES.noOrigin);
  if (hostOf(referer) === req.get("host")) return next();
  refuse(req, res, 403, EDGE_MESSAGES.crossSite);
}

// UTF-8 of U+D800..U+DFFF (ED A0..BF xx): a surrogate sent as bytes. The URL decoders turn
// it into U+FFFD or throw, so it is spotted in the raw text.
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]/i;

function rawTextProblem(raw: string, decoded: string): TextProblem | null {
  return textProblem(decoded) ?? (ENCODED_SURROGATE.test(raw) ? "surrogate" : null);
}

/** The message for the first broken parameter name or value of a query string, or null. */
export function queryTextProblem(rawQuery: string): string | null {
  for (const piece of rawQuery.split("&")) {
    if (!piece) continue;
    // One piece at a time, decoded as the routes decode it (URLSearchParams: "+" is a space,
    // a malformed escape is kept as written), so the refusal can name its parameter.
    const eq = piece.indexOf("=");
    const rawName = eq === -1 ? piece : piece.slice(0, eq);
    const rawValue = eq === -1 ? "" : piece.slice(eq + 1);
    for (const [name, value] of new URLSearchParams(piece)) {
      const nameProblem = rawTextProblem(rawName, name);
      if (nameProblem) return TEXT_MESSAGES[nameProblem](EDGE_MESSAGES.parameterName);
      const valueProblem = rawTextProblem(rawValue, value);
      if (valueProblem) return TEXT_MESSAGES[valueProblem](EDGE_MESSAGES.parameter(name));
    }
  }
  return null;
}

/** The message for a path that decodes to a NUL or a lone surrogate, or null (a malformed escape is Remix's to answer). */
export function pathTextProblem(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    decoded = rawPath;
  }
  const problem = rawTextProblem(rawPath, decoded);
  return problem ? TEXT_MESSAGES[problem](EDGE_MESSAGES.address) : null;
}

/**
 * A path with "." or ".." segments (also written %2e): a browser resolves them before it asks,
 * so only a hand-made request holds one, and resolving it here would answer another address
 * than the one asked (an /api address answered by the home page).
 */
export function hasDotSegments(rawPath: string): boolean {
  return rawPath.split("/").some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/**
 * Text hygiene for the address (domain/text.ts): a NUL or a lone surrogate in the path or in
 * any query parameter is a 400 naming it, before a loader hands it to Postgres (which refuses
 * U+0000 with a fault of its own); a path with dot segments is a 400 too.
 */
export function refuseBrokenAddress(req: express.Request, res: express.Response, next: express.NextFunction): void {
  const url = req.originalUrl;
  const mark = url.indexOf("?");
  const rawPath = mark === -1 ? url : url.slice(0, mark);
  if (hasDotSegments(rawPath)) return refuse(req, res, 400, EDGE_MESSAGES.dotSegments);
  const message = pathTextProblem(rawPath) ?? (mark === -1 ? null : queryTextProblem(url.slice(mark + 1)));
  if (message) return refuse(req, res, 400, message);
  next();
}
