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

function lookup(messages: Messages, key: string): string | undefined {
  const colon = key.indexOf(":");
  const [namespace, path] = colon === -1 ? [DEFAULT_NAMESPACE, key] : [key.slice(0, colon), key.slice(colon + 1)];
  let node: string | MessageTree | undefined = messages[namespace];
  for (const part of path.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** `{{name}}` placeholders filled in (the same syntax as i18next, so the same JSON serves both). */
export function interpolate(template: string, values: MessageValues = {}): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The message for `key` (`"nav.home"` in common, `"home:hero.title"` in home) with its placeholders
 * filled in. A `count` picks the plural form as i18next does: `key_one`, `key_other` by the
 * language's plural rules. A key with no message shows as itself, which the key tests catch.
 */
export function translate(messages: Messages, language: Language, key: string, values?: MessageValues): string {
  let template: string | undefined;
  if (values && typeof values.count === "number") {
    const form = new Intl.PluralRules(LOCALE[language]).select(values.count);
    template = lookup(messages, `${key}_${form}`) ?? lookup(messages, `${key}_other`);
  }
  template ??= lookup(messages, key);
  return template === undefined ? key : interpolate(template, values);
}

/** A moment as families in Churu read it: India Standard Time, in the visitor's language ("24 Nov 2026, 10:30 am"). */
export function formatDateTime(at: Date | string | number, language: Language, options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" }): string {
  return new Intl.DateTimeFormat(LOCALE[language], { timeZone: "Asia/Kolkata", ...options }).format(new Date(at));
}

/** A day as families in Churu read it, in India Standard Time ("24 Nov 2026" / "24 नव॰ 2026"). */
export function formatDate(at: Date | string | number, language: Language): string {
  return formatDateTime(at, language, { dateStyle: "medium" });
}
