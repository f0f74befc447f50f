// The general shop (/shop): what a product row may say. The rows live in Postgres
// (services/catalogue.ts); the filters in a URL are read by ./shop-filters.
// Kept free of zod: the shop page's browser code imports these lists.
import type { Illustration } from "./images";

export const SHOP_CATEGORIES = ["shirt", "pants", "skirt", "dress", "blazer", "tie", "socks", "shoes", "accessories"] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

export const SHOP_GENDERS = ["boys", "girls", "unisex"] as const;
export type ShopGender = (typeof SHOP_GENDERS)[number];

/** A product of the general shop, as pages and the cart see it. */
export interface ShopProduct {
  id: number;
  /** English: the cart, orders and the /api carry it. */
  name: string;
  /** The name and description on Hindi pages; null shows the English (`nameIn`, ./catalogue-words). */
  nameHi: string | null;
  description: string;
  descriptionHi: string | null;
  price: number;
  imageUrl: string | null;
  stockQuantity: number;
  category: ShopCategory;
  gender: ShopGender;
  size: string;
  /** Its Legal Metrology facts (decision 130): the product page shows them; none on a product made up by a test. */
  countryOfOrigin?: string;
  maker?: string | null;
  netQuantity?: string | null;
}

/** The cart's id for a shop product: "product/12". */
export function shopProductCartId(id: number): string {
  return `product/${id}`;
}

/** "product/12" -> 12; anything else (another shelf, "product/abc", "product/012") -> undefined. */
export function parseShopProductCartId(cartId: string): number | undefined {
  const match = /^product\/([1-9]\d{0,8})$/.exec(cartId);
  return match ? Number(match[1]) : undefined;
}

/** "/product/12" in a URL -> 12, or undefined for anything that is not a plain positive number. */
export function parseShopProductId(raw: string | undefined): number | undefined {
  return raw !== undefined && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : undefined;
}

/** The drawing shown when a product has no photo of its own. */
export const CATEGORY_ILLUSTRATION: Record<ShopCategory, Illustration> = {
  shirt: "shirt",
  pants: "pant",
  skirt: "skirt",
  dress: "tunic",
  blazer: "jacket",
  tie: "tie",
  socks: "socks",
  shoes: "shoe",
  accessories: "bag",
};

export const CATEGORY_LABELS: Record<ShopCategory, string> = {
  shirt: "Shirt",
  pants: "Pants",
  skirt: "Skirt",
  dress: "Dress",
  blazer: "Blazer",
  tie: "Tie",
  socks: "Socks",
  shoes: "Shoes",
  accessories: "Accessories",
};

export const GENDER_LABELS: Record<ShopGender, string> = { boys: "Boys", girls: "Girls", unisex: "Unisex" };
