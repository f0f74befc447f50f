// Which language a visitor reads the shop in, and how a message is filled in. Pure: the web
// process (the page cache keys pages by language) and the app (the pages) both read it.

/** The shop's languages: English is the default, Hindi for the families who read it first. */
export const LANGUAGES = ["en", "hi"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** The visitor's choice, made with `?lng=hi` / `?lng=en` (the navbar's switch) and kept for a year. */
export const LANGUAGE_COOKIE = "shop_lng";
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** The query parameter that switches the language on any address. */
export const LANGUAGE_PARAM = "lng";

/** The tag for `<html lang>`, hreflang and Intl: the shop speaks the Indian forms of both. */
export const LOCALE: Record<Language, string> = { en: "en-IN", hi: "hi-IN" };
/** Each language's name written in itself, for the switch. */
export const LANGUAGE_NAME: Record<Language, string> = { en: "English", hi: "हिन्दी" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language a `shop_lng` cookie names, or null without a valid one. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const at = pair.indexOf("=");
    if (at === -1 || pair.slice(0, at).trim() !== LANGUAGE_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    if (isLanguage(value)) return value;
  }
  return null;
}

/**
 * The first of the shop's languages the browser asks for, by its q weights (`hi-IN,hi;q=0.9,en;q=0.8`
 * is Hindi, `en-US,en;q=0.9,hi;q=0.5` is English); null when it names neither.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const asked = header
    .split(",")
    .slice(0, 32)
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { base: tag.trim().toLowerCase().split("-")[0], q: q === undefined ? 1 : Number(q), order };
    })
    .filter((a) => Number.isFinite(a.q) && a.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return asked.map((a) => a.base).find(isLanguage) ?? null;
}

/** The cookie's choice first; on a first visit, what the browser asks for; else English. */
export function requestLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  return languageFromCookie(cookieHeader) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** A namespace's messages: nested objects of strings, as in app/locales/<language>/<namespace>.json. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}
/** One language's messages, by namespace. */
export type Messages = Record<string, MessageTree>;
export type MessageValues = Record<string, string | number>;

/** The namespace a key without `ns:` belongs to. */
export const DEFAULT_NAMESPACE = "common";

/** What a key names: its message, or why there is none (no such key, or a group of messages rather than one). */
type Lookup = { message: string } | { missing: "missing" | "group" };

const MISSING: Lookup = Object.freeze({ missing: "missing" });
const GROUP: Lookup = Object.freeze({ missing: "group" });

// A page asks for the same few hundred keys on every render; each namespace's answers are kept
// beside its messages (which are loaded once per language), so a key is walked once per process.
const lookups = new WeakMap<MessageTree, Map<string, Lookup>>();
/** Keys come from the code, but a key can carry a value from a request (a category name): bounded. */
const LOOKUPS_KEPT_PER_NAMESPACE = 5_000;

function lookup(messages: Messages, key: string): Lookup {
  const colon = key.indexOf(":");
  const tree = messages[colon === -1 ? DEFAULT_NAMESPACE : key.slice(0, colon)];
  if (tree === undefined) return MISSING;
  const path = colon === -1 ? key : key.slice(colon + 1);
  let kept = lookups.get(tree);
  if (!kept) lookups.set(tree, (kept = new Map()));
  let found = kept.get(path);
  if (!found) {
    found = walk(tree, path);
    if (kept.size < LOOKUPS_KEPT_PER_NAMESPACE) kept.set(path, found);
  }
  return found;
}

function walk(tree: MessageTree, path: string): Lookup {
  let node: string | MessageTree | undefined = tree;
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return MISSING;
    node = node[part];
  }
  if (typeof node === "string") return { message: node };
  return node === undefined ? MISSING : GROUP;
}

/** What `translate` does with a key that names no message: "missing" (no such key) or "group" (an object of messages). */
export type MissingKey = (key: string, why: "missing" | "group") => string;

/** Outside development and tests a key without its message shows as itself (the key tests catch it first). */
export const KEY_AS_ITSELF: MissingKey = (key) => key;

