import { randomBytes } from "node:crypto";
import type express from "express";
import { ADDED_FLASH_COOKIE, ADMIN_COOKIE, GUEST_CART_COOKIE, SHOPPER_COOKIE } from "../domain/cookies";
import { requestLanguage, type Language } from "../domain/i18n";
import { isVisitorFrame, type ShopperFrame } from "../domain/shopper-frame";
import { deflatePieces, gzipWithHoles } from "./gzip-pieces";
import { cspNonceOf } from "./security-headers";

/**
 * Catalogue pages (home, schools, uniforms, accessories, /shop, products) come out the same
 * for every visitor who has no session and no cart yet: most parents browsing on a phone.
 * Their HTML is kept here for a few seconds, keyed by URL, so a rush of parents costs one
 * render per page instead of one per visit (decision 074). A kept page is sent with the CSP
 * nonce of the response it goes out in, never the one it was rendered with (decision 081).
 *
 * A parent with a cart, or signed in, sees the same page but for the navbar: Account and
 * Logout instead of Login and Sign up, and the cart badge. Their page is kept too, once per
 * kind of shopper (signed in or not, badge or not), rendered with placeholders where the
 * badge's count and words go; each request fills in that shopper's own, looked up afresh,
 * so a badge is never a moment old (decision 106). A request that carries the note of what
 * was just added, a response that sets a cookie or says no-store/private, anything but a
 * 200 HTML page is never kept.
 */
export interface PageCacheOptions {
  /** How long a page is served from memory (PAGE_CACHE_SECONDS); 0 turns the cache off. */
  seconds: number;
  /**
   * Upper bound on what is kept, in bytes: each page's HTML and its address (the key, which a visitor
   * chooses: query strings make as many as they like); the least recently used pages go first.
   */
  maxBytes?: number;
  /** How the app is asked about a shopper and for a page to keep; without it, shoppers' pages are rendered each time. */
  shoppers?: ShopperPages;
}

/** What the web server asks of the app (through its build) to keep pages for shoppers. */
export interface ShopperPages {
  /** The shopper's part of the frame, by the app's own lookup; null when it failed (the database is down). */
  frameOf(req: express.Request, lang: Language): Promise<ShopperFrame | null>;
  /** The page as Remix renders it for a shopper with this frame, without the request's personal cookies. */
  render(req: express.Request, res: express.Response, frame: ShopperFrame): Promise<Response>;
}

/** What fills a hole: the response's nonce, or the badge's count or words as HTML or inside the page's data script. */
type Hole = "nonce" | "count" | "label" | "count-in-script" | "label-in-script";

interface KeptPage {
  /** The page cut at its holes: pieces[i], holes[i], pieces[i + 1], ... */
  pieces: Buffer[];
  /**
   * Each piece compressed once, for the browsers that take gzip (gzip-pieces.ts; decision 152): made
   * when the page is asked for again, off the web server's thread; until then answers are compressed as they go.
   */
  deflated?: Buffer[];
  deflating?: boolean;
  holes: Hole[];
  renderedNonce?: string;
  status: number;
  bytes: number;
  headers: Record<string, string | string[]>;
  expires: number;
}

