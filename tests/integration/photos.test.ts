import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { readPageForm } from "../../app/forms/form.server";
import { MAX_PHOTO_BYTES, MAX_PHOTO_REQUEST_BYTES, sniffPhoto } from "../../domain/photos/sniff";
import type { PhotoOwner } from "../../domain/photos/events";
import { SCHOOLS } from "../../domain/schools";
import { makePhotoFiles, PHOTO_WIDTHS, startPhotoJobs } from "../../workers/photos";
import { backupToFile, restoreFromFile } from "../../eventstore/backup";
import { checkBackup, readBackup } from "../../eventstore/backup-file";
import { readModelTables } from "../../workers/backups";
import { photosProjector } from "../../projectors/photos";
import { verify } from "../../projectors/replay";
import { createTestDatabase } from "../support/database";
import { shopCommand } from "../support/backup";
import { eventually } from "../support/fake-providers";
import { jpegWithGps, photoFormRequest, pngBomb, revealingTags } from "../support/photos";
import { TEST_BACKUP_KEY, openTestShop, type TestShop } from "../support/shop";

const actor = { kind: "admin" as const, id: "admin-1", name: "Owner" };
const photoOptions = { maxBytes: MAX_PHOTO_REQUEST_BYTES, photos: { field: "photo", maxCount: 4, maxBytes: MAX_PHOTO_BYTES } };

let shop: TestShop;
let photosDir: string;

beforeAll(async () => {
  photosDir = await fs.mkdtemp(path.join(os.tmpdir(), "shop-photos-"));
  shop = await openTestShop({ env: { SHOP_PHOTOS_DIR: photosDir } });
  startPhotoJobs(shop, () => {});
});

afterAll(async () => {
  await shop?.close();
  await fs.rm(photosDir, { recursive: true, force: true });
});

async function firstProduct(): Promise<PhotoOwner> {
  const row = await shop.db.selectFrom("products").select("id").orderBy("id").executeTakeFirstOrThrow();
  return { kind: "product", productId: row.id };
}

describe("a photo from upload to the served files", () => {
  it("turns a phone's JPEG with GPS into AVIF, WebP and JPEG at three widths, upright, with no metadata left", async () => {
    const owner = await firstProduct();
    const original = await jpegWithGps(2000, 1300);
    expect(revealingTags(original)).toEqual(expect.arrayContaining(["GPSLatitude", "GPSLongitude", "Make", "Artist"]));
    const sniffed = sniffPhoto(original);
    if ("refused" in sniffed) throw new Error("the test photo was refused");

    const { photoId } = await shop.photos.upload(owner, { ...sniffed, bytes: original }, actor);
    const ready = await eventually("the photo to be processed", async () => {
      const photo = (await shop.photos.list(owner)).find((p) => p.photoId === photoId);
      return photo?.status === "ready" ? photo : null;
    }, 60_000);

    // The original kept (and so every backup of the folder) has lost the GPS position, the camera and the owner's name.
    const [kept] = (await fs.readdir(path.join(photosDir, "originals"))).filter((file) => file.startsWith(photoId));
    const keptBytes = await fs.readFile(path.join(photosDir, "originals", kept));
    expect(revealingTags(keptBytes)).toEqual(["Orientation"]);
    expect(keptBytes.includes(Buffer.from("Ramesh"))).toBe(false);
    // Orientation 6: the 2000 x 1300 picture as stored is 1300 wide and 2000 high upright.
    expect([ready.width, ready.height]).toEqual([1300, 2000]);
    expect(ready.main).toBe(true);
    const formats = new Set(ready.variants.map((v) => v.format));
    expect(formats).toEqual(new Set(["avif", "webp", "jpeg"]));
    expect([...new Set(ready.variants.map((v) => v.width))].sort((a, b) => a - b)).toEqual([...PHOTO_WIDTHS]);
    for (const variant of ready.variants) {
      const bytes = await fs.readFile(path.join(photosDir, "files", variant.file));
      expect(bytes.byteLength).toBe(variant.bytes);
      expect(variant.height).toBe(Math.round((2000 * variant.width) / 1300));
      expect(revealingTags(bytes), variant.file).toEqual([]);
      // Nothing of the EXIF block survives in any form: not the owner's name, not the camera.
      expect(bytes.includes(Buffer.from("Ramesh")), variant.file).toBe(false);
      expect(bytes.includes(Buffer.from("Exif\0\0", "binary")), variant.file).toBe(false);
    }
  });

  it("processes the same picture again for another owner", async () => {
    const picture = await jpegWithGps(500, 400);
    const sniffed = sniffPhoto(picture);
    if ("refused" in sniffed) throw new Error("refused");
    // Two logos: each the first event of its stream, so only the owner tells their jobs apart.
    for (const school of SCHOOLS.slice(0, 2)) {
      const owner: PhotoOwner = { kind: "logo", school: school.slug };
      const { photoId } = await shop.photos.upload(owner, { ...sniffed, bytes: picture }, actor);
      await eventually(`the logo of ${school.slug} to be processed`, async () => (await shop.photos.list(owner)).find((p) => p.photoId === photoId && p.status === "ready"), 60_000);
    }
  });

  it("records each change by the admin, keeps one main photo and answers a missing one with 404", async () => {
    const owner = await firstProduct();
    const second = await jpegWithGps(640, 480);
    const sniffed = sniffPhoto(second);
    if ("refused" in sniffed) throw new Error("refused");
    const { photoId } = await shop.photos.upload(owner, { ...sniffed, bytes: second }, actor);
    const placed = async () => (await shop.photos.list(owner)).findIndex((p) => p.photoId === photoId);
    const made = await shop.photos.makeMain(owner, photoId, actor);
    await shop.waitForReadModels(made.position!);
    let photos = await shop.photos.list(owner);
    expect(photos.filter((p) => p.main).map((p) => p.photoId)).toEqual([photoId]);
    const before = await placed();
    expect(before).toBeGreaterThan(0);
    const moved = await shop.photos.move(owner, photoId, -1, actor);
    await shop.waitForReadModels(moved.position!);
    expect(await placed()).toBe(before - 1);
    const removed = await shop.photos.remove(owner, photoId, actor);
    await shop.waitForReadModels(removed.position!);
    photos = await shop.photos.list(owner);
    expect(photos.map((p) => p.photoId)).not.toContain(photoId);
    expect(photos.filter((p) => p.main)).toHaveLength(1);
    await expect(shop.photos.remove(owner, photoId, actor)).rejects.toMatchObject({ key: "photos.notFound", status: 404 });

    const events = await shop.store.readStream(`photos-product.${(owner as { productId: number }).productId}`);
    const byAdmin = events.filter((e) => ["PhotoUploaded", "PhotoMadeMain", "PhotosReordered", "PhotoDeleted"].includes(e.type));
    expect(byAdmin.length).toBeGreaterThanOrEqual(5);
    for (const event of byAdmin) expect((event.data as { actor: unknown }).actor).toEqual(actor);
  });
});

