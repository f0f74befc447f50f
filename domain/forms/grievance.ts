/**
 * The grievance desk's forms (decision 129) for the page form pipeline (decision 088): the parent's
 * complaint and the admin's acknowledgement and resolution. Only the fields' shape: what a complaint
 * must say and how long it may be are the grievance decider's rules (domain/grievance/ticket.ts),
 * whose refusals come back beside the form in the page's language.
 */
import "../zod-in-browser";
import { z } from "zod";
import { NAME_MAX, NOTE_MAX, TEXT_MAX } from "../grievance/limits";

const field = () => z.string().optional();

export const complaintForm = z.object({
  intent: z.literal("complain", { error: "Please send this form from the shop's page." }),
  /** The form's own key, drawn with the page: the same form sent twice files one ticket. */
  key: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, { error: "Please send this form from the shop's page." }),
  name: field(),
  phone: field(),
  orderNumber: field(),
  topic: field(),
  text: field(),
});

export const COMPLAINT_FORM_LIMITS = {
  maxLength: { key: 64, name: NAME_MAX, phone: 20, orderNumber: 64, topic: 20, text: TEXT_MAX },
  labels: { name: "Name", phone: "Mobile number", orderNumber: "Order", topic: "Message", text: "Message" },
  pageFields: ["intent", "key"],
} as const;

export const GRIEVANCE_STEPS = ["acknowledge", "resolve"] as const;

export const grievanceStepForm = z.object({
  intent: z.enum(GRIEVANCE_STEPS, { error: "Please send this form from the shop's page." }),
  note: field(),
});

export const GRIEVANCE_STEP_LIMITS = {
  maxLength: { note: NOTE_MAX },
  labels: { note: "Note" },
  pageFields: ["intent"],
} as const;
