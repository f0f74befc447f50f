// The admin's product editing: one set of rules and messages for the /admin/products form
// and the /api/products calls. Values arrive as text from the form and as JSON from the API;
// both go through `checkProduct`, so a rule is written once.
import "./zod-in-browser";
import { z } from "zod";
import { SHOP_CATEGORIES, SHOP_GENDERS, type ShopCategory, type ShopGender, type ShopProduct } from "./shop-products";
import { textProblem } from "./text";
import { INDIA } from "./seller/disclosures";
import { CLASS_CHAPTERS, productTaxProblem, type ProductTax } from "./tax/product-tax";
import { TAX_CLASSES, type TaxClass } from "./tax/rates";

/**
 * Sizes a shop product may carry, in the order the form lists them: one size, the
 * letter sizes of socks, shoe and sock numbers, uniform chest/waist sizes, and the
 * waist-length combinations of trousers (domain/pricing.ts).
 */
export const SHOP_SIZES = [
  "Free Size",
  "XS",
  "S",
  "M",
  "L",
  "XL",
  ...Array.from({ length: 12 }, (_, i) => String(i + 1)),
  ...Array.from({ length: 17 }, (_, i) => String(14 + i * 2)),
  "38-30",
  "38-32",
  "40-30",
  "40-32",
  "40-34",
  "42-32",
  "42-34",
  "42-36",
  "42-38",
] as const;

export const MAX_PRODUCT_PRICE = 1_000_000;
export const MAX_STOCK = 100_000;
/** The longest a product's texts may be, in characters: the admin form's maxlength says the same. */
export const PRODUCT_TEXT_LIMITS = { name: 200, image: 500, description: 1000, country_of_origin: 60, maker: 300, net_quantity: 60 } as const;
// The Hindi name and description (decision 099) have the same limits as the English.

