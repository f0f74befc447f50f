// What the checkout and the cart accept from a person or an API client, as zod schemas
// shared by the pages (instant messages with JS on) and the server (the only check that counts).
import "./zod-in-browser";
import { z } from "zod";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "./cart";
import type { PaymentMethod, ShippingAddress } from "./orders/events";
import { MOBILE_NUMBER_DIGITS, MOBILE_NUMBER_PATTERN, checkMobile, normalisePhone } from "./phone";
import { PINCODE_DIGITS } from "./pincode";
import { shopProductCartId } from "./shop-products";

export { normalisePhone };

/** The longest each address field may be (characters; the pincode in digits): the form's maxlength says the same. */
export const DETAILS_LIMITS = { name: 100, address: 300, city: 60, pincode: PINCODE_DIGITS } as const;

const PINCODE_PATTERN = new RegExp(`^\\d{${DETAILS_LIMITS.pincode}}$`);

export const DETAILS_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name can be at most ${DETAILS_LIMITS.name} characters`,
  phoneRequired: "Mobile number is required",
  phoneInvalid: `Mobile number must be ${MOBILE_NUMBER_DIGITS} digits`,
  addressRequired: "Address is required",
  addressTooLong: `Address can be at most ${DETAILS_LIMITS.address} characters`,
  cityRequired: "City is required",
  cityTooLong: `City can be at most ${DETAILS_LIMITS.city} characters`,
  pincodeRequired: "Pincode is required",
  pincodeInvalid: `Pincode must be ${DETAILS_LIMITS.pincode} digits`,
} as const;

/**
 * A mobile number for an order (the checkout form, the guest order's `mobileNumber` on the
 * /api), read as people write it (domain/phone.ts), with the checkout's messages.
 */
export function checkOrderMobile(raw: string | null | undefined): { ok: true; phone: string } | { ok: false; message: string } {
  const checked = checkMobile(raw);
  if (checked.ok) return checked;
  return { ok: false, message: checked.problem === "required" ? DETAILS_MESSAGES.phoneRequired : DETAILS_MESSAGES.phoneInvalid };
}

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .transform((value) => value.trim().replace(/\s+/g, " "))
    .pipe(z.string({ error: required }).min(1, required).max(max, tooLong));

export const phoneSchema = z
  .string({ error: DETAILS_MESSAGES.phoneRequired })
  .transform(normalisePhone)
  .pipe(
    z
      .string({ error: DETAILS_MESSAGES.phoneRequired })
      .min(1, { error: DETAILS_MESSAGES.phoneRequired, abort: true })
      .regex(MOBILE_NUMBER_PATTERN, DETAILS_MESSAGES.phoneInvalid),
  );

/**
 * The 'Enter your details to confirm order' form, and the /api's address. An empty
 * phone or pincode is "required" only, not also malformed (`abort`): one message a field.
 * The inner strings carry the message too: the page form pipeline (Conform) turns an
 * empty string into undefined at every string of a pipe, a trimmed one included.
 */
export const detailsSchema = z.object({
  name: text(DETAILS_MESSAGES.nameRequired, DETAILS_LIMITS.name, DETAILS_MESSAGES.nameTooLong),
  phone: phoneSchema,
  address: text(DETAILS_MESSAGES.addressRequired, DETAILS_LIMITS.address, DETAILS_MESSAGES.addressTooLong),
  city: text(DETAILS_MESSAGES.cityRequired, DETAILS_LIMITS.city, DETAILS_MESSAGES.cityTooLong),
  pincode: z
    .string({ error: DETAILS_MESSAGES.pincodeRequired })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(
      z
        .string({ error: DETAILS_MESSAGES.pincodeRequired })
        .min(1, { error: DETAILS_MESSAGES.pincodeRequired, abort: true })
        .regex(PINCODE_PATTERN, DETAILS_MESSAGES.pincodeInvalid),
    ),
});

/** The checkout's "Pay by UPI" / "Cash on delivery" choice: required, since a parent must know what comes after the order. */
export const PAYMENT_CHOICE_MESSAGE = "Choose how you will pay";
// Listed here, not imported from ./orders/events: this module runs in the browser, that one carries every event's schema.
const PAYMENT_CHOICES = ["upi", "cod"] as const satisfies readonly PaymentMethod[];
export const paymentChoiceSchema = z.enum(PAYMENT_CHOICES, { error: PAYMENT_CHOICE_MESSAGE });

export type DetailsField = keyof ShippingAddress;
export const DETAILS_FIELDS: readonly DetailsField[] = ["name", "phone", "address", "city", "pincode"];
export type DetailsErrors = Partial<Record<DetailsField, string>>;

export function checkDetails(
  input: Partial<Record<DetailsField, unknown>>,
): { ok: true; details: ShippingAddress } | { ok: false; errors: DetailsErrors } {
  const shaped = Object.fromEntries(
    DETAILS_FIELDS.map((field) => [field, typeof input[field] === "string" ? input[field] : ""]),
  );
  const parsed = detailsSchema.safeParse(shaped);
  if (parsed.success) return { ok: true, details: parsed.data };
  const errors: DetailsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DetailsField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export const QUANTITY_MESSAGE = `Quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;

