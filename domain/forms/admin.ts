/**
 * The admin's page forms as zod schemas for the page form pipeline (app/forms/form.server.ts,
 * decision 088): a dashboard row's status, 'Mark paid' and delete, the delete confirmation
 * pages, Retry of a failed message, and the product form. The rules stay where they are:
 * an order's status with the order decider, a product's fields with `checkProduct`
 * (domain/admin-products.ts, shared with the /api). Nearly every field here is one the page
 * fills in itself (hidden inputs, a select): the pipeline answers a refusal of one with 400.
 */
import "../zod-in-browser";
import { z } from "zod";
import { checkProduct } from "../admin-products";
import { parseShopProductId } from "../shop-products";

export const ADMIN_FORM_MESSAGES = {
  notThisPage: "Please send this form from the admin page.",
  notAnOrderChange: "That request was not a change to a listed order.",
  statusRequired: "Choose a status.",
  notARetry: "That request was not a Retry of a listed message.",
  notAProductChange: "That request was not Add, Update or Delete.",
  noSuchProduct: "There is no product with that id.",
  correctFields: "Please correct the marked fields.",
} as const;

/** Dashboard addresses the admin goes back to (filter, sort, a page's cursor): safeDashboardBack reads them. */
const BACK_MAX_CHARS = 2000;

/** One value of a field; a repeated field or a missing required one gets `message`. */
const one = (message: string = ADMIN_FORM_MESSAGES.notThisPage) => z.string({ error: message });

// ---------------------------------------------------------------------------------------
// Orders: the dashboard's rows (/admin) and the delete page without JavaScript
// ---------------------------------------------------------------------------------------

const orderRow = {
  orderId: one(ADMIN_FORM_MESSAGES.notAnOrderChange),
  /** The dashboard view to come back to without JavaScript. */
  back: one().optional(),
  /** "fetcher": the row asks for the outcome as data instead of a redirect. */
  via: z.literal("fetcher", { error: ADMIN_FORM_MESSAGES.notThisPage }).optional(),
};

/** A row's change: the status select (the decider knows the statuses), 'Mark paid', or the delete dialog. */
export const orderRowForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("status"), status: one(ADMIN_FORM_MESSAGES.statusRequired), ...orderRow }),
    z.object({ intent: z.literal("paid"), ...orderRow }),
    z.object({ intent: z.literal("delete"), ...orderRow }),
  ],
  { error: ADMIN_FORM_MESSAGES.notAnOrderChange },
);

export const ORDER_ROW_FORM_LIMITS = {
  maxLength: { back: BACK_MAX_CHARS },
  labels: { orderId: "Order", status: "Status", back: "Page" },
  pageFields: ["intent", "orderId", "back", "via"],
} as const;

/** 'Delete this order?' as a page: the order is in the address; the form only says where to go back to. */
export const deleteOrderForm = z.object({ back: one().optional() });

export const DELETE_ORDER_FORM_LIMITS = {
  maxLength: { back: BACK_MAX_CHARS },
  labels: { back: "Page" },
  pageFields: ["back"],
} as const;

/** 'Delete this product?' as a page: the product is in the address, the form has nothing to say. */
export const deleteProductForm = z.object({});

// ---------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------

/** Retry of a failed or unknown send, named by its key. */
export const retryForm = z.object({
  intent: z.literal("retry", { error: ADMIN_FORM_MESSAGES.notARetry }),
  key: one(ADMIN_FORM_MESSAGES.notARetry),
});

export const RETRY_FORM_LIMITS = {
  maxLength: { key: 200 },
  labels: { key: "Message" },
  pageFields: ["intent", "key"],
} as const;

// ---------------------------------------------------------------------------------------
// Products (/admin/products: Add, Update with ?edit=<id>, Delete from the dialog)
// ---------------------------------------------------------------------------------------

const productId = one(ADMIN_FORM_MESSAGES.noSuchProduct).transform((text, ctx) => {
  const id = parseShopProductId(text);
  if (id !== undefined) return id;
  ctx.addIssue({ code: "custom", message: ADMIN_FORM_MESSAGES.noSuchProduct });
  return z.NEVER;
});

/** The product form's fields as typed; `checkProduct` decides what they mean. */
const productFields = {
  name: one().optional(),
  price: one().optional(),
  image: one().optional(),
  description: one().optional(),
  stock_quantity: one().optional(),
  category: one().optional(),
  gender: one().optional(),
  size: one().optional(),
  // Optional Hindi words (decision 099): a form without them leaves a product's Hindi as it is.
  name_hi: one().optional(),
  description_hi: one().optional(),
  // A product's Legal Metrology facts (decision 130): left out, left as they are.
  country_of_origin: one().optional(),
  maker: one().optional(),
  net_quantity: one().optional(),
  // Its HSN code and tax class (decision 200): the form shows what is on file, or the category's default.
  hsn: one().optional(),
  tax_class: one().optional(),
};

/** Add (no id) or Update (id): every field checked by `checkProduct`, its message by the field. */
const saveProduct = z.object({ intent: z.literal("save"), id: productId.optional(), ...productFields }).transform((form, ctx) => {
  const checked = checkProduct(form);
  if (checked.ok) return { intent: form.intent, id: form.id, product: checked.values };
  for (const [field, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [field], message });
  ctx.addIssue({ code: "custom", path: [], message: ADMIN_FORM_MESSAGES.correctFields });
  return z.NEVER;
});

export const productForm = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("delete"), id: productId }), saveProduct],
  { error: ADMIN_FORM_MESSAGES.notAProductChange },
);

export const PRODUCT_FORM_LIMITS = {
  // checkProduct's own limits (200, 500, 1000) answer in its words; these only stop what no person types.
  maxLength: { name: 1000, image: 1000, description: 2000, name_hi: 1000, description_hi: 2000, country_of_origin: 200, maker: 600, net_quantity: 200, hsn: 40, tax_class: 40 },
  labels: {
    name: "Name",
    price: "Price",
    image: "Image URL",
    description: "Description",
    stock_quantity: "Stock quantity",
    category: "Category",
    gender: "Gender",
    size: "Size",
    name_hi: "Hindi name",
    description_hi: "Hindi description",
    country_of_origin: "Country of origin",
    maker: "Maker or packer",
    net_quantity: "Net quantity",
    hsn: "HSN code",
    tax_class: "Tax class",
  },
  pageFields: ["intent", "id"],
} as const;
