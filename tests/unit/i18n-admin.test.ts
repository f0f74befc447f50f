/**
 * The admin area's refusals, the form pipeline's own and the footer's in Hindi: every message
 * the rules word in English has its Hindi, so a reworded rule without its translation fails.
 */
import { describe, expect, it } from "vitest";
import { hasRefusal, refusalIn } from "../../app/i18n/i18n.server";
import { refusalText } from "../../app/i18n/refusals.server";
import { textProblemIn, tooLongIn } from "../../app/forms/words.server";
import { kidsShoePriceNoteIn } from "../../app/offers.server";
import { PRODUCT_MESSAGES } from "../../domain/admin-products";
import { parseDashboardQuery } from "../../domain/admin-orders";
import { ADMIN_FORM_MESSAGES } from "../../domain/forms/admin";
import { FORM_MESSAGES } from "../../domain/forms";
import { AUTH_MESSAGES } from "../../domain/auth";
import { refusal } from "../../domain/errors";
import { kidsShoePriceNote } from "../../domain/pricing";
import { textProblemMessage } from "../../domain/text";

const DEVANAGARI = /[\u0900-\u097F]/;

function expectHindi(message: string) {
  expect(hasRefusal(message), message).toBe(true);
  expect(refusalIn("en", message)).toBe(message);
  expect(refusalIn("hi", message), message).toMatch(DEVANAGARI);
}

describe("the admin's refusals in Hindi", () => {
  it("has Hindi for every product rule, admin form and order rule message", () => {
    for (const message of [...Object.values(PRODUCT_MESSAGES), ...Object.values(ADMIN_FORM_MESSAGES), AUTH_MESSAGES.adminLoginFailed]) {
      expectHindi(message);
    }
    // The order rules' refusals are keys, worded in each language from the locale files.
    for (const [key, english] of [
      ["admin.statusUnknown", "Status must be one of pending, processing, shipped, delivered, cancelled."],
      ["orders.notFound", "Order not found."],
      ["admin.orderDeleted", "This order has been deleted."],
    ]) {
      expect(refusalText("en", refusal(key))).toBe(english);
      expect(refusalText("hi", refusal(key)), key).toMatch(DEVANAGARI);
    }
  });

  it("has Hindi for every notice of a broken dashboard address", () => {
    const notices = new Set<string>();
    for (const query of ["status=lost", "sort=colour", "dir=sideways", "after=zzz", "sort=id&after=x&before=y"]) {
      const parsed = parseDashboardQuery(new URLSearchParams(query));
      expect(parsed.ok, query).toBe(false);
      if (!parsed.ok) notices.add(parsed.message);
    }
    expect(notices.size).toBe(4);
    for (const notice of notices) expectHindi(notice);
  });

  it("words a refusal that names a message's status with the status's own label", () => {
    const notFailed = refusal("admin.retryNotFailed", { sendStatus: "sent" });
    expect(refusalText("hi", notFailed)).toBe('यह संदेश "भेज दिया" है; सिर्फ़ न जा सके या अनजान नतीजे वाले संदेश फिर भेजे जा सकते हैं।');
    expect(refusalText("en", notFailed)).toBe("That message is sent; only failed or unknown ones can be retried.");
    // A key the locale files do not have shows as itself (the refusal key tests fail on it first).
    expect(refusalText("hi", refusal("admin.somethingNew"))).toBe("admin.somethingNew");
  });
});

describe("the form pipeline's own refusals in the page's language", () => {
  it("has Hindi for each refusal of a whole form", () => {
    for (const message of [FORM_MESSAGES.notAForm, FORM_MESSAGES.tooLarge, FORM_MESSAGES.unreadable, FORM_MESSAGES.noFiles]) expectHindi(message);
  });

  it("words a field too long or with a broken character in English as the rules do, and in Hindi with the field's Hindi name", () => {
    expect(tooLongIn("en", "Stock quantity", 500)).toBe(FORM_MESSAGES.tooLong("Stock quantity", 500));
    expect(tooLongIn("hi", "Stock quantity", 500)).toBe("स्टॉक में कितने बहुत लंबा है (ज़्यादा से ज़्यादा 500 अक्षर)।");
    expect(textProblemIn("en", "Name", "a\u0000b")).toBe(textProblemMessage("Name", "a\u0000b"));
    expect(textProblemIn("hi", "Name", "a\u0000b")).toMatch(/^नाम में एक ऐसा अक्षर/);
    expect(textProblemIn("hi", "Address", "\ud800")).toMatch(/^पता में एक टूटा हुआ अक्षर/);
    expect(textProblemIn("hi", "Name", "fine")).toBeNull();
    // A field the table does not name keeps its name as the form gives it.
    expect(tooLongIn("hi", "Nickname", 20)).toBe("Nickname बहुत लंबा है (ज़्यादा से ज़्यादा 20 अक्षर)।");
  });
});

describe("the shopper's remaining notes", () => {
  it("words a kids shoe's price note in Hindi, and in English as the rule does", () => {
    expect(kidsShoePriceNoteIn("en")("9")).toBe(kidsShoePriceNote("9"));
    expect(kidsShoePriceNoteIn("hi")("9")).toBe("साइज़ 9 - शुरुआती दाम ₹150, हर अगले साइज़ पर ₹20 ज़्यादा");
  });
});
