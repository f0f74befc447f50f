import { describe, expect, it } from "vitest";
import sharp from "sharp";
import { MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE, sniffKind, sniffPhoto } from "../../domain/photos/sniff";
import { jpegWithGps, pngBomb } from "../support/photos";

const made = (format: "jpeg" | "png" | "webp", width: number, height: number, options: object = {}) =>
  sharp({ create: { width, height, channels: 3, background: "#1d4ed8" } })[format](options).toBuffer();

describe("sniffing a photo from its bytes", () => {
  it("reads the kind and the size of a JPEG, PNG and WebP (lossy and lossless) from the header", async () => {
    expect(sniffPhoto(await made("jpeg", 640, 480))).toEqual({ kind: "jpeg", width: 640, height: 480 });
    expect(sniffPhoto(await made("jpeg", 333, 777, { progressive: true }))).toEqual({ kind: "jpeg", width: 333, height: 777 });
    expect(sniffPhoto(await made("png", 321, 123))).toEqual({ kind: "png", width: 321, height: 123 });
    expect(sniffPhoto(await made("webp", 500, 250))).toEqual({ kind: "webp", width: 500, height: 250 });
    expect(sniffPhoto(await made("webp", 501, 251, { lossless: true }))).toEqual({ kind: "webp", width: 501, height: 251 });
    // An EXIF block before the frame header is stepped over.
    expect(sniffPhoto(await jpegWithGps(900, 600))).toEqual({ kind: "jpeg", width: 900, height: 600 });
  });

  it("refuses anything that is not one of them, whatever it is called", async () => {
    const texts = ["<svg xmlns='http://www.w3.org/2000/svg'/>", "GIF89a......", "%PDF-1.7", "<html>", ""];
    for (const text of texts) expect(sniffPhoto(new TextEncoder().encode(text)), text).toEqual({ refused: "not-a-photo" });
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } }).gif().toBuffer();
    expect(sniffKind(gif)).toBeNull();
    // A JPEG's first bytes and nothing else: no frame header, no size, refused.
    expect(sniffPhoto(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toEqual({ refused: "not-a-photo" });
    // A PNG signature with a broken first chunk.
    const png = await made("png", 10, 10);
    png.write("XXXX", 12, "ascii");
    expect(sniffPhoto(png)).toEqual({ refused: "not-a-photo" });
  });

  it("refuses absurd sizes before any decoding: a side over the limit, or too many pixels", () => {
    expect(sniffPhoto(pngBomb())).toEqual({ refused: "too-large" });
    expect(sniffPhoto(pngBomb(MAX_PHOTO_SIDE + 1))).toEqual({ refused: "too-large" });
    const side = Math.ceil(Math.sqrt(MAX_PHOTO_PIXELS)) + 1;
    expect(side).toBeLessThanOrEqual(MAX_PHOTO_SIDE);
    expect(sniffPhoto(pngBomb(side))).toEqual({ refused: "too-large" });
    expect(sniffPhoto(pngBomb(4000))).toEqual({ kind: "png", width: 4000, height: 4000 });
  });
});
