// What a person's erased data reads as (docs/privacy.md, decision 121). Their key is gone, so the
// sealed value cannot be opened; every reader gets this one string in its place: a page shows the word
// "erased" (between invisible separators) wherever it would have shown the value.

/** The value of a personal field whose person was erased. A plain string, so every event schema still reads it. */
export const ERASED = "\u2063erased\u2063";

export function isErased(value: unknown): boolean {
  return value === ERASED;
}
