/**
 * The sign-in pages' forms (/login, /signup, /otp, /admin/login) as zod schemas for the
 * page form pipeline (app/forms/form.server.ts, decision 088). They refuse with the keys of the spec's
 * messages (sections 5 and 8) and check in the order the pages always have: one message
 * for what is missing, then the first rule broken, on the field it is about. Conform turns
 * an empty field into `undefined`, so "required" is the absence of a string. Every check
 * here is linear (domain/auth.ts), and the pipeline caps each field before these run.
 */
import "../zod-in-browser";
import { z } from "zod";
import {
  authRefusal,
  type AuthWord,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  checkPhone,
  classifyIdentifier,
  looksLikeEmail,
  normalizeEmail,
  passwordProblem,
} from "../auth";

/** The longest address RFC 5321 lets through; the shop's email fields never take more. */
export const EMAIL_MAX_CHARS = 254;
/** A number as typed, with room for spaces a person may add; the 10-digit rule decides. */
export const PHONE_MAX_CHARS = 32;
const CODE_MAX_CHARS = 32;
/** Where to go after sign-in: an address of the shop, never longer than this (domain/redirect.ts). */
const REDIRECT_MAX_CHARS = 2000;

/** A field's message is the refusal's key (decision 164): the form pipeline words it in the page's language. */
const refusalKey = (word: AuthWord): string => authRefusal(word).key;

/** The fields' caps (characters) and the names a person sees, for the pipeline's own messages. */
export const SIGN_IN_LIMITS = {
  maxLength: {
    identifier: EMAIL_MAX_CHARS,
    email: EMAIL_MAX_CHARS,
    phone: PHONE_MAX_CHARS,
    otp: CODE_MAX_CHARS,
    password: PASSWORD_MAX_LENGTH,
    redirectTo: REDIRECT_MAX_CHARS,
    // Room for spaces a person may add around it; the name rule decides.
    name: NAME_MAX_LENGTH + 20,
  },
  labels: {
    identifier: "Mobile number or email",
    email: "Email",
    phone: "Mobile number",
    otp: "OTP",
    password: "Password",
    name: "Name",
  },
} as const;

const optionalText = z.string().optional();

/** A person's name as an account keeps it: trimmed, runs of spaces as one; required, at most NAME_MAX_LENGTH. */
export function checkName(raw: string | null | undefined): { ok: true; name: string } | { ok: false; message: string } {
  const name = (raw ?? "").trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, message: refusalKey("nameRequired") };
  if (name.length > NAME_MAX_LENGTH) return { ok: false, message: refusalKey("nameTooLong") };
  return { ok: true, name };
}

/** Both fields filled ("Please fill all fields." on the form), then an email (its message on the field); else null. */
function emailAndPassword(form: { email?: string; password?: string }, ctx: z.RefinementCtx): { email: string; password: string } | null {
  const email = form.email?.trim();
  if (!email || !form.password) {
    ctx.addIssue({ code: "custom", path: [], message: refusalKey("fillAllFields") });
    return null;
  }
  if (!looksLikeEmail(email)) {
    ctx.addIssue({ code: "custom", path: ["email"], message: refusalKey("invalidEmail") });
    return null;
  }
  return { email, password: form.password };
}

/**
 * /login: one field, a mobile number or an email. An email needs its password; a number
 * never uses one (a number alone only gets a code).
 */
export const loginForm = z
  .object({
    identifier: z.string({ error: refusalKey("invalidIdentifier") }),
    password: optionalText,
    redirectTo: optionalText,
    // The checkbox: sent ("on") only when ticked.
    remember: optionalText,
  })
  .transform((form, ctx) => {
    const remember = form.remember !== undefined;
    const id = classifyIdentifier(form.identifier);
    if (id.kind === "invalid") {
      ctx.addIssue({ code: "custom", path: ["identifier"], message: refusalKey("invalidIdentifier") });
      return z.NEVER;
    }
    if (id.kind === "phone") return { kind: "phone" as const, phone: id.phone, redirectTo: form.redirectTo, remember };
    if (!form.password) {
      ctx.addIssue({ code: "custom", path: ["password"], message: refusalKey("passwordRequired") });
      return z.NEVER;
    }
    return { kind: "email" as const, email: id.email, password: form.password, redirectTo: form.redirectTo, remember };
  });

