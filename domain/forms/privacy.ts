/**
 * The privacy pages' forms (app/routes/privacy.tsx, the account page's "Your data", the admin's
 * erasure requests) as zod schemas for the page form pipeline (decision 088).
 */
import "../zod-in-browser";
import { z } from "zod";

/** A guest's copy or erasure: their order number and the mobile number on it, checked as tracking checks them. */
export const guestPrivacyForm = z.object({
  intent: z.enum(["copy", "erase", "keep"], { error: "Please send this form from the shop's page." }),
  orderId: z.string().optional(),
  phone: z.string().optional(),
  /** Sent by the confirmation's "Yes" (decision 248): without it an erasure is only asked to be confirmed. */
  confirmed: z.literal("yes").optional(),
});

export const GUEST_PRIVACY_LIMITS = {
  maxLength: { orderId: 64, phone: 20 },
  labels: { orderId: "Order number", phone: "Mobile number" },
  pageFields: ["intent", "confirmed"],
} as const;

/** A signed-in parent's choice on the account page. */
export const accountPrivacyForm = z.object({
  intent: z.enum(["privacy-withdraw", "privacy-copy", "privacy-page", "privacy-erase", "privacy-keep"], { error: "Please send this form from the shop's page." }),
  /** Sent by the confirmation's "Yes" (decision 248): without it an erasure is only asked to be confirmed. */
  confirmed: z.literal("yes").optional(),
});

/** The admin erasing one requested person. */
export const adminErasureForm = z.object({
  subject: z.string().regex(/^(account|order):[0-9a-zA-Z-]{1,64}$/, { error: "There is no such person in the shop's records." }),
  /** Sent by the confirmation's "Yes" (decision 248): without it the page asks first. */
  confirmed: z.literal("yes").optional(),
});
