import { SCHOOLS } from "../domain/schools";

// Built once: the list only changes with a deploy (domain/data/schools.ts).
const MENU = SCHOOLS.map((school) => ({ name: school.name, slug: school.slug }));

/** The navbar's Schools dropdown, in the order of the school list. */
export function schoolMenu(): { name: string; slug: string }[] {
  return MENU;
}
