/**
 * The form pipeline's own refusals (a body that is not a form, too large, a field too long or
 * with a broken character) in the visitor's language. domain/forms.ts and domain/text.ts word
 * them in English, the /api's contract (a refusal of the whole form is a fixed text: `refusalIn`); a page form is answered in the page's language, so a
 * Hindi page never shows an English "Name is too long" (refusals groups `forms` and
 * `formLabels`, decision 098). English goes through the domain's own functions, unchanged.
 */
import { FORM_MESSAGES } from "../../domain/forms";
import type { Language } from "../../domain/i18n";
import { TEXT_MESSAGES, textProblem } from "../../domain/text";
import { RESOURCES, serverT } from "../i18n/i18n.server";

/** "Stock quantity" -> "refusals:formLabels.stockQuantity": the forms' English field names, once. */
const LABEL_KEYS = new Map(Object.entries(RESOURCES.en.refusals.formLabels as Record<string, string>).map(([key, text]) => [text, `refusals:formLabels.${key}`]));

/** A field's name as the form's limits give it (English), in `lang`; a name with no translation stays as it is. */
function labelIn(lang: Language, label: string): string {
  const key = LABEL_KEYS.get(label);
  return key ? serverT(lang)(key) : label;
}

/** "Name is too long (at most 500 characters)." in `lang`. */
export function tooLongIn(lang: Language, label: string, max: number): string {
  if (lang === "en") return FORM_MESSAGES.tooLong(label, max);
  return serverT(lang)("refusals:forms.tooLong", { label: labelIn(lang, label), max });
}

/** What is wrong with a field's text (a NUL, a broken character) in `lang`, or null when it is fine. */
export function textProblemIn(lang: Language, label: string, value: string): string | null {
  const problem = textProblem(value);
  if (!problem) return null;
  if (lang === "en") return TEXT_MESSAGES[problem](label);
  return serverT(lang)(`refusals:forms.${problem}`, { label: labelIn(lang, label) });
}
