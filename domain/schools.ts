// Schools and the uniform items each one sells. The list itself is in ./data/schools,
// the one file a shop owner edits; this module turns it into pages, slugs and searches.
import { SCHOOL_ENTRIES } from "./data/schools";
import type { UniformType } from "./pricing";
import { SCHOOL_ITEM_TYPES, type SchoolEntry, type SchoolItemName } from "./school-entry";

/** What most schools sell (spec: "Default set"). */
export const DEFAULT_SCHOOL_ITEMS: readonly SchoolItemName[] = [
  "Shirt",
  "Pant",
  "White Pant",
  "Tunik",
  "T-shirt",
  "Skirt",
  "Belt",
  "Tie Small",
  "Tie Big",
  "Socks 1",
  "Socks 2",
];

/**
 * Each item's name on Hindi pages, as parents in Churu say it. A `Record` over every item
 * name, so a new item does not typecheck until it has its Hindi.
 */
export const SCHOOL_ITEM_NAMES_HI: Readonly<Record<SchoolItemName, string>> = {
  Shirt: "शर्ट",
  "T-shirt": "टी-शर्ट",
  Pant: "पैंट",
  "Pant Class 1 to 5": "पैंट (कक्षा 1 से 5)",
  "Pant Class 6 to 12": "पैंट (कक्षा 6 से 12)",
  "White Pant": "सफ़ेद पैंट",
  Skirt: "स्कर्ट",
  "White Skirt": "सफ़ेद स्कर्ट",
  Tunik: "ट्यूनिक",
  "White Tunik": "सफ़ेद ट्यूनिक",
  Belt: "बेल्ट",
  "Tie Small": "टाई (छोटी)",
  "Tie Big": "टाई (बड़ी)",
  Socks: "मोज़े",
  "Socks 1": "मोज़े 1",
  "Socks 2": "मोज़े 2",
  Lower: "लोअर",
  "Kurti Salwaar": "कुर्ती सलवार",
  Jacket: "जैकेट",
};

/** Colour buttons on some T-shirt and Lower cards. They change the photo only, never the price. */
export const ITEM_COLOURS = ["Red", "Yellow", "Blue", "Green"] as const;
export type ItemColour = (typeof ITEM_COLOURS)[number];
export const DEFAULT_ITEM_COLOUR: ItemColour = "Red";

export interface SchoolItem {
  slug: string;
  name: SchoolItemName;
  /** The name on Hindi pages (`nameIn` in ./catalogue-words). */
  nameHi: string;
  priceType: UniformType;
  comingSoon: boolean;
  colours?: readonly ItemColour[];
}

export interface School {
  slug: string;
  /** As the school writes it: the name every page shows. */
  name: string;
  /** Its Devanagari form, where the school list has one: shown beside `name` on Hindi pages. */
  nameHi?: string;
  /** The page heading: the slug in title case, as the spec asks ("st-xaviers" -> "St Xaviers"). */
  heading: string;
  /** Other names parents search it by (the school list's `alsoKnownAs`). */
  alsoKnownAs: readonly string[];
  sample: boolean;
  logo: boolean;
  items: readonly SchoolItem[];
}

/**
 * The spec's slug rule: lower-case, runs of anything not a letter or digit become one
 * hyphen, no hyphen at either end. Apostrophes are dropped first, because a possessive
 * is part of the word: "St. Xavier's" is "st-xaviers", not "st-xavier-s". Accents are
 * dropped too, so a name typed with one keeps a readable address.
 */
export function schoolSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2018\u2019`]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** "st-xaviers" -> "St Xaviers". */
export function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter((word) => word !== "")
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}

function buildSchool(entry: SchoolEntry): School {
  const slug = schoolSlug(entry.name);
  const names = [...(entry.items ?? DEFAULT_SCHOOL_ITEMS), ...(entry.addItems ?? [])];
  const problem = (what: string) => new Error(`School list (domain/data/schools.ts), "${entry.name}": ${what}`);

  if (slug === "") throw problem("the name needs at least one letter or digit.");
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated) throw problem(`"${repeated}" is listed twice.`);
  for (const name of [...(entry.comingSoon ?? []), ...(entry.colourChoice ?? [])]) {
    if (!names.includes(name)) throw problem(`"${name}" is marked but the school does not sell it.`);
  }

  const items = names.map((name): SchoolItem => {
    const item: SchoolItem = {
      slug: schoolSlug(name),
      name,
      nameHi: SCHOOL_ITEM_NAMES_HI[name],
      priceType: SCHOOL_ITEM_TYPES[name],
      comingSoon: entry.comingSoon?.includes(name) ?? false,
    };
    if (entry.colourChoice?.includes(name)) item.colours = ITEM_COLOURS;
    return item;
  });

  const nameHi = entry.nameHi?.trim();
  return {
    slug,
    name: entry.name,
    ...(nameHi ? { nameHi } : {}),
    heading: titleFromSlug(slug),
    alsoKnownAs: entry.alsoKnownAs ?? [],
    sample: entry.sample ?? false,
    logo: entry.logo ?? false,
    items,
  };
}

/** Builds schools from entries written like ./data/schools, refusing a list that would break a page. */
export function schoolsFromEntries(entries: readonly SchoolEntry[]): readonly School[] {
  const schools = entries.map(buildSchool);
  const seen = new Map<string, string>();
  for (const school of schools) {
    const other = seen.get(school.slug);
    if (other) {
      throw new Error(`School list (domain/data/schools.ts): "${other}" and "${school.name}" share the address /schools/${school.slug}.`);
    }
    seen.set(school.slug, school.name);
  }
  return schools;
}

/** All schools in the order of the data file (the navbar dropdown and /schools use it). */
export const SCHOOLS: readonly School[] = schoolsFromEntries(SCHOOL_ENTRIES);

const schoolsBySlug = new Map(SCHOOLS.map((school) => [school.slug, school]));

export function findSchool(slug: string): School | undefined {
  return schoolsBySlug.get(slug);
}

export function findSchoolItem(schoolSlug: string, itemSlug: string): { school: School; item: SchoolItem } | undefined {
  const school = findSchool(schoolSlug);
  const item = school?.items.find((candidate) => candidate.slug === itemSlug);
  return school && item ? { school, item } : undefined;
}

// Parents type "st xaviers", "St.Xavier" or "STXAVIER": only letters and digits count.
// Devanagari letters and signs count too, so "विद्या मंदिर" finds a school by its Hindi form.
function searchKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9\p{Script=Devanagari}]/gu, "");
}

/**
 * Schools whose name, Devanagari form or another name it is known by ("delhi public" finds DPS) contains the
 * query, ignoring case and punctuation; all of them for an empty query.
 */
export function searchSchools(query: string, schools: readonly School[] = SCHOOLS): School[] {
  const wanted = searchKey(query);
  return schools.filter((school) => [school.name, school.nameHi ?? "", ...school.alsoKnownAs].some((name) => searchKey(name).includes(wanted)));
}
