/**
 * Refusals are keys (decision 108): a rule says which refusal, app/locales/<language>/refusals.json
 * say it. These tests hold the two sides together: every key is worded in both languages with the
 * same placeholders and renders to words, not to `{{holes}}` or a key; every `new RuleViolation(`
 * of the source is built from a key (never a sentence), and every key the source names exists.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { RESOURCES } from "../../app/i18n/i18n.server";
import { refusalText, wordsRefusal } from "../../app/i18n/refusals.server";
import { LANGUAGES, type MessageTree } from "../../domain/i18n";
import { refusal, type Refusal, type RefusalValues } from "../../domain/errors";
import { PAYMENT_FIELD_MESSAGES } from "../../domain/orders/payment";
import { RETURN_FORM_MESSAGES } from "../../domain/forms/admin-returns";
import { UPI_REFERENCE_MESSAGE } from "../../domain/orders/upi";
import { flattenMessages, placeholdersOf } from "../support/messages";

const ROOT = join(import.meta.dirname, "..", "..");
const KEY = /^[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9]*$/;
const en = flattenMessages(RESOURCES.en.refusals as MessageTree);
const hi = flattenMessages(RESOURCES.hi.refusals as MessageTree);

// A refusal named inside another: its own words, so a nested one is rendered too.
const INNER: Refusal = refusal("stock.onlyLeft", { left: 2, item: "Steel Bottle" });
const SAMPLE_TEXT: Readonly<Record<string, string>> = { item: "Steel Bottle", name: "Shirt", size: "Free Size", sendStatus: "sent", id: "product/12" };

/** A value for each of a wording's placeholders: a refusal for `problem`, a word for the shop's words, else a number. */
function sampleValues(text: string): RefusalValues {
  return Object.fromEntries(placeholdersOf(text).map((name) => [name, name === "problem" ? INNER : (SAMPLE_TEXT[name] ?? 1250)]));
}

