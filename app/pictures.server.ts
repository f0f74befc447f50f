/**
 * The picture of a school item, a shelf item, a card or a line of a cart or an order (decisions 139, 140,
 * 146): the owner's main photo once processed; else a photo file under public/ (the spec's image chain);
 * else the item's drawing, a school item's in its school's colours (drawn by /drawings/…, never in the browser).
 */
import { findCatalogueProduct } from "../domain/catalogue";
import { illustrationUrl, schoolItemPhotoUrls, type Illustration } from "../domain/images";
import { DEFAULT_SCHOOL_COLOURS, type SchoolColours } from "../domain/photos/colours";
import { schoolDrawingUrl } from "../domain/photos/drawings";
import { photoOwnerKey, type PhotoOwner } from "../domain/photos/events";
import { shelfPhotoOwner } from "../domain/photos/shelf-items";
import type { ItemColour } from "../domain/schools";
import { CATEGORY_ILLUSTRATION, parseShopProductCartId, type ShopProduct } from "../domain/shop-products";
import type { Shop } from "../services/index";
import type { Language } from "../domain/i18n";
import { lineWordsIn } from "./catalogue-words.server";
import { CARD_PICTURE_SIZE } from "./components/CardPicture";
import { LINE_PICTURE_SIZE, type NamedLinePicture } from "./components/LinePicture";
import { firstExistingImage, shopProductImage } from "./images.server";
import { drawingPicture, photoPicture, photoUrl, type PictureView } from "./photos.server";
import type { GalleryPhoto } from "./components/ProductGallery";

/** The colour buttons' colours (Red, Yellow, Blue, Green on a T-shirt or lower card), as the drawing shows them. */
const CHOSEN: Record<ItemColour, string> = { Red: "#d9534f", Yellow: "#e8b530", Blue: "#3c7dd9", Green: "#3f9a5a" };

/**
 * A school item's photo file under public/ when there is one, else its drawing in the school's
 * colours; a colour chosen on the card paints the T-shirt or the lower it is for.
 */
export function schoolItemDrawing(school: string, item: string, illustration: Illustration, colours: SchoolColours, colour?: ItemColour): string {
  const file = firstExistingImage(schoolItemPhotoUrls(school, item, colour), illustration);
  if (file !== illustrationUrl(illustration)) return file;
  const painted = !colour ? colours : illustration === "lower" ? { ...colours, bottom: CHOSEN[colour] } : { ...colours, accent: CHOSEN[colour] };
  return schoolDrawingUrl(illustration, painted);
}

/** A school item's picture at `size` px: the main photo, else the file or drawing above. */
export async function schoolItemPicture(shop: Shop, school: string, item: string, illustration: Illustration, size: number, colour?: ItemColour): Promise<PictureView> {
  const owner: PhotoOwner = { kind: "item", school, item };
  const [photos, colours] = await Promise.all([shop.photos.mainPhotos([owner]), shop.schoolColours.of([school])]);
  const photo = photos.get(photoOwnerKey(owner));
  return (photo && photoPicture(photo, size)) ?? drawingPicture(schoolItemDrawing(school, item, illustration, colours.get(school) ?? DEFAULT_SCHOOL_COLOURS, colour), size);
}

/**
 * Every processed photo of an owner in the owner's order, `size` px wide, each with its smallest JPEG for a
 * thumbnail (decision 245): a product page with two or more shows them all; with one or none, its picture as before.
 */
export async function productGallery(shop: Shop, owner: PhotoOwner, size: number): Promise<GalleryPhoto[]> {
  const photos = await shop.photos.list(owner);
  return photos.flatMap((photo) => {
    if (photo.status !== "ready") return [];
    const picture = photoPicture(photo, size);
    const thumb = photo.variants.filter((v) => v.format === "jpeg").sort((a, b) => a.width - b.width)[0];
    return picture && thumb ? [{ id: photo.photoId, picture, thumb: photoUrl(thumb) }] : [];
  });
}

/** A card of a school's grid: the item, its drawing's kind, and the colour shown when the item comes in colours. */
export interface SchoolItemCard {
  slug: string;
  illustration: Illustration;
  colour?: ItemColour;
  /** The parent picked the colour on the card (`?colour-<item>=`): the photo shows one colour, the drawing is painted in this one. */
  colourChosen?: boolean;
}

/**
 * The pictures of a school's cards, by item slug, `CARD_PICTURE_SIZE` wide: each item's main photo
 * (one query for the whole grid), else its file or drawing in the school's colours.
 */
export async function schoolItemCardPictures(
  shop: Shop,
  school: string,
  items: readonly SchoolItemCard[],
  colours: SchoolColours,
): Promise<Record<string, PictureView>> {
  const photos = await shop.photos.mainPhotos(items.map((item) => ({ kind: "item" as const, school, item: item.slug })));
  const pictures: Record<string, PictureView> = {};
  for (const item of items) {
    const photo = item.colourChosen ? undefined : photos.get(photoOwnerKey({ kind: "item", school, item: item.slug }));
    pictures[item.slug] =
      (photo && photoPicture(photo, CARD_PICTURE_SIZE)) ??
      drawingPicture(schoolItemDrawing(school, item.slug, item.illustration, colours, item.colour), CARD_PICTURE_SIZE);
  }
  return pictures;
}

