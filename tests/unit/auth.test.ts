import { describe, expect, it } from "vitest";
import {
  AUTH_MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_VALID_MINUTES,
  checkEmailSignup,
  checkPhone,
  classifyIdentifier,
  defaultName,
  isOtpFormat,
  looksLikeEmail,
  maskPhone,
  otpCheck,
  otpCheckProblem,
  otpExpiry,
  passwordProblem,
  slidingWindowCount,
} from "../../domain/auth";

describe("the login field", () => {
  it("reads an email by the spec's rule: text, at-sign, text, dot, text", () => {
    expect(classifyIdentifier("Asha@Example.com")).toEqual({ kind: "email", email: "asha@example.com" });
    expect(classifyIdentifier("  a@b.in ")).toEqual({ kind: "email", email: "a@b.in" });
    expect(looksLikeEmail("a@b")).toBe(false);
    expect(looksLikeEmail("a b@c.d")).toBe(false);
    expect(looksLikeEmail("@c.d")).toBe(false);
  });

  it("reads a phone only as exactly ten digits", () => {
    expect(classifyIdentifier("9876543210")).toEqual({ kind: "phone", phone: "9876543210" });
    expect(classifyIdentifier("987654321").kind).toBe("invalid");
    expect(classifyIdentifier("98765432101").kind).toBe("invalid");
    expect(classifyIdentifier("+919876543210").kind).toBe("invalid");
    expect(classifyIdentifier("98765 43210").kind).toBe("invalid");
  });

  it("refuses anything else with the spec's message", () => {
    expect(classifyIdentifier("").kind).toBe("invalid");
    expect(classifyIdentifier(null).kind).toBe("invalid");
    expect(AUTH_MESSAGES.invalidIdentifier).toBe("Please enter a valid email or 10-digit phone number.");
  });
});

describe("sign-up rules", () => {
  it("needs both fields first", () => {
    expect(checkEmailSignup({ email: "", password: "satchel-01" })).toEqual({ ok: false, problem: "fillAllFields" });
    expect(checkEmailSignup({ email: "a@b.in", password: "" })).toEqual({ ok: false, problem: "fillAllFields" });
  });

  it("then a password of at least 8 characters (decision 193), not one of the most common", () => {
    for (const password of ["12345", "123456", "secret1"]) {
      expect(checkEmailSignup({ email: "a@b.in", password })).toEqual({ ok: false, problem: "passwordTooShort" });
    }
    for (const password of ["password", "12345678", "Secret123", "iloveyou", " JaiMataDi ", "india123"]) {
      expect(checkEmailSignup({ email: "a@b.in", password }), password).toEqual({ ok: false, problem: "passwordTooCommon" });
    }
    expect(checkEmailSignup({ email: "A@B.in", password: "satchel-01" })).toEqual({
      ok: true,
      value: { email: "a@b.in", password: "satchel-01" },
    });
    expect(AUTH_MESSAGES[passwordProblem("x".repeat(129))!]).toMatch(/at most 128/);
  });

  it("refuses an email that is not one", () => {
    expect(checkEmailSignup({ email: "asha", password: "satchel-01" })).toEqual({ ok: false, problem: "invalidEmail" });
  });

  it("asks for a phone number, then ten digits", () => {
    expect(checkPhone("")).toEqual({ ok: false, problem: "phoneRequired" });
    expect(checkPhone("12345")).toEqual({ ok: false, problem: "invalidPhone" });
    expect(checkPhone(" 9876543210 ")).toEqual({ ok: true, phone: "9876543210" });
  });

  it("names an account without a name field from what it has", () => {
    expect(defaultName({ email: "asha.k@example.com" })).toBe("asha.k");
    expect(defaultName({ phone: "9876543210" })).toBe("Customer 3210");
    expect(defaultName({ name: "  Asha Kumari ", email: "x@y.in" })).toBe("Asha Kumari");
    expect(maskPhone("9876543210")).toBe("******3210");
  });
});

describe("one-time code rules", () => {
  const sent = new Date("2025-06-01T10:00:00Z");
  const fresh = { expiresAt: otpExpiry(sent), attempts: 0, usedAt: null };

  it("is six digits", () => {
    expect(isOtpFormat("012345")).toBe(true);
    expect(isOtpFormat("12345")).toBe(false);
    expect(isOtpFormat("12345a")).toBe(false);
  });

  it(`lasts ${OTP_VALID_MINUTES} minutes`, () => {
    expect(otpCheck(fresh, new Date(sent.getTime() + 9 * 60_000 + 59_000))).toBe("ok");
    expect(otpCheck(fresh, new Date(sent.getTime() + 10 * 60_000))).toBe("expired");
  });

  it("is used once", () => {
    expect(otpCheck({ ...fresh, usedAt: sent }, sent)).toBe("used");
    expect(otpCheck(null, sent)).toBe("none");
  });

  it(`locks after ${OTP_MAX_ATTEMPTS} wrong tries, even before it expires`, () => {
    expect(otpCheck({ ...fresh, attempts: OTP_MAX_ATTEMPTS - 1 }, sent)).toBe("ok");
    expect(otpCheck({ ...fresh, attempts: OTP_MAX_ATTEMPTS }, sent)).toBe("locked");
    expect(AUTH_MESSAGES[otpCheckProblem("locked")]).toBe("Too many attempts, request a new code");
  });
});

describe("rate-limit windows", () => {
  it("weighs the previous window by how much of it still overlaps", () => {
    expect(slidingWindowCount(10, 0, 0)).toBe(10);
    expect(slidingWindowCount(10, 2, 0.5)).toBe(7);
    expect(slidingWindowCount(10, 2, 1)).toBe(2);
  });
});
