import type { Language } from "../../domain/i18n";
import { ERASED } from "../../domain/privacy/erased";
import { serverT } from "../i18n/i18n.server";

/** The word a page in `lang` shows where an erased person's value was (`privacy:erased`). */
export function erasedWord(lang: Language): string {
  return serverT(lang)("privacy:erased");
}

/** `text` with every erased value in it (a whole field, or one inside a sentence: "cancelled by …") worded in `lang`. */
export function wordErasedText(text: string, lang: Language): string {
  return text.includes(ERASED) ? text.replaceAll(ERASED, erasedWord(lang)) : text;
}

/**
 * A page's view model with every erased value worded in the page's language (docs/privacy.md). Done on
 * the loader's data, not the HTML, so the page rendered with JavaScript on hydrates from the same words.
 * Plain objects and arrays are walked; dates and other values pass as they are.
 */
export function wordErased<T>(view: T, lang: Language): T {
  const word = erasedWord(lang);
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") return value.includes(ERASED) ? value.replaceAll(ERASED, word) : value;
    if (Array.isArray(value)) return value.map(walk);
    if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
    }
    return value;
  };
  return walk(view) as T;
}
