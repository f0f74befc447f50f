/**
 * The admin's photo page form (/admin/photos?owner=…) for the page form pipeline (decision 088):
 * one upload of up to four photos (multipart), or one change of a photo (main, up, down, delete).
 * Every field but the file is filled in by the page itself; the rules are the photos decider's.
 */
import "../zod-in-browser";
import { z } from "zod";
import { MAX_PHOTO_BYTES, MAX_PHOTO_REQUEST_BYTES } from "../photos/sniff";

export const PHOTO_INTENTS = ["upload", "main", "up", "down", "delete"] as const;
export type PhotoIntent = (typeof PHOTO_INTENTS)[number];

/** Photos one upload may carry: four phone photos fit in the request's cap. */
export const MAX_PHOTOS_PER_UPLOAD = 4;

export const photoForm = z.object({
  owner: z.string().max(200),
  intent: z.enum(PHOTO_INTENTS),
  photoId: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .optional(),
});

/** The pipeline's options for this form: its caps, its file field, and the fields the page fills in. */
export const PHOTO_FORM_OPTIONS = {
  maxBytes: MAX_PHOTO_REQUEST_BYTES,
  pageFields: ["owner", "intent", "photoId"],
  photos: { field: "photo", maxCount: MAX_PHOTOS_PER_UPLOAD, maxBytes: MAX_PHOTO_BYTES },
} as const;
