import type { PhotoVariant } from "../domain/photos/events";
import type { PhotoRow } from "../services/photos";

/** What `<Picture>` draws: one `<source>` per format, widths in each srcset, and the JPEG as the `<img>`. */
export interface PictureView {
  src: string;
  width: number;
  height: number;
  sources: { type: string; srcSet: string }[];
}

const TYPES = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" } as const;

export const photoUrl = (variant: Pick<PhotoVariant, "file">) => `/photos/${variant.file}`;

/**
 * A processed photo as a picture: AVIF first, then WebP (the browser takes the first it can
 * show), the JPEG for the rest. `width` and `height` are the picture's own proportions at the
 * width `displayWidth` the page lays it out at, so the page keeps its place before it loads.
 */
export function photoPicture(photo: Pick<PhotoRow, "variants">, displayWidth: number): PictureView | null {
  const jpegs = photo.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width);
  if (jpegs.length === 0) return null;
  const fallback = jpegs.find((v) => v.width >= displayWidth) ?? jpegs[jpegs.length - 1];
  const sources = (["avif", "webp"] as const)
    .map((format) => {
      const files = photo.variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
      return { type: TYPES[format], srcSet: files.map((v) => `${photoUrl(v)} ${v.width}w`).join(", ") };
    })
    .filter((s) => s.srcSet !== "");
  return {
    src: photoUrl(fallback),
    width: displayWidth,
    height: Math.round((fallback.height * displayWidth) / fallback.width),
    sources: [...sources, { type: TYPES.jpeg, srcSet: jpegs.map((v) => `${photoUrl(v)} ${v.width}w`).join(", ") }],
  };
}

/** A drawing (an SVG) as a picture of the same shape: no sources, one square image. */
export function drawingPicture(src: string, size: number): PictureView {
  return { src, width: size, height: size, sources: [] };
}
