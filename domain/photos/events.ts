/**
 * The owner's photos as events (decision 139): one stream per thing pictured (a shop product,
 * a school's item, a school's logo, an item of a shelf kept as catalogue data: decision 146),
 * `photos-<owner key>`. An upload is recorded when the
 * original is safely stored; the picture the shop serves comes later, from the photo job,
 * as `PhotoProcessed` (or `PhotoFailed`). Every change by hand names the admin who made it.
 * A photo holds no personal data: the processing strips every metadata field before anything
 * is served, and the original is never served.
 */
import "../zod-in-browser";
import { z } from "zod";
import { createEventRegistry } from "../events/registry";
import { PHOTO_KINDS, type PhotoKind } from "./sniff";

/** What a photo pictures. */
export type PhotoOwner =
  | { kind: "product"; productId: number }
  | { kind: "item"; school: string; item: string }
  | { kind: "logo"; school: string }
  /**
   * An item the catalogue keeps as data outside the schools (decision 146): a bought-in item of the accessory
   * shelves or a white uniform, by its catalogue id (`kids-shoes/black-shoes-laces`, `white/shirt`).
   */
  | { kind: "shelf"; item: string };

export interface PhotoActor {
  kind: "admin";
  id: string;
  name: string;
}

export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** One served file: a format at a width, named by the SHA-256 of its own bytes. */
export interface PhotoVariant {
  format: PhotoFormat;
  width: number;
  height: number;
  file: string;
  bytes: number;
}

export interface PhotoUploaded {
  type: "PhotoUploaded";
  data: { owner: PhotoOwner; photoId: string; original: string; kind: PhotoKind; width: number; height: number; actor: PhotoActor; at: string };
}
export interface PhotoProcessed {
  type: "PhotoProcessed";
  /** `width` and `height` after turning the picture upright. */
  data: { photoId: string; width: number; height: number; variants: PhotoVariant[]; at: string };
}
export interface PhotoFailed {
  type: "PhotoFailed";
  data: { photoId: string; reason: string; at: string };
}
export interface PhotoMadeMain {
  type: "PhotoMadeMain";
  data: { photoId: string; actor: PhotoActor; at: string };
}
export interface PhotosReordered {
  type: "PhotosReordered";
  data: { order: string[]; actor: PhotoActor; at: string };
}
export interface PhotoDeleted {
  type: "PhotoDeleted";
  data: { photoId: string; actor: PhotoActor; at: string };
}

export type PhotoEvent = PhotoUploaded | PhotoProcessed | PhotoFailed | PhotoMadeMain | PhotosReordered | PhotoDeleted;

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/**
 * The owner as a stream id's tail and a read model's key: `product.12`, `item.<school>.<item>`, `logo.<school>`,
 * `shelf.<shelf>.<item>` (the catalogue id's `/` as a dot, as a school item's parts are written).
 */
export function photoOwnerKey(owner: PhotoOwner): string {
  if (owner.kind === "product") return `product.${owner.productId}`;
  if (owner.kind === "item") return `item.${owner.school}.${owner.item}`;
  if (owner.kind === "shelf") return `shelf.${owner.item.replace("/", ".")}`;
  return `logo.${owner.school}`;
}

/** The owner a key names, or undefined for anything else (a key comes from a form or a URL). */
export function parsePhotoOwnerKey(key: string | null | undefined): PhotoOwner | undefined {
  const parts = (key ?? "").split(".");
  if (parts[0] === "product" && parts.length === 2 && /^[1-9]\d{0,9}$/.test(parts[1])) return { kind: "product", productId: Number(parts[1]) };
  if (parts[0] === "item" && parts.length === 3 && SLUG.test(parts[1]) && SLUG.test(parts[2])) return { kind: "item", school: parts[1], item: parts[2] };
  if (parts[0] === "logo" && parts.length === 2 && SLUG.test(parts[1])) return { kind: "logo", school: parts[1] };
  if (parts[0] === "shelf" && parts.length === 3 && SLUG.test(parts[1]) && SLUG.test(parts[2])) return { kind: "shelf", item: `${parts[1]}/${parts[2]}` };
  return undefined;
}

export const photoStreamId = (owner: PhotoOwner) => `photos-${photoOwnerKey(owner)}`;

const slug = z.string().regex(SLUG);
// `shelf` came with decision 146, after photos were stored: a new variant only widens what `PhotoUploaded`
// version 1 accepts, so every event stored before parses as it did and the version stays 1 (no upcaster).
const owner = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("product"), productId: z.number().int().positive() }),
  z.object({ kind: z.literal("item"), school: slug, item: slug }),
  z.object({ kind: z.literal("logo"), school: slug }),
  z.object({ kind: z.literal("shelf"), item: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\/[a-z0-9][a-z0-9-]{0,80}$/) }),
]);
const actor = z.object({ kind: z.literal("admin"), id: z.string(), name: z.string() });
const photoId = z.string().min(1).max(64);
const hash = z.string().regex(/^[0-9a-f]{64}$/);
const side = z.number().int().positive();
const variant = z.object({
  format: z.enum(PHOTO_FORMATS),
  width: side,
  height: side,
  file: z.string().regex(/^[0-9a-f]{64}\.(avif|webp|jpg)$/),
  bytes: z.number().int().positive(),
});

export const photoEvents = createEventRegistry<PhotoEvent>("photos", {
  PhotoUploaded: {
    version: 1,
    schema: z.object({ owner, photoId, original: hash, kind: z.enum(PHOTO_KINDS), width: side, height: side, actor, at: z.string() }),
  },
  PhotoProcessed: { version: 1, schema: z.object({ photoId, width: side, height: side, variants: z.array(variant).min(1), at: z.string() }) },
  PhotoFailed: { version: 1, schema: z.object({ photoId, reason: z.string().max(500), at: z.string() }) },
  PhotoMadeMain: { version: 1, schema: z.object({ photoId, actor, at: z.string() }) },
  PhotosReordered: { version: 1, schema: z.object({ order: z.array(photoId), actor, at: z.string() }) },
  PhotoDeleted: { version: 1, schema: z.object({ photoId, actor, at: z.string() }) },
});
