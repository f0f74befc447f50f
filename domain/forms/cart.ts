/**
 * The forms that post to /cart and /checkout as zod schemas for the page form pipeline
 * (app/forms/form.server.ts, decision 088). The rules and their messages are the cart's
 * and the checkout's own (domain/checkout-fields.ts, domain/cart.ts); these only say which field
 * carries which. Conform turns an empty field into `undefined` and a repeated one into an
 * array, so every string says what is wrong when it is missing or doubled.
 */
import "../zod-in-browser";
import { z } from "zod";
import { MIN_QUANTITY } from "../cart";
import { detailsSchema, productIdSchema, sizeSchema } from "../checkout";
import { parseQuantity } from "../checkout-fields";

export const CART_FORM_MESSAGES = {
  unknownAction: "Unknown cart action.",
  quantityRequired: "Quantity is required.",
  notALine: "That item is not in your cart.",
  notThisPage: "Please send this form from the shop's page.",
} as const;

/** Where a plain form goes back to after a change: an address of the shop (domain/redirect.ts takes no longer one). */
const REDIRECT_MAX_CHARS = 2000;

/** A field the page fills in itself: one value. */
const pageText = (message: string = CART_FORM_MESSAGES.notThisPage) => z.string({ error: message });

/** A quantity as typed, read by `parseQuantity`: a whole number from 1 to 99, with its messages. */
const quantityField = z.string({ error: CART_FORM_MESSAGES.quantityRequired }).transform((raw, ctx) => {
  const parsed = parseQuantity(raw);
  if (parsed.ok) return parsed.quantity;
  ctx.addIssue({ code: "custom", message: parsed.message });
  return z.NEVER;
});

/** Without JavaScript a change comes back by redirect (`redirectTo`); a fetcher asks for data instead. */
const cartReply = {
  redirectTo: pageText().optional(),
  respond: z.literal("data", { error: CART_FORM_MESSAGES.notThisPage }).optional(),
};

/** A line as a cart row's form names it (spec: a line is its product, size and school). */
const cartLine = {
  productId: pageText(CART_FORM_MESSAGES.notALine).pipe(productIdSchema),
  size: pageText(CART_FORM_MESSAGES.notALine).default(""),
  school: pageText(CART_FORM_MESSAGES.notALine).default(""),
  /** The child the line is for (decision 133): part of the line's identity. */
  forChild: pageText(CART_FORM_MESSAGES.notALine).max(64).optional(),
};

/** Every form that posts to /cart: a product's Add to Cart / BUY NOW, a row's update and remove, Clear Cart. */
export const cartForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      productId: productIdSchema,
      size: pageText().pipe(sizeSchema.unwrap()).optional(),
      quantity: quantityField.default(MIN_QUANTITY),
      forChild: pageText().max(64).optional(),
      ...cartReply,
    }),
    z.object({ intent: z.literal("update"), ...cartLine, quantity: quantityField, ...cartReply }),
    z.object({ intent: z.literal("remove"), ...cartLine, ...cartReply }),
    z.object({ intent: z.literal("clear"), ...cartReply }),
  ],
  { error: CART_FORM_MESSAGES.unknownAction },
);

/** The pipeline's options for /cart: only the quantity is typed; a refusal of any other field is a 400. */
export const CART_FORM_LIMITS = {
  maxLength: { redirectTo: REDIRECT_MAX_CHARS },
  labels: { productId: "Product", size: "Size", school: "School", quantity: "Quantity", redirectTo: "Page" },
  pageFields: ["intent", "productId", "size", "school", "forChild", "redirectTo", "respond"],
} as const;

/** Whole rupees as the page writes them in a hidden field: digits only, at most a crore. */
const shownRupees = pageText()
  .regex(/^\d{1,8}$/, CART_FORM_MESSAGES.notThisPage)
  .transform((digits) => Number(digits));

/**
 * The checkout's "Send my messages on WhatsApp" box (decision 231): ticked it sends "yes", unticked nothing.
 * Only the page's own value is read; anything else is a form the page did not send.
 */
const whatsappBox = pageText()
  .refine((value) => value === "yes", CART_FORM_MESSAGES.notThisPage)
  .optional()
  .transform((value) => value === "yes");

/**
 * The checkout's 'Enter your details to confirm order' form; the key makes one submit one order (the
 * order service checks it); `shownTotal` is the total the form showed for its pincode: the order is
 * placed at it or not at all (decision 113). Missing, the page showed none: refused with the total.
 */
export const checkoutForm = detailsSchema.extend({
  idempotencyKey: pageText().optional(),
  shownTotal: shownRupees.optional(),
  whatsapp: whatsappBox,
});

export const CHECKOUT_FORM_LIMITS = {
  labels: { name: "Name", phone: "Mobile number", address: "Address", city: "City", pincode: "Pincode", shownTotal: "Total", whatsapp: "WhatsApp" },
  pageFields: ["idempotencyKey", "shownTotal", "whatsapp"],
} as const;