// Only the storefront's browsing pages: accounts, cart, checkout, admin and the API are personal or live.
const CATALOGUE_PATH = /^\/(?:$|shop$|product\/|schools(?:\/|$)|accessories(?:\/|$)|white-products$|contact$|returns$)/;
const PERSONAL_COOKIES = [SHOPPER_COOKIE, ADMIN_COOKIE, GUEST_CART_COOKIE, ADDED_FLASH_COOKIE];
// Headers that belong to one response on the wire, not to the page (the policy names its own nonce,
// the request id its own request: a kept page must never answer with the id of the request it was rendered for).
const WIRE_HEADERS = new Set([
  "set-cookie",
  "x-request-id",
  "x-page-cache",
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

/**
 * Where a kept shopper page has the badge: 128 random bits each, drawn when the process starts,
 * so no product name or price can ever read the same. Letters, digits and dashes only: React's
 * escaping, JSON and the data script's escaping all leave them as they are.
 */
const COUNT_MARK = `badge-count-${randomBytes(16).toString("hex")}`;
const LABEL_MARK = `badge-label-${randomBytes(16).toString("hex")}`;

const cookieName = (pair: string) => pair.split("=", 1)[0].trim();

function cookieNames(cookieHeader: string | undefined): string[] {
  return cookieHeader ? cookieHeader.split(";").map(cookieName) : [];
}

export function hasPersonalCookie(cookieHeader: string | undefined): boolean {
  return cookieNames(cookieHeader).some((name) => PERSONAL_COOKIES.includes(name));
}

/** The Cookie header without the shop's personal cookies (the language choice stays): what a kept page is rendered with. */
export function withoutPersonalCookies(cookieHeader: string | undefined): string {
  if (!cookieHeader) return "";
  return cookieHeader
    .split(";")
    .filter((pair) => !PERSONAL_COOKIES.includes(cookieName(pair)))
    .join(";")
    .trim();
}

/** Which page of a kind a shopper gets: a visitor's is everyone's; the others say who they are for. */
function kindOf(frame: ShopperFrame): string {
  if (isVisitorFrame(frame)) return "";
  return `${frame.signedIn ? "signed-in" : "guest"}${frame.badge ? "+badge" : ""} `;
}

/** The frame a shopper page of a kind is rendered with: placeholders where the badge goes. */
function placeholders(frame: ShopperFrame): ShopperFrame {
  return { signedIn: frame.signedIn, badge: frame.badge ? { count: COUNT_MARK, label: LABEL_MARK } : null };
}

export function createPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // A Map iterates in insertion order; re-inserting on a hit makes it least-recently-used first.
  const pages = new Map<string, KeptPage>();
  // A shopper page being rendered: the requests that want it meanwhile wait for that one render.
  const rendering = new Map<string, Promise<KeptPage | null>>();
  let bytes = 0;
  // Pages are also dropped once expired, not only when asked for again: without it every page of a rush
  // (or of a scan of made-up addresses) stays up to maxBytes long after nobody asks for it (decision 148).
  let nextSweep = 0;
  let hits = 0;
  let misses = 0;
  // Counts the clears: a page whose render began before the latest one may show what changed, so it is not kept.
  let generation = 0;

  function forget(key: string) {
    const page = pages.get(key);
    if (!page) return;
    bytes -= page.bytes;
    pages.delete(key);
  }

  function keep(key: string, page: KeptPage) {
    forget(key);
    sweep();
    // A JavaScript string's length is at least its UTF-8 size here (the address is ASCII once parsed).
    const kept = { ...page, bytes: page.bytes + key.length };
    pages.set(key, kept);
    bytes += kept.bytes;
    trim();
  }

  /** The least recently used pages dropped until what is kept is within the bound. */
  function trim() {
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** Drops the expired pages, once a lifetime at most: a rush keeps a new page every few milliseconds. */
  function sweep() {
    const now = Date.now();
    if (now < nextSweep) return;
    nextSweep = now + options.seconds * 1000;
    for (const [key, page] of pages) if (page.expires <= now) forget(key);
  }

  /** A page still fresh under `key`, made the most recently used; or nothing. */
  function fresh(key: string): KeptPage | undefined {
    const page = pages.get(key);
    if (!page) return undefined;
    if (page.expires <= Date.now()) {
      forget(key);
      return undefined;
    }
    pages.delete(key);
    pages.set(key, page);
    return page;
  }

  /** A kept page's pieces compressed, once it is asked for again: most pages of a rush are asked for once in their seconds. */
  function compressLater(key: string, page: KeptPage) {
    if (page.deflated || page.deflating) return;
    page.deflating = true;
    deflatePieces(page.pieces).then(
      (deflated) => {
        // Dropped or kept anew meanwhile: nothing to add to.
        if (pages.get(key) !== page) return;
        page.deflated = deflated;
        const added = deflated.reduce((sum, piece) => sum + piece.length, 0);
        page.bytes += added;
        bytes += added;
        trim();
      },
      () => {
        // Compressed as it goes out instead, as before.
      },
    );
  }

  function send(res: express.Response, page: KeptPage, state: "hit" | "miss", badge: ShopperFrame["badge"], key?: string) {
    if (state === "hit") hits++;
    else misses++;
    const words = holeWords(page, cspNonceOf(res) ?? page.renderedNonce, badge);
    res.status(page.status).set(page.headers).set("X-Page-Cache", state).vary("Accept-Encoding");
    const gzip = res.req.acceptsEncodings("gzip", "identity") === "gzip";
    if (gzip && key !== undefined) compressLater(key, page);
    // Compressed once; the compression middleware leaves an answer that names its encoding alone.
    const deflated = gzip ? page.deflated : undefined;
    const body = deflated ? gzipWithHoles(page.pieces, deflated, words) : fill(page.pieces, words);
    if (deflated) res.set("Content-Encoding", "gzip");
    // Its length said up front (the compression middleware would otherwise send it in chunks, or drop it when it compresses).
    res.set("Content-Length", String(body.length)).end(body);
  }

  /** A visitor without a session or cart: the page as Remix sends it is kept on the way out. */
  function forVisitor(req: express.Request, res: express.Response, next: express.NextFunction, key: string) {
    const page = fresh(key);
    if (page) return send(res, page, "hit", null, key);
    misses++;
    const began = generation;
    captureInto(res, (body) => {
      if (began !== generation) return;
      if (!keepable(res.statusCode, res.getHeader("content-type"), res.getHeader("cache-control"), res.getHeader("set-cookie") !== undefined, body)) return;
      keep(key, cut(body, 200, pageHeaders(Object.entries(res.getHeaders())), cspNonceOf(res), options.seconds));
    });
    res.set("X-Page-Cache", "miss");
    next();
  }

  /** A shopper: their frame looked up, then the page of their kind filled in with it. */
  async function forShopper(req: express.Request, res: express.Response, next: express.NextFunction, lang: Language, shoppers: ShopperPages) {
    const frame = await shoppers.frameOf(req, lang);
    // Unknown (the database failed): the full render says so its own way.
    if (!frame) return next();
    const key = `${lang} ${kindOf(frame)}${req.originalUrl}`;
    const page = fresh(key);
    if (page) return send(res, page, "hit", frame.badge, key);
    let render = rendering.get(key);
    if (!render) {
      render = renderToKeep(req, res, frame, shoppers, key).finally(() => rendering.delete(key));
      rendering.set(key, render);
    }
    const rendered = await render;
    // Not shareable (it set a cookie, say): this request is rendered as any other.
    if (!rendered) return next();
    send(res, rendered, "miss", frame.badge);
  }

  async function renderToKeep(req: express.Request, res: express.Response, frame: ShopperFrame, shoppers: ShopperPages, key: string) {
    const began = generation;
    const response = await shoppers.render(req, res, placeholders(frame));
    const body = Buffer.from(await response.arrayBuffer());
    const headers = response.headers;
    // Rendered without the shopper's cookies, it should set none; if it does, it is nobody's to share.
    if (headers.getSetCookie().length > 0) return null;
    const page = cut(body, response.status, pageHeaders(headers.entries()), cspNonceOf(res), options.seconds);
    if (began === generation && keepable(response.status, headers.get("content-type") ?? undefined, headers.get("cache-control") ?? undefined, false, body)) keep(key, page);
    return page;
  }

  const middleware: express.RequestHandler = (req, res, next) => {
    if (options.seconds <= 0 || req.method !== "GET" || !CATALOGUE_PATH.test(req.path)) return next();
    // A page asked for one of the parent's children (`?child=`: the size picker, the class kit) is theirs
    // alone and needs their session: never kept, never rendered without cookies (decision 133).
    if (req.query.child !== undefined) return next();
    const cookies = req.get("cookie");
    // One copy per language: a first visit whose browser asks for Hindi never gets the English page (decision 098).
    const lang = requestLanguage(cookies, req.get("accept-language"));
    if (!hasPersonalCookie(cookies)) return forVisitor(req, res, next, `${lang} ${req.originalUrl}`);
    // The note of what was just added is for this one page, and clearing it sets a cookie: rendered as it is.
    if (!options.shoppers || cookieNames(cookies).includes(ADDED_FLASH_COOKIE)) return next();
    forShopper(req, res, next, lang, options.shoppers).catch((err: unknown) => {
      req.log.error({ err }, "a kept page could not be filled in for a shopper");
      // Nothing sent yet: the full render answers.
      if (!res.headersSent) next();
    });
  };

  return {
    middleware,
    /** Drops every kept page: called when the catalogue changes, so this process shows the change at once. */
    clear() {
      generation++;
      pages.clear();
      bytes = 0;
    },
    stats: () => ({ pages: pages.size, bytes, hits, misses }),
  };
}

/** The headers a kept page goes out with, from the ones it was rendered with. */
function pageHeaders(entries: Iterable<[string, unknown]>): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of entries) {
    if (WIRE_HEADERS.has(name.toLowerCase()) || value === undefined) continue;
    headers[name] = typeof value === "number" ? String(value) : (value as string | string[]);
  }
  return headers;
}

