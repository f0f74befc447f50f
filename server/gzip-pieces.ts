import zlib from "node:zlib";

/**
 * A kept page compressed once, not once per visit (decision 152). A kept page is cut at its holes
 * (the response's nonce, the badge), whose words change with every answer, so it cannot be kept as
 * one compressed file. But a deflate stream is only a row of blocks: each piece between the holes is
 * compressed on its own, starting afresh (it refers back to nothing before it) and ending on a byte
 * boundary without closing the stream; each answer puts its holes' words between them as stored
 * (uncompressed) blocks, closes the stream with an empty last block, and wraps it in gzip's header and
 * trailer (the CRC-32 and length of the whole page, counted over the pieces and holes as sent).
 *
 * Compressing per visit took the allocator's memory on every thread that did it, and kept it
 * (docs/benchmarks.md, "Rush: where the memory goes"); this takes a CRC over the page per visit.
 */

// ID1 ID2, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// The last block: stored, BFINAL set, empty (LEN 0, NLEN 0xffff) (RFC 1951 3.2.4).
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const STORED_BLOCK_MAX = 0xffff;

const PIECE_OPTIONS: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_COMPRESSION, finishFlush: zlib.constants.Z_SYNC_FLUSH };

/** One piece as raw deflate that refers to nothing before it and ends on a byte boundary, the stream left open. */
export function deflatePiece(piece: Buffer): Buffer {
  // An empty piece needs no block at all (a sync flush of nothing would still add five bytes).
  if (piece.length === 0) return piece;
  return zlib.deflateRawSync(piece, PIECE_OPTIONS);
}

/** `deflatePiece` for every piece, on libuv's threads: the web server's thread goes on answering meanwhile. */
export function deflatePieces(pieces: readonly Buffer[]): Promise<Buffer[]> {
  return Promise.all(
    pieces.map((piece) =>
      piece.length === 0 ? piece : new Promise<Buffer>((resolve, reject) => zlib.deflateRaw(piece, PIECE_OPTIONS, (err, out) => (err ? reject(err) : resolve(out)))),
    ),
  );
}

/** Bytes as stored (uncompressed) deflate blocks, not the last: how a hole's words go between compressed pieces. */
function storedBlocks(bytes: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let from = 0; from < bytes.length; from += STORED_BLOCK_MAX) {
    const part = bytes.subarray(from, from + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), then padding to the byte boundary
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(header, part);
  }
  return blocks;
}

/**
 * The gzip answer for pieces and the words of the holes between them: `pieces[0]`, `holes[0]`,
 * `pieces[1]`, ...; `deflated[i]` is `deflatePiece(pieces[i])`.
 */
export function gzipWithHoles(pieces: readonly Buffer[], deflated: readonly Buffer[], holes: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (let i = 0; i < pieces.length; i++) {
    parts.push(deflated[i]);
    crc = zlib.crc32(pieces[i], crc);
    length += pieces[i].length;
    const hole = holes[i];
    if (hole === undefined || hole.length === 0) continue;
    parts.push(...storedBlocks(hole));
    crc = zlib.crc32(hole, crc);
    length += hole.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(LAST_BLOCK, trailer);
  return Buffer.concat(parts);
}
