/**
 * What an uploaded file is, read from its first bytes (never from the name or the type the
 * browser sends), and how large a picture it holds, read from its header before anything
 * decodes it: a 20,000 x 20,000 PNG is a few KB on the wire and 1.6 GB once decoded, so the
 * size is refused here, in microseconds, before the decoder is ever called (decision 139).
 */

export const PHOTO_KINDS = ["jpeg", "png", "webp"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

/** The largest picture the shop decodes: 40 megapixels (a phone's camera takes 12 to 50), at most 12,000 px a side. */
export const MAX_PHOTO_PIXELS = 40_000_000;
export const MAX_PHOTO_SIDE = 12_000;
/** One photo's file and one upload's whole body. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_REQUEST_BYTES = 16 * 1024 * 1024;

export interface Sniffed {
  kind: PhotoKind;
  width: number;
  height: number;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

/** The kind of picture by its magic bytes, or null when it is none the shop takes. */
export function sniffKind(bytes: Uint8Array): PhotoKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "webp";
  return null;
}

function pngSize(b: Uint8Array): { width: number; height: number } | null {
  // The first chunk is always IHDR: width and height, 4 bytes each, big-endian.
  if (b.length < 24 || ascii(b, 12, 4) !== "IHDR") return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2) return null;
    // Start of frame (baseline, progressive, ...): height then width. C4, C8 and CC are not frames.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return null;
      return { height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 30) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X") return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8L") {
    if (b[20] !== 0x2f) return null;
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 ") {
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return null;
}

/**
 * The picture's kind and size from its bytes alone, or why it is refused: `not-a-photo` (no
 * kind the shop takes, or a header that does not hold together) or `too-large` (more pixels
 * or a longer side than the shop decodes).
 */
export function sniffPhoto(bytes: Uint8Array): Sniffed | { refused: "not-a-photo" | "too-large" } {
  const kind = sniffKind(bytes);
  if (!kind) return { refused: "not-a-photo" };
  const size = kind === "png" ? pngSize(bytes) : kind === "jpeg" ? jpegSize(bytes) : webpSize(bytes);
  if (!size || size.width < 1 || size.height < 1) return { refused: "not-a-photo" };
  if (size.width > MAX_PHOTO_SIDE || size.height > MAX_PHOTO_SIDE || size.width * size.height > MAX_PHOTO_PIXELS) {
    return { refused: "too-large" };
  }
  return { kind, ...size };
}
