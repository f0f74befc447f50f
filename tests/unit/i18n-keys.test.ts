import { describe, expect, it } from "vitest";
import { hasRefusal, RESOURCES as TYPED_RESOURCES, refusalIn, serverT } from "../../app/i18n/i18n.server";
import { refusalText } from "../../app/i18n/refusals.server";
import {
  formatDate,
  languageFromAcceptLanguage,
  requestLanguage,
  translate,
  LANGUAGES,
  type Language,
  type Messages,
} from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import { parseShopFilters } from "../../domain/shop-filters";
import { AUTH_MESSAGES, authRefusal } from "../../domain/auth";
import { flattenMessages, placeholdersOf } from "../support/messages";

const RESOURCES: Record<Language, Messages> = TYPED_RESOURCES;



describe("the shop's messages in Hindi and English", () => {
  it("has the same namespaces in both languages", () => {
    expect(Object.keys(RESOURCES.hi).sort()).toEqual(Object.keys(RESOURCES.en).sort());
  });

  for (const namespace of Object.keys(RESOURCES.en)) {
    it(`has every ${namespace} key in both, with the same placeholders and no empty message`, () => {
      const en = flattenMessages(RESOURCES.en[namespace]);
      const hi = flattenMessages(RESOURCES.hi[namespace]);
      expect([...hi.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, english] of en) {
        expect(placeholdersOf(hi.get(key)!), `${namespace}:${key}`).toEqual(placeholdersOf(english));
        expect(english.trim(), `${namespace}:${key} (en)`).not.toBe("");
        expect(hi.get(key)!.trim(), `${namespace}:${key} (hi)`).not.toBe("");
      }
    });
  }

  it("writes the Hindi messages in Devanagari, not left in English", () => {
    const untranslated: string[] = [];
    for (const namespace of Object.keys(RESOURCES.hi)) {
      for (const [key, hindi] of flattenMessages(RESOURCES.hi[namespace])) {
        // A message of only placeholders, digits and signs has nothing to translate.
        const words = hindi.replace(/\{\{[^}]*\}\}/g, "").replace(/Churu Uniform House|St Xaviers|UPI/g, "");
        if (/[A-Za-z]{3,}/.test(words) && !/[\u0900-\u097F]/.test(words)) untranslated.push(`${namespace}:${key}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it("fills in every message the same way in the browser's t() as i18next does on the server", () => {
    for (const lang of LANGUAGES) {
      const server = serverT(lang);
      for (const namespace of Object.keys(RESOURCES[lang])) {
        for (const [key, message] of flattenMessages(RESOURCES[lang][namespace])) {
          const plural = /_(one|other)$/.exec(key);
          const base = plural ? key.slice(0, -plural[0].length) : key;
          const values = Object.fromEntries(placeholdersOf(message).map((name) => [name, name === "count" ? 3 : `<${name}>`]));
          const full = `${namespace}:${base}`;
          expect(translate(RESOURCES[lang], lang, full, values), `${lang} ${full}`).toBe(server(full, values));
          if (plural) expect(translate(RESOURCES[lang], lang, full, { count: 1 })).toBe(server(full, { count: 1 }));
        }
      }
    }
  });

  it("picks the plural form by count", () => {
    expect(translate(RESOURCES.en, "en", "schools:list.count", { count: 1 })).toBe("1 school");
    expect(translate(RESOURCES.en, "en", "schools:list.count", { count: 12 })).toBe("12 schools");
    expect(translate(RESOURCES.hi, "hi", "schools:list.count", { count: 12 })).toBe("12 स्कूल");
    expect(translate(RESOURCES.en, "en", "server:cartCount", { count: 2 })).toBe("2 items in cart");
    expect(serverT("hi")("server:cartCount", { count: 1 })).toBe("कार्ट में 1 सामान");
  });
});

describe("a rule's refusal in the visitor's language", () => {
  it("has Hindi for every refusal of the /shop filters", () => {
    const refusals = new Set<string>();
    for (const query of [
      "category=hats",
      "gender=men",
      "stock=maybe",
      "minPrice=abc&maxPrice=xyz",
      "minPrice=2000000&maxPrice=3000000",
      "minPrice=500&maxPrice=100",
    ]) {
      const parsed = parseShopFilters(new URLSearchParams(query));
      expect(parsed.ok, query).toBe(false);
      if (!parsed.ok) for (const message of parsed.errors) refusals.add(message);
    }
    expect(refusals.size).toBe(8);
    for (const message of refusals) {
      expect(hasRefusal(message), message).toBe(true);
      expect(refusalIn("en", message)).toBe(message);
      expect(refusalIn("hi", message), message).toMatch(/[\u0900-\u097F]/);
    }
  });

  it("words every sign-in refusal from its key, the same English as the form's message and Hindi beside it", () => {
    // Not refusals: what a sent code and the /api's guards say.
    const notRefusals = new Set(["otpSent", "signInRequired", "notAllowed"]);
    for (const [name, message] of Object.entries(AUTH_MESSAGES)) {
      if (notRefusals.has(name)) continue;
      const refused = authRefusal(name as keyof typeof AUTH_MESSAGES);
      expect(refusalText("en", refused), name).toBe(message);
      expect(refusalText("hi", refused), name).toMatch(/[\u0900-\u097F]/);
    }
  });

  it("shows a refusal it has no words for as it is", () => {
    expect(refusalIn("hi", "Something new.")).toBe("Something new.");
  });
});

describe("choosing the language", () => {
  it("follows the browser's preference on a first visit, by q weight", () => {
    expect(languageFromAcceptLanguage("hi-IN,hi;q=0.9,en-IN;q=0.8,en;q=0.7")).toBe("hi");
    expect(languageFromAcceptLanguage("en-US,en;q=0.9,hi;q=0.5")).toBe("en");
    expect(languageFromAcceptLanguage("en;q=0.4, hi;q=0.8")).toBe("hi");
    expect(languageFromAcceptLanguage("fr-FR,de;q=0.8")).toBeNull();
    expect(languageFromAcceptLanguage("hi;q=0, en")).toBe("en");
    expect(languageFromAcceptLanguage("")).toBeNull();
  });

  it("lets the shopper's own choice (the cookie) win over the browser", () => {
    expect(requestLanguage("theme=dark; shop_lng=hi", "en-IN,en")).toBe("hi");
    expect(requestLanguage("shop_lng=en", "hi-IN,hi")).toBe("en");
    expect(requestLanguage("shop_lng=fr", "hi-IN")).toBe("hi");
    expect(requestLanguage(undefined, undefined)).toBe("en");
  });
});

describe("Indian formats in both languages", () => {
  it("groups rupees in lakhs, with the same digits for Hindi readers", () => {
    expect(formatRupees(123456)).toBe("₹1,23,456");
  });

  it("shows dates in India Standard Time", () => {
    // 20:00 UTC is already the next day in Churu (IST, UTC+5:30).
    expect(formatDate("2026-03-01T20:00:00Z", "en")).toBe("2 Mar 2026");
    expect(formatDate("2026-03-01T20:00:00Z", "hi")).toMatch(/^2 मार्च 2026$/);
  });
});
