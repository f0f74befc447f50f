/**
 * Text hygiene at the shop's edge: what a field, a query parameter or a JSON string may
 * carry before any other check looks at it. Postgres refuses U+0000 in text, and a lone
 * UTF-16 surrogate cannot be written as UTF-8 at all, so both are refused where they
 * arrive (pages, the /api, query strings) with a message naming the field, instead of
 * failing deep inside a statement. One pass over the string, no pattern: linear time.
 */

export type TextProblem = "nul" | "surrogate";

/** The first thing wrong with `value`, or null when it is fine to store and show. */
export function textProblem(value: string): TextProblem | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return "nul";
    if (code < 0xd800 || code > 0xdfff) continue;
    // A high surrogate must be followed by a low one; a low one never stands first.
    if (code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
    }
    return "surrogate";
  }
  return null;
}

export const TEXT_MESSAGES = {
  nul: (field: string) => `${field} contains a character the shop cannot accept (a NUL byte). Please remove it.`,
  surrogate: (field: string) => `${field} contains a broken character. Please type it again.`,
} as const;

/** The message for a field whose text is unsafe, or null when it is fine. */
export function textProblemMessage(field: string, value: string): string | null {
  const problem = textProblem(value);
  return problem ? TEXT_MESSAGES[problem](field) : null;
}
