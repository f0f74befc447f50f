import { describe, expect, it } from "vitest";
import { photoEvents, photoOwnerKey, parsePhotoOwnerKey, type PhotoEvent, type PhotoOwner } from "../../domain/photos/events";
import { MAX_PHOTOS, photosDecider, type PhotoCommand, type PhotosState } from "../../domain/photos/photos";
import { findShelfPhotoItem, shelfPhotoItems, shelfPhotoOwner } from "../../domain/photos/shelf-items";
import { boughtInItems } from "../../domain/seller/item-facts";
import { WHITE_PRODUCTS } from "../../domain/pricing";
import { SCHEMA_VERSION } from "../../domain/events/registry";
import { ruleRefusal } from "../support/refusal";

const { decide, evolve, initialState } = photosDecider;
const actor = { kind: "admin" as const, id: "a1", name: "Owner" };
const at = "2026-11-26T10:00:00.000Z";
const product: PhotoOwner = { kind: "product", productId: 7 };
const logo: PhotoOwner = { kind: "logo", school: "st-xaviers" };
const shelf: PhotoOwner = { kind: "shelf", item: "kids-shoes/black-shoes-laces" };
const hash = (n: number) => n.toString(16).padStart(64, "0");
const id = (n: number) => n.toString(16).padStart(24, "0");

const upload = (n: number, owner: PhotoOwner = product): PhotoCommand => ({
  type: "Upload", owner, photoId: id(n), original: hash(n), kind: "jpeg", width: 1200, height: 900, actor, at,
});
const variants = [{ format: "jpeg" as const, width: 400, height: 300, file: `${hash(99)}.jpg`, bytes: 1000 }];

/** Decides and folds each command in turn, as the command handler does. */
function run(commands: PhotoCommand[], state: PhotosState = initialState()): PhotosState {
  for (const command of commands) for (const event of decide(command, state)) state = evolve(state, event);
  return state;
}

describe("photos decider", () => {
  it("records an upload as processing, the first photo main, and every change names the admin", () => {
    const events = decide(upload(1), initialState());
    expect(events).toEqual([{ type: "PhotoUploaded", data: expect.objectContaining({ photoId: id(1), actor }) }]);
    const state = run([upload(1), upload(2)]);
    expect(state.photos.map((p) => [p.photoId, p.status])).toEqual([[id(1), "processing"], [id(2), "processing"]]);
    expect(state.main).toBe(id(1));
    for (const command of [
      { type: "MakeMain", photoId: id(2), actor, at },
      { type: "Move", photoId: id(2), by: -1, actor, at },
      { type: "Delete", photoId: id(2), actor, at },
    ] as PhotoCommand[]) {
      const [event] = decide(command, state);
      expect((event.data as { actor: unknown }).actor).toEqual(actor);
    }
  });

  it("takes the same picture sent twice as one photo", () => {
    expect(decide(upload(1), run([upload(1)]))).toEqual([]);
  });

  it("refuses more than MAX_PHOTOS photos with 409", () => {
    const full = run(Array.from({ length: MAX_PHOTOS }, (_, i) => upload(i + 1)));
    expect(ruleRefusal(() => decide(upload(100), full))).toEqual({ message: `A product can have at most ${MAX_PHOTOS} photos. Please delete one first.`, status: 409 });
  });

  it("keeps one logo: a new one replaces the old in the same append", () => {
    const state = run([upload(1, logo)]);
    const events = decide(upload(2, logo), state);
    expect(events.map((e) => e.type)).toEqual(["PhotoDeleted", "PhotoUploaded"]);
    const after = events.reduce(evolve, state);
    expect(after.photos.map((p) => p.photoId)).toEqual([id(2)]);
    expect(after.main).toBe(id(2));
  });

  it("records the processing once, and not for a photo deleted meanwhile", () => {
    const state = run([upload(1)]);
    const done: PhotoCommand = { type: "MarkProcessed", photoId: id(1), width: 900, height: 1200, variants, at };
    const after = run([done], state);
    expect(after.photos[0]).toMatchObject({ status: "ready", width: 900, height: 1200, variants });
    expect(decide(done, after)).toEqual([]);
    expect(decide(done, run([{ type: "Delete", photoId: id(1), actor, at }], state))).toEqual([]);
    expect(decide({ type: "MarkFailed", photoId: id(1), reason: "broken", at }, after)).toEqual([]);
  });

  it("moves a photo one place, and not past either end", () => {
    const state = run([upload(1), upload(2), upload(3)]);
    const moved = run([{ type: "Move", photoId: id(3), by: -1, actor, at }], state);
    expect(moved.photos.map((p) => p.photoId)).toEqual([id(1), id(3), id(2)]);
    expect(decide({ type: "Move", photoId: id(1), by: -1, actor, at }, state)).toEqual([]);
    expect(decide({ type: "Move", photoId: id(3), by: 1, actor, at }, state)).toEqual([]);
  });

  it("passes the main photo to the first left when the main one is deleted", () => {
    const state = run([upload(1), upload(2), { type: "MakeMain", photoId: id(2), actor, at }, { type: "Delete", photoId: id(2), actor, at }]);
    expect(state.main).toBe(id(1));
    expect(run([{ type: "Delete", photoId: id(1), actor, at }], state).main).toBeNull();
  });

  it("refuses a photo that is not there (404) and a failed one as main (409)", () => {
    const state = run([upload(1), upload(2), { type: "MarkFailed", photoId: id(2), reason: "broken", at }]);
    expect(ruleRefusal(() => decide({ type: "Delete", photoId: id(9), actor, at }, state)).status).toBe(404);
    expect(ruleRefusal(() => decide({ type: "MakeMain", photoId: id(2), actor, at }, state)).status).toBe(409);
    expect(decide({ type: "MakeMain", photoId: id(1), actor, at }, state)).toEqual([]);
  });

  it("names owners by a key that reads back, and refuses any other", () => {
    for (const owner of [product, logo, { kind: "item", school: "dps-churu", item: "white-shirt" }, shelf, { kind: "shelf", item: "white/shirt" }] as PhotoOwner[]) {
      expect(parsePhotoOwnerKey(photoOwnerKey(owner))).toEqual(owner);
    }
    expect(photoOwnerKey(shelf)).toBe("shelf.kids-shoes.black-shoes-laces");
    for (const bad of ["", "product.0", "product.x", "logo.", "logo.A", "item.a", "logo.a.b", "photo.1", "product.1.2", "logo.../etc", "shelf.bags", "shelf.bags.", "shelf.Bags.x", "shelf.a.b.c", "shelf.../etc.x"]) {
      expect(parsePhotoOwnerKey(bad), bad).toBeUndefined();
    }
  });

  it("stores only what its schemas accept", () => {
    const events: PhotoEvent[] = decide(upload(1), initialState());
    expect(() => photoEvents.toAppend(events[0], "e1")).not.toThrow();
    expect(() => photoEvents.toAppend({ ...events[0], data: { ...events[0].data, original: "../../etc/passwd" } } as PhotoEvent, "e2")).toThrow();
  });
});

