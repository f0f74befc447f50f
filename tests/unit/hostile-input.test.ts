// Every check the shop runs on what a person or a client types, fed 1 MB of the shapes that
// make a backtracking pattern quadratic (the old email pattern took 3 s on 64 KB, so
// minutes on 1 MB). The page form pipeline caps fields long before these run: this is the
// second line. Plus the old email pattern's verdicts, kept exactly.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkEmailSignup, checkPhone, classifyIdentifier, isOtpFormat, isPhone, looksLikeEmail } from "../../domain/auth";
import { adminLoginForm, loginForm, otpForm, signupForm } from "../../domain/forms/sign-in";
import { newsletterSignup } from "../../domain/newsletter";
import { detailsSchema, normalisePhone, productIdSchema } from "../../domain/checkout";
import { parseQuantity } from "../../domain/checkout-fields";
import { checkMobile } from "../../domain/phone";
import { checkOrderStatus } from "../../domain/orders/intents";
import { normaliseSize } from "../../domain/pricing";
import { parseShopFilters } from "../../domain/shop-filters";
import { checkProduct } from "../../domain/admin-products";
import { csvField, decodeCursor, parseDashboardQuery, safeDashboardBack } from "../../domain/admin-orders";
import { loggablePath, withoutMobileNumbers } from "../../server/logger";
import { safeRedirect } from "../../domain/redirect";
import { schoolSlug, searchSchools } from "../../domain/schools";
import { textProblem } from "../../domain/text";

const MB = 2 ** 20;
/**
 * Linear work on 1 MB takes milliseconds, or a second or two where every character is a
 * match of a replace (each match allocates); quadratic work takes minutes (the old email
 * pattern: 3 s on 64 KB, so 13 minutes on 1 MB). The bound sits between the two with room
 * for a machine busy with other tests. (A scaling ratio was tried: garbage collection of
 * 1 MB strings makes it noisier than this bound.)
 */
const BOUND_MS = 10_000;

/** Shapes that make a backtracking pattern quadratic, `n` characters long. */
const HOSTILE: Record<string, (n: number) => string> = {
  "a@ then letters": (n) => "a@" + "a".repeat(n),
  "letters then @": (n) => "a".repeat(n) + "@",
  "at-signs": (n) => "@".repeat(n),
  "a@ then dots, then a space": (n) => "a@" + ".".repeat(n) + " x",
  "a@a then '.a' repeated, then a space": (n) => "a@a" + ".a".repeat(n / 2) + " x",
  "spaces between letters": (n) => "a" + " ".repeat(n) + "b",
  "digits then a letter": (n) => "9".repeat(n) + "x",
  "digits, a dot, digits, a letter": (n) => "1." + "9".repeat(n) + "x",
  "dashes inside letters": (n) => "a" + "-".repeat(n) + "a",
  "slashes": (n) => "/".repeat(n),
  "space-hyphen pairs": (n) => "1" + " -".repeat(n / 2) + "x",
  "digit groups with spaces, like a number typed": (n) => "98290 ".repeat(n / 6) + "x",
  "https:// then 'a/' repeated, then a space": (n) => "https://" + "a/".repeat(n / 2) + " ",
};

function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

