// A key that names no message, or a group of messages ("shop:category" is the category names), fails
// loudly in development and tests, on the pages' `t` and on the server's i18next alike; in production it
// shows as itself. The crawl of every page (tests/integration/raw-keys.test.ts) reads what is left.
import { describe, expect, it } from "vitest";
import { KEY_AS_ITSELF, KEY_FAULT, translate } from "../../domain/i18n";
import { missingKey } from "../../app/i18n/I18n";
import { RESOURCES, serverT } from "../../app/i18n/i18n.server";

describe("a key without its message", () => {
  it("is a fault in tests, on the pages' t", () => {
    expect(missingKey).toBe(KEY_FAULT);
    expect(() => translate(RESOURCES.en, "en", "shop:category", undefined, missingKey)).toThrow('i18n: "shop:category" names a group of messages, not one message');
    expect(() => translate(RESOURCES.hi, "hi", "shop:nothingHere", undefined, missingKey)).toThrow('i18n: "shop:nothingHere" has no message');
    expect(() => translate(RESOURCES.en, "en", "shop:count.deeper", { count: 2 }, missingKey)).toThrow(/has no message/);
    expect(translate(RESOURCES.en, "en", "shop:categoryLabel", undefined, missingKey)).toBe("Category");
    expect(translate(RESOURCES.hi, "hi", "shop:count", { count: 2 }, missingKey)).toMatch(/^2 /);
  });

  it("is a fault in tests on the server's i18next, for a group and for a key it lacks", () => {
    expect(() => serverT("en")("shop:category")).toThrow('i18n: "shop:category" names a group of messages, not one message');
    expect(() => serverT("hi")("shop:nothingHere")).toThrow('i18n: "shop:nothingHere" has no message');
    expect(serverT("hi")("shop:genderLabel")).toBe("किसके लिए");
    expect(serverT("en")("shop:category.shirt")).toBe("Shirt");
  });

  it("shows as itself in production", () => {
    expect(translate(RESOURCES.en, "en", "shop:category", undefined, KEY_AS_ITSELF)).toBe("shop:category");
    expect(translate(RESOURCES.en, "en", "shop:nothingHere")).toBe("shop:nothingHere");
  });
});
