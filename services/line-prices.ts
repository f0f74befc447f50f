import { priceCatalogueLine, sizeNotSold } from "../domain/catalogue";
import { refusal, type Refusal } from "../domain/errors";
import { illustrationUrl } from "../domain/images";
import { FREE_SIZE, normaliseSize } from "../domain/pricing";
import { parseShopProductCartId } from "../domain/shop-products";
import type { ShopProductForCart } from "./catalogue";
import type { SchoolSku } from "../domain/stock/school-stock";
import type { ProductTax } from "../domain/tax/product-tax";

/** A line as the server prices it: its own name, size spelling, school and price. */
export interface PricedProduct {
  productId: string;
  name: string;
  size: string;
  school: string;
  unitPrice: number;
  imageUrl: string | null;
  /**
   * Units for sale of a product of the shop table or of a school size that stops selling when out
   * (decision 180); undefined for what is made to order (catalogue items, and school sizes the owner
   * makes to order when the shelf is short).
   */
  stock?: number;
  /** Days a made-to-order school size takes when the shelf cannot give it (decision 180). */
  leadDays?: number;
  /** A shop product's HSN code and tax class as the owner set them or its category's default (decision 200). */
  tax?: ProductTax;
}

export type LinePricing = { ok: true; product: PricedProduct } | { ok: false; refusal: Refusal };

export type ProductForCart = (id: string) => Promise<ShopProductForCart | undefined>;

/**
 * The one place a price comes from: domain/ for catalogue ids, the products table
 * (through the catalogue service) for "product/{n}". Whatever a browser or an API
 * client says a price is, this is what the shop charges.
 */
/** A school item's size the owner counts: its rule and what is for sale; undefined while it counts nothing. */
export type SchoolShelf = (item: string, size: string | undefined) => Promise<{ sku: SchoolSku; forSale: number } | undefined>;

/**
 * `taxFactsNeeded`: the shop issues tax documents (a regular or composition GSTIN), whose every line names an HSN code
 * (rule 46, rule 49): a product of the shop's table without one (an accessory whose class the owner has not set,
 * decision 200) is not sold until he sets it.
 */
export function createLinePricer(productForCart?: ProductForCart, schoolShelf?: SchoolShelf, options: { taxFactsNeeded?: boolean } = {}) {
  return async function priceLine(productId: string, size: string | undefined): Promise<LinePricing> {
    if (parseShopProductCartId(productId) !== undefined) {
      const product = productForCart ? await productForCart(productId) : undefined;
      if (!product) return { ok: false, refusal: refusal("checkout.notInCatalogue") };
      const wanted = normaliseSize(size) ?? product.size;
      const sold = normaliseSize(product.size) ?? FREE_SIZE;
      if (wanted !== sold) return { ok: false, refusal: sizeNotSold(wanted, product.name) };
      if (options.taxFactsNeeded && !product.tax) return { ok: false, refusal: refusal("checkout.noHsn", { item: product.name }) };
      // What the shelf holds is the stock rule's to judge (the cart's, the order's and the
      // reservation's, each a 409 naming what is left), not the price's.
      return {
        ok: true,
        product: {
          productId: product.id,
          name: product.name,
          size: sold,
          school: "",
          unitPrice: product.price,
          imageUrl: product.imageUrl,
          stock: product.stock,
          ...(product.tax ? { tax: product.tax } : {}),
        },
      };
    }
    const priced = priceCatalogueLine(productId, size);
    if (!priced.ok) return priced;
    const shelf = priced.product.kind === "school-uniform" && schoolShelf ? await schoolShelf(priced.product.id, priced.size) : undefined;
    return {
      ok: true,
      product: {
        productId: priced.product.id,
        name: priced.product.name,
        size: priced.size,
        school: priced.product.school?.name ?? "",
        unitPrice: priced.unitPrice,
        imageUrl: illustrationUrl(priced.product.illustration),
        // A size that stops selling when out is judged by the stock rule like a shop product; a made-to-order one never runs out.
        ...(shelf?.sku.whenOut === "stop" ? { stock: shelf.forSale } : {}),
        ...(shelf?.sku.whenOut === "make" && shelf.sku.leadDays !== null ? { leadDays: shelf.sku.leadDays } : {}),
      },
    };
  };
}

export type LinePricer = ReturnType<typeof createLinePricer>;
