// What the checkout and the cart accept from a person or an API client, as zod schemas for the
// server; the rules themselves are the plain checks of ./checkout-fields.ts, which the pages also
// run in the browser (decision 151).
import "./zod-in-browser";
import { z } from "zod";
import { MAX_CART_LINES, MAX_QUANTITY, MIN_QUANTITY } from "./cart";
import { DETAILS_MESSAGES, PAYMENT_CHOICE_MESSAGE, QUANTITY_MESSAGE, checkDetail, type DetailsField } from "./checkout-fields";
import { PAYMENT_METHODS } from "./orders/terms";
import { normalisePhone } from "./phone";
import { shopProductCartId } from "./shop-products";

export { normalisePhone };

/**
 * A field of the details: a string (the page form pipeline, Conform, turns an empty one into
 * undefined: "required"), then the field's own check, with its one message.
 */
const detail = (field: DetailsField, required: string) =>
  z.string({ error: required }).transform((raw, ctx) => {
    const checked = checkDetail(field, raw);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });

/** The 'Enter your details to confirm order' form, and the /api's address. */
export const detailsSchema = z.object({
  name: detail("name", DETAILS_MESSAGES.nameRequired),
  phone: detail("phone", DETAILS_MESSAGES.phoneRequired),
  address: detail("address", DETAILS_MESSAGES.addressRequired),
  city: detail("city", DETAILS_MESSAGES.cityRequired),
  pincode: detail("pincode", DETAILS_MESSAGES.pincodeRequired),
});

export const paymentChoiceSchema = z.enum(PAYMENT_METHODS, { error: PAYMENT_CHOICE_MESSAGE });

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
