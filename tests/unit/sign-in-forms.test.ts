// The sign-in pages' schemas through the page form pipeline: the spec's messages, on the
// field they are about (or the form as a whole), in the order the pages always checked.
import { describe, expect, it } from "vitest";
import { AUTH_MESSAGES } from "../../domain/auth";
import { SIGN_IN_LIMITS, adminLoginForm, loginForm, otpForm, signupForm } from "../../domain/forms/sign-in";
import { readPageForm } from "../../app/forms/form.server";
import type { z } from "zod";

function post(fields: Record<string, string>) {
  return new Request("http://shop.test/form", {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
}

type Answer = { data: { result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null } }; init: { status?: number } | null };

async function read<S extends z.ZodType>(schema: S, fields: Record<string, string>) {
  const form = await readPageForm(post(fields), schema, SIGN_IN_LIMITS);
  if (form.ok) return { ok: true as const, value: form.value };
  const answer = form.answer as unknown as Answer;
  return { ok: false as const, status: answer.init?.status, error: answer.data.result.error ?? {}, values: answer.data.result.initialValue ?? {} };
}

describe("the login form", () => {
  it.each([[{}], [{ identifier: "" }], [{ identifier: "not-an-email" }], [{ identifier: "98765" }]])("refuses %j on the identifier field", async (fields) => {
    expect(await read(loginForm, fields)).toMatchObject({ ok: false, status: 422, error: { identifier: [AUTH_MESSAGES.invalidIdentifier] } });
  });

  it("takes a number without a password, and ignores one sent with it", async () => {
    expect(await read(loginForm, { identifier: " 9876543210 ", password: "anything" })).toMatchObject({ ok: true, value: { kind: "phone", phone: "9876543210" } });
  });

  it("asks an email for its password, keeps what was typed and never sends the password back", async () => {
    const refused = await read(loginForm, { identifier: "Asha@Example.com" });
    expect(refused).toMatchObject({ ok: false, status: 422, error: { password: [AUTH_MESSAGES.passwordRequired] }, values: { identifier: "Asha@Example.com" } });
    expect(await read(loginForm, { identifier: "Asha@Example.com", password: "pw" })).toMatchObject({ ok: true, value: { kind: "email", email: "asha@example.com", password: "pw" } });
  });

  it("refuses an over-long identifier before looking at it, naming the field", async () => {
    const refused = await read(loginForm, { identifier: "a@" + "a.".repeat(200), password: "x" });
    expect(refused).toMatchObject({ ok: false, status: 422, error: { identifier: ["Mobile number or email is too long (at most 254 characters)."] } });
  });
});

describe("the sign-up form", () => {
  it("asks for both fields as one message, then the email, then the password rule", async () => {
    expect(await read(signupForm, {})).toMatchObject({ ok: false, error: { "": [AUTH_MESSAGES.fillAllFields] } });
    expect(await read(signupForm, { email: "a@b.in" })).toMatchObject({ ok: false, error: { "": [AUTH_MESSAGES.fillAllFields] } });
    expect(await read(signupForm, { email: "asha", password: "satchel-01" })).toMatchObject({ ok: false, error: { email: [AUTH_MESSAGES.invalidEmail] }, values: { email: "asha" } });
    const short = await read(signupForm, { email: "a@b.in", password: "12345" });
    expect(short).toMatchObject({ ok: false, error: { password: ["Password must be at least 8 characters."] } });
    expect(JSON.stringify(short)).not.toContain("12345");
    expect(await read(signupForm, { email: " A@B.in ", password: "satchel-01", method: "nonsense" })).toMatchObject({ ok: true, value: { method: "email", email: "a@b.in" } });
  });

  it("says everything wrong with the email form at once, not one message a try", async () => {
    expect(await read(signupForm, { email: "asha", password: "123" })).toMatchObject({
      ok: false,
      error: { email: [AUTH_MESSAGES.invalidEmail], password: [AUTH_MESSAGES.passwordTooShort] },
    });
    expect(await read(signupForm, { email: "asha" })).toMatchObject({
      ok: false,
      error: { "": [AUTH_MESSAGES.fillAllFields], email: [AUTH_MESSAGES.invalidEmail] },
    });
    expect(await read(signupForm, { password: "123" })).toMatchObject({
      ok: false,
      error: { "": [AUTH_MESSAGES.fillAllFields], password: [AUTH_MESSAGES.passwordTooShort] },
    });
  });

  it("takes a name and a phone number on the phone form, each saying what is wrong with it", async () => {
    expect(await read(signupForm, { method: "phone" })).toMatchObject({
      ok: false,
      error: { name: [AUTH_MESSAGES.nameRequired], phone: [AUTH_MESSAGES.phoneRequired] },
    });
    expect(await read(signupForm, { method: "phone", name: "Asha", phone: "12345" })).toMatchObject({ ok: false, error: { phone: [AUTH_MESSAGES.invalidPhone] } });
    expect(await read(signupForm, { method: "phone", name: "   ", phone: "9876543210" })).toMatchObject({ ok: false, error: { name: [AUTH_MESSAGES.nameRequired] } });
    expect(await read(signupForm, { method: "phone", name: "x".repeat(101), phone: "9876543210" })).toMatchObject({
      ok: false,
      error: { name: [AUTH_MESSAGES.nameTooLong] },
    });
    expect(await read(signupForm, { method: "phone", name: "  Asha   Devi ", phone: "9876543210" })).toMatchObject({
      ok: true,
      value: { method: "phone", phone: "9876543210", name: "Asha Devi" },
    });
  });
});

describe("the OTP form", () => {
  it("verifies by default and needs a code", async () => {
    expect(await read(otpForm, {})).toMatchObject({ ok: false, error: { otp: [AUTH_MESSAGES.otpRequired] } });
    expect(await read(otpForm, { intent: "odd", otp: " 123456 " })).toMatchObject({ ok: true, value: { intent: "verify", code: "123456" } });
  });

  it("sends to a valid number, resends and changes without one", async () => {
    expect(await read(otpForm, { intent: "send" })).toMatchObject({ ok: false, error: { phone: [AUTH_MESSAGES.phoneRequired] } });
    expect(await read(otpForm, { intent: "send", phone: "9876543210" })).toMatchObject({ ok: true, value: { intent: "send", phone: "9876543210" } });
    expect(await read(otpForm, { intent: "resend", phone: "junk" })).toMatchObject({ ok: true, value: { intent: "resend" } });
    expect(await read(otpForm, { intent: "change" })).toMatchObject({ ok: true, value: { intent: "change" } });
  });

  it("takes the name a new number's account is made with", async () => {
    expect(await read(otpForm, { intent: "name" })).toMatchObject({ ok: false, error: { name: [AUTH_MESSAGES.nameRequired] } });
    expect(await read(otpForm, { intent: "name", name: " Ravi Kumar " })).toMatchObject({ ok: true, value: { intent: "name", name: "Ravi Kumar" } });
  });
});

describe("the admin login form", () => {
  it("asks for both fields, then an email", async () => {
    expect(await read(adminLoginForm, { email: "  " , password: "x" })).toMatchObject({ ok: false, error: { "": [AUTH_MESSAGES.fillAllFields] } });
    expect(await read(adminLoginForm, { email: "owner", password: "x" })).toMatchObject({ ok: false, error: { email: [AUTH_MESSAGES.invalidEmail] } });
    expect(await read(adminLoginForm, { email: "owner@shop.in", password: "x" })).toMatchObject({ ok: true, value: { email: "owner@shop.in", password: "x" } });
  });
});
