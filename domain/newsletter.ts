import "./zod-in-browser";
import { z } from "zod";

export const NEWSLETTER_THANKS = "Thank you for subscribing! We will write when new uniforms and offers arrive.";
/** What the field refuses with: a key of the refusals, worded in the page's language by the form pipeline (decision 164). */
export const NEWSLETTER_EMAIL_REFUSAL = "newsletter.email";

/** The pipeline's caps for the form (app/forms/form.server.ts): an address is never longer than 254 characters. */
export const NEWSLETTER_LIMITS = { maxLength: { email: 254 }, labels: { email: "Email address" } } as const;

/** The footer's newsletter field: one email address, trimmed and lower-cased so a repeat is a repeat. */
export const newsletterSignup = z.object({
  email: z
    .string(NEWSLETTER_EMAIL_REFUSAL)
    .trim()
    .max(254, NEWSLETTER_EMAIL_REFUSAL)
    .pipe(z.email(NEWSLETTER_EMAIL_REFUSAL))
    .transform((email) => email.toLowerCase()),
});
