/**
 * The account page's own forms (app/routes/account.tsx, decision 114) as zod schemas for the page
 * form pipeline (app/forms/form.server.ts, decision 088): the parent's name and email, a new mobile
 * number and its code, and the saved delivery addresses. The messages are the sign-in pages' (a
 * name, an email, a number, a code) and the checkout's (an address), so a parent reads the same
 * words for the same field everywhere. Which form was sent is its `intent`, a field the page fills
 * in itself.
 */
import "../zod-in-browser";
import { z } from "zod";
import { AUTH_MESSAGES, NAME_MAX_LENGTH, looksLikeEmail, normalizeEmail } from "../auth";
import { detailsSchema } from "../checkout";
import { DETAILS_LIMITS } from "../checkout-fields";
import { checkMobile } from "../phone";
import { EMAIL_MAX_CHARS, PHONE_MAX_CHARS, checkName } from "./sign-in";

export const ACCOUNT_FORM_MESSAGES = {
  notThisPage: "Please send this form from the shop's page.",
} as const;

const pageText = z.string({ error: ACCOUNT_FORM_MESSAGES.notThisPage });
const optionalText = z.string().optional();

/** The name rule of the sign-in pages, as a field. */
const nameField = optionalText.transform((raw, ctx) => {
  const checked = checkName(raw);
  if (checked.ok) return checked.name;
  ctx.addIssue({ code: "custom", message: checked.message });
  return z.NEVER;
});

/** An email, or nothing: a phone account may have none. */
const emailField = optionalText.transform((raw, ctx) => {
  const typed = (raw ?? "").trim();
  if (!typed) return null;
  if (!looksLikeEmail(typed)) {
    ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.invalidEmail });
    return z.NEVER;
  }
  return normalizeEmail(typed);
});

/** A mobile number as people write it ("98765 43210", "+91 ..."), kept as its 10 digits, in the sign-in pages' words. */
const phoneField = optionalText.transform((raw, ctx) => {
  const checked = checkMobile(raw);
  if (checked.ok) return checked.phone;
  ctx.addIssue({ code: "custom", message: checked.problem === "required" ? AUTH_MESSAGES.phoneRequired : AUTH_MESSAGES.invalidPhone });
  return z.NEVER;
});

const codeField = optionalText.transform((raw, ctx) => {
  const code = (raw ?? "").trim();
  if (code) return code;
  ctx.addIssue({ code: "custom", message: AUTH_MESSAGES.otpRequired });
  return z.NEVER;
});

/** Every form of the account page but the orders' own (UPI references, returns). */
export const accountForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("profile"), name: nameField, email: emailField }),
    z.object({ intent: z.literal("phone-send"), phone: phoneField }),
    z.object({ intent: z.literal("phone-verify"), otp: codeField }),
    z.object({ intent: z.literal("phone-resend") }),
    z.object({ intent: z.literal("phone-cancel") }),
    detailsSchema.extend({ intent: z.literal("address-add") }),
    detailsSchema.extend({ intent: z.literal("address-edit"), id: pageText }),
    z.object({ intent: z.literal("address-delete"), id: pageText }),
    // The checkout's offer: the address of this (the parent's own) order, saved.
    z.object({ intent: z.literal("address-from-order"), orderId: pageText }),
  ],
  { error: ACCOUNT_FORM_MESSAGES.notThisPage },
);

export type AccountForm = z.output<typeof accountForm>;

export const ACCOUNT_FORM_LIMITS = {
  maxLength: { name: NAME_MAX_LENGTH + 20, email: EMAIL_MAX_CHARS, phone: PHONE_MAX_CHARS, otp: 32, address: DETAILS_LIMITS.address + 20, city: DETAILS_LIMITS.city + 20, pincode: 16 },
  labels: { name: "Name", email: "Email", phone: "Mobile number", otp: "OTP", address: "Address", city: "City", pincode: "Pincode" },
  pageFields: ["intent", "id", "orderId"],
} as const;

/**
 * The account page's WhatsApp choice (decision 231): "on" asks for the shop's texts on WhatsApp, "off" for SMS
 * again. The page fills it in (each state's button sends the other).
 */
export const whatsappChoiceForm = z.object({
  whatsapp: z.enum(["on", "off"], { error: ACCOUNT_FORM_MESSAGES.notThisPage }),
});

export const WHATSAPP_CHOICE_LIMITS = { labels: { whatsapp: "WhatsApp" }, pageFields: ["whatsapp"] } as const;
