/**
 * The originals the shop keeps (decision 193): a phone's photo loses its GPS position, camera and owner's name before
 * it is written to the photos folder (and so to every backup); the pixels stay as they were encoded, and the
 * orientation stays so the photo still turns upright.
 */
import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { stripPhotoMetadata } from "../../domain/photos/strip";
import { jpegWithGps, revealingTags } from "../support/photos";

const tagged = { IFD0: { Make: "PhoneMaker", Artist: "Ramesh Sharma", Copyright: "Ramesh Sharma" } };

describe("an original without its metadata", () => {
  it("keeps a phone JPEG's pixels and orientation, and nothing of its GPS, camera, owner, XMP, comment or a second picture after it", async () => {
    const phone = await jpegWithGps(640, 480);
    // A comment and a second picture with its own EXIF after the first one's end, as phones append a depth map.
    const trailer = await sharp({ create: { width: 8, height: 8, channels: 3, background: "white" } }).jpeg().withExif(tagged).toBuffer();
    const withComment = Buffer.concat([phone.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x0f]), Buffer.from("Ramesh's shop"), phone.subarray(2), trailer]);
    expect(revealingTags(withComment)).toEqual(expect.arrayContaining(["GPSLatitude", "Make", "Artist"]));

    const kept = stripPhotoMetadata("jpeg", withComment)!;
    expect(revealingTags(kept)).toEqual(["Orientation"]);
    const text = Buffer.from(kept).toString("latin1");
    for (const word of ["Ramesh", "PhoneMaker", "GPS"]) expect(text).not.toContain(word);
    expect(kept.length).toBeLessThan(withComment.length);
    // Still the same picture, turned the same way.
    const before = await sharp(phone).autoOrient().raw().toBuffer({ resolveWithObject: true });
    const after = await sharp(Buffer.from(kept)).autoOrient().raw().toBuffer({ resolveWithObject: true });
    expect([after.info.width, after.info.height]).toEqual([480, 640]);
    expect(after.data.equals(before.data)).toBe(true);
    // Keeping an original twice gives the same bytes: the same picture is one photo.
    expect(Buffer.from(stripPhotoMetadata("jpeg", withComment)!).equals(Buffer.from(kept))).toBe(true);
  });

  it("drops a PNG's text chunks and EXIF, and a WebP's EXIF and XMP, keeping the picture", async () => {
    const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "red" } }).png().withExif(tagged).toBuffer();
    const withText = Buffer.concat([png.subarray(0, 33), pngChunk("tEXt", "Author\0Ramesh Sharma"), png.subarray(33)]);
    expect(Buffer.from(withText).toString("latin1")).toContain("Ramesh");
    const keptPng = stripPhotoMetadata("png", withText)!;
    expect(Buffer.from(keptPng).toString("latin1")).not.toContain("Ramesh");
    expect(revealingTags(keptPng)).toEqual([]);
    expect((await sharp(Buffer.from(keptPng)).metadata()).width).toBe(20);

    const webp = await sharp({ create: { width: 20, height: 10, channels: 3, background: "blue" } }).webp().withExif(tagged).withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>Ramesh</dc:creator></x:xmpmeta>').toBuffer();
    expect(Buffer.from(webp).toString("latin1")).toContain("Ramesh");
    const keptWebp = stripPhotoMetadata("webp", webp)!;
    expect(Buffer.from(keptWebp).toString("latin1")).not.toContain("Ramesh");
    const meta = await sharp(Buffer.from(keptWebp)).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([20, 10, undefined, undefined]);
  });

  it("gives null for a file whose containers do not hold together, so it is refused rather than kept as it came", async () => {
    const phone = await jpegWithGps(64, 48);
    expect(stripPhotoMetadata("jpeg", phone.subarray(0, 200))).toBeNull();
    expect(stripPhotoMetadata("png", Buffer.from("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", "latin1"))).toBeNull();
    expect(stripPhotoMetadata("webp", Buffer.from("RIFF\x04\0\0\0WEBP", "latin1"))).toBeNull();
  });
});

function pngChunk(type: string, text: string): Buffer {
  const data = Buffer.from(text, "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  // The CRC is not checked by the strip (a reader would skip a bad one): zeros do.
  return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
}
