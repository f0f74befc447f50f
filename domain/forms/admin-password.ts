/**
 * The change-password form of /admin/password (decision 120) for the page form pipeline
 * (decision 088). The fields are only read here; the rules are domain/admin-password.ts's, in
 * the service, so a refusal comes back beside its field whichever way the page was sent.
 */
import "../zod-in-browser";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../auth";

const typed = z.string().optional().default("");

export const adminPasswordForm = z.object({ current: typed, next: typed, repeat: typed });

export const ADMIN_PASSWORD_FORM_LIMITS = {
  maxLength: { current: PASSWORD_MAX_LENGTH * 8, next: PASSWORD_MAX_LENGTH * 8, repeat: PASSWORD_MAX_LENGTH * 8 },
  labels: { current: "Current password", next: "New password", repeat: "New password again" },
  // Never sent back to the page in a refusal: a password must not end up in the HTML.
  hide: ["current", "next", "repeat"],
} as const;
