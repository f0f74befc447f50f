/**
 * The Admins page's forms (decision 104): add an admin (name, email, a temporary password),
 * and disable or enable one, named by email in a hidden field. The rules of who may do what
 * live in services/auth/admins.ts; these only read the fields.
 */
import "../zod-in-browser";
import { z } from "zod";

export const ADMINS_FORM_MESSAGES = {
  notThisPage: "Please send this form from the admin page.",
  nameRequired: "Please enter a name.",
  emailRequired: "Please enter a valid email address.",
  passwordRequired: "Please enter your password.",
} as const;

const text = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const adminsForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    name: text(ADMINS_FORM_MESSAGES.nameRequired).max(100, { error: ADMINS_FORM_MESSAGES.nameRequired }),
    email: text(ADMINS_FORM_MESSAGES.emailRequired),
    password: z.string({ error: ADMINS_FORM_MESSAGES.passwordRequired }).min(1, { error: ADMINS_FORM_MESSAGES.passwordRequired }),
  }),
  z.object({ intent: z.literal("disable"), email: text(ADMINS_FORM_MESSAGES.notThisPage) }),
  z.object({ intent: z.literal("enable"), email: text(ADMINS_FORM_MESSAGES.notThisPage) }),
]);

export const ADMINS_FORM_LIMITS = {
  maxLength: { name: 100, email: 254, password: 1024 },
  labels: { name: "Name", email: "Email", password: "Temporary password" },
} as const;