describe("a shelf item's photos (decision 146)", () => {
  it("takes a bought-in item's photo as a product's, refuses an item no shelf holds, and replay agrees with the read model", async () => {
    const owner: PhotoOwner = { kind: "shelf", item: "kids-shoes/black-shoes-laces" };
    const picture = await jpegWithGps(420, 300);
    const sniffed = sniffPhoto(picture);
    if ("refused" in sniffed) throw new Error("refused");
    const { photoId } = await shop.photos.upload(owner, { ...sniffed, bytes: picture }, actor);
    const ready = await eventually("the kids' shoe photo to be processed", async () => (await shop.photos.list(owner)).find((p) => p.photoId === photoId && p.status === "ready"), 60_000);
    expect(ready.main).toBe(true);
    expect((await shop.store.readStream("photos-shelf.kids-shoes.black-shoes-laces")).map((e) => e.type)).toEqual(["PhotoUploaded", "PhotoProcessed"]);

    // A school's item has its own owner; a /shop product its own; an item the data does not hold none.
    for (const item of ["school/dps/shirt", "product/1", "bags/no-such-bag"]) {
      await expect(shop.photos.upload({ kind: "shelf", item }, { ...sniffed, bytes: picture }, actor), item).rejects.toMatchObject({ key: "photos.noSuchOwner", status: 404 });
    }
    // `shop verify`'s comparison: the photos table rebuilt from every event, this owner's with the others', is the live one.
    expect(await verify(shop.db, shop.store, [photosProjector])).toEqual([]);
  });
});

