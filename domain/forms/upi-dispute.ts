/**
 * The owner's one form on a disputed UPI reference's page (/admin/orders/:id/reference, decision
 * 124): move the reference from the order holding it to the order whose shopper reported it and
 * was refused. Every field is one the page fills in itself: a refusal of one is a 400.
 */
import "../zod-in-browser";
import { z } from "zod";
import { ADMIN_FORM_MESSAGES } from "./admin";

const one = z.string({ error: ADMIN_FORM_MESSAGES.notThisPage });

export const moveReferenceForm = z.object({
  intent: z.literal("move", { error: ADMIN_FORM_MESSAGES.notThisPage }),
  reference: one,
  from: one,
  to: one,
});

export const MOVE_REFERENCE_FORM_LIMITS = {
  maxLength: { reference: 40, from: 64, to: 64 },
  labels: { reference: "UPI reference", from: "Order", to: "Order" },
  pageFields: ["intent", "reference", "from", "to"],
} as const;
