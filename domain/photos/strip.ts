/**
 * An original as the shop keeps it (decision 193): the picture's own bytes, without what a phone writes about where,
 * when, with what and by whom it was taken. Read as containers, not decoded, so it costs a pass over the bytes and no
 * memory beyond the copy, and it keeps every pixel as the camera encoded it (the served files are made from it later).
 *
 * - JPEG: the segments before the image data lose EXIF and XMP (APP1), the camera makers' blocks (APP3 to APP13,
 *   APP15: IPTC and Photoshop in APP13), the multi-picture index (an APP2 that is not the colour profile) and comments;
 *   whatever follows the picture's end (a phone's second picture, a depth map, each with an EXIF block of its own) is
 *   dropped. Kept: JFIF (APP0), the colour profile (APP2 ICC_PROFILE), Adobe's colour transform (APP14), the tables and
 *   the frame. The EXIF orientation survives alone, in an EXIF block of one tag, so the photo still turns upright.
 * - PNG: the text chunks (tEXt, zTXt, iTXt), eXIf and tIME go, and anything after IEND.
 * - WebP: the EXIF and XMP chunks go, and their flags in VP8X.
 * A file whose containers do not hold together gives null: it is refused rather than kept with its metadata.
 */
import type { PhotoKind } from "./sniff";

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
const u32le = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function stripPhotoMetadata(kind: PhotoKind, bytes: Uint8Array): Uint8Array | null {
  if (kind === "jpeg") return stripJpeg(bytes);
  if (kind === "png") return stripPng(bytes);
  return stripWebp(bytes);
}

/** The orientation (1 to 8) an EXIF block (the APP1 segment's data, after "Exif\0\0") names, or undefined. */
export function exifOrientation(tiff: Uint8Array): number | undefined {
  if (tiff.length < 8) return undefined;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  if (!little && !(tiff[0] === 0x4d && tiff[1] === 0x4d)) return undefined;
  const u16 = (at: number) => (little ? tiff[at] | (tiff[at + 1] << 8) : u16be(tiff, at));
  const u32 = (at: number) => (little ? u32le(tiff, at) : u32be(tiff, at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return undefined;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

/** An APP1 segment holding an EXIF block of one tag: the orientation. */
function orientationSegment(orientation: number): Uint8Array {
  const tiff = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
  const data = [...[0x45, 0x78, 0x69, 0x66, 0, 0], ...tiff];
  const length = data.length + 2;
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...data]);
}

/** JPEG markers of segments kept before the image data: APP0, APP14, the tables, the frames, restart interval. */
function keptJpegSegment(marker: number, b: Uint8Array, at: number, length: number): boolean {
  if (marker === 0xe0 || marker === 0xee) return true;
  if (marker === 0xe2) return length >= 14 && ascii(b, at + 4, 12) === "ICC_PROFILE\0";
  if (marker >= 0xe1 && marker <= 0xef) return false;
  return marker !== 0xfe;
}

function stripJpeg(b: Uint8Array): Uint8Array | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null;
  const kept: Uint8Array[] = [b.subarray(0, 2)];
  let orientation: number | undefined;
  let afterApp0 = 1;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    if (marker === 0xe1 && ascii(b, at + 4, 6) === "Exif\0\0") orientation ??= exifOrientation(b.subarray(at + 10, at + 2 + length));
    if (keptJpegSegment(marker, b, at, length)) {
      kept.push(b.subarray(at, at + 2 + length));
      if (marker === 0xe0 && kept.length === 2) afterApp0 = 2;
    }
    at += 2 + length;
    if (marker === 0xda) {
      // The image data: scans, their tables and restart markers, up to the picture's end (0xFFD9). Inside the data
      // a 0xFF is always followed by 0x00 or a marker, so the first FFD9 is the end of this picture.
      let end = at;
      while (end + 1 < b.length && !(b[end] === 0xff && b[end + 1] === 0xd9)) end++;
      if (end + 1 >= b.length) return null;
      kept.push(b.subarray(at, end + 2));
      if (orientation && orientation !== 1) kept.splice(afterApp0, 0, orientationSegment(orientation));
      return concat(kept);
    }
  }
  return null;
}

const PNG_DROPPED = new Set(["tEXt", "zTXt", "iTXt", "eXIf", "tIME"]);

function stripPng(b: Uint8Array): Uint8Array | null {
  const kept: Uint8Array[] = [b.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + length;
    if (end > b.length) return null;
    if (!PNG_DROPPED.has(type)) kept.push(b.subarray(at, end));
    at = end;
    if (type === "IEND") return concat(kept);
  }
  return null;
}

function stripWebp(b: Uint8Array): Uint8Array | null {
  if (b.length < 20 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return null;
  const riffEnd = Math.min(b.length, 8 + u32le(b, 4));
  const kept: Uint8Array[] = [];
  let at = 12;
  while (at + 8 <= riffEnd) {
    const type = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    // A chunk's data is padded to an even length.
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd + (size % 2)) return null;
    if (type === "VP8X") {
      const chunk = b.slice(at, Math.min(end, b.length));
      // Flags: bit 3 EXIF, bit 2 XMP.
      chunk[8] &= ~0x0c;
      kept.push(chunk);
    } else if (type !== "EXIF" && type !== "XMP ") {
      kept.push(b.subarray(at, Math.min(end, b.length)));
    }
    at = end;
  }
  const body = concat(kept);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 4), 0);
  const size = body.length + 4;
  header.set([size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, (size >>> 24) & 0xff], 4);
  header.set(b.subarray(8, 12), 8);
  return concat([header, body]);
}
