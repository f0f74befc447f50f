/**
 * The order tracking page's lookup (app/routes/orders.track.tsx) as a zod schema for the page form
 * pipeline (decision 088): the order number and the mobile number, posted, never put in an address.
 * Blank or missing fields are the page's own refusal ("tracking.missing"), said in its language.
 */
import "../zod-in-browser";
import { z } from "zod";

export const trackingForm = z.object({
  intent: z.literal("track", { error: "Please send this form from the shop's page." }),
  orderId: z.string().optional(),
  phone: z.string().optional(),
});

export const TRACKING_FORM_LIMITS = {
  maxLength: { orderId: 64, phone: 20 },
  labels: { orderId: "Order ID", phone: "Mobile number" },
  pageFields: ["intent"],
} as const;