/**
 * The page cut at its holes: each place its render's nonce appears (128 random bits: nowhere
 * else by chance), and each placeholder of the badge, told apart by whether it stands inside a
 * <script> (the page's data, JSON in a string) or in the HTML.
 */
function cut(body: Buffer, status: number, headers: Record<string, string | string[]>, nonce: string | undefined, seconds: number): KeptPage {
  const found: { at: number; length: number; hole: Hole }[] = [];
  const look = (mark: string, hole: Hole) => {
    const needle = Buffer.from(mark);
    for (let at = body.indexOf(needle); at !== -1; at = body.indexOf(needle, at + needle.length)) found.push({ at, length: needle.length, hole });
  };
  if (nonce) look(nonce, "nonce");
  look(COUNT_MARK, "count");
  look(LABEL_MARK, "label");
  found.sort((a, b) => a.at - b.at);
  const pieces: Buffer[] = [];
  const holes: Hole[] = [];
  let from = 0;
  for (const { at, length, hole } of found) {
    pieces.push(body.subarray(from, at));
    holes.push(hole !== "nonce" && insideScript(body, at) ? (`${hole}-in-script` as Hole) : hole);
    from = at + length;
  }
  pieces.push(body.subarray(from));
  return { pieces, holes, renderedNonce: nonce, status, bytes: body.length, headers, expires: Date.now() + seconds * 1000 };
}

