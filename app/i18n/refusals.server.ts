// A rule's refusal in words (decision 108). A `RuleViolation` carries no sentence: a key of
// the `refusals` namespace (app/locales/<language>/refusals.json) and the values its wording
// names. Every page, and the /api, words one here, in the language it speaks: rewording a rule
// is an edit of the locale files only, and a language that has the key always has the words.
import { sizeIn } from "../../domain/catalogue-words";
import type { Refusal, RefusalValue } from "../../domain/errors";
import type { Language, MessageTree, MessageValues } from "../../domain/i18n";
import { RESOURCES, serverT } from "./i18n.server";

/** What only the page knows about the words a refusal names. */
export interface RefusalWords {
  /**
   * A product's name in the page's language, from the English a rule names it by (`{{item}}`,
   * `{{name}}`): carts and orders keep the English they were added with, the page knows its lines
   * (`namesByEnglish`, app/catalogue-words.server.ts). Without it a product keeps its English name.
   */
  itemName?: (english: string) => string;
}

// One formatter for both languages: the shop writes Indian digits in lakhs on Hindi pages too (₹1,23,456).
const NUMBER = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
// A number with a fraction is money to the paisa (a refund's most, decision 209): "254.80", never "254.8".
const PAISE = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * How a value that is a word of the shop is put into the page's language, by the placeholder that
 * names it: a product by its catalogue name, a size by its size word, a message's stored status by
 * its label. Every other text value (an order number, an id) is shown as the rule gives it.
 */
const WORDS: Readonly<Record<string, (lang: Language, value: string, words: RefusalWords) => string>> = {
  item: (_, value, words) => words.itemName?.(value) ?? value,
  name: (_, value, words) => words.itemName?.(value) ?? value,
  size: (lang, value) => sizeIn(lang, value),
  // English says the stored status mid-sentence ("That message is sent; ..."), another language its label.
  // An order's status a move is refused to: its word in the page's language ("shipped", "भेज दिया गया").
  status: (lang, value) => (RESOURCES[lang].account.status as Record<string, string | undefined>)[value] ?? value,
  // A state by its GST code ("07"): its name in the page's language (tax.json's `state`), as the documents name it.
  state: (lang, value) => stateName(lang, value),
  shopState: (lang, value) => stateName(lang, value),
  sendStatus: (lang, value) => (lang === "en" ? value : ((RESOURCES[lang].admin.notifications.statuses as Record<string, string | undefined>)[value] ?? value)),
};

function stateName(lang: Language, code: string): string {
  return (RESOURCES[lang].tax.state as Record<string, string | undefined>)[code] ?? code;
}

/** Whether `lang` words `key` ("returns.tooMany"): a group of its refusals.json with that name. */
export function wordsRefusal(lang: Language, key: string): boolean {
  const [group, name] = key.split(".");
  const found = (RESOURCES[lang].refusals as MessageTree)[group];
  return typeof found === "object" && typeof found[name] === "string";
}

function valueText(lang: Language, name: string, value: RefusalValue, words: RefusalWords): string | number {
  if (typeof value === "object") return refusalText(lang, value, words);
  // A count picks the plural form (`_one`, `_other`), so i18next gets it as the number it is.
  if (typeof value === "number") return name === "count" ? value : (Number.isInteger(value) ? NUMBER : PAISE).format(value);
  const word = WORDS[name];
  return word ? word(lang, value, words) : value;
}

/** `group.name`: a refusal's key, as a form's schema gives it for a message (decision 164). */
const KEY = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;

/**
 * A form's message in `lang`: a schema that refuses with a key (`newsletter.email`) is worded here, from the locale
 * files, by the pipeline that reads the form; a message that is not a key is returned as it is.
 */
export function formMessageText(lang: Language, message: string): string {
  return KEY.test(message) && wordsRefusal("en", message) ? refusalText(lang, { key: message, values: {} }) : message;
}

/**
 * A refusal in `lang`, worded from the locale files: its values filled in (a refusal named inside
 * it worded the same way, a number in Indian digits, a word of the shop in the page's language).
 * A key the locale files lack shows as itself, which the refusal tests catch first.
 */
export function refusalText(lang: Language, refusal: Refusal, words: RefusalWords = {}): string {
  // A key only English has yet is said in English rather than not at all.
  const wordedIn = wordsRefusal(lang, refusal.key) ? lang : wordsRefusal("en", refusal.key) ? "en" : undefined;
  if (!wordedIn) return refusal.key;
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(refusal.values)) values[name] = valueText(lang, name, value, words);
  return serverT(wordedIn)(`refusals:${refusal.key}`, values);
}
