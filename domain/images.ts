// Where pictures live. Real photos are optional: until a shop owner drops a photo in,
// every product falls back to a flat drawing from public/images/types/.

export const ILLUSTRATIONS = [
  "shirt",
  "tshirt",
  "pant",
  "skirt",
  "tunic",
  "tie",
  "belt",
  "socks",
  "shoe",
  "kids-shoe",
  // Each kids' shoe style drawn as it is (decision 139): white ones white, velcro with its strap, girls' bar shoes with the bar.
  "kids-shoe-white",
  "kids-shoe-velcro",
  "kids-shoe-velcro-white",
  "kids-shoe-bar",
  "kids-shoe-bar-white",
  "pant-white",
  // A school's white skirt and tunic are white whatever the school's colours (issue 48).
  "skirt-white",
  "tunic-white",
  "sandal",
  "bottle",
  "lunchbox",
  "bag",
  "notebook",
  "geometry-box",
  "art-kit",
  "calculator",
  "jacket",
  "kurti",
  "lower",
  "shorts",
  "salwar-suit",
  "placeholder",
] as const;

export type Illustration = (typeof ILLUSTRATIONS)[number];

export function illustrationUrl(illustration: Illustration): string {
  return `/images/types/${illustration}.svg`;
}

/**
 * Photos to try for a school card, best first: a colour-specific photo when a colour is
 * chosen, then jpg before png (the spec's order). The caller ends with the illustration.
 */
export function schoolItemPhotoUrls(schoolSlug: string, itemSlug: string, colour?: string): string[] {
  const base = `/images/schools/${schoolSlug}/${itemSlug}`;
  const plain = [`${base}.jpg`, `${base}.png`];
  if (!colour) return plain;
  const tinted = `${base}-${colour.toLowerCase()}`;
  return [`${tinted}.jpg`, `${tinted}.png`, ...plain];
}

/** Logos are tried as jpg, then png; without one the card shows a graduation cap. */
export function schoolLogoUrls(schoolSlug: string): string[] {
  return [`/images/logos/${schoolSlug}.jpg`, `/images/logos/${schoolSlug}.png`];
}