describe("what the form pipeline refuses before anything decodes", () => {
  const schema = z.object({ owner: z.string() });

  it("refuses a 20,000 x 20,000 PNG of a few KB from its header, without the memory moving", async () => {
    const bomb = pngBomb();
    expect(bomb.byteLength).toBeLessThan(10_000);
    const before = process.memoryUsage().rss;
    const form = await readPageForm(photoFormRequest("http://shop.test/admin/photos", { owner: "product.1" }, [{ name: "photo", bytes: bomb, filename: "uniform.png", type: "image/png" }]), schema, photoOptions);
    expect(form.ok).toBe(false);
    if (form.ok) return;
    expect(form.answer.init?.status).toBe(422);
    expect(JSON.stringify(form.answer.data)).toContain("40 megapixels");
    // Decoded, the bomb would be 1.2 GB of pixels; the header check never lets it start.
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses the bomb in the photo job too, should one reach it, without decoding it", async () => {
    const before = process.memoryUsage().rss;
    await expect(makePhotoFiles(pngBomb(), path.join(photosDir, "bomb"))).rejects.toThrow(/pixel limit/i);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("judges a file by its bytes, not by the name or type the browser sent", async () => {
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const asJpeg = await readPageForm(photoFormRequest("http://shop.test/x", { owner: "product.1" }, [{ name: "photo", bytes: html, filename: "photo.jpg", type: "image/jpeg" }]), schema, photoOptions);
    expect(asJpeg.ok).toBe(false);
    if (!asJpeg.ok) expect(asJpeg.answer.init?.status).toBe(415);

    const jpeg = await jpegWithGps(300, 200);
    const misnamed = await readPageForm(photoFormRequest("http://shop.test/x", { owner: "product.1" }, [{ name: "photo", bytes: jpeg, filename: "notes.txt", type: "text/plain" }]), schema, photoOptions);
    expect(misnamed.ok).toBe(true);
    if (misnamed.ok) expect(misnamed.photos.map((p) => [p.kind, p.width, p.height])).toEqual([["jpeg", 300, 200]]);
  });

  it("holds each file and the whole request to their caps, and a file to its field", async () => {
    const jpeg = await jpegWithGps(300, 200);
    const tooMany = await readPageForm(
      photoFormRequest("http://shop.test/x", { owner: "product.1" }, Array.from({ length: 5 }, () => ({ name: "photo", bytes: jpeg }))),
      schema,
      photoOptions,
    );
    expect(tooMany.ok ? 200 : tooMany.answer.init?.status).toBe(413);

    const big = new Uint8Array(MAX_PHOTO_BYTES + 1);
    big.set(jpeg);
    const oneTooBig = await readPageForm(photoFormRequest("http://shop.test/x", { owner: "product.1" }, [{ name: "photo", bytes: big }]), schema, photoOptions);
    expect(oneTooBig.ok ? 200 : oneTooBig.answer.init?.status).toBe(413);

    const otherField = await readPageForm(photoFormRequest("http://shop.test/x", { owner: "product.1" }, [{ name: "notes", bytes: jpeg }]), schema, photoOptions);
    expect(otherField.ok ? 200 : otherField.answer.init?.status).toBe(400);

    // A form that takes no files refuses one as it always did.
    const withoutOption = await readPageForm(photoFormRequest("http://shop.test/x", { owner: "product.1" }, [{ name: "photo", bytes: jpeg }]), schema);
    expect(withoutOption.ok ? 200 : withoutOption.answer.init?.status).toBe(400);
  });
});

describe("photos in a backup (decisions 112 and 139)", () => {
  it("`shop backup` carries every original and served file, and a restore puts them back byte for byte", async () => {
    const owner = await firstProduct();
    const photos = await eventually("a processed photo", async () => {
      const list = await shop.photos.list(owner);
      return list.some((p) => p.status === "ready") ? list : null;
    }, 60_000);
    const names = async (dir: string) => (await fs.readdir(dir)).filter((n) => !n.endsWith(".part")).sort();
    // A photo deleted while its job ran may still be writing files: the backup is compared with what it holds.
    const held = async (file: string) => {
      const paths: string[] = [];
      for await (const entry of readBackup(file, TEST_BACKUP_KEY)) if (entry.kind === "file") paths.push(entry.path);
      return paths;
    };

    // The operator's command, as the owner runs it.
    const byCommand = path.join(photosDir, "..", `${path.basename(photosDir)}-cli.jsonl.gz`);
    const taken = await shopCommand(["backup", "--to", byCommand], { DATABASE_URL: shop.testDatabase.url!, SHOP_PHOTOS_DIR: photosDir });
    expect(taken.code, taken.err).toBe(0);
    const inCommand = await held(byCommand);
    expect((await checkBackup(byCommand, TEST_BACKUP_KEY)).header.counts.files).toBe(inCommand.length);
    // Every photo's original and every served file the read model names is in it.
    for (const variant of photos.flatMap((p) => p.variants)) expect(inCommand).toContain(`files/${variant.file}`);
    const originalsNamed = (await shop.db.selectFrom("photos").select("original").execute()).map((r) => `originals/${r.original}`);
    for (const original of originalsNamed) expect(inCommand).toContain(original);
    await fs.rm(byCommand, { force: true });

    const file = path.join(photosDir, "..", `${path.basename(photosDir)}.jsonl.gz`);
    const restoredDir = `${photosDir}-restored`;
    await backupToFile(shop.database, file, { rebuilt: readModelTables(), photosDir, signingKey: TEST_BACKUP_KEY });
    const target = await createTestDatabase({ migrate: false });
    try {
      const inFile = await held(file);
      const restored = await restoreFromFile(target, file, { photosDir: restoredDir, signingKey: TEST_BACKUP_KEY });
      expect(restored.rows.files).toBe(inFile.length);
      const originals = inFile.filter((p) => p.startsWith("originals/")).map((p) => p.slice("originals/".length));
      const files = inFile.filter((p) => p.startsWith("files/")).map((p) => p.slice("files/".length));
      expect(files.length).toBeGreaterThanOrEqual(9);
      expect(await names(path.join(restoredDir, "originals"))).toEqual(originals.sort());
      expect(await names(path.join(restoredDir, "files"))).toEqual(files.sort());
      for (const name of files) {
        expect(Buffer.compare(await fs.readFile(path.join(restoredDir, "files", name)), await fs.readFile(path.join(photosDir, "files", name)))).toBe(0);
      }
    } finally {
      await target.close();
      await fs.rm(file, { force: true });
      await fs.rm(restoredDir, { recursive: true, force: true });
    }
  });
});
