import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type express from "express";

/**
 * The browser's files (scripts, styles, drawings, the icon) compressed once, when the shop is built,
 * not on every request (decision 152): each gets a `.br` (brotli at its best, quality 11) and a `.gz`
 * (gzip level 9) beside it, and the web server sends the one the browser takes. They never change
 * between builds (the scripts' and styles' names carry their content's hash), so compressing them per
 * request was work and memory spent again for the same bytes: half of a rush's requests are these files.
 */

// What compresses: text. Photos and fonts are compressed already.
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html)$/;
// Below this a file goes as it is: the compression middleware's own threshold.
const SMALLEST = 1024;
const ENCODINGS = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes the `.br` and `.gz` of every compressible file under `dir` (the build's browser folder), when smaller. */
export function precompressFolder(dir: string): { files: number; bytes: number; brotli: number } {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = fs.readFileSync(file);
    if (content.length < SMALLEST) continue;
    const br = zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    // A file that does not get smaller is sent as it is.
    if (gz.length >= content.length) continue;
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    files++;
    bytes += content.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}

/**
 * Sends a file's `.br` or `.gz` (brotli first) when the browser takes it, by rewriting the request
 * for the static handlers after it; the rest go on as they came. Mounted at the browser folder's root.
 */
export function precompressedFiles(dir: string): express.RequestHandler {
  const encoded = new Map<string, Set<string>>();
  for (const file of filesUnder(dir)) {
    for (const { suffix } of ENCODINGS) {
      if (!file.endsWith(suffix)) continue;
      const original = `/${path.relative(dir, file.slice(0, -suffix.length)).split(path.sep).join("/")}`;
      encoded.set(original, (encoded.get(original) ?? new Set()).add(suffix));
    }
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const forms = encoded.get(req.path);
    if (!forms) return next();
    res.vary("Accept-Encoding");
    const chosen = ENCODINGS.find(({ encoding, suffix }) => forms.has(suffix) && req.acceptsEncodings(encoding) === encoding);
    if (!chosen) return next();
    // The static handler sets neither type nor encoding from the `.br` name: both are set here.
    res.type(path.extname(req.path)).set("Content-Encoding", chosen.encoding);
    req.url = `${req.path}${chosen.suffix}${req.url.slice(req.path.length)}`;
    next();
  };
}