/** A quantity as a form sends it: text that must be a whole number from 1 to 99. */
export function parseQuantity(raw: unknown): { ok: true; quantity: number } | { ok: false; message: string } {
  const value = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
  if (value === "") return { ok: false, message: "Quantity is required." };
  if (!/^-?\d+$/.test(value)) return { ok: false, message: QUANTITY_MESSAGE };
  const quantity = Number(value);
  if (quantity < MIN_QUANTITY || quantity > MAX_QUANTITY) return { ok: false, message: QUANTITY_MESSAGE };
  return { ok: true, quantity };
}

/** Product ids are short paths of lower-case words ("school/dps/shirt", "product/12"). */
export const productIdSchema = z
  .string({ error: "Product is required." })
  .trim()
  .min(1, "Product is required.")
  .max(200, "That product id is too long.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/, "That is not a product id.");

export const sizeSchema = z.string().trim().max(40, "That size is too long.").optional();

const LISTED_SHOP_PRODUCT = /^[1-9]\d{0,8}$/;

/**
 * A product as an /api client names it: a catalogue id ("school/dps/shirt"), a shop
 * product's cart id ("product/12"), or that product's id exactly as GET /api/products
 * lists it (12, or "12"), which names the same product.
 */
export const apiProductIdSchema = z
  .union([z.number().int().positive().max(999_999_999), productIdSchema], { error: "That is not a product id." })
  .transform((id) => (typeof id === "number" || LISTED_SHOP_PRODUCT.test(id) ? shopProductCartId(Number(id)) : id));

const quantityNumber = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(MIN_QUANTITY, QUANTITY_MESSAGE)
  .max(MAX_QUANTITY, QUANTITY_MESSAGE);

/**
 * A cart item as an API client sends it (spec section 3 and 7). Name, price, school
 * and image are accepted but the server's own values are used (a price is compared,
 * never stored). Unknown fields are refused.
 */
export const apiCartItemSchema = z.strictObject({
  id: apiProductIdSchema.optional(),
  productId: apiProductIdSchema.optional(),
  name: z.string().max(200).optional(),
  size: sizeSchema,
  school: z.string().max(200).optional(),
  quantity: quantityNumber,
  price: z.number({ error: "Price must be a number." }).finite().optional(),
  imageUrl: z.string().max(500).optional(),
  image: z.string().max(500).optional(),
});
export type ApiCartItem = z.infer<typeof apiCartItemSchema>;

export const apiItemsSchema = z
  .array(apiCartItemSchema, { error: "items must be an array of cart items." })
  .max(MAX_CART_LINES, `A cart can hold at most ${MAX_CART_LINES} different items.`);

export const apiCartSchema = z.strictObject({ items: apiItemsSchema });

const apiAddressSchema = z.strictObject({
  name: z.string({ error: DETAILS_MESSAGES.nameRequired }),
  phone: z.string({ error: DETAILS_MESSAGES.phoneRequired }),
  address: z.string({ error: DETAILS_MESSAGES.addressRequired }),
  city: z.string({ error: DETAILS_MESSAGES.cityRequired }),
  pincode: z.union([z.string(), z.number()], { error: DETAILS_MESSAGES.pincodeRequired }).transform(String),
});

const totalSchema = z.number({ error: "The total must be a number." }).finite();

/** POST /api/orders/guest */
export const apiGuestOrderSchema = z.strictObject({
  mobileNumber: z.string({ error: DETAILS_MESSAGES.phoneRequired }),
  cartItems: apiItemsSchema,
  address: apiAddressSchema,
  totalAmount: totalSchema.optional(),
});

/** POST /api/orders (signed-in user) */
export const apiUserOrderSchema = z.strictObject({
  items: apiItemsSchema,
  total: totalSchema.optional(),
  shipping: apiAddressSchema,
});

/** The first problem of a failed parse, as one sentence naming where it is. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  if (issue.code === "unrecognized_keys") return `Unknown field: ${issue.keys.join(", ")}.`;
  const where = issue.path.length ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}
