// The owner's photos (decision 139). An upload is stored as it came (content-addressed, never
// served), recorded as an event through the one command handler, and handed to the photo job
// (workers/photos.ts), which makes the served files and records them here. The pages read the
// `photos` read model.
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { RuleViolation } from "../domain/errors";
import { findSchool, findSchoolItem } from "../domain/schools";
import { photoEvents, photoOwnerKey, photoStreamId, type PhotoActor, type PhotoOwner, type PhotoVariant } from "../domain/photos/events";
import { photosDecider, type PhotoCommand } from "../domain/photos/photos";
import { findShelfPhotoItem } from "../domain/photos/shelf-items";
import type { Sniffed } from "../domain/photos/sniff";
import { stripPhotoMetadata } from "../domain/photos/strip";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents, Position } from "../eventstore/port";
import type { JobQueue } from "./queue";

/** The photo job's data: which photo of which owner, and where its original is. */
export interface PhotoJob {
  owner: string;
  photoId: string;
  original: string;
}

export interface PhotoRow {
  photoId: string;
  position: number;
  main: boolean;
  status: "processing" | "ready" | "failed";
  width: number;
  height: number;
  variants: PhotoVariant[];
}

/** A served file's name: the SHA-256 of its bytes and its format's extension. */
export const SERVED_FILE = /^[0-9a-f]{64}\.(avif|webp|jpg)$/;

/** The folders under the photos directory: the uploads as they came, and the files the shop serves. */
export function photoFolders(photosDir: string) {
  return { originals: path.join(photosDir, "originals"), files: path.join(photosDir, "files") };
}

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * Writes `bytes` under `dir` as `name` once: a file of that name already holds the same bytes
 * (the name is their hash). Written beside it and renamed, so a reader never sees half a file.
 */
export async function writeOnce(dir: string, name: string, bytes: Uint8Array): Promise<void> {
  const file = path.join(dir, name);
  try {
    await fs.access(file);
    return;
  } catch {
    // not there yet
  }
  await fs.mkdir(dir, { recursive: true });
  const temporary = `${file}.${randomUUID()}.part`;
  await fs.writeFile(temporary, bytes);
  await fs.rename(temporary, file);
}

/** How long a change waits for the `photos` read model before the page cache is told anyway. */
const SHOWN_WAIT_MS = 5_000;

