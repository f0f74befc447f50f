/**
 * The rules every page form shares before its own schema looks at it: how big a body may
 * be, how long one field may be, and the words a person sees when a form is refused as a
 * whole. Field rules (an email, a phone number, a pincode) stay with their domain.
 */

/** No page form of the shop comes close to this; anything bigger is refused unread (413). */
export const MAX_PAGE_FORM_BYTES = 16 * 1024;
/** A field's length unless its form says otherwise: longer than any name, address or note a person types. */
export const MAX_FIELD_CHARS = 500;

export const FORM_MESSAGES = {
  notAForm: "Please send this form from the shop's page.",
  tooLarge: "This form is too large. Please shorten what you typed and try again.",
  unreadable: "This form could not be read. Please try again from the shop's page.",
  noFiles: "This form does not take files.",
  tooLong: (label: string, max: number) => `${label} is too long (at most ${max} characters).`,
} as const;
