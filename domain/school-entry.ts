// The shape of one school as the shop owner writes it in ./data/schools: its own module, so
// the data file and domain/schools.ts (which reads the data) do not import each other.
import type { UniformType } from "./pricing";

/** Every item a school card can show, with the price table it is sold from. */
export const SCHOOL_ITEM_TYPES = {
  Shirt: "shirt",
  "T-shirt": "t-shirt",
  Pant: "pant",
  "Pant Class 1 to 5": "pant-class-1-to-5",
  "Pant Class 6 to 12": "pant-class-6-to-12",
  "White Pant": "white-pant",
  Skirt: "skirt",
  "White Skirt": "white-skirt",
  Tunik: "tunik",
  "White Tunik": "white-tunik",
  Belt: "belt",
  "Tie Small": "tie",
  "Tie Big": "tie",
  Socks: "socks",
  "Socks 1": "socks-sized",
  "Socks 2": "socks-sized",
  Lower: "lower",
  "Kurti Salwaar": "kurti-salwaar",
  Jacket: "jacket",
} as const satisfies Record<string, UniformType>;

export type SchoolItemName = keyof typeof SCHOOL_ITEM_TYPES;

/** One school as written in ./data/schools. */
export interface SchoolEntry {
  name: string;
  /** The name in Devanagari, if the school has one: Hindi pages show it beside `name`, never instead. */
  nameHi?: string;
  /** Other names parents search it by ("Delhi Public School" for DPS), in English or Devanagari; never shown. */
  alsoKnownAs?: readonly string[];
  /** Made-up school kept only so the shop looks full; remove it once real schools are listed. */
  sample?: boolean;
  /** A logo file exists in public/images/logos/; otherwise the card shows a graduation cap. */
  logo?: boolean;
  /** The full item list, in card order. Leave it out to sell the default set. */
  items?: readonly SchoolItemName[];
  /** Items added after the default set (or after `items`). */
  addItems?: readonly SchoolItemName[];
  /** Items shown with a Coming Soon label; they cannot be ordered yet. */
  comingSoon?: readonly SchoolItemName[];
  /** Items whose card has the Red / Yellow / Blue / Green buttons (T-shirt, Lower). */
  colourChoice?: readonly SchoolItemName[];
}