/** Whether `at` is inside a <script> element: React escapes "<" in text, so a tag is a tag. */
function insideScript(body: Buffer, at: number): boolean {
  const opened = body.lastIndexOf("<script", at);
  return opened !== -1 && body.lastIndexOf("</script>", at) < opened;
}

/** The words of a kept page's holes for one answer, as bytes, in the holes' order. */
function holeWords(page: KeptPage, nonce: string | undefined, badge: ShopperFrame["badge"]): Buffer[] {
  // Only the holes this page has are worded: a visitor's page has the nonce alone.
  const value = (hole: Hole): string => {
    switch (hole) {
      case "nonce":
        return nonce ?? "";
      case "count":
        return asHtml(badge?.count ?? "");
      case "label":
        return asHtml(badge?.label ?? "");
      case "count-in-script":
        return asScriptData(badge?.count ?? "");
      case "label-in-script":
        return asScriptData(badge?.label ?? "");
    }
  };
  return page.holes.map((hole) => Buffer.from(value(hole)));
}

/** The page as plain HTML: its pieces with the holes' words between them. */
function fill(pieces: readonly Buffer[], words: readonly Buffer[]): Buffer {
  if (words.length === 0) return pieces[0];
  return Buffer.concat(pieces.flatMap((piece, i) => (i < words.length ? [piece, words[i]] : [piece])));
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text as React writes it into HTML, in an element or an attribute. */
export function asHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const SCRIPT_ESCAPES: Record<string, string> = { "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" };

/**
 * A string as it stands inside the page's data script: Remix's single fetch writes the data as
 * JSON (turbo-stream), puts that into a JavaScript string, and escapes what could end the script.
 */
export function asScriptData(text: string): string {
  const inData = JSON.stringify(text).slice(1, -1);
  return JSON.stringify(inData)
    .slice(1, -1)
    .replace(/[&<>\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]);
}

function keepable(status: number, contentType: unknown, cacheControl: unknown, setsCookie: boolean, body: Buffer): boolean {
  if (status !== 200 || setsCookie) return false;
  if (body.length === 0 || body.length > LARGEST_PAGE) return false;
  if (!String(contentType ?? "").startsWith("text/html")) return false;
  return !/no-store|private/.test(String(cacheControl ?? ""));
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
