/**
 * The embedded shop's memory through a realistic photo upload (issue 49, item 4; decision 198): the shop as
 * `npm start` opens it with nothing set (PGlite, the in-process job queue, the photo job), in this process, with 16
 * phone photos (4000 x 3000 JPEGs with a camera's grain, two products' worth of eight) sent in one go and then a
 * 36-megapixel progressive JPEG of one colour (a decompression bomb: small on the wire, large decoded). It samples
 * the process's resident memory every 50 ms and reports it before, at its peak, once every photo is processed, and
 * after 10 s idle, with the time the jobs took.
 *
 *   npx tsx tests/bench/photo-memory.bench.ts [--write]
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { readConfig } from "../../server/config";
import { openShopCore } from "../../server/runtime";
import { createServices, type Shop } from "../../services/index";
import { seedShop } from "../../db/seed";
import { startJobHandlers } from "../../workers/index";
import { ProjectorRunner } from "../../projectors/runner";
import { sniffPhoto } from "../../domain/photos/sniff";
import type { PhotoOwner } from "../../domain/photos/events";
import { writeBenchmarkSection } from "./support";

const PHOTOS = 16;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function phonePhoto(seed: number): Promise<Buffer> {
  // Smooth colour with grain, as a phone's photo of a shirt on a table: noise alone would be unrealistically hard.
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 90 + seed * 5, g: 110, b: 150 - seed * 3 }, noise: { type: "gaussian", mean: 128, sigma: 12 } } })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
  return grain;
}

async function main() {
  const write = process.argv.includes("--write");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "photo-memory-"));
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(process.memoryUsage().rss), 50);
  let shop: Shop | undefined;
  let stopJobs: (() => Promise<void>) | undefined;
  try {
    // The pictures are made before the shop opens: their making is not the shop's memory.
    const photos = [];
    for (let i = 0; i < PHOTOS; i++) photos.push(await phonePhoto(i));
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#e8e8e8" } }).jpeg({ quality: 40, progressive: true }).toBuffer();
    global.gc?.();

    const config = readConfig({ SHOP_DATA_DIR: dir, SMS_PROVIDER: "console", LOG_LEVEL: "warn" });
    const core = await openShopCore(config, { migrate: true, log: () => {} });
    shop = { ...core, ...createServices(core) };
    await seedShop(shop.db);
    const runner = new ProjectorRunner(shop.db, shop.store, core.projectors, { log: () => {} });
    await runner.start();
    const jobs = startJobHandlers(shop, () => {});
    stopJobs = async () => {
      await jobs();
      await runner.stop();
    };
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const opened = process.memoryUsage().rss;
    samples.length = 0;

    const products = await shop.db.selectFrom("products").select("id").orderBy("id").limit(3).execute();
    const actor = { kind: "admin" as const, id: "bench", name: "Bench" };
    const owners: PhotoOwner[] = products.map((p) => ({ kind: "product" as const, productId: p.id }));
    const sniffed = (bytes: Buffer) => {
      const s = sniffPhoto(bytes);
      if ("refused" in s) throw new Error(`refused: ${s.refused}`);
      return { ...s, bytes };
    };
    const started = performance.now();
    // Two admin forms of eight (a product takes at most eight), then the bomb on a third product.
    await shop.photos.uploadAll(owners[0], photos.slice(0, 8).map(sniffed), actor);
    await shop.photos.uploadAll(owners[1], photos.slice(8).map(sniffed), actor);
    await shop.photos.uploadAll(owners[2], [sniffed(bomb)], actor);
    const settled = async () => {
      const rows = await shop!.db.selectFrom("photos").select("status").execute();
      return rows.length === PHOTOS + 1 && rows.every((r) => r.status === "ready" || r.status === "failed");
    };
    while (!(await settled())) await new Promise((resolve) => setTimeout(resolve, 250));
    const seconds = (performance.now() - started) / 1000;
    const peak = Math.max(...samples);
    const done = process.memoryUsage().rss;
    const statuses = await shop.db.selectFrom("photos").select(["status"]).execute();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const idle = process.memoryUsage().rss;
    const counts = statuses.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

    const lines = [
      "## Photo upload memory (embedded shop)",
      "",
      `Command: \`npx tsx tests/bench/photo-memory.bench.ts --write\` (${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} cores shared, load average ${os.loadavg()[0].toFixed(1)} at the end; Node ${process.version}). The embedded shop as \`npm start\` opens it with nothing set (PGlite, the in-process queue and its photo job), in the bench's own process; ${PHOTOS} phone photos (4000 x 3000 JPEG, ${mb(photos.reduce((n, p) => n + p.byteLength, 0))} together) sent as two admin forms of eight, then a 6000 x 6000 (36-megapixel) progressive JPEG of one colour, ${Math.round(bomb.byteLength / 1024)} KB. Resident memory sampled every 50 ms (decision 198).`,
      "",
      "| shop open | peak while processing | all processed | 10 s later | processing time | photos |",
      "|---|---|---|---|---|---|",
      `| ${mb(opened)} | ${mb(peak)} | ${mb(done)} | ${mb(idle)} | ${seconds.toFixed(1)} s | ${Object.entries(counts).map(([status, n]) => `${n} ${status}`).join(", ")} |`,
    ];
    console.log(lines.join("\n"));
    if (write) writeBenchmarkSection(lines.join("\n"));
  } finally {
    clearInterval(timer);
    await stopJobs?.();
    await shop?.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

void main();