/** The pictures of /shop's cards, by product id: each product's main photo (one query), else its image or drawing. */
export async function shopProductCardPictures(
  shop: Shop,
  products: readonly Pick<ShopProduct, "id" | "imageUrl" | "category">[],
): Promise<Record<number, PictureView>> {
  const photos = await shop.photos.mainPhotos(products.map((product) => ({ kind: "product" as const, productId: product.id })));
  const pictures: Record<number, PictureView> = {};
  for (const product of products) {
    const photo = photos.get(photoOwnerKey({ kind: "product", productId: product.id }));
    pictures[product.id] =
      (photo && photoPicture(photo, CARD_PICTURE_SIZE)) ??
      drawingPicture(shopProductImage(product.imageUrl, CATEGORY_ILLUSTRATION[product.category]), CARD_PICTURE_SIZE);
  }
  return pictures;
}

/**
 * The pictures of shelf items (a white uniform, a bought-in accessory: decision 146) by catalogue id,
 * `size` px wide: each item's main photo (one query for the whole shelf), else its drawing.
 */
export async function shelfItemPictures(shop: Shop, items: readonly { id: string; illustration: Illustration }[], size: number): Promise<Record<string, PictureView>> {
  const photos = await shop.photos.mainPhotos(items.map((item) => ({ kind: "shelf" as const, item: item.id })));
  const pictures: Record<string, PictureView> = {};
  for (const item of items) {
    const photo = photos.get(photoOwnerKey({ kind: "shelf", item: item.id }));
    pictures[item.id] = (photo && photoPicture(photo, size)) ?? drawingPicture(illustrationUrl(item.illustration), size);
  }
  return pictures;
}

/** What a line names: a catalogue id (`school/dps/shirt`, `white/…`, `bags/…`) or a shop product (`product/12`). */
function ownerOf(productId: string): PhotoOwner | undefined {
  const shopProduct = parseShopProductCartId(productId);
  if (shopProduct !== undefined) return { kind: "product", productId: shopProduct };
  const parts = productId.split("/");
  return parts[0] === "school" && parts.length === 3 ? { kind: "item", school: parts[1], item: parts[2] } : shelfPhotoOwner(productId);
}

/**
 * The pictures of lines, by product id, `size` px square: one query for the photos, one read of
 * each school's colours. A product no longer sold shows the placeholder drawing.
 */
export async function linePictures(shop: Shop, productIds: readonly string[], size: number): Promise<Record<string, PictureView>> {
  const ids = [...new Set(productIds)];
  const owners = new Map(ids.flatMap((id) => (ownerOf(id) ? [[id, ownerOf(id)!] as const] : [])));
  const schools = [...owners.values()].flatMap((owner) => (owner.kind === "item" ? [owner.school] : []));
  const [photos, colours] = await Promise.all([shop.photos.mainPhotos([...owners.values()]), shop.schoolColours.of(schools)]);
  const pictures: Record<string, PictureView> = {};
  for (const id of ids) {
    const owner = owners.get(id);
    const photo = owner ? photos.get(photoOwnerKey(owner)) : undefined;
    const shown = photo && photoPicture(photo, size);
    if (shown) {
      pictures[id] = shown;
      continue;
    }
    if (owner?.kind === "product") {
      const product = await shop.products.get(owner.productId);
      pictures[id] = drawingPicture(product ? shopProductImage(product.imageUrl, CATEGORY_ILLUSTRATION[product.category]) : illustrationUrl("placeholder"), size);
      continue;
    }
    const product = findCatalogueProduct(id);
    if (owner?.kind === "item" && product && colours.has(owner.school)) {
      pictures[id] = drawingPicture(schoolItemDrawing(owner.school, owner.item, product.illustration, colours.get(owner.school)!), size);
      continue;
    }
    pictures[id] = drawingPicture(illustrationUrl(product?.illustration ?? "placeholder"), size);
  }
  return pictures;
}

/**
 * Each order's lines as named pictures (one query for all the orders' photos): the account's order
 * history and the tracking page show them beside the items written out.
 */
export async function orderLinePictures(
  shop: Shop,
  language: Language,
  orders: readonly { lines: Parameters<typeof lineWordsIn>[2] }[],
): Promise<NamedLinePicture[][]> {
  const pictures = await linePictures(shop, orders.flatMap((order) => order.lines.map((line) => line.productId)), LINE_PICTURE_SIZE);
  return Promise.all(
    orders.map(async (order) => {
      const words = await lineWordsIn(shop, language, order.lines);
      return order.lines.map((line, i) => ({ key: `${line.productId}|${line.size}|${i}`, name: words[i].name, picture: pictures[line.productId] }));
    }),
  );
}
