// How /shop reads its filters from a URL, shared by the page, the service and the tests.
import "./zod-in-browser";
import { z } from "zod";
import { SHOP_CATEGORIES, SHOP_GENDERS, type ShopCategory, type ShopGender } from "./shop-products";

export interface ShopFilters {
  category?: ShopCategory;
  gender?: ShopGender;
  /** true: in stock only; false: out of stock only; undefined: all. */
  inStock?: boolean;
  minPrice?: number;
  maxPrice?: number;
}

/** What the filter form shows back: the raw text, so a mistyped price stays in its box. */
export interface ShopFilterInput {
  category: string;
  gender: string;
  stock: string;
  minPrice: string;
  maxPrice: string;
}

export type ParsedShopFilters =
  | { ok: true; filters: ShopFilters; input: ShopFilterInput }
  | { ok: false; errors: string[]; input: ShopFilterInput };

// Ten lakh rupees: far above anything a uniform shop sells, low enough for an integer column.
const HIGHEST_PRICE = 1_000_000;

function priceField(label: string) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "") return undefined;
      const value = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || !Number.isFinite(value)) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number of rupees, like 250.` });
        return z.NEVER;
      }
      if (value > HIGHEST_PRICE) {
        ctx.addIssue({ code: "custom", message: `${label} cannot be more than ₹10,00,000.` });
        return z.NEVER;
      }
      return value;
    });
}

const allOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === "" || text === "all") return undefined;
      if ((values as readonly string[]).includes(text)) return text as T[number];
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    });

const filterSchema = z
  .object({
    category: allOr(SHOP_CATEGORIES, "Choose a category from the list."),
    gender: allOr(SHOP_GENDERS, "Choose Boys, Girls or Unisex."),
    stock: allOr(["true", "false"], "Choose In Stock or Out of Stock.").transform((stock) =>
      stock === undefined ? undefined : stock === "true",
    ),
    minPrice: priceField("Min price"),
    maxPrice: priceField("Max price"),
  })
  .check((ctx) => {
    const { minPrice, maxPrice } = ctx.value;
    if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
      ctx.issues.push({ code: "custom", message: "Min price cannot be more than max price.", input: ctx.value });
    }
  });

/** Reads /shop?category=&gender=&stock=&minPrice=&maxPrice= ; blank or "all" means no filter. */
export function parseShopFilters(params: URLSearchParams): ParsedShopFilters {
  const input: ShopFilterInput = {
    category: params.get("category") ?? "",
    gender: params.get("gender") ?? "",
    stock: params.get("stock") ?? "",
    minPrice: params.get("minPrice") ?? "",
    maxPrice: params.get("maxPrice") ?? "",
  };
  const parsed = filterSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map((issue) => issue.message))], input };
  const { stock, ...rest } = parsed.data;
  const filters: ShopFilters = { ...rest, inStock: stock };
  for (const key of Object.keys(filters) as (keyof ShopFilters)[]) if (filters[key] === undefined) delete filters[key];
  return { ok: true, filters, input };
}
