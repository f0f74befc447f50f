/**
 * The photo job (decision 139): an original as the owner's phone took it becomes the files the
 * shop serves: turned upright, every metadata field dropped (EXIF with its GPS position, the
 * camera, the owner's name; XMP; IPTC; the colour profile, once the pixels are in sRGB), and
 * encoded as AVIF, WebP and JPEG at three widths, each file named by the SHA-256 of its bytes.
 * sharp keeps no metadata unless told to (`keepMetadata`, `withMetadata`): nothing here asks it to.
 */
import fs from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { z } from "zod";
import { parsePhotoOwnerKey, type PhotoFormat, type PhotoVariant } from "../domain/photos/events";
import { MAX_PHOTO_PIXELS } from "../domain/photos/sniff";
import type { Shop } from "../services/index";
import { sha256, writeOnce } from "../services/photos";
import { UnrecoverableJobError, type JobInfo } from "../services/queue";

/** The widths the pages ask for: a phone's card, a phone's product page (or a desktop card), a desktop product page. */
export const PHOTO_WIDTHS = [400, 800, 1200] as const;

const EXTENSIONS: Record<PhotoFormat, string> = { avif: "avif", webp: "webp", jpeg: "jpg" };

// Two cores serve the whole shop: a photo takes one of them, never both.
sharp.concurrency(1);
// libvips keeps decoded pictures and operations for reuse (up to 50 MB and 20 files by default): a photo is processed
// once, so nothing is worth keeping, and a kept 36-megapixel decode held the shop's memory up after the job (decision 198).
sharp.cache(false);

/**
 * The longest one decode or encode may take (decision 198): a deep progressive JPEG of 84 KB took 65 s of CPU to
 * decode, nine times over. A picture past it is refused, as a broken one is.
 */
export const PHOTO_STEP_SECONDS = 30;

const photoJob = z.object({
  owner: z.string().max(200),
  photoId: z.string().regex(/^[0-9a-f]{24}$/),
  original: z.string().regex(/^[0-9a-f]{64}$/),
});

function encode(image: Sharp, format: PhotoFormat): Sharp {
  if (format === "avif") return image.avif({ quality: 50, effort: 3 });
  if (format === "webp") return image.webp({ quality: 75 });
  return image.jpeg({ quality: 78, mozjpeg: true, progressive: true });
}

/**
 * The served files of one original: written under `filesDir`, described for the event. The
 * decoder is held to the shop's pixel limit again here, whatever the upload's header said, and
 * to PHOTO_STEP_SECONDS. The original is decoded once, upright and at the largest width served
 * (JPEG's shrink-on-load decodes a big photo at a fraction of its size); every file is made from
 * those pixels, not from a decode of its own (decision 198).
 */
export async function makePhotoFiles(original: Uint8Array, filesDir: string): Promise<{ width: number; height: number; variants: PhotoVariant[] }> {
  const input = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" as const, sequentialRead: true };
  const timeout = { seconds: PHOTO_STEP_SECONDS };
  const meta = await sharp(original, input).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new UnrecoverableJobError("the picture has no size");
  // A picture narrower than a width is not enlarged: it is served at its own width instead.
  const widths = [...new Set(PHOTO_WIDTHS.map((w) => Math.min(w, width)))];
  const largest = Math.max(...widths);
  const base = await sharp(original, input)
    .autoOrient()
    .resize(largest, Math.max(1, Math.round((height * largest) / width)), { fit: "fill" })
    .timeout(timeout)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  const variants: PhotoVariant[] = [];
  for (const w of widths) {
    const h = Math.max(1, Math.round((height * w) / width));
    for (const format of ["avif", "webp", "jpeg"] as const) {
      const bytes = await encode(sharp(base.data, pixels).resize(w, h, { fit: "fill" }), format).timeout(timeout).toBuffer();
      const file = `${sha256(bytes)}.${EXTENSIONS[format]}`;
      await writeOnce(filesDir, file, bytes);
      variants.push({ format, width: w, height: h, file, bytes: bytes.byteLength });
    }
  }
  return { width, height, variants };
}

/** The photo queue's handler: one photo at a time. */
export function startPhotoJobs(shop: Shop, log: (line: string) => void): void {
  const { originals, files } = shop.photos.folders;
  shop.queue.process(
    "photos",
    async (data: unknown, job: JobInfo) => {
      const parsed = photoJob.safeParse(data);
      const owner = parsed.success ? parsePhotoOwnerKey(parsed.data.owner) : undefined;
      if (!parsed.success || !owner) throw new UnrecoverableJobError("a photo job needs its owner, photo and original");
      const { photoId, original } = parsed.data;
      try {
        const bytes = await fs.readFile(path.join(originals, original));
        const done = await makePhotoFiles(bytes, files);
        await shop.photos.processed(owner, photoId, done);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        // sharp's refusals (a broken file, too many pixels) will not change on a retry.
        const final = job.attempt >= job.maxAttempts || err instanceof UnrecoverableJobError || /^Input |VipsJpeg|pngload|webp|timeout/i.test(reason);
        if (!final) throw err;
        log(`photo ${photoId} of ${parsed.data.owner}: not processed (${reason})`);
        await shop.photos.failed(owner, photoId, reason);
        throw new UnrecoverableJobError(reason);
      }
    },
    { concurrency: 1 },
  );
}
