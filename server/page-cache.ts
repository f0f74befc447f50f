import zlib from "node:zlib";
import type express from "express";
import { requestLanguage } from "../domain/i18n";
import { isVisitorCatalogueRequest } from "./cache-policy";

/**
 * The shop's own shared cache, standing in front of Remix where a reverse proxy would (decision 171). Most
 * parents browsing on a phone have no session and no cart yet, and a catalogue page (home, schools, uniforms,
 * accessories, /shop, products) and its data come out the same for all of them. The cache policy
 * (cache-policy.ts) says so on those answers (`public, s-maxage=N`); this keeps each such answer whole, its
 * headers and body as Remix sent them, and answers the next visitors with it for those N seconds. It never
 * looks inside what it keeps.
 *
 * The answer's Content-Security-Policy is kept with it: the nonce in a kept page's scripts is the one its
 * policy names, for the page's seconds, as from any cache in front of the shop.
 *
 * Keyed by the page's language (the cookie or the browser's, decision 098) and its address, query included.
 * A parent with a cart or a session never gets a kept answer, nor leaves one: theirs are rendered for them.
 * A catalogue change (a product, a photo, an item's facts) empties the cache of this process at once.
 * Answers say `X-Page-Cache: hit` or `miss` (one the cache may keep), and a kept one its `Age`.
 */
export interface PageCacheOptions {
  /**
   * Upper bound on what is kept, in bytes: each answer's body (plain and gzipped) and its address (the key,
   * which a visitor chooses: query strings make as many as they like); the least recently used go first.
   */
  maxBytes?: number;
}

interface KeptAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** The body gzipped once, off the web server's thread, when it is asked for again (decision 152). */
  gzipped?: Buffer;
  gzipping?: boolean;
  bytes: number;
  keptAt: number;
  expires: number;
}

// Headers that belong to one answer on the wire, not to the page: a kept page must never answer with the id
// of the request it was rendered for. Vary is the live request's (the middlewares before say it again).
const WIRE_HEADERS = new Set([
  "set-cookie",
  "x-request-id",
  "x-page-cache",
  "age",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  "etag",
]);
const LARGEST_ANSWER = 512 * 1024;

/** How long a shared cache may keep an answer, by its Cache-Control; 0: it may not. */
export function sharedSeconds(cacheControl: unknown): number {
  const value = Array.isArray(cacheControl) ? cacheControl.join(",") : String(cacheControl ?? "");
  if (!/(?:^|,)\s*public\s*(?:,|$)/i.test(value) || /no-store|private|no-cache/i.test(value)) return 0;
  const seconds = /(?:^|,)\s*s-maxage=(\d+)\s*(?:,|$)/i.exec(value);
  return seconds ? Number(seconds[1]) : 0;
}

