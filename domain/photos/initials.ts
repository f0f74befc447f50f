/**
 * A school's badge until it has a logo (decision 139): the first letters of the words of its
 * name, the small joining words left out, at most three ("Little Flower Convent School" is LFC,
 * "St. Xavier's" is SX, "DPS" stays DPS). Devanagari letters count as letters.
 */
const JOINING = new Set(["of", "the", "and", "for", "&"]);

const segmenter = new Intl.Segmenter("en", { granularity: "grapheme" });

export function schoolInitials(name: string): string {
  const words = name
    .replace(/['’.]/g, "")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word && !JOINING.has(word.toLowerCase()));
  if (words.length === 1 && /^[A-Z]{2,4}$/.test(words[0])) return words[0];
  return words
    .slice(0, 3)
    // The first letter as a reader sees it: in Devanagari a consonant with its vowel sign ("वि", "मं").
    .map((word) => (segmenter.segment(word)[Symbol.iterator]().next().value?.segment ?? "").toUpperCase())
    .join("");
}
