/** The navbar's school list. Replaced by the catalogue's schools once domain/schools.ts exists. */
export function schoolMenu(): { name: string; slug: string }[] {
  return [];
}
