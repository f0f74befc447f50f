import { sizeIn } from "../../domain/catalogue-words";
import type { Language } from "../../domain/i18n";
import { RESOURCES, refusalIn, serverT } from "./i18n.server";

/**
 * The cart's and the order's refusals that name a product, a count or a price ("Only 2 of
 * Shirt (30) left in stock.") cannot be looked up as a fixed text: the English wording in
 * app/locales/en/refusals.json (group `checkout`) is read as a pattern, its `{{placeholders}}`
 * taken from the message and put into the same key in the visitor's language. A `{{problem}}`
 * is itself a refusal and is worded the same way. The most specific pattern (the most fixed
 * words) is tried first, so "Shirt: Only 2 of Shirt left in stock." is a line's problem
 * holding a stock refusal.
 */
const PATTERNS = Object.entries(RESOURCES.en.refusals.checkout as Record<string, string>)
  .filter(([, text]) => text.includes("{{"))
  .map(([key, text]) => {
    const names: string[] = [];
    const parts = text.split(/\{\{\s*(\w+)\s*\}\}/);
    const source = parts
      .map((part, i) => {
        if (i % 2) {
          names.push(part);
          return "(.+?)";
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
    return { key, names, pattern: new RegExp(`^${source}$`, "s"), fixed };
  })
  .sort((a, b) => b.fixed - a.fixed);

/**
 * A cart or checkout refusal (a rule's English message) in `lang`; one it has no words for stays as it is.
 * `itemName` puts a product's English name (`{{item}}`) into the page's language (decision 099).
 */
export function checkoutRefusalIn(lang: Language, message: string, itemName: (english: string) => string = (english) => english): string {
  if (lang === "en") return message;
  const fixed = refusalIn(lang, message);
  if (fixed !== message) return fixed;
  for (const { key, names, pattern } of PATTERNS) {
    const found = pattern.exec(message);
    if (!found) continue;
    const value = (name: string, text: string) =>
      name === "problem" ? checkoutRefusalIn(lang, text, itemName) : name === "item" ? itemName(text) : name === "size" ? sizeIn(lang, text) : text;
    const values = Object.fromEntries(names.map((name, i) => [name, value(name, found[i + 1] ?? "")]));
    return serverT(lang)(`refusals:checkout.${key}`, values);
  }
  return message;
}
