import type { Language, MessageValues } from "../../domain/i18n";
import { RESOURCES, refusalIn, serverT } from "./i18n.server";

type Group = keyof (typeof RESOURCES)["en"]["refusals"];
interface Pattern {
  key: string;
  names: string[];
  pattern: RegExp;
}

const PATTERNS = new Map<Group, Pattern[]>();

/** A group's refusals with `{{placeholders}}`, as patterns over the English text; the most fixed words first. */
function patternsOf(group: Group): Pattern[] {
  const known = PATTERNS.get(group);
  if (known) return known;
  const made = Object.entries(RESOURCES.en.refusals[group] as Record<string, string>)
    .filter(([, text]) => text.includes("{{"))
    .map(([key, text]) => {
      const parts = text.split(/\{\{\s*(\w+)\s*\}\}/);
      const source = parts.map((part, i) => (i % 2 ? "(.+?)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("");
      const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
      return { key, names: parts.filter((_, i) => i % 2), pattern: new RegExp(`^${source}$`, "s"), fixed };
    })
    .sort((a, b) => b.fixed - a.fixed);
  PATTERNS.set(group, made);
  return made;
}

/**
 * A rule's refusal that names something ("That message is sent; only failed ... can be
 * retried.") in `lang`: a fixed text is looked up as `refusalIn` does; otherwise the English
 * wording of `group` is read as a pattern and its values put into the same key in `lang`,
 * each through `word` (a stored status shown by its label, say). One it has no words for
 * stays as it is. The checkout has its own, which also nests refusals
 * (app/i18n/checkout-refusals.server.ts).
 */
export function refusalByPatternIn(
  lang: Language,
  group: Group,
  message: string,
  word: (name: string, value: string) => string = (_, value) => value,
): string {
  if (lang === "en") return message;
  const fixed = refusalIn(lang, message);
  if (fixed !== message) return fixed;
  for (const { key, names, pattern } of patternsOf(group)) {
    const found = pattern.exec(message);
    if (!found) continue;
    const values: MessageValues = Object.fromEntries(names.map((name, i) => [name, word(name, found[i + 1] ?? "")]));
    return serverT(lang)(`refusals:${group}.${key}`, values);
  }
  return message;
}
