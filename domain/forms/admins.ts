/**
 * The Admins page's forms (decision 104): add a person (name, email, a temporary password, their role),
 * give one a role (decision 215), and disable or enable one, named by email in a hidden field. The rules of who may do what
 * live in services/auth/admins.ts; these only read the fields.
 */
import "../zod-in-browser";
import { z } from "zod";
import { ROLES } from "../staff/roles";

export const ADMINS_FORM_MESSAGES = {
  notThisPage: "Please send this form from the admin page.",
  nameRequired: "Please enter a name.",
  emailRequired: "Please enter a valid email address.",
  passwordRequired: "Please enter your password.",
  roleRequired: "Choose a role: owner, manager, counter or packer.",
} as const;

const role = z.enum(ROLES, { error: ADMINS_FORM_MESSAGES.roleRequired });

const text = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const adminsForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    name: text(ADMINS_FORM_MESSAGES.nameRequired).max(100, { error: ADMINS_FORM_MESSAGES.nameRequired }),
    email: text(ADMINS_FORM_MESSAGES.emailRequired),
    password: z.string({ error: ADMINS_FORM_MESSAGES.passwordRequired }).min(1, { error: ADMINS_FORM_MESSAGES.passwordRequired }),
    role,
  }),
  // The owner gives a person a role, or another one (decision 215): the account by its id in a hidden field.
  z.object({ intent: z.literal("role"), id: text(ADMINS_FORM_MESSAGES.notThisPage), role }),
  z.object({ intent: z.literal("disable"), email: text(ADMINS_FORM_MESSAGES.notThisPage) }),
  z.object({ intent: z.literal("enable"), email: text(ADMINS_FORM_MESSAGES.notThisPage) }),
]);

export const ADMINS_FORM_LIMITS = {
  maxLength: { name: 100, email: 254, password: 1024, id: 64, role: 20 },
  labels: { name: "Name", email: "Email", password: "Temporary password", role: "Role" },
} as const;
