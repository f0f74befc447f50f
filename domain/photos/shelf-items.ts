/**
 * The items a `shelf` photo owner may name (decision 146): what the catalogue keeps as data outside the
 * schools, the white uniforms of /white-products and the bought-in items of the accessory shelves (decision
 * 142's `boughtInItems`). A kids' shoe style is one item in all its sizes, as for its facts: one photo of the
 * style shows every size. School items have their own owner (`item.<school>.<item>`), shop products theirs.
 */
import { findCatalogueProduct, listCatalogueProducts, type CatalogueKind, type CatalogueProduct } from "../catalogue";
import { BOUGHT_IN_KINDS, boughtInItems } from "../seller/item-facts";
import type { PhotoOwner } from "./events";

/** The shelves whose items the owner photographs here, in the order the admin's photo page lists them. */
export const SHELF_PHOTO_KINDS = ["white-uniform", ...BOUGHT_IN_KINDS] as const satisfies readonly CatalogueKind[];

/** Every item a shelf photo may picture, shelf by shelf: the white uniforms, then the bought-in shelves. */
export function shelfPhotoItems(): CatalogueProduct[] {
  return [...listCatalogueProducts().filter((product) => product.kind === "white-uniform"), ...boughtInItems()];
}

/** The catalogue item of this id when a shelf photo may picture it; undefined for a school item, a /shop product or nothing. */
export function findShelfPhotoItem(id: string): CatalogueProduct | undefined {
  const product = findCatalogueProduct(id);
  return product && (SHELF_PHOTO_KINDS as readonly CatalogueKind[]).includes(product.kind) ? product : undefined;
}

/** The photo owner of a catalogue id (a cart line's `productId`), when it is a shelf item. */
export function shelfPhotoOwner(id: string): Extract<PhotoOwner, { kind: "shelf" }> | undefined {
  return findShelfPhotoItem(id) ? { kind: "shelf", item: id } : undefined;
}