export const PRODUCT_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name can be at most ${PRODUCT_TEXT_LIMITS.name} characters`,
  priceRequired: "Price is required",
  priceNumber: "Price must be a number",
  pricePositive: "Price must be more than 0",
  priceWhole: "Price must be whole rupees (no paise)",
  priceTooHigh: "Price cannot be more than ₹10,00,000",
  image: "Image URL must start with https:// or /",
  imageTooLong: `Image URL can be at most ${PRODUCT_TEXT_LIMITS.image} characters`,
  descriptionTooLong: `Description can be at most ${PRODUCT_TEXT_LIMITS.description} characters`,
  nameHiTooLong: `Hindi name can be at most ${PRODUCT_TEXT_LIMITS.name} characters`,
  descriptionHiTooLong: `Hindi description can be at most ${PRODUCT_TEXT_LIMITS.description} characters`,
  countryTooLong: `Country of origin can be at most ${PRODUCT_TEXT_LIMITS.country_of_origin} characters`,
  makerTooLong: `Maker or packer can be at most ${PRODUCT_TEXT_LIMITS.maker} characters`,
  netQuantityTooLong: `Net quantity can be at most ${PRODUCT_TEXT_LIMITS.net_quantity} characters`,
  stock: "Stock must be a whole number from 0",
  stockTooHigh: `Stock cannot be more than ${MAX_STOCK.toLocaleString("en-IN")}`,
  categoryRequired: "Choose a category",
  categoryUnknown: `Unknown category: choose one of ${SHOP_CATEGORIES.join(", ")}`,
  genderRequired: "Choose a gender",
  genderUnknown: `Unknown gender: choose one of ${SHOP_GENDERS.join(", ")}`,
  sizeUnknown: "Unknown size: choose one from the list",
  hsnRequired: "HSN code is required with a tax class",
  hsnFormat: "HSN code must be 4 or 6 digits",
  hsnNotOfClass: "That HSN code is not of the tax class chosen: its first two digits must be the class's chapter",
  taxClassRequired: "Choose a tax class for the HSN code",
  taxClassUnknown: "Unknown tax class: choose one from the list",
  alreadyDeleted: "That product was already deleted.",
  deletedMeanwhile: "That product was deleted meanwhile: add it again instead.",
} as const;

export type ProductField = "name" | "price" | "image" | "description" | "stock_quantity" | "category" | "gender" | "size";
/** The optional Hindi words of a product (decision 099): a form or a call that leaves them out leaves them as they are. */
export type ProductHindiField = "name_hi" | "description_hi";
/**
 * A product's Legal Metrology facts (decision 130): optional like the Hindi words, a form or a call
 * that leaves them out leaves them as they are.
 */
export type ProductFactField = "country_of_origin" | "maker" | "net_quantity";
/**
 * A product's HSN code and tax class (decision 200): optional together; left out, the product keeps what it has
 * (its category's default until the owner sets them).
 */
export type ProductTaxField = "hsn" | "tax_class";
/** Every field a refusal can name. */
export type ProductErrorField = ProductField | ProductHindiField | ProductFactField | ProductTaxField;

/** A product's editable values, checked. */
export interface ProductValues {
  name: string;
  /** Hindi name: null clears it, undefined (not sent) leaves it as it is. */
  nameHi?: string | null;
  price: number;
  description: string;
  descriptionHi?: string | null;
  /** Country of origin: blank is India (the shop's own country), undefined leaves it as it is. */
  countryOfOrigin?: string;
  /** Who made or packed it, with their address: null clears it, undefined leaves it. */
  maker?: string | null;
  netQuantity?: string | null;
  imageUrl: string | null;
  stockQuantity: number;
  category: ShopCategory;
  gender: ShopGender;
  size: string;
  /** Its HSN code and tax class: undefined leaves them as they are. */
  tax?: ProductTax;
}

/** Raw values as they come in: text from the form, anything from JSON (types are checked before). */
export interface ProductInput {
  name?: unknown;
  price?: unknown;
  description?: unknown;
  image?: unknown;
  stock_quantity?: unknown;
  category?: unknown;
  gender?: unknown;
  size?: unknown;
  name_hi?: unknown;
  description_hi?: unknown;
  country_of_origin?: unknown;
  maker?: unknown;
  net_quantity?: unknown;
  hsn?: unknown;
  tax_class?: unknown;
}

export type ProductCheck<T> = { ok: true; values: T } | { ok: false; errors: Partial<Record<ProductErrorField, string>> };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "");
const blank = (value: unknown) => value === undefined || value === null || text(value) === "";

function checkName(value: unknown): string | { error: string } {
  const name = text(value);
  if (!name) return { error: PRODUCT_MESSAGES.nameRequired };
  if (name.length > PRODUCT_TEXT_LIMITS.name) return { error: PRODUCT_MESSAGES.nameTooLong };
  return name;
}

function checkPrice(value: unknown): number | { error: string } {
  if (blank(value)) return { error: PRODUCT_MESSAGES.priceRequired };
  const raw = text(value);
  const price = typeof value === "number" ? value : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isFinite(price)) return { error: PRODUCT_MESSAGES.priceNumber };
  if (price <= 0) return { error: PRODUCT_MESSAGES.pricePositive };
  if (!Number.isInteger(price)) return { error: PRODUCT_MESSAGES.priceWhole };
  if (price > MAX_PRODUCT_PRICE) return { error: PRODUCT_MESSAGES.priceTooHigh };
  return price;
}

function checkImage(value: unknown): string | null | { error: string } {
  if (blank(value)) return null;
  const url = text(value);
  if (url.length > PRODUCT_TEXT_LIMITS.image) return { error: PRODUCT_MESSAGES.imageTooLong };
  // A site path ("/images/...") or an https address; never "//host" (another site) or javascript:.
  const sitePath = /^\/(?!\/)[^\s\\]*$/.test(url);
  const https = /^https:\/\/[^\s/\\]+(\/[^\s\\]*)?$/.test(url);
  if (!sitePath && !https) return { error: PRODUCT_MESSAGES.image };
  return url;
}

function checkDescription(value: unknown): string | { error: string } {
  const description = blank(value) ? "" : text(value);
  if (description.length > PRODUCT_TEXT_LIMITS.description) return { error: PRODUCT_MESSAGES.descriptionTooLong };
  return description;
}

/** An optional Hindi text: left out stays undefined (unchanged), blank is null (none: pages show the English). */
function checkHindi(value: unknown, limit: number, tooLong: string): string | null | undefined | { error: string } {
  if (value === undefined) return undefined;
  if (blank(value)) return null;
  const words = text(value);
  return words.length > limit ? { error: tooLong } : words;
}

function checkStock(value: unknown): number | { error: string } {
  if (blank(value)) return 0;
  const raw = text(value);
  const stock = typeof value === "number" ? value : /^-?\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(stock) || stock < 0) return { error: PRODUCT_MESSAGES.stock };
  if (stock > MAX_STOCK) return { error: PRODUCT_MESSAGES.stockTooHigh };
  return stock;
}

function checkChoice<T extends string>(
  value: unknown,
  allowed: readonly T[],
  messages: { required: string; unknown: string },
  fallback?: T,
): T | { error: string } {
  if (blank(value)) return fallback ?? { error: messages.required };
  const choice = text(value);
  return (allowed as readonly string[]).includes(choice) ? (choice as T) : { error: messages.unknown };
}

/**
 * The HSN code and class together: both blank (or left out) is no change; one without the other, an HSN that is not
 * 4 or 6 digits, or one of another chapter than the class's goods is refused by its field.
 */
function checkTax(hsnValue: unknown, classValue: unknown): { hsn?: unknown; tax_class?: unknown; tax?: ProductTax } {
  const hsn = blank(hsnValue) ? "" : text(hsnValue).replace(/\s+/g, "");
  const taxClass = blank(classValue) ? "" : text(classValue);
  if (!hsn && !taxClass) return {};
  if (!taxClass) return { tax_class: { error: PRODUCT_MESSAGES.taxClassRequired } };
  if (!(TAX_CLASSES as readonly string[]).includes(taxClass)) return { tax_class: { error: PRODUCT_MESSAGES.taxClassUnknown } };
  if (!hsn) return { hsn: { error: PRODUCT_MESSAGES.hsnRequired } };
  const problem = productTaxProblem({ hsn, taxClass });
  if (problem === "productTax.hsnFormat") return { hsn: { error: PRODUCT_MESSAGES.hsnFormat } };
  if (problem) return { hsn: { error: PRODUCT_MESSAGES.hsnNotOfClass } };
  return { tax: { hsn, taxClass: taxClass as TaxClass } };
}

/** The chapters an HSN code of the class may be in ("61, 62"; "" for any): the form says them by the class. */
export const classChapters = (taxClass: TaxClass) => CLASS_CHAPTERS[taxClass].join(", ");

type Checked = { [K in ProductField]: unknown } & { [K in ProductHindiField | ProductFactField | ProductTaxField]?: unknown };

function collect<T>(checked: Checked, build: () => T): ProductCheck<T> {
  const errors: Partial<Record<ProductErrorField, string>> = {};
  for (const [field, result] of Object.entries(checked) as [ProductErrorField, unknown][]) {
    if (result && typeof result === "object" && "error" in result) errors[field] = (result as { error: string }).error;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: build() };
}

/**
 * A whole product. The form must choose a category and gender; the API (whose spec'd
 * client sends only name, price, description and image) defaults to accessories,
 * unisex and Free Size when `defaults` is set.
 */
export function checkProduct(input: ProductInput, options: { defaults?: boolean } = {}): ProductCheck<ProductValues> {
  const d = options.defaults;
  const checked = {
    name: checkName(input.name),
    price: checkPrice(input.price),
    image: checkImage(input.image),
    description: checkDescription(input.description),
    stock_quantity: checkStock(input.stock_quantity),
    category: checkChoice(
      input.category,
      SHOP_CATEGORIES,
      { required: PRODUCT_MESSAGES.categoryRequired, unknown: PRODUCT_MESSAGES.categoryUnknown },
      d ? "accessories" : undefined,
    ),
    gender: checkChoice(
      input.gender,
      SHOP_GENDERS,
      { required: PRODUCT_MESSAGES.genderRequired, unknown: PRODUCT_MESSAGES.genderUnknown },
      d ? "unisex" : undefined,
    ),
    size: checkChoice(input.size, SHOP_SIZES, { required: PRODUCT_MESSAGES.sizeUnknown, unknown: PRODUCT_MESSAGES.sizeUnknown }, "Free Size"),
    name_hi: checkHindi(input.name_hi, PRODUCT_TEXT_LIMITS.name, PRODUCT_MESSAGES.nameHiTooLong),
    description_hi: checkHindi(input.description_hi, PRODUCT_TEXT_LIMITS.description, PRODUCT_MESSAGES.descriptionHiTooLong),
    // The same shape as the Hindi words: optional text, blank for none.
    country_of_origin: checkHindi(input.country_of_origin, PRODUCT_TEXT_LIMITS.country_of_origin, PRODUCT_MESSAGES.countryTooLong),
    maker: checkHindi(input.maker, PRODUCT_TEXT_LIMITS.maker, PRODUCT_MESSAGES.makerTooLong),
    net_quantity: checkHindi(input.net_quantity, PRODUCT_TEXT_LIMITS.net_quantity, PRODUCT_MESSAGES.netQuantityTooLong),
  };
  const { tax, ...taxErrors } = checkTax(input.hsn, input.tax_class);
  Object.assign(checked, taxErrors);
  const hindi = (value: unknown) => value as string | null | undefined;
  return collect(checked, () => ({
    name: checked.name as string,
    ...(checked.name_hi !== undefined ? { nameHi: hindi(checked.name_hi) } : {}),
    ...(checked.description_hi !== undefined ? { descriptionHi: hindi(checked.description_hi) } : {}),
    ...(checked.country_of_origin !== undefined ? { countryOfOrigin: hindi(checked.country_of_origin) ?? INDIA } : {}),
    ...(checked.maker !== undefined ? { maker: hindi(checked.maker) } : {}),
    ...(checked.net_quantity !== undefined ? { netQuantity: hindi(checked.net_quantity) } : {}),
    price: checked.price as number,
    description: checked.description as string,
    imageUrl: checked.image as string | null,
    stockQuantity: checked.stock_quantity as number,
    category: checked.category as ShopCategory,
    gender: checked.gender as ShopGender,
    size: checked.size as string,
    ...(tax ? { tax } : {}),
  }));
}

/** Some fields of a product (PATCH): only the fields present are checked and changed. */
export function checkProductChanges(input: ProductInput): ProductCheck<Partial<ProductValues>> {
  const present = (key: keyof ProductInput) => input[key] !== undefined;
  const whole = checkProduct(
    {
      name: present("name") ? input.name : "x",
      price: present("price") ? input.price : 1,
      description: input.description,
      image: input.image,
      stock_quantity: input.stock_quantity,
      category: input.category,
      gender: input.gender,
      size: input.size,
      name_hi: input.name_hi,
      description_hi: input.description_hi,
      country_of_origin: input.country_of_origin,
      maker: input.maker,
      net_quantity: input.net_quantity,
      hsn: input.hsn,
      tax_class: input.tax_class,
    },
    { defaults: true },
  );
  if (!whole.ok) return whole;
  const v = whole.values;
  const changes: Partial<ProductValues> = {};
  if (present("name")) changes.name = v.name;
  if (present("price")) changes.price = v.price;
  if (present("description")) changes.description = v.description;
  if (present("image")) changes.imageUrl = v.imageUrl;
  if (present("stock_quantity")) changes.stockQuantity = v.stockQuantity;
  if (present("category")) changes.category = v.category;
  if (present("gender")) changes.gender = v.gender;
  if (present("size")) changes.size = v.size;
  if (present("name_hi")) changes.nameHi = v.nameHi;
  if (present("description_hi")) changes.descriptionHi = v.descriptionHi;
  if (present("country_of_origin")) changes.countryOfOrigin = v.countryOfOrigin;
  if (present("maker")) changes.maker = v.maker;
  if (present("net_quantity")) changes.netQuantity = v.netQuantity;
  if (v.tax) changes.tax = v.tax;
  return { ok: true, values: changes };
}

export function checkStockOnly(value: unknown): ProductCheck<number> {
  const stock = checkStock(value);
  if (typeof stock === "number" && value !== undefined && value !== null) return { ok: true, values: stock };
  return { ok: false, errors: { stock_quantity: PRODUCT_MESSAGES.stock } };
}

/** The first message of a failed check, for the API's `{ message }`. */
export function firstProductError(errors: Partial<Record<ProductErrorField, string>>): string {
  return Object.values(errors)[0] ?? "The product is not valid.";
}

// ---------------------------------------------------------------------------------------
// The /api's shapes
// ---------------------------------------------------------------------------------------

const nullableText = z.string().max(2000).nullable();

/** Types only (400 when wrong); the values' rules are checkProduct's (422). `image_url` is an alias of `image`. */
export const apiProductBody = z
  .object({
    name: z.string().max(2000),
    price: z.number(),
    description: nullableText.optional(),
    image: nullableText.optional(),
    image_url: nullableText.optional(),
    stock_quantity: z.number().optional(),
    category: z.string().max(100).optional(),
    gender: z.string().max(100).optional(),
    size: z.string().max(100).optional(),
    name_hi: nullableText.optional(),
    description_hi: nullableText.optional(),
  })
  .strict();

export const apiProductPatchBody = apiProductBody.partial().strict();

export const apiStockBody = z.object({ stock_quantity: z.number(), reason: z.string().max(200).optional() }).strict();

/** The API's body as the checks read it: `image_url` stands in for `image`. */
export function productInputFromApi(body: z.infer<typeof apiProductPatchBody>): ProductInput {
  const { image_url, image, ...rest } = body;
  const picture = image !== undefined ? image : image_url;
  return { ...rest, ...(picture !== undefined ? { image: picture } : {}) };
}

/**
 * A product as the /api answers it: the spec's fields (image_url), plus `image` the admin screen
 * reads. `name` stays English (the contract); the Hindi rides beside it, null where there is none.
 */
export function productJson(product: ShopProduct) {
  return {
    id: product.id,
    name: product.name,
    name_hi: product.nameHi,
    description: product.description,
    description_hi: product.descriptionHi,
    price: product.price,
    image_url: product.imageUrl,
    image: product.imageUrl,
    stock_quantity: product.stockQuantity,
    category: product.category,
    gender: product.gender,
    size: product.size,
  };
}

/** GET /api/products filters: category, gender, size, minPrice, maxPrice, inStock (true/false). */
export interface ProductListFilters {
  category?: ShopCategory;
  gender?: ShopGender;
  size?: string;
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
}

export function parseProductListFilters(params: URLSearchParams): { ok: true; filters: ProductListFilters } | { ok: false; message: string } {
  const filters: ProductListFilters = {};
  const get = (key: string) => (params.get(key) ?? "").trim();
  const category = get("category");
  if (category && category !== "all") {
    if (!(SHOP_CATEGORIES as readonly string[]).includes(category)) return { ok: false, message: PRODUCT_MESSAGES.categoryUnknown };
    filters.category = category as ShopCategory;
  }
  const gender = get("gender");
  if (gender && gender !== "all") {
    if (!(SHOP_GENDERS as readonly string[]).includes(gender)) return { ok: false, message: PRODUCT_MESSAGES.genderUnknown };
    filters.gender = gender as ShopGender;
  }
  const size = get("size");
  if (size && size !== "all") {
    // The size is compared in SQL, and Postgres refuses U+0000 in text (a 500, not "no such size").
    if (size.length > 100 || textProblem(size)) return { ok: false, message: PRODUCT_MESSAGES.sizeUnknown };
    filters.size = size;
  }
  for (const key of ["minPrice", "maxPrice"] as const) {
    const raw = get(key);
    if (!raw) continue;
    if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > MAX_PRODUCT_PRICE) return { ok: false, message: `${key} must be a number of rupees, like 250.` };
    filters[key] = Number(raw);
  }
  if (filters.minPrice !== undefined && filters.maxPrice !== undefined && filters.minPrice > filters.maxPrice) {
    return { ok: false, message: "minPrice cannot be more than maxPrice." };
  }
  const stock = get("inStock");
  if (stock && stock !== "all") {
    if (stock !== "true" && stock !== "false") return { ok: false, message: "inStock must be true or false." };
    filters.inStock = stock === "true";
  }
  return { ok: true, filters };
}