describe("every refusal key, worded in both languages", () => {
  it("has every key of English in Hindi and nothing Hindi alone", () => {
    expect([...hi.keys()].filter((key) => !en.has(key))).toEqual([]);
    expect([...en.keys()].filter((key) => !hi.has(key))).toEqual([]);
  });

  it("has the same {{placeholders}} in both languages", () => {
    const differ = [...en].filter(([key, text]) => hi.has(key) && placeholdersOf(text).join() !== placeholdersOf(hi.get(key)!).join());
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  for (const lang of LANGUAGES) {
    it(`renders every key in ${lang} with sample values to words: no {{hole}}, no key`, () => {
      const broken: string[] = [];
      for (const [key, text] of en) {
        expect(wordsRefusal(lang, key), `${lang} ${key}`).toBe(true);
        const said = refusalText(lang, refusal(key, sampleValues(text)), { itemName: (english) => english });
        if (said.includes("{{") || said.includes("}}") || said === key || said.includes("refusals:") || said.trim() === "") broken.push(`${key}: ${said}`);
        // Each value is in the words (the nested refusal by its own words).
        for (const [name, value] of Object.entries(sampleValues(text))) {
          // A count stays the number i18next picks the plural form by; every other number is grouped the Indian way.
          const shown = typeof value === "object" ? refusalText(lang, value) : typeof value === "number" ? (name === "count" ? "1250" : "1,250") : undefined;
          if (shown !== undefined && !said.includes(shown)) broken.push(`${key}: ${name} not shown in "${said}"`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("writes numbers in Indian digits in both languages, and rupees with their sign", () => {
    const big = refusal("admin.paymentRefundTooLarge", { most: 123456 });
    expect(refusalText("en", big)).toBe("A refund can be at most ₹1,23,456, what was paid and not yet refunded.");
    expect(refusalText("hi", big)).toContain("₹1,23,456");
  });

  it("says a key only English words yet in English, and an unknown key as itself", () => {
    expect(refusalText("hi", refusal("nowhere.atAll"))).toBe("nowhere.atAll");
  });

  it("keeps the forms' field messages (zod's English) the same words as the rules' keys", () => {
    const same: [string, string][] = [
      [PAYMENT_FIELD_MESSAGES.refundAmount, "admin.paymentRefundAmount"],
      [PAYMENT_FIELD_MESSAGES.refundMethod, "admin.paymentRefundMethod"],
      [PAYMENT_FIELD_MESSAGES.noteTooLong, "admin.paymentNoteTooLong"],
      [UPI_REFERENCE_MESSAGE, "payment.reference"],
      [RETURN_FORM_MESSAGES.notAStep, "returns.notAStep"],
      [RETURN_FORM_MESSAGES.noSuchReturn, "returns.noSuchReturn"],
      [RETURN_FORM_MESSAGES.noteEmpty, "returns.noteEmpty"],
      [RETURN_FORM_MESSAGES.deliveryMethod, "returns.deliveryMethod"],
      [RETURN_FORM_MESSAGES.receiptMethod, "returns.receiptMethod"],
      [RETURN_FORM_MESSAGES.want, "returns.want"],
      [RETURN_FORM_MESSAGES.reasonEmpty, "returns.reasonEmpty"],
    ];
    for (const [message, key] of same) expect(refusalText("en", refusal(key)), key).toBe(message);
  });
});

/** Every .ts/.tsx file under the folders the shop's code lives in. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(path);
    }
  };
  for (const folder of ["domain", "services", "app", "server", "workers", "bin"]) walk(join(ROOT, folder));
  return files;
}

/** The text of a call's first argument, from just after its "(": to the first comma or ")" outside brackets and strings. */
function firstArgument(source: string, from: number): string {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === "`") {
      // Skip the string; a template's ${...} holes cannot hide the end of the argument from the check below.
      for (i++; i < source.length && source[i] !== c; i++) if (source[i] === "\\") i++;
      continue;
    }
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth === 0) return source.slice(from, i).trim();
      depth--;
    } else if (c === "," && depth === 0) return source.slice(from, i).trim();
  }
  return source.slice(from).trim();
}

/** Why the first argument of a `new RuleViolation(` is not a key, or null when it is one the locales word. */
function notAKey(argument: string): string | null {
  const literal = /^(["'])(.*)\1$/s.exec(argument);
  if (literal) {
    const key = literal[2];
    if (!KEY.test(key)) return `"${key}" is a sentence, not a key (group.name)`;
    if (!en.has(key) || !hi.has(key)) return `"${key}" is not in both locales`;
    return null;
  }
  if (argument.startsWith("`")) return "a template literal";
  if (/[+]/.test(argument)) return "built by concatenation";
  // A key that comes from elsewhere is a refusal's (`shortOf.key`, `err.key`) or a parameter named so (`key`).
  if (/^[A-Za-z_$][\w$]*(\??\.[A-Za-z_$][\w$]*)*$/.test(argument) && /(^|\.)key$/.test(argument)) return null;
  return `"${argument}" is neither a key literal nor a refusal's key`;
}

describe("the source builds refusals from keys", () => {
  const files = sourceFiles();

  it("tells a key from a sentence, a template, a concatenation and a constant", () => {
    expect(notAKey('"returns.tooLate"')).toBeNull();
    expect(notAKey("shortOf.key")).toBeNull();
    expect(notAKey("key")).toBeNull();
    expect(notAKey('"Order not found."')).toMatch(/sentence/);
    expect(notAKey('"returns.noSuchThing"')).toMatch(/not in both locales/);
    expect(notAKey("`Only ${left} left.`")).toMatch(/template/);
    expect(notAKey('"Item " + n')).toMatch(/concatenation/);
    expect(notAKey("EMPTY_CART_MESSAGE")).toMatch(/neither/);
    expect(firstArgument('new RuleViolation(\n  "checkout.itemAt",\n  { index: f(1, 2) }, 422)', 18)).toBe('"checkout.itemAt"');
  });

  it("finds the rules' refusals to check", () => {
    const count = files.reduce((n, file) => n + readFileSync(file, "utf8").split("new RuleViolation(").length - 1, 0);
    expect(count).toBeGreaterThan(80);
  });

  it("never builds a RuleViolation from a sentence, a template or a concatenation, and names only keys both locales word", () => {
    const wrong: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (let at = source.indexOf("new RuleViolation("); at !== -1; at = source.indexOf("new RuleViolation(", at + 1)) {
        const argument = firstArgument(source, at + "new RuleViolation(".length);
        const why = notAKey(argument);
        if (why) wrong.push(`${relative(ROOT, file)}:${source.slice(0, at).split("\n").length}: ${why}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("names only refusal keys both locales word in refusal(...)", () => {
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const found of source.matchAll(/\brefusal\(\s*(["'])([^"'`]*)\1/g)) {
        const key = found[2];
        if (KEY.test(key) && !(en.has(key) && hi.has(key))) missing.push(`${relative(ROOT, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