export function createPageCache(options: PageCacheOptions = {}) {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  // A Map iterates in insertion order; re-inserting on a hit makes it least-recently-used first.
  const answers = new Map<string, KeptAnswer>();
  let bytes = 0;
  // Answers are also dropped once expired, not only when asked for again: without it every page of a rush
  // (or of a scan of made-up addresses) stays up to maxBytes long after nobody asks for it (decision 148).
  let nextSweep = 0;
  let hits = 0;
  let misses = 0;
  // Counts the clears: an answer whose render began before the latest one may show what changed, so it is not kept.
  let generation = 0;

  function forget(key: string) {
    const answer = answers.get(key);
    if (!answer) return;
    bytes -= answer.bytes;
    answers.delete(key);
  }

  function keep(key: string, answer: KeptAnswer) {
    forget(key);
    sweep(answer.keptAt);
    // A JavaScript string's length is at least its UTF-8 size here (the address is ASCII once parsed).
    answer.bytes += key.length;
    answers.set(key, answer);
    bytes += answer.bytes;
    trim();
  }

  /** The least recently used answers dropped until what is kept is within the bound. */
  function trim() {
    for (const oldest of answers.keys()) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** Drops the expired answers, at most once a second: a rush keeps a new one every few milliseconds. */
  function sweep(now: number) {
    if (now < nextSweep) return;
    nextSweep = now + 1000;
    for (const [key, answer] of answers) if (answer.expires <= now) forget(key);
  }

  /** An answer still fresh under `key`, made the most recently used; or nothing. */
  function fresh(key: string): KeptAnswer | undefined {
    const answer = answers.get(key);
    if (!answer) return undefined;
    if (answer.expires <= Date.now()) {
      forget(key);
      return undefined;
    }
    answers.delete(key);
    answers.set(key, answer);
    return answer;
  }

  /** A kept answer gzipped, once it is asked for again: most pages of a rush are asked for once in their seconds. */
  function gzipLater(key: string, answer: KeptAnswer) {
    if (answer.gzipped || answer.gzipping) return;
    answer.gzipping = true;
    zlib.gzip(answer.body, { level: zlib.constants.Z_BEST_COMPRESSION }, (err, gzipped) => {
      // Dropped or kept anew meanwhile: nothing to add to. Failed: compressed as it goes out instead.
      if (err || answers.get(key) !== answer) return;
      answer.gzipped = gzipped;
      answer.bytes += gzipped.length;
      bytes += gzipped.length;
      trim();
    });
  }

  function send(res: express.Response, key: string, answer: KeptAnswer) {
    hits++;
    res.status(answer.status).set(answer.headers).set("X-Page-Cache", "hit").vary("Accept-Encoding");
    res.set("Age", String(Math.floor((Date.now() - answer.keptAt) / 1000)));
    const gzip = res.req.acceptsEncodings("gzip", "identity") === "gzip";
    if (gzip) gzipLater(key, answer);
    // Compressed once; the compression middleware leaves an answer that names its encoding alone.
    const body = gzip && answer.gzipped ? answer.gzipped : answer.body;
    if (body === answer.gzipped) res.set("Content-Encoding", "gzip");
    res.set("Content-Length", String(body.length)).end(body);
  }

  const middleware: express.RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || !isVisitorCatalogueRequest(req)) return next();
    // One copy per language: a first visit whose browser asks for Hindi never gets the English page (decision 098).
    const key = `${requestLanguage(req.get("cookie"), req.get("accept-language"))} ${req.originalUrl}`;
    const kept = fresh(key);
    if (kept) return send(res, key, kept);
    misses++;
    const began = generation;
    res.set("X-Page-Cache", "miss");
    captureInto(res, (body) => {
      const seconds = sharedSeconds(res.getHeader("cache-control"));
      if (began !== generation || seconds <= 0 || res.statusCode !== 200 || res.hasHeader("set-cookie") || body.length === 0) return;
      const keptAt = Date.now();
      keep(key, { status: res.statusCode, headers: answerHeaders(res), body, bytes: body.length, keptAt, expires: keptAt + seconds * 1000 });
    });
    next();
  };

  return {
    middleware,
    /** Drops every kept answer: called when the catalogue changes, so this process shows the change at once. */
    clear() {
      generation++;
      answers.clear();
      bytes = 0;
    },
    stats: () => ({ pages: answers.size, bytes, hits, misses }),
  };
}

/** The headers a kept answer goes out with: the ones it went out with, less those of one answer on the wire. */
function answerHeaders(res: express.Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (WIRE_HEADERS.has(name) || value === undefined) continue;
    headers[name] = typeof value === "number" ? String(value) : value;
  }
  return headers;
}

/**
 * Collects what the app writes (before compression, which sits below in the chain) and hands it over once the
 * answer has ended, its headers written: what it says of itself (Cache-Control, status) is known then.
 */
function captureInto(res: express.Response, done: (body: Buffer) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => express.Response;
  const collect = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function" || size > LARGEST_ANSWER) return;
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
    const ended = end(chunk, encoding, callback);
    if (size <= LARGEST_ANSWER) done(Buffer.concat(chunks, size));
    return ended;
  }) as typeof res.end;
}
