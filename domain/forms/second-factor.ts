/**
 * The admins' second factor forms (decision 197) for the page form pipeline (decision 088): the code after the
 * password at /admin/login/code, and the setup page's steps at /admin/second-factor. The rules are domain/totp.ts's,
 * in the service; a code is never sent back to the page.
 */
import "../zod-in-browser";
import { z } from "zod";
import { SECOND_FACTOR_MESSAGES } from "../totp";

export const adminCodeForm = z.object({
  code: z.string({ error: SECOND_FACTOR_MESSAGES.codeRequired }).trim().min(1, SECOND_FACTOR_MESSAGES.codeRequired),
});

export const secondFactorForm = z.object({
  intent: z.enum(["start", "confirm", "disable"]).catch("start"),
  code: z.string().trim().optional().default(""),
});

export const SECOND_FACTOR_FORM_LIMITS = {
  maxLength: { code: 40, intent: 20 },
  labels: { code: "Code", intent: "Step" },
  hide: ["code"],
} as const;
