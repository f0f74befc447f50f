import compression from "compression";
import type { RequestHandler } from "express";

/**
 * What the compression middleware is shown of a browser's Accept-Encoding: the same codings without brotli, and
 * brotli refused outright (`br;q=0`), so that a `*` cannot bring it back. Linear in the header's length.
 */
export function withoutBrotli(accepted: string): string {
  const kept = accepted.split(",").filter((entry) => entry.split(";")[0].trim().toLowerCase() !== "br");
  return [...kept.map((entry) => entry.trim()).filter(Boolean), "br;q=0"].join(", ");
}

/**
 * Answers made for one request (a page rendered in full, an API answer, a catalogue page the first time it
 * is kept) are compressed as they go out with gzip, never brotli, whatever the browser takes (decision 155).
 * Brotli at the middleware's quality 4 made them no smaller than gzip at level 6 (13.8 KB each for
 * /schools/dps), but each brotli stream takes megabytes from the C allocator on libuv's threads, and glibc
 * keeps what the busiest moment took in each thread's arena: 60-70 MB more resident after a rush of full
 * renders. Files compressed when built keep their brotli (precompressed-files.ts reads the request's own
 * header), and kept pages their gzip made once (page-cache.ts).
 */
export function gzipAsItGoes(): RequestHandler {
  const compress = compression();
  return (req, res, next) => {
    const accepted = req.headers["accept-encoding"];
    if (typeof accepted !== "string") return compress(req, res, next);
    // The middleware reads the header when the answer starts, long after this call: it is handed a view of the
    // request whose header leaves brotli out, while the request itself keeps what the browser said.
    const view = Object.create(req, { headers: { value: { ...req.headers, "accept-encoding": withoutBrotli(accepted) } } }) as typeof req;
    compress(view, res, next);
  };
}
