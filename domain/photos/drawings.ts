/**
 * The school items' drawings in a school's own colours (decision 140), drawn on the server: the
 * same line drawings as public/images/types/, with their fills taken from the school's colours
 * and each outline a darker shade of its fill. The address names the colours, so an answer never
 * changes and is kept for a year; a changed colour is a new address.
 */
import { illustrationUrl, type Illustration } from "../images";
import { normaliseColour, type SchoolColours } from "./colours";

/** The drawings that take a school's colours; every other item keeps its own drawing (white items stay white). */
export const COLOURED_DRAWINGS = ["shirt", "tshirt", "pant", "skirt", "tunic", "tie", "belt", "socks", "jacket", "lower", "kurti"] as const;
export type ColouredDrawing = (typeof COLOURED_DRAWINGS)[number];

export const isColouredDrawing = (value: string): value is ColouredDrawing => (COLOURED_DRAWINGS as readonly string[]).includes(value);

/** An outline for a fill: a darker shade of it, and a slate grey for a white or very light fill (as the drawings have it). */
export function outlineOf(fill: string): string {
  const rgb = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16));
  const light = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  if (light > 200) return "#6b7a90";
  return `#${rgb.map((c) => Math.round(c * 0.62).toString(16).padStart(2, "0")).join("")}`;
}

const LINE = 'stroke-width="4" stroke-linejoin="round" stroke-linecap="round"';

const DRAWN: Record<ColouredDrawing, (c: SchoolColours, o: (fill: string) => string) => { title: string; body: string }> = {
  shirt: (c, o) => ({
    title: "School shirt",
    body: `<path d="M72 38 48 48 20 80l20 20 16-14v80h88V86l16 14 20-20-28-32-24-10q-28 22-56 0Z" fill="${c.shirt}" stroke="${o(c.shirt)}" ${LINE}/><path d="M72 38l28 26-12 12ZM128 38l-28 26 12 12Z" fill="${c.shirt}" stroke="${o(c.shirt)}" ${LINE}/><path d="M100 66v96" stroke="${o(c.shirt)}" ${LINE}/><g fill="${o(c.shirt)}"><circle cx="108" cy="84" r="3"/><circle cx="108" cy="108" r="3"/><circle cx="108" cy="132" r="3"/></g><rect x="118" y="92" width="18" height="16" rx="2" fill="none" stroke="${o(c.shirt)}" ${LINE}/>`,
  }),
  tshirt: (c, o) => ({
    title: "School T-shirt",
    body: `<path d="M74 38 46 48 20 78l22 22 14-12v80h88V88l14 12 22-22-26-30-28-10q-26 20-52 0Z" fill="${c.accent}" stroke="${o(c.accent)}" ${LINE}/><path d="M74 38q26 28 52 0" fill="none" stroke="${c.shirt}" stroke-width="5"/>`,
  }),
  pant: (c, o) => ({
    title: "School trousers",
    body: `<path d="M60 32h80l10 140h-36l-14-94-14 94H50Z" fill="${c.bottom}" stroke="${o(c.bottom)}" ${LINE}/><path d="M60 46h80" stroke="${o(c.bottom)}" stroke-width="4"/><path d="M100 46v30M76 46v-14M124 46v-14" stroke="${o(c.bottom)}" stroke-width="3"/>`,
  }),
  skirt: (c, o) => ({
    title: "Pleated school skirt",
    body: `<rect x="66" y="42" width="68" height="14" rx="3" fill="${o(c.bottom)}"/><path d="M68 56h64l34 106H34Z" fill="${c.bottom}" stroke="${o(c.bottom)}" ${LINE}/><path d="M84 56 70 162M100 56v106M116 56l14 106" stroke="${o(c.bottom)}" stroke-width="3"/>`,
  }),
  tunic: (c, o) => ({
    title: "School tunic dress",
    body: `<path d="M78 30h44l4 24H74Z" fill="${c.shirt}" stroke="${o(c.shirt)}" ${LINE}/><path d="M76 40 70 90h60l-6-50" fill="${c.bottom}" stroke="${o(c.bottom)}" ${LINE}/><path d="M70 90h60l30 80H40Z" fill="${c.bottom}" stroke="${o(c.bottom)}" ${LINE}/><path d="M86 92 76 170M100 92v78M114 92l10 78" stroke="${o(c.bottom)}" stroke-width="3"/><path d="M70 90h60" stroke="${o(c.bottom)}" stroke-width="6"/>`,
  }),
  tie: (c, o) => ({
    title: "School tie",
    body: `<path d="M86 30h28l-6 22H92Z" fill="${o(c.accent)}"/><path d="M92 52h16l18 98-26 26-26-26Z" fill="${c.accent}" stroke="${o(c.accent)}" stroke-width="3" stroke-linejoin="round"/><path d="M92 70l30 24M86 100l38 30M80 130l32 26" stroke="${c.shirt === c.accent ? o(c.accent) : c.shirt}" stroke-width="6"/>`,
  }),
  belt: (c, o) => ({
    title: "School belt",
    body: `<rect x="20" y="86" width="160" height="28" rx="6" fill="${c.bottom}" stroke="${o(c.bottom)}" stroke-width="3"/><rect x="34" y="78" width="40" height="44" rx="6" fill="none" stroke="${c.accent}" stroke-width="6"/><path d="M54 100h30" stroke="${c.accent}" stroke-width="6" stroke-linecap="round"/><g fill="${o(c.bottom)}"><circle cx="120" cy="100" r="4"/><circle cx="140" cy="100" r="4"/><circle cx="160" cy="100" r="4"/></g>`,
  }),
  socks: (c) => ({
    title: "School socks",
    body: `<path d="M56 30h36v92l-6 22q-6 22-30 22H40q-16 0-16-16t16-18l16-8Z" fill="#ffffff" stroke="#6b7a90" ${LINE}/><path d="M108 30h36v92l-6 22q-6 22-30 22H92q-16 0-16-16t16-18l16-8Z" fill="#ffffff" stroke="#6b7a90" ${LINE}/><path d="M56 42h36M56 52h36M108 42h36M108 52h36" stroke="${outlineOf(c.accent) === "#6b7a90" ? "#6b7a90" : c.accent}" stroke-width="5"/>`,
  }),
  jacket: (c, o) => ({
    title: "School jacket",
    body: `<path d="M74 34 48 44 26 80l-2 80h24l6-62v68h92V98l6 62h24l-2-80-22-36-26-10-26 18Z" fill="${c.bottom}" stroke="${o(c.bottom)}" ${LINE}/><path d="M100 52v114" stroke="${c.accent}" stroke-width="4"/><path d="M74 34l26 18 26-18" fill="none" stroke="${c.accent}" stroke-width="8"/>`,
  }),
  lower: (c, o) => ({
    title: "Track lower",
    body: `<path d="M62 30h76l8 138h-32l-14-88-14 88H54Z" fill="${c.bottom}" stroke="${o(c.bottom)}" ${LINE}/><path d="M66 44 58 166M134 44l8 122" stroke="${c.accent}" stroke-width="6"/><path d="M62 42h76" stroke="${o(c.bottom)}" stroke-width="6"/>`,
  }),
  kurti: (c, o) => ({
    title: "Kurti with salwaar",
    body: `<path d="M80 26 58 34 38 70l18 10 10-12v86h68V68l10 12 18-10-20-36-22-8q-20 16-40 0Z" fill="${c.accent}" stroke="${o(c.accent)}" ${LINE}/><path d="M66 154h68l-4 22h-60Z" fill="${c.shirt}" stroke="${o(c.shirt)}" ${LINE}/>`,
  }),
};