describe("a shelf item's photos (decision 146)", () => {
  it("are a product's kind of photos: several, one main, not one picture as a logo", () => {
    const state = run([upload(1, shelf), upload(2, shelf)]);
    expect(state.owner).toEqual(shelf);
    expect(state.photos.map((p) => p.photoId)).toEqual([id(1), id(2)]);
    expect(state.main).toBe(id(1));
    const full = run(Array.from({ length: MAX_PHOTOS }, (_, i) => upload(i + 1, shelf)));
    expect(ruleRefusal(() => decide(upload(100, shelf), full)).status).toBe(409);
  });

  it("reads every photo event stored before the shelf owner came, unchanged, at version 1", () => {
    const stored = (owner: PhotoOwner, metadata?: Record<string, unknown>) => ({
      type: "PhotoUploaded",
      data: { owner, photoId: id(1), original: hash(1), kind: "jpeg", width: 1200, height: 900, actor, at },
      ...(metadata ? { metadata } : {}),
      streamId: `photos-${photoOwnerKey(owner)}`,
      revision: 0,
      position: "1",
    });
    const ownerRead = (event: ReturnType<typeof stored>) => {
      const read = photoEvents.read(event);
      return read.type === "PhotoUploaded" ? read.data.owner : undefined;
    };
    for (const owner of [product, logo, { kind: "item", school: "dps", item: "shirt" }] as PhotoOwner[]) {
      expect(ownerRead(stored(owner))).toEqual(owner);
      expect(ownerRead(stored(owner, { [SCHEMA_VERSION]: 1 }))).toEqual(owner);
    }
    // The new owner is stored at the same version: an additive variant, nothing to upcast.
    const [event] = decide(upload(1, shelf), initialState());
    const appended = photoEvents.toAppend(event, "e1");
    expect(appended.metadata[SCHEMA_VERSION]).toBe(1);
    expect(ownerRead(stored(shelf, appended.metadata))).toEqual(shelf);
    expect(() => photoEvents.toAppend({ ...event, data: { ...event.data, owner: { kind: "shelf", item: "../etc" } } } as PhotoEvent, "e2")).toThrow();
  });

  it("pictures the white uniforms and every bought-in item, and nothing else", () => {
    const ids = shelfPhotoItems().map((item) => item.id);
    expect(new Set(ids)).toEqual(new Set([...WHITE_PRODUCTS.map((white) => `white/${white.key}`), ...boughtInItems().map((item) => item.id)]));
    // Each catalogue id makes a key that names it alone (the kids' and the regular sports shoes share a slug).
    expect(new Set(ids.map((item) => photoOwnerKey({ kind: "shelf", item }))).size).toBe(ids.length);
    for (const item of ids) expect(parsePhotoOwnerKey(photoOwnerKey({ kind: "shelf", item }))).toEqual({ kind: "shelf", item });
    expect(findShelfPhotoItem("kids-shoes/sports-shoes")?.name).toBe("Kids Sports Shoes");
    expect(shelfPhotoOwner("bags/junior-school-bag")).toEqual({ kind: "shelf", item: "bags/junior-school-bag" });
    for (const other of ["school/dps/shirt", "product/1", "bags/no-such-bag", "white", ""]) {
      expect(findShelfPhotoItem(other), other).toBeUndefined();
      expect(shelfPhotoOwner(other), other).toBeUndefined();
    }
  });
});

describe("a school's initials as its badge", () => {
  it("takes the first letters of its words, leaving out joining words, at most three", async () => {
    const { schoolInitials } = await import("../../domain/photos/initials");
    expect(schoolInitials("Little Flower Convent School")).toBe("LFC");
    expect(schoolInitials("St. Xavier's School")).toBe("SXS");
    expect(schoolInitials("DPS")).toBe("DPS");
    expect(schoolInitials("School of the Holy Cross")).toBe("SHC");
    expect(schoolInitials("विद्या मंदिर")).toBe("विमं");
  });
});
