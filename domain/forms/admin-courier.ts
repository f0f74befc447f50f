/**
 * The order page's courier forms (decision 235): ship the parcel with the courier (the booking, its AWB and papers),
 * and a parcel back at the shop undelivered (return to origin, with why). Only the fields' shape: the rules are the
 * order decider's (domain/courier/parcel.ts), whose refusals come back beside the form.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RTO_REASONS } from "../courier/events";

/** The forms' own message: the decider's words for the same rule (`courier.rtoReason`). */
export const COURIER_FORM_MESSAGES = {
  rtoReason: "Choose why the parcel came back.",
} as const;

export const COURIER_STEPS = ["courier-ship", "courier-rto"] as const;
export type CourierStepName = (typeof COURIER_STEPS)[number];

const back = z.string().optional();

export const courierSteps = [
  z.object({ intent: z.literal("courier-ship"), back }),
  z.object({ intent: z.literal("courier-rto"), reason: z.enum(RTO_REASONS, { error: COURIER_FORM_MESSAGES.rtoReason }), back }),
] as const;
