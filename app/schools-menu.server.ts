import { localSchoolName } from "../domain/catalogue-words";
import type { Language } from "../domain/i18n";
import { SCHOOLS } from "../domain/schools";

type MenuEntry = { name: string; slug: string };

// Built once per language: the list only changes with a deploy (domain/data/schools.ts).
// On Hindi pages a school is named as its parents write it (its Devanagari form), else as the list does.
const MENU: Record<Language, readonly MenuEntry[]> = {
  en: SCHOOLS.map((school) => ({ name: school.name, slug: school.slug })),
  hi: SCHOOLS.map((school) => ({ name: localSchoolName("hi", school) ?? school.name, slug: school.slug })),
};

/** The navbar's Schools dropdown in the page's language, in the order of the school list. */
export function schoolMenu(lang: Language): readonly MenuEntry[] {
  return MENU[lang];
}
