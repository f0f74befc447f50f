import { describe, expect, it } from "vitest";
import { photoEvents, photoOwnerKey, parsePhotoOwnerKey, type PhotoEvent, type PhotoOwner } from "../../domain/photos/events";
import { MAX_PHOTOS, photosDecider, type PhotoCommand } from "../../domain/photos/photos";
import { findShelfPhotoItem, shelfPhotoItems, shelfPhotoOwner } from "../../domain/photos/shelf-items";
import { boughtInItems } from "../../domain/seller/item-facts";
import { WHITE_PRODUCTS } from "../../domain/pricing";
import { SCHEMA_VERSION } from "../../domain/events/registry";
import { spec } from "../support/decider-spec";
import { englishOf } from "../support/refusal";

const photos = spec(photosDecider);
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

const uploaded = (n: number, owner: PhotoOwner = product): PhotoEvent => ({
  type: "PhotoUploaded",
  data: { owner, photoId: id(n), original: hash(n), kind: "jpeg", width: 1200, height: 900, actor, at },
});
const uploadedMany = (count: number, owner: PhotoOwner = product) => Array.from({ length: count }, (_, i) => uploaded(i + 1, owner));
const deleted = (n: number): PhotoEvent => ({ type: "PhotoDeleted", data: { photoId: id(n), actor, at } });
const failed = (n: number): PhotoEvent => ({ type: "PhotoFailed", data: { photoId: id(n), reason: "broken", at } });

describe("photos decider", () => {
  it("records an upload as processing, the first photo main, and every change names the admin", () => {
    photos.given().when(upload(1)).then([uploaded(1)]);
    const two = photos.given(uploaded(1), uploaded(2));
    expect(two.state().photos.map((p) => [p.photoId, p.status])).toEqual([[id(1), "processing"], [id(2), "processing"]]);
    expect(two.state().main).toBe(id(1));
    two.when({ type: "MakeMain", photoId: id(2), actor, at }).then([{ type: "PhotoMadeMain", data: { photoId: id(2), actor, at } }]);
    two.when({ type: "Move", photoId: id(2), by: -1, actor, at }).then([{ type: "PhotosReordered", data: { order: [id(2), id(1)], actor, at } }]);
    two.when({ type: "Delete", photoId: id(2), actor, at }).then([deleted(2)]);
  });

  it("takes the same picture sent twice as one photo", () => {
    photos.given(uploaded(1)).when(upload(1)).thenNothing();
  });

  it("refuses more than MAX_PHOTOS photos with 409", () => {
    const refused = photos.given(uploadedMany(MAX_PHOTOS)).when(upload(100)).thenRefuses("photos.tooMany", { max: MAX_PHOTOS }, 409);
    expect(englishOf(refused)).toBe(`A product can have at most ${MAX_PHOTOS} photos. Please delete one first.`);
  });

  it("keeps one logo: a new one replaces the old in the same append", () => {
    const withLogo = photos.given(uploaded(1, logo));
    withLogo.when(upload(2, logo)).then([deleted(1), uploaded(2, logo)]);
    const after = withLogo.when(upload(2, logo)).state();
    expect(after.photos.map((p) => p.photoId)).toEqual([id(2)]);
    expect(after.main).toBe(id(2));
  });

  it("records the processing once, and not for a photo deleted meanwhile", () => {
    const done: PhotoCommand = { type: "MarkProcessed", photoId: id(1), width: 900, height: 1200, variants, at };
    const processed: PhotoEvent = { type: "PhotoProcessed", data: { photoId: id(1), width: 900, height: 1200, variants, at } };
    photos.given(uploaded(1)).when(done).then([processed]);
    expect(photos.given(uploaded(1), processed).state().photos[0]).toMatchObject({ status: "ready", width: 900, height: 1200, variants });
    photos.given(uploaded(1), processed).when(done).thenNothing();
    photos.given(uploaded(1), deleted(1)).when(done).thenNothing();
    photos.given(uploaded(1), processed).when({ type: "MarkFailed", photoId: id(1), reason: "broken", at }).thenNothing();
  });

  it("moves a photo one place, and not past either end", () => {
    const three = photos.given(uploadedMany(3));
    expect(three.when({ type: "Move", photoId: id(3), by: -1, actor, at }).state().photos.map((p) => p.photoId)).toEqual([id(1), id(3), id(2)]);
    three.when({ type: "Move", photoId: id(1), by: -1, actor, at }).thenNothing();
    three.when({ type: "Move", photoId: id(3), by: 1, actor, at }).thenNothing();
  });

  it("passes the main photo to the first left when the main one is deleted", () => {
    const madeMain: PhotoEvent = { type: "PhotoMadeMain", data: { photoId: id(2), actor, at } };
    expect(photos.given(uploaded(1), uploaded(2), madeMain, deleted(2)).state().main).toBe(id(1));
    expect(photos.given(uploaded(1), uploaded(2), madeMain, deleted(2), deleted(1)).state().main).toBeNull();
  });

  it("refuses a photo that is not there (404) and a failed one as main (409)", () => {
    const oneFailed = photos.given(uploaded(1), uploaded(2), failed(2));
    oneFailed.when({ type: "Delete", photoId: id(9), actor, at }).thenRefuses("photos.notFound", {}, 404);
    oneFailed.when({ type: "MakeMain", photoId: id(2), actor, at }).thenRefuses("photos.failedCannotBeMain", {}, 409);
    oneFailed.when({ type: "MakeMain", photoId: id(1), actor, at }).thenNothing();
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
    const [event] = photos.given().when(upload(1)).events();
    expect(() => photoEvents.toAppend(event, "e1")).not.toThrow();
    expect(() => photoEvents.toAppend({ ...event, data: { ...event.data, original: "../../etc/passwd" } } as PhotoEvent, "e2")).toThrow();
  });
});

describe("a shelf item's photos (decision 146)", () => {
  it("are a product's kind of photos: several, one main, not one picture as a logo", () => {
    const state = photos.given(uploaded(1, shelf)).when(upload(2, shelf)).state();
    expect(state.owner).toEqual(shelf);
    expect(state.photos.map((p) => p.photoId)).toEqual([id(1), id(2)]);
    expect(state.main).toBe(id(1));
    photos.given(uploadedMany(MAX_PHOTOS, shelf)).when(upload(100, shelf)).thenRefuses("photos.tooMany", { max: MAX_PHOTOS }, 409);
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
    const [event] = photos.given().when(upload(1, shelf)).events();
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