/** In development and tests a key without its message is a fault, said at once, so no page ever shows a raw key. */
export const KEY_FAULT: MissingKey = (key, why) => {
  throw new Error(why === "group" ? `i18n: "${key}" names a group of messages, not one message` : `i18n: "${key}" has no message`);
};

/** `{{name}}` placeholders filled in (the same syntax as i18next, so the same JSON serves both). */
export function interpolate(template: string, values: MessageValues = {}): string {
  if (!template.includes("{{")) return template;
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const plurals = new Map<Language, Intl.PluralRules>();
function pluralRules(language: Language): Intl.PluralRules {
  let rules = plurals.get(language);
  if (!rules) plurals.set(language, (rules = new Intl.PluralRules(LOCALE[language])));
  return rules;
}

/**
 * The message for `key` (`"nav.home"` in common, `"home:hero.title"` in home) with its placeholders
 * filled in. A `count` picks the plural form as i18next does: `key_one`, `key_other` by the
 * language's plural rules. A key that names no message (none, or a group of them) is `missing`'s:
 * the key itself by default; the pages pass `KEY_FAULT` in development and tests (app/i18n/I18n.tsx).
 */
export function translate(messages: Messages, language: Language, key: string, values?: MessageValues, missing: MissingKey = KEY_AS_ITSELF): string {
  if (values && typeof values.count === "number") {
    const form = pluralRules(language).select(values.count);
    for (const plural of [`${key}_${form}`, `${key}_other`]) {
      const found = lookup(messages, plural);
      if ("message" in found) return interpolate(found.message, values);
    }
  }
  const found = lookup(messages, key);
  return "message" in found ? interpolate(found.message, values) : missing(key, found.missing);
}

/** How each date style is written out in parts, for a Hindi time that must name its part of the day. */
const DATE_PARTS: Record<NonNullable<Intl.DateTimeFormatOptions["dateStyle"]>, Intl.DateTimeFormatOptions> = {
  short: { day: "numeric", month: "numeric", year: "2-digit" },
  medium: { day: "numeric", month: "short", year: "numeric" },
  long: { day: "numeric", month: "long", year: "numeric" },
  full: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
};

/**
 * Intl's options for a moment in India Standard Time in `language`. hi-IN's time styles end in the
 * English "am"/"pm"; a Hindi page says the part of the day in Hindi instead ("रात 9:00", "सुबह 10:30"),
 * so for Hindi a time style is written out in parts with `dayPeriod`. English keeps its styles.
 */
export function dateTimeOptions(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions {
  const { dateStyle, timeStyle, ...rest } = options;
  if (language !== "hi" || !timeStyle) return { timeZone: "Asia/Kolkata", ...options };
  return {
    timeZone: "Asia/Kolkata",
    ...rest,
    ...(dateStyle ? DATE_PARTS[dateStyle] : {}),
    hour: "numeric",
    minute: "2-digit",
    ...(timeStyle === "short" ? {} : { second: "2-digit" }),
    dayPeriod: "short",
  };
}

// Making an Intl.DateTimeFormat costs far more than formatting with one (a page of 20 orders spent
// a fifth of its time making them): each language and style is made once. The shop asks for a few.
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The formatter for moments in `language` with `options` (India Standard Time), made once. */
export function dateTimeFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE[language], dateTimeOptions(language, options));
    if (dateTimeFormats.size < 100) dateTimeFormats.set(key, format);
  }
  return format;
}

/** A moment as families in Churu read it: India Standard Time, in the visitor's language ("24 Nov 2026, 10:30 am", "24 नव॰ 2026, सुबह 10:30"). */
export function formatDateTime(at: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  return dateTimeFormat(language, options).format(new Date(at));
}

/** A day as families in Churu read it, in India Standard Time ("24 Nov 2026" / "24 नव॰ 2026"). */
export function formatDate(at: Date | string | number, language: Language): string {
  return formatDateTime(at, language, { dateStyle: "medium" });
}
