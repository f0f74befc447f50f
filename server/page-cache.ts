import type express from "express";
import { ADDED_FLASH_COOKIE, ADMIN_COOKIE, GUEST_CART_COOKIE, SHOPPER_COOKIE } from "../domain/cookies";
import { requestLanguage } from "../domain/i18n";
import { cspNonceOf } from "./security-headers";

/**
 * Catalogue pages (home, schools, uniforms, accessories, /shop, products) come out the same
 * for every visitor who has no session and no cart yet: most parents browsing on a phone.
 * Their HTML is kept here for a few seconds, keyed by URL, so a rush of parents costs one
 * render per page instead of one per visit (decision 074). Anything personal is never kept:
 * a request carrying the shop's session, admin or cart cookie, a response that sets a cookie
 * or says no-store/private, anything but a 200 HTML page. A kept page is sent with the CSP
 * nonce of the response it goes out in, never the one it was rendered with (decision 081).
 */
export interface PageCacheOptions {
  /** How long a page is served from memory (PAGE_CACHE_SECONDS); 0 turns the cache off. */
  seconds: number;
  /** Upper bound on the HTML kept, in bytes; the least recently used pages go first. */
  maxBytes?: number;
}

interface CachedPage {
  /** The page cut where its render's nonce stood: a hit joins the pieces with its own nonce. */
  pieces: Buffer[];
  renderedNonce?: string;
  bytes: number;
  headers: Record<string, string | string[]>;
  expires: number;
}

// Only the storefront's browsing pages: accounts, cart, checkout, admin and the API are personal or live.
const CATALOGUE_PATH = /^\/(?:$|shop$|product\/|schools(?:\/|$)|accessories(?:\/|$)|white-products$|contact$|returns$)/;
const PERSONAL_COOKIES = [SHOPPER_COOKIE, ADMIN_COOKIE, GUEST_CART_COOKIE, ADDED_FLASH_COOKIE];
// Headers that belong to one response on the wire, not to the page (the policy names its own nonce).
const WIRE_HEADERS = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "etag",
  "content-security-policy",
]);
const LARGEST_PAGE = 512 * 1024;

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => PERSONAL_COOKIES.includes(pair.split("=", 1)[0].trim()));
}

export function createPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // A Map iterates in insertion order; re-inserting on a hit makes it least-recently-used first.
  const pages = new Map<string, CachedPage>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  function forget(key: string) {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  }

  function keep(key: string, page: CachedPage) {
    forget(key);
    pages.set(key, page);
    bytes += page.bytes;
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function cacheable(req: express.Request): boolean {
    return options.seconds > 0 && req.method === "GET" && CATALOGUE_PATH.test(req.path) && !hasPersonalCookie(req.get("cookie"));
  }

  const middleware: express.RequestHandler = (req, res, next) => {
    if (!cacheable(req)) return next();
    // One copy per language: a first visit whose browser asks for Hindi never gets the English page (decision 098).
    const key = `${requestLanguage(req.get("cookie"), req.get("accept-language"))} ${req.originalUrl}`;
    const page = pages.get(key);
    if (page && page.expires > Date.now()) {
      hits++;
      pages.delete(key);
      pages.set(key, page);
      res.status(200).set(page.headers).set("X-Page-Cache", "hit").end(withNonce(page.pieces, cspNonceOf(res) ?? page.renderedNonce));
      return;
    }
    if (page) forget(key);
    misses++;
    captureInto(res, (body) => {
      if (!keepable(res, body)) return;
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (!WIRE_HEADERS.has(name) && value !== undefined) headers[name] = typeof value === "number" ? String(value) : value;
      }
      const renderedNonce = cspNonceOf(res);
      keep(key, { pieces: cutAtNonce(body, renderedNonce), renderedNonce, bytes: body.length, headers, expires: Date.now() + options.seconds * 1000 });
    });
    res.set("X-Page-Cache", "miss");
    next();
  };

  return {
    middleware,
    /** Drops every kept page: called when the catalogue changes, so this process shows the change at once. */
    clear() {
      pages.clear();
      bytes = 0;
    },
    stats: () => ({ pages: pages.size, bytes, hits, misses }),
  };
}

/** The page in pieces around each place its nonce appears (128 random bits: nowhere else by chance). */
function cutAtNonce(body: Buffer, nonce: string | undefined): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, from)) {
    pieces.push(body.subarray(from, at));
    from = at + needle.length;
  }
  pieces.push(body.subarray(from));
  return pieces;
}

function withNonce(pieces: Buffer[], nonce: string | undefined): Buffer {
  if (pieces.length === 1) return pieces[0];
  const needle = Buffer.from(nonce ?? "");
  const parts: Buffer[] = [pieces[0]];
  for (let i = 1; i < pieces.length; i++) parts.push(needle, pieces[i]);
  return Buffer.concat(parts);
}

function keepable(res: express.Response, body: Buffer): boolean {
  if (res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return false;
  if (body.length === 0 || body.length > LARGEST_PAGE) return false;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return false;
  return !/no-store|private/.test(String(res.getHeader("cache-control") ?? ""));
}

/** Collects what the app writes (before compression, which sits below in the chain) and hands it over at the end. */
function captureInto(res: express.Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > LARGEST_PAGE) return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
        : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    chunks.push(buffer);
    size += buffer.length;
  };
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    return write(chunk, encoding, callback);
  }) as typeof res.write;
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    collect(chunk, encoding);
    if (size <= LARGEST_PAGE) done(Buffer.concat(chunks, size));
    return end(chunk, encoding, callback);
  }) as typeof res.end;
}
