import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { deflatePiece, deflatePieces, gzipWithHoles } from "../../server/gzip-pieces";

// A kept page is compressed once, piece by piece, and each answer puts its own nonce and badge between
// the pieces (decision 152). What a browser unpacks must be the page with those words, byte for byte.

const page = (text: string) => Buffer.from(text);
const unpack = (pieces: Buffer[], holes: Buffer[]) => zlib.gunzipSync(gzipWithHoles(pieces, pieces.map(deflatePiece), holes));

describe("a page compressed in pieces with holes between them", () => {
  it("unpacks to the pieces with each answer's words in the holes", () => {
    const html = "<!DOCTYPE html><html><head><script nonce=\"";
    const middle = `"></script></head><body>${"<li>White Shirt ₹450</li>".repeat(400)}<span>`;
    const end = "</span></body></html>";
    const pieces = [page(html), page(middle), page(end)];
    for (const nonce of ["abc123", "Zm9vYmFyYmF6cXV4MTIzNA=="]) {
      const words = [page(nonce), page("3 items")];
      expect(unpack(pieces, words).toString()).toBe(`${html}${nonce}${middle}3 items${end}`);
    }
  });

  it("compresses the same off the server's thread as on it", async () => {
    const pieces = [page("<head>"), page(""), page("<li>Tie</li>".repeat(300))];
    expect(await deflatePieces(pieces)).toEqual(pieces.map(deflatePiece));
  });

  it("is smaller than the page: the pieces are compressed, not stored", () => {
    const pieces = [page("<p>".repeat(5000)), page("</p>".repeat(5000))];
    const answer = gzipWithHoles(pieces, pieces.map(deflatePiece), [page("n")]);
    expect(answer.length).toBeLessThan(500);
  });

  it("takes empty pieces and empty words, and holes longer than one stored block", () => {
    const long = randomBytes(70_000);
    const pieces = [page(""), page("a"), page("")];
    expect(unpack(pieces, [long, page("")]).equals(Buffer.concat([long, page("a")]))).toBe(true);
    expect(unpack([page("only")], []).toString()).toBe("only");
  });

  it("is a gzip file the system's gzip reads and checks (the CRC and length of the whole page)", () => {
    const pieces = [page("Churu Uniform House "), page(" DPS navy pant".repeat(100))];
    const answer = gzipWithHoles(pieces, pieces.map(deflatePiece), [page("नमस्ते")]);
    const gunzip = spawnSync("gzip", ["-dc"], { input: answer });
    expect(gunzip.status).toBe(0);
    expect(gunzip.stdout.toString()).toBe(`Churu Uniform House नमस्ते${" DPS navy pant".repeat(100)}`);
  });

  it("a wrong CRC is caught by the reader: the trailer is checked, not ignored", () => {
    const pieces = [page("a page")];
    const answer = gzipWithHoles(pieces, pieces.map(deflatePiece), []);
    answer[answer.length - 8] ^= 0xff;
    expect(() => zlib.gunzipSync(answer)).toThrow();
  });
});
