import { deflateSync } from "node:zlib";
import sharp from "sharp";
import ExifReader from "exifreader";

/**
 * A minimal EXIF block (TIFF, little-endian) as a phone writes one: the picture turned a
 * quarter (Orientation 6), the camera's make, the owner's name and a GPS position in Churu.
 */
function exifBlock(): Buffer {
  const parts: Buffer[] = [];
  const tiff = Buffer.alloc(200);
  let at = 0;
  const u16 = (v: number) => { tiff.writeUInt16LE(v, at); at += 2; };
  const u32 = (v: number) => { tiff.writeUInt32LE(v, at); at += 4; };
  tiff.write("II", 0); at = 2; u16(42); u32(8);
  // IFD0 at 8: 4 entries (12 bytes each) + next-IFD offset = 2 + 48 + 4 = 54 -> ends at 62.
  u16(4);
  u16(0x010f); u16(2); u32(6); u32(62); // Make -> "Phone\0" at 62
  u16(0x0112); u16(3); u32(1); u16(6); u16(0); // Orientation 6
  u16(0x013b); u16(2); u32(8); u32(68); // Artist -> "Ramesh\0\0" at 68
  u16(0x8825); u16(4); u32(1); u32(76); // GPS IFD at 76
  u32(0);
  tiff.write("Phone\0", 62);
  tiff.write("Ramesh\0\0", 68);
  at = 76;
  // GPS IFD: 4 entries -> 2 + 48 + 4 = 54 -> ends at 130; rationals at 130 and 154.
  u16(4);
  u16(0x0001); u16(2); u32(2); tiff.write("N\0\0\0", at); at += 4;
  u16(0x0002); u16(5); u32(3); u32(130);
  u16(0x0003); u16(2); u32(2); tiff.write("E\0\0\0", at); at += 4;
  u16(0x0004); u16(5); u32(3); u32(154);
  u32(0);
  at = 130;
  for (const [n, d] of [[28, 1], [18, 1], [0, 1], [74, 1], [58, 1], [0, 1]]) { u32(n); u32(d); }
  parts.push(Buffer.from("Exif\0\0", "binary"), tiff.subarray(0, at));
  const body = Buffer.concat(parts);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([header, body]);
}

/** A JPEG of `width` x `height` (as stored, before turning) with GPS, camera and owner in its EXIF. */
export async function jpegWithGps(width = 900, height = 600): Promise<Buffer> {
  const plain = await sharp({ create: { width, height, channels: 3, background: { r: 20, g: 60, b: 140 } } }).jpeg().toBuffer();
  // Straight after the start-of-image marker, where a camera puts it.
  return Buffer.concat([plain.subarray(0, 2), exifBlock(), plain.subarray(2)]);
}

/** A PNG that claims 20,000 x 20,000 pixels (1.6 GB decoded) in a few KB: a decompression bomb. */
export function pngBomb(side = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 50), { level: 9 });
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", rows), chunk("IEND", Buffer.alloc(0))]);
}

/** Every metadata tag a file carries that says anything about where, with what or by whom it was taken. */
export function revealingTags(bytes: Uint8Array): string[] {
  let tags: Record<string, unknown>;
  try {
    tags = ExifReader.load(Buffer.from(bytes), { expanded: false }) as Record<string, unknown>;
  } catch (err) {
    if ((err as Error).name === "MetadataMissingError") return [];
    throw err;
  }
  return Object.keys(tags).filter((name) => /GPS|Make|Model|Artist|Orientation|Copyright|Owner|Serial|DateTime|xmp|iptc|ICC/i.test(name));
}

/** A multipart request of a page form with one photo field. */
export function photoFormRequest(url: string, fields: Record<string, string>, files: { name: string; bytes: Uint8Array; filename?: string; type?: string }[]): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.filename ?? "photo.jpg");
  return new Request(url, { method: "POST", body: form });
}