/** The drawing of `kind` in the colours, as an SVG document. */
export function colouredDrawingSvg(kind: ColouredDrawing, colours: SchoolColours): string {
  const { title, body } = DRAWN[kind](colours, outlineOf);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" role="img"><title>${title}</title><rect width="200" height="200" rx="24" fill="#eef2f7"/>${body}</svg>`;
}

/** The colours as an address names them: `ffffff-2f4f86-9b2945` (shirt, bottom, accent). */
export const coloursKey = (colours: SchoolColours) => [colours.shirt, colours.bottom, colours.accent].map((c) => c.slice(1)).join("-");

/** The colours an address names, or undefined for anything but three `rrggbb`. */
export function parseColoursKey(key: string): SchoolColours | undefined {
  const parts = key.split("-");
  if (parts.length !== 3) return undefined;
  const [shirt, bottom, accent] = parts.map((part) => (/^[0-9a-f]{6}$/.test(part) ? normaliseColour(part) : undefined));
  return shirt && bottom && accent ? { shirt, bottom, accent } : undefined;
}

/** Where a school item's drawing is: in the school's colours when the drawing takes them, else the plain drawing. */
export function schoolDrawingUrl(illustration: Illustration, colours: SchoolColours): string {
  return isColouredDrawing(illustration) ? `/drawings/${illustration}/${coloursKey(colours)}.svg` : illustrationUrl(illustration);
}
