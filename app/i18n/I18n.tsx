import { useMatches } from "@remix-run/react";
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import { DEFAULT_LANGUAGE, KEY_AS_ITSELF, KEY_FAULT, translate, type Language, type MessageValues, type Messages, type MissingKey } from "../../domain/i18n";
import fallbackCommon from "../locales/en/common.json";

/**
 * The page's language and the frame's messages, as the root loader sent them
 * (app/i18n/i18n.server.ts). Each page's loader sends its own namespace as `messages`:
 * the browser gets one language's strings for the pages it shows, never a translation
 * library (decision 098).
 */
export interface PageLanguage {
  lang: Language;
  messages: Messages;
}

export type T = (key: string, values?: MessageValues) => string;

/**
 * A key that names no message ("shop:category" when that is a group of category names, a key not in
 * the locale files) fails the render in development and tests, so no page can show a raw key; in
 * production the key shows as itself. Rendered on the server, the page is decided there (a test's
 * NODE_ENV is "test"); in the browser (no `process`) the key shows as itself.
 */
export const missingKey: MissingKey = typeof process !== "undefined" && process.env.NODE_ENV !== "production" ? KEY_FAULT : KEY_AS_ITSELF;

// Only when the root loader itself failed: the frame and error page still read in English.
const FALLBACK: PageLanguage = { lang: DEFAULT_LANGUAGE, messages: { common: fallbackCommon } };

/** The page's language and its `t`, made once per page from the frame's and the routes' messages. */
interface PageWords extends PageLanguage {
  t: T;
}

function pageWords(root: PageLanguage, matches: readonly Match[]): PageWords {
  const messages = pageMessages(root, matches);
  return { ...root, t: (key, values) => translate(messages, root.lang, key, values, missingKey) };
}

const I18nContext = createContext<PageWords>(pageWords(FALLBACK, []));

/**
 * The page's words for every component under it. The messages are merged here, once a page: each
 * component that merged them for itself (and asked the router for its matches) cost a page of
 * 20 orders a tenth of its render on the server.
 */
export function I18nProvider({ value, children }: { value: PageLanguage | undefined; children: ReactNode }) {
  const root = value ?? FALLBACK;
  const matches = useMatches();
  const words = useMemo(() => pageWords(root, matches), [root, matches]);
  return <I18nContext.Provider value={words}>{children}</I18nContext.Provider>;
}

/** The page's language: "en" or "hi". */
export function useLanguage(): Language {
  return useContext(I18nContext).lang;
}

type Match = { id: string; data?: unknown };

/** The frame's messages with every matched route's own (`messages` in its loader data). */
function pageMessages(root: PageLanguage, matches: readonly Match[]): Messages {
  const merged: Messages = { ...root.messages };
  for (const match of matches) {
    const own = (match.data as { messages?: Messages } | null | undefined)?.messages;
    if (own) Object.assign(merged, own);
  }
  return merged;
}

/** `t("nav.home")`, `t("home:hero.title")`, `t("schools:list.count", { count })`: see docs/i18n.md. */
export function useT(): T {
  return useContext(I18nContext).t;
}

/**
 * A message with elements in its placeholders: `<Message id="contact.call" values={{ phone: <a ...> }} />`
 * for "Call {{phone}}.", so a link sits where each language puts it in the sentence.
 */
export function Message({ id, values }: { id: string; values: Record<string, ReactNode> }) {
  const t = useT();
  // Without values the placeholders stay in the text; the split keeps each name at an odd index.
  const parts = t(id).split(/\{\{\s*(\w+)\s*\}\}/);
  return <>{parts.map((part, i) => (i % 2 ? <Fragment key={i}>{values[part]}</Fragment> : part))}</>;
}

/**
 * A refusal (a rule's English message) in the page's language, through the `refusals` table a
 * page's loader sent (`refusalTable`); a message not in it is shown as it is.
 */
export function useRefusal(): (message: string) => string {
  const matches = useMatches();
  return useMemo(() => {
    const table: Record<string, string> = {};
    for (const match of matches) Object.assign(table, (match.data as { refusals?: Record<string, string> } | null | undefined)?.refusals);
    return (message: string) => table[message] ?? message;
  }, [matches]);
}

/** For a route's `meta`, which runs outside React: the root loader's language and the matches' messages. */
export function metaT(matches: readonly Match[]): T {
  const root = (matches.find((m) => m.id === "root")?.data as { i18n?: PageLanguage } | undefined)?.i18n ?? FALLBACK;
  return pageWords(root, matches).t;
}