/**
 * /signup: email and password, or (method=phone) the parent's name and a number that gets a
 * code. Any other method is the email form, as the page has always read it.
 */
export const signupForm = z
  .object({
    method: z.enum(["email", "phone"]).catch("email"),
    email: optionalText,
    password: optionalText,
    phone: optionalText,
    name: optionalText,
    redirectTo: optionalText,
  })
  .transform((form, ctx) => {
    if (form.method === "phone") {
      // Both fields say what is wrong with them at once.
      const name = checkName(form.name);
      const phone = checkPhone(form.phone);
      if (!name.ok) ctx.addIssue({ code: "custom", path: ["name"], message: name.message });
      if (!phone.ok) ctx.addIssue({ code: "custom", path: ["phone"], message: refusalKey(phone.problem) });
      if (!name.ok || !phone.ok) return z.NEVER;
      return { method: "phone" as const, phone: phone.phone, name: name.name, redirectTo: form.redirectTo };
    }
    // Every field says what is wrong with it at once, with JavaScript on or off: the form's "Please fill
    // all fields." for one left empty, the email's and the password's own rules for what was typed.
    const email = form.email?.trim();
    const password = form.password;
    const badEmail = Boolean(email) && !looksLikeEmail(email!);
    const problem = password ? passwordProblem(password) : null;
    if (!email || !password) ctx.addIssue({ code: "custom", path: [], message: refusalKey("fillAllFields") });
    if (badEmail) ctx.addIssue({ code: "custom", path: ["email"], message: refusalKey("invalidEmail") });
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: refusalKey(problem) });
    if (!email || !password || badEmail || problem) return z.NEVER;
    return { method: "email" as const, email: normalizeEmail(email), password, redirectTo: form.redirectTo };
  });

export type OtpStep =
  | { intent: "send"; phone: string }
  | { intent: "verify"; code: string }
  | { intent: "resend" }
  | { intent: "change" }
  | { intent: "name"; name: string };

/**
 * /otp: send a code to a number, send it again, start over with another number, verify the
 * code (the default: the code form's Enter key sends no button), or, once the code of a number
 * new to the shop was right, give the name its account is made with.
 */
export const otpForm = z
  .object({
    intent: z.enum(["send", "resend", "change", "verify", "name"]).catch("verify"),
    phone: optionalText,
    otp: optionalText,
    name: optionalText,
  })
  .transform((form, ctx): OtpStep => {
    switch (form.intent) {
      case "send": {
        const phone = checkPhone(form.phone);
        if (phone.ok) return { intent: "send", phone: phone.phone };
        ctx.addIssue({ code: "custom", path: ["phone"], message: refusalKey(phone.problem) });
        return z.NEVER;
      }
      case "verify": {
        const code = form.otp?.trim();
        if (code) return { intent: "verify", code };
        ctx.addIssue({ code: "custom", path: ["otp"], message: refusalKey("otpRequired") });
        return z.NEVER;
      }
      case "name": {
        const name = checkName(form.name);
        if (name.ok) return { intent: "name", name: name.name };
        ctx.addIssue({ code: "custom", path: ["name"], message: name.message });
        return z.NEVER;
      }
      case "resend":
        return { intent: "resend" };
      case "change":
        return { intent: "change" };
    }
  });

/** /admin/login: both fields, then an email; whatever else is wrong is 'Login failed.' (the service decides). */
export const adminLoginForm = z
  .object({ email: optionalText, password: optionalText })
  .transform((form, ctx) => emailAndPassword(form, ctx) ?? z.NEVER);

/** /logout and /admin/logout take no fields: any sent are ignored, but the body is still read through the pipeline's caps. */
export const emptyForm = z.object({});