export function createPhotoService(deps: {
  db: Kysely<DB>;
  store: ShopEvents;
  queue: JobQueue;
  photosDir: string;
  /** Whether a shop product of this id exists (the products service's lookup). */
  productExists(id: number): Promise<boolean>;
  /** Until the `photos` read model holds a position (the core's waiter). */
  waitForPhotos(position: Position, timeoutMs?: number): Promise<boolean>;
}) {
  const { db, store, queue, photosDir } = deps;
  const folders = photoFolders(photosDir);
  const handler = createCommandHandler(store, { decider: photosDecider, events: photoEvents });
  // The web server's page cache listens (decision 074): a kept catalogue page shows a card's picture.
  const listeners = new Set<() => void>();
  const { waitForPhotos } = deps;

  /**
   * Tells the listeners once the `photos` read model holds the change, so a page rendered after
   * the call shows it. Told even when the wait runs out (no projector follows here): the kept
   * pages go, and the next ones are no staler than they would have been.
   */
  async function shown(position: Position) {
    // No page cache here (a `shop worker`, a command): nothing to wait for.
    if (listeners.size === 0) return;
    await waitForPhotos(position, SHOWN_WAIT_MS).catch(() => false);
    for (const listener of listeners) listener();
  }

  async function ownerExists(owner: PhotoOwner): Promise<boolean> {
    if (owner.kind === "product") return deps.productExists(owner.productId);
    if (owner.kind === "item") return findSchoolItem(owner.school, owner.item) !== undefined;
    if (owner.kind === "shelf") return findShelfPhotoItem(owner.item) !== undefined;
    return findSchool(owner.school) !== undefined;
  }

  async function change(owner: PhotoOwner, command: PhotoCommand): Promise<{ changed: boolean; position: Position | undefined }> {
    const result = await handler.handle(photoStreamId(owner), command);
    if (result.changed && result.position !== undefined) await shown(result.position);
    return { changed: result.changed, position: result.position };
  }

  return {
    folders,

    /**
     * Calls `listener` after every change a page shows (processed, failed, made main, moved, deleted),
     * once the read model has it; returns the unsubscribe. A change made in another process (the
     * photo job under `shop worker`) is not heard here: kept pages show it within their seconds.
     */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The photos of one form, each kept and recorded as `upload` does: whether any was new, and the last position. */
    async uploadAll(owner: PhotoOwner, photos: readonly (Sniffed & { bytes: Uint8Array })[], actor: PhotoActor) {
      let changed = false;
      let position: Position | undefined;
      for (const photo of photos) {
        const uploaded = await this.upload(owner, photo, actor);
        changed = uploaded.changed || changed;
        position = uploaded.position ?? position;
      }
      return { changed, position };
    },

    /**
     * Keeps the original, records the upload and queues its processing. The photo id is the
     * original's hash: the same picture sent twice to one owner is one photo.
     */
    async upload(owner: PhotoOwner, photo: Sniffed & { bytes: Uint8Array }, actor: PhotoActor) {
      if (!(await ownerExists(owner))) throw new RuleViolation("photos.noSuchOwner", {}, 404);
      // The original is kept without its GPS position, camera or owner's name (decision 193): the folder and every
      // backup of it hold only the picture.
      const bytes = stripPhotoMetadata(photo.kind, photo.bytes);
      if (!bytes) throw new RuleViolation("photos.unreadable", {}, 422);
      const original = sha256(bytes);
      await writeOnce(folders.originals, original, bytes);
      const photoId = original.slice(0, 24);
      const at = new Date().toISOString();
      const { width, height, kind } = photo;
      const result = await handler.handle(photoStreamId(owner), { type: "Upload", owner, photoId, original, kind, width, height, actor, at });
      if (result.changed) {
        const job: PhotoJob = { owner: photoOwnerKey(owner), photoId, original };
        // The owner and the revision in the id: the same picture sent for another product, or deleted and sent
        // again, is processed again (a queue never runs an id twice).
        await queue.add("photos", "process", job, { jobId: `photo-${job.owner}-${photoId}-${result.revision}` });
      }
      return { photoId, changed: result.changed, position: result.position };
    },

    processed(owner: PhotoOwner, photoId: string, done: { width: number; height: number; variants: PhotoVariant[] }) {
      return change(owner, { type: "MarkProcessed", photoId, ...done, at: new Date().toISOString() });
    },

    failed(owner: PhotoOwner, photoId: string, reason: string) {
      return change(owner, { type: "MarkFailed", photoId, reason, at: new Date().toISOString() });
    },

    makeMain(owner: PhotoOwner, photoId: string, actor: PhotoActor) {
      return change(owner, { type: "MakeMain", photoId, actor, at: new Date().toISOString() });
    },

    move(owner: PhotoOwner, photoId: string, by: -1 | 1, actor: PhotoActor) {
      return change(owner, { type: "Move", photoId, by, actor, at: new Date().toISOString() });
    },

    remove(owner: PhotoOwner, photoId: string, actor: PhotoActor) {
      return change(owner, { type: "Delete", photoId, actor, at: new Date().toISOString() });
    },

    /** An owner's photos in the owner's order, from the read model. */
    async list(owner: PhotoOwner): Promise<PhotoRow[]> {
      const rows = await db
        .selectFrom("photos")
        .select(["photo_id", "position", "main", "status", "width", "height", "variants"])
        .where("owner", "=", photoOwnerKey(owner))
        .orderBy("position")
        .execute();
      return rows.map((r) => ({
        photoId: r.photo_id,
        position: r.position,
        main: r.main,
        status: r.status,
        width: r.width,
        height: r.height,
        variants: r.variants as PhotoVariant[],
      }));
    },

    /** The main photo of each owner that has a processed one, by owner key: what the storefront shows. */
    async mainPhotos(owners: readonly PhotoOwner[]): Promise<Map<string, PhotoRow>> {
      const keys = [...new Set(owners.map(photoOwnerKey))];
      if (keys.length === 0) return new Map();
      const rows = await db
        .selectFrom("photos")
        .select(["owner", "photo_id", "position", "main", "status", "width", "height", "variants"])
        .where("owner", "in", keys)
        .where("main", "=", true)
        .where("status", "=", "ready")
        .execute();
      return new Map(
        rows.map((r) => [
          r.owner,
          { photoId: r.photo_id, position: r.position, main: r.main, status: r.status, width: r.width, height: r.height, variants: r.variants as PhotoVariant[] },
        ]),
      );
    },
  };
}

export type PhotoService = ReturnType<typeof createPhotoService>;
