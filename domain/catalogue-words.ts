// The catalogue's own words (product names, descriptions, size words, school names) in the
// page's language. They are data, not messages: each item carries its Hindi beside its English
// (`nameHi`, `descriptionHi`; the products table's `name_hi`, `description_hi`), and a page asks
// here for the one to show. Carts, orders, events and the /api keep the English (decision 099).
import type { Language } from "./i18n";

/** Anything the catalogue names: its English name, and its Hindi one where it has one. */
export interface Named {
  name: string;
  nameHi?: string | null;
}

/** Anything the catalogue describes. */
export interface Described {
  description: string;
  descriptionHi?: string | null;
}

/** A product's words as the catalogue writes them: English and Hindi side by side, so one is never added without the other. */
export interface ProductWords {
  name: string;
  nameHi: string;
  description: string;
  descriptionHi: string;
}

/**
 * The words for this language: the Hindi on a Hindi page when there is some, else the English.
 * A blank Hindi counts as none, so a half-filled admin form never shows an empty card.
 */
export function wordsIn(language: Language, english: string, hindi: string | null | undefined): string {
  return language === "hi" && hindi?.trim() ? hindi : english;
}

/** The name a page in `language` shows for a product, item or shelf product. */
export function nameIn(language: Language, item: Named): string {
  return wordsIn(language, item.name, item.nameHi);
}

/** The description a page in `language` shows. */
export function descriptionIn(language: Language, item: Described): string {
  return wordsIn(language, item.description, item.descriptionHi);
}

/**
 * A school's name is a proper name: always as the school writes it. A Hindi page adds its
 * Devanagari form where the school list has one: "St. Xavier's / सेंट ज़ेवियर्स" (a slash, not
 * brackets, because pages already put a school in brackets after an item: "Shirt (DPS)").
 */
export function schoolNameIn(language: Language, school: Named): string {
  const local = localSchoolName(language, school);
  return local ? `${school.name} / ${local}` : school.name;
}

/** Just the Devanagari form, for a page that sets it apart (a heading's second line); undefined in English or without one. */
export function localSchoolName(language: Language, school: Named): string | undefined {
  const local = school.nameHi?.trim();
  return language === "hi" && local && local !== school.name ? local : undefined;
}

/**
 * Sizes that are words. Numbers ("32"), letter sizes ("XL") and combinations ("38-30") read
 * the same in both languages and are shown as they are.
 */
export const SIZE_WORDS_HI: Readonly<Record<string, string>> = {
  "Free Size": "फ्री साइज़",
  "One Size": "वन साइज़",
};

/** A size as a page in `language` shows it; the stored size (forms, cart, orders) stays English. */
export function sizeIn(language: Language, size: string): string {
  return wordsIn(language, size, SIZE_WORDS_HI[size]);
}