const VALIDATORS: Record<string, (input: string) => unknown> = {
  looksLikeEmail,
  isPhone,
  isOtpFormat,
  classifyIdentifier,
  checkPhone,
  "checkEmailSignup (email)": (input) => checkEmailSignup({ email: input, password: "satchel-2026" }),
  "checkEmailSignup (password)": (input) => checkEmailSignup({ email: "a@b.in", password: input }),
  "loginForm identifier": (input) => loginForm.safeParse({ identifier: input, password: "x" }),
  "signupForm email": (input) => signupForm.safeParse({ email: input, password: "satchel-2026" }),
  "signupForm phone": (input) => signupForm.safeParse({ method: "phone", phone: input }),
  "otpForm phone": (input) => otpForm.safeParse({ intent: "send", phone: input }),
  "otpForm code": (input) => otpForm.safeParse({ otp: input }),
  "adminLoginForm email": (input) => adminLoginForm.safeParse({ email: input, password: "x" }),
  "newsletter email": (input) => newsletterSignup.safeParse({ email: input }),
  "checkout details (every field)": (input) => detailsSchema.safeParse({ name: input, phone: input, address: input, city: input, pincode: input }),
  normalisePhone,
  checkMobile,
  "checkMobile (exact)": (input) => checkMobile(input, { exact: true }),
  "order status": (input) => {
    try {
      return checkOrderStatus(input);
    } catch {
      return undefined;
    }
  },
  parseQuantity,
  "product id": (input) => productIdSchema.safeParse(input),
  normaliseSize,
  "shop filters": (input) => parseShopFilters(new URLSearchParams({ category: input, gender: input, size: input, minPrice: input, maxPrice: input })),
  "admin product": (input) => checkProduct({ name: input, price: input, description: input, image: input, stock_quantity: input } as never),
  "admin product image (site path)": (input) => checkProduct({ name: "x", price: "1", image: "/" + input } as never),
  decodeCursor,
  "dashboard query": (input) => parseDashboardQuery(new URLSearchParams({ status: input, sort: input, dir: input, after: input })),
  safeDashboardBack,
  "safe redirect": (input) => safeRedirect("/" + input, "/account"),
  schoolSlug,
  searchSchools: (input) => searchSchools(input),
  textProblem,
  // What the request log keeps of an address (a mobile number found anywhere in it), and a CSV cell of the export.
  "request log path": (input) => loggablePath(`/admin?q=${input}&back=${encodeURIComponent(`/admin?q=${input}`)}`),
  withoutMobileNumbers,
  csvField,
};

describe("every check on typed input is linear", { timeout: 120_000 }, () => {
  for (const [name, validate] of Object.entries(VALIDATORS)) {
    it(`${name}: answers each 1 MB hostile input in linear time`, () => {
      for (const [shape, make] of Object.entries(HOSTILE)) {
        const input = make(MB);
        expect(timed(() => validate(input)), `${name} on 1 MB of ${shape}`).toBeLessThan(BOUND_MS);
      }
    });
  }
});

describe("the email check keeps the spec's meaning", () => {
  // The pattern it replaces, to compare verdicts on small inputs (never run on big ones).
  const OLD_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  const old = (input: string) => OLD_EMAIL.test(input.trim());

  it.each([
    ["asha@example.com", true],
    ["ASHA@EXAMPLE.COM", true],
    ["  asha@example.com  ", true],
    ["a@b.c", true],
    ["a.b@c.d.e", true],
    ["a@b..c", true],
    ["a@.b.c", true],
    ["asha", false],
    ["asha@", false],
    ["@example.com", false],
    ["asha@example", false],
    ["asha@example.", false],
    ["asha@.com", false],
    ["a@b@c.d", false],
    ["as ha@example.com", false],
    ["asha@exa mple.com", false],
    ["asha@example.com\u00a0x", false],
    ["", false],
    ["parent@localhost", false],
  ])("%j is %s, as before", (input, expected) => {
    expect(looksLikeEmail(input)).toBe(expected);
    expect(old(input)).toBe(expected);
  });

  it("agrees with the old pattern on generated inputs made of the characters that matter", () => {
    const char = fc.constantFrom("a", "b", "@", ".", " ", "\t", "\u00a0", "\u2028", "é", "1");
    fc.assert(
      fc.property(fc.array(char, { maxLength: 14 }).map((chars) => chars.join("")), (input) => {
        expect(looksLikeEmail(input)).toBe(old(input));
      }),
      { numRuns: 5000, seed: 88 },
    );
  });

  it("classifies the login field as before", () => {
    expect(classifyIdentifier("9876543210")).toEqual({ kind: "phone", phone: "9876543210" });
    expect(classifyIdentifier(" Asha@Example.com ")).toEqual({ kind: "email", email: "asha@example.com" });
    expect(classifyIdentifier("98765")).toEqual({ kind: "invalid" });
    expect(classifyIdentifier("not-an-email")).toEqual({ kind: "invalid" });
  });
});
