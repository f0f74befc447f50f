/**
 * The photo upload's two costs (decision 139), figures for docs/benchmarks.md:
 *   1. refusing a decompression bomb (a 20,000 x 20,000 PNG of a few KB) through the page form pipeline:
 *      the time to the 4xx and the process's memory before and after;
 *   2. processing one phone-sized photo (4000 x 3000 JPEG) into AVIF, WebP and JPEG at three widths.
 *
 *   npx tsx tests/bench/photos.ts
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { z } from "zod";
import { readPageForm } from "../../app/forms/form.server";
import { PHOTO_FORM_OPTIONS } from "../../domain/forms/photos";
import { makePhotoFiles } from "../../workers/photos";
import { photoFormRequest, pngBomb } from "../support/photos";

const schema = z.object({ owner: z.string() });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const bomb = pngBomb();
  const times: number[] = [];
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const form = await readPageForm(photoFormRequest("http://shop.test/admin/photos", { owner: "product.1", intent: "upload" }, [{ name: "photo", bytes: bomb, filename: "a.png" }]), schema, PHOTO_FORM_OPTIONS);
    times.push(performance.now() - started);
    if (form.ok) throw new Error("the bomb was taken");
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  times.sort((a, b) => a - b);
  console.log(`bomb (${bomb.byteLength} bytes, 20000 x 20000): refused in median ${times[10].toFixed(2)} ms, worst ${times[19].toFixed(2)} ms; rss ${mb(rssBefore)} -> peak ${mb(peak)}`);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "photo-bench-"));
  try {
    // Noise, not a flat colour: encoders make a flat picture unrealistically small and fast.
    const photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } } }).jpeg({ quality: 90 }).toBuffer();
    const started = performance.now();
    const done = await makePhotoFiles(photo, dir);
    const seconds = (performance.now() - started) / 1000;
    const total = done.variants.reduce((sum, v) => sum + v.bytes, 0);
    console.log(`phone photo (${mb(photo.byteLength)}, 4000 x 3000): ${done.variants.length} files in ${seconds.toFixed(1)} s, ${mb(total)} together`);
    for (const v of done.variants) console.log(`  ${v.format} ${v.width} x ${v.height}: ${(v.bytes / 1024).toFixed(0)} KB`);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main();
