import { describe, expect, it } from "vitest";
import { authRefusal, checkPhone, classifyIdentifier } from "../../domain/auth";
import { refusalText } from "../../app/i18n/refusals.server";
import { detailsSchema } from "../../domain/checkout";
import { checkOrderMobile } from "../../domain/checkout-fields";
import { checkMobile, isMobileNumber, normalisePhone } from "../../domain/phone";

describe("the mobile number rule (domain/phone.ts)", () => {
  it("stores exactly 10 digits", () => {
    expect(isMobileNumber("9876543210")).toBe(true);
    for (const bad of ["", "987654321", "98765432101", "98765 43210", "+919876543210", "98765x3210", "９８７６５４３２１０", " 9876543210"]) {
      expect(isMobileNumber(bad), bad).toBe(false);
    }
  });

  it("reads a number as people write it: spaces, dashes, brackets, dots, +91, 91 or 0 in front", () => {
    for (const typed of ["9876543210", " 98765 43210 ", "98765-43210", "(98765) 43210", "98765.43210", "+91 98765 43210", "+919876543210", "919876543210", "09876543210"]) {
      expect(normalisePhone(typed), typed).toBe("9876543210");
      expect(checkMobile(typed), typed).toEqual({ ok: true, phone: "9876543210" });
    }
  });

  it("leaves what is not a mobile number as typed (trimmed), and refuses it", () => {
    for (const typed of ["12345", "+1 9876543210", "0091 9876543210", "98765432101", "98765 4321", "phone"]) {
      expect(normalisePhone(` ${typed} `)).toBe(typed);
      expect(checkMobile(typed), typed).toEqual({ ok: false, problem: "invalid" });
    }
  });

  it("tells nothing typed from a wrong number", () => {
    for (const empty of ["", "   ", null, undefined]) expect(checkMobile(empty)).toEqual({ ok: false, problem: "required" });
    expect(checkMobile("", { exact: true })).toEqual({ ok: false, problem: "required" });
  });

  it("read exactly (sign-in), takes only the 10 digits, spaces round them aside", () => {
    expect(checkMobile(" 9876543210 ", { exact: true })).toEqual({ ok: true, phone: "9876543210" });
    for (const typed of ["+919876543210", "09876543210", "98765 43210", "98765-43210"]) {
      expect(checkMobile(typed, { exact: true }), typed).toEqual({ ok: false, problem: "invalid" });
    }
  });
});

describe("each place says it in its own words", () => {
  it("the checkout and the guest order on the /api: 'Mobile number is required' / 'must be 10 digits'", () => {
    expect(checkOrderMobile("")).toEqual({ ok: false, message: "Mobile number is required" });
    expect(checkOrderMobile("12345")).toEqual({ ok: false, message: "Mobile number must be 10 digits" });
    expect(checkOrderMobile("+91 98765-43210")).toEqual({ ok: true, phone: "9876543210" });
    const field = (phone: string) => detailsSchema.shape.phone.safeParse(phone);
    expect(field("0 98765 43210")).toMatchObject({ success: true, data: "9876543210" });
    expect(field("12345").error?.issues[0].message).toBe("Mobile number must be 10 digits");
    expect(field("").error?.issues[0].message).toBe("Mobile number is required");
  });

  it("sign-up and one-time codes: the spec's 'Please enter your phone number.' / 'a valid 10-digit phone number'", () => {
    // The check names the problem; the page words its key from the locale files (decision 164).
    const said = (input: string) => {
      const checked = checkPhone(input);
      return checked.ok ? checked : refusalText("en", authRefusal(checked.problem));
    };
    expect(said(" ")).toBe("Please enter your phone number.");
    expect(said("+919876543210")).toBe("Please enter a valid 10-digit phone number.");
    expect(checkPhone("9876543210 ")).toEqual({ ok: true, phone: "9876543210" });
    expect(classifyIdentifier("9876543210")).toEqual({ kind: "phone", phone: "9876543210" });
    expect(classifyIdentifier("09876543210").kind).toBe("invalid");
  });
});
