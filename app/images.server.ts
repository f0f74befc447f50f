import fs from "node:fs";
import path from "node:path";
import { illustrationUrl, schoolItemPhotoUrls, schoolLogoUrls, type Illustration } from "../domain/images";

/**
 * The spec's image chain (jpg, then png, then a drawing) decided on the server from the
 * files that exist, so a browser never asks for a photo that is not there (no 404s, no
 * flash of a broken image, no JavaScript onerror). Photos live in public/ (copied into
 * build/client by the build); the answer is cached for a minute, so a photo dropped in
 * while the shop runs shows up without a restart and a busy page costs no disk reads.
 */
const ROOTS = [path.resolve("public"), path.resolve("build/client")];
const CACHE_MS = 60_000;
const cache = new Map<string, { exists: boolean; checkedAt: number }>();

function publicFileExists(url: string): boolean {
  const now = Date.now();
  const known = cache.get(url);
  if (known && now - known.checkedAt < CACHE_MS) return known.exists;
  let exists = false;
  // Only plain site paths: nothing that could climb out of public/.
  if (/^\/[a-z0-9][a-z0-9/_.-]*$/i.test(url) && !url.includes("..")) {
    exists = ROOTS.some((root) => {
      try {
        return fs.statSync(path.join(root, url)).isFile();
      } catch {
        return false;
      }
    });
  }
  cache.set(url, { exists, checkedAt: now });
  return exists;
}

/** The first candidate that exists under public/, else the drawing. */
export function firstExistingImage(candidates: readonly string[], fallback: Illustration): string {
  return candidates.find(publicFileExists) ?? illustrationUrl(fallback);
}

export function schoolItemImage(schoolSlug: string, itemSlug: string, fallback: Illustration, colour?: string): string {
  return firstExistingImage(schoolItemPhotoUrls(schoolSlug, itemSlug, colour), fallback);
}

/** A school's logo, or null: the card then shows a graduation cap. */
export function schoolLogo(schoolSlug: string): string | null {
  return schoolLogoUrls(schoolSlug).find(publicFileExists) ?? null;
}

/**
 * A shop product's image_url as the admin typed it: a photo under public/ is used when it
 * exists, an http(s) address is trusted as given (it cannot be checked without fetching it),
 * and anything else falls back to the category drawing.
 */
export function shopProductImage(imageUrl: string | null, fallback: Illustration): string {
  const url = imageUrl?.trim();
  if (!url) return illustrationUrl(fallback);
  if (/^https:\/\/[^\s"'<>]+$/i.test(url)) return url;
  if (url.startsWith("/")) {
    // jpg before png: "/images/products/x.jpg" is also tried as .png, and the other way round.
    const stem = url.replace(/\.(jpe?g|png)$/i, "");
    const candidates = stem === url ? [url] : [`${stem}.jpg`, `${stem}.png`];
    return firstExistingImage(candidates, fallback);
  }
  return illustrationUrl(fallback);
}
