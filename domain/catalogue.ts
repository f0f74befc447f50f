// One way to find and price anything the shop sells from its own catalogue, so the server
// never trusts a price sent by a browser. Products of the general /shop ("product/{number}")
// live in the database and are priced elsewhere; they are not found here.
import { BAGS, BOTTLES, KIDS_SHOE_STYLES, REGULAR_SHOES, STATIONERY, type FixedPriceProduct } from "./accessories";
import type { Illustration } from "./images";
import { refusal, type Refusal } from "./errors";
import {
  FREE_SIZE,
  KIDS_SHOE_SIZES,
  WHITE_PRODUCTS,
  kidsShoePrice,
  normaliseSize,
  uniformIllustration,
  uniformPrice,
  uniformSizes,
  whiteProductPrice,
} from "./pricing";
import { SCHOOLS, findSchoolItem, type School, type SchoolItem } from "./schools";

export type CatalogueKind = "school-uniform" | "white-uniform" | "kids-shoes" | "shoes" | "stationery" | "bottle" | "bags";

export interface CatalogueProduct {
  id: string;
  /** English: carts, orders and the /api carry it. */
  name: string;
  /** The name on Hindi pages (`nameIn`, ./catalogue-words). */
  nameHi: string;
  description: string;
  descriptionHi: string;
  kind: CatalogueKind;
  /** Sizes to choose from, in order; [] = one size ("Free Size"), no choice. */
  sizes: string[];
  illustration: Illustration;
  /** The school as it writes its name, with its Devanagari form where the school list has one. */
  school?: { slug: string; name: string; nameHi?: string };
  comingSoon?: boolean;
  /** Unit price in rupees for a size, or undefined for a size this product does not come in. */
  priceFor(size: string | undefined): number | undefined;
}

/** Builders for product ids, so pages and tests never spell them by hand. */
export const catalogueId = {
  schoolItem: (schoolSlug: string, itemSlug: string) => `school/${schoolSlug}/${itemSlug}`,
  whiteProduct: (key: string) => `white/${key}`,
  kidsShoe: (slug: string) => `kids-shoes/${slug}`,
  shoe: (id: string) => `shoes/${id}`,
  stationery: (id: string) => `stationery/${id}`,
  bottle: (id: string) => `bottle/${id}`,
  bag: (id: string) => `bags/${id}`,
};

const SCHOOL_ITEM_DESCRIPTION = "High quality school uniform product.";
const SCHOOL_ITEM_DESCRIPTION_HI = "बढ़िया क्वालिटी की स्कूल यूनिफॉर्म।";

function schoolUniform(school: School, item: SchoolItem): CatalogueProduct {
  return {
    id: catalogueId.schoolItem(school.slug, item.slug),
    name: item.name,
    nameHi: item.nameHi,
    description: SCHOOL_ITEM_DESCRIPTION,
    descriptionHi: SCHOOL_ITEM_DESCRIPTION_HI,
    kind: "school-uniform",
    sizes: [...uniformSizes(item.priceType)],
    illustration: uniformIllustration(item.priceType),
    school: { slug: school.slug, name: school.name, ...(school.nameHi ? { nameHi: school.nameHi } : {}) },
    comingSoon: item.comingSoon,
    priceFor: (size) => uniformPrice(item.priceType, size),
  };
}

function fixedPriceProduct(kind: CatalogueKind, id: string, product: FixedPriceProduct): CatalogueProduct {
  return {
    id,
    name: product.name,
    nameHi: product.nameHi,
    description: product.description,
    descriptionHi: product.descriptionHi,
    kind,
    sizes: [...product.sizes],
    illustration: product.illustration,
    priceFor(size) {
      const wanted = normaliseSize(size) ?? (product.sizes.length === 0 ? FREE_SIZE : undefined);
      if (wanted === undefined) return undefined;
      const sold = product.sizes.length === 0 ? wanted === FREE_SIZE : product.sizes.includes(wanted);
      return sold ? product.price : undefined;
    },
  };
}

const FIXED_PRICE_SHELVES: ReadonlyArray<{ kind: CatalogueKind; prefix: string; products: readonly FixedPriceProduct[] }> = [
  { kind: "shoes", prefix: "shoes", products: REGULAR_SHOES },
  { kind: "stationery", prefix: "stationery", products: STATIONERY },
  { kind: "bottle", prefix: "bottle", products: BOTTLES },
  { kind: "bags", prefix: "bags", products: BAGS },
];

export function findCatalogueProduct(id: string): CatalogueProduct | undefined {
  const parts = id.split("/");

  if (parts[0] === "school") {
    if (parts.length !== 3) return undefined;
    const found = findSchoolItem(parts[1], parts[2]);
    return found && schoolUniform(found.school, found.item);
  }
  if (parts.length !== 2) return undefined;
  const [prefix, key] = parts;

  if (prefix === "white") {
    const white = WHITE_PRODUCTS.find((product) => product.key === key);
    return (
      white && {
        id,
        name: white.name,
        nameHi: white.nameHi,
        description: white.description,
        descriptionHi: white.descriptionHi,
        kind: "white-uniform",
        sizes: [...white.sizes],
        illustration: white.illustration,
        priceFor: (size) => whiteProductPrice(white, size),
      }
    );
  }
  if (prefix === "kids-shoes") {
    const style = KIDS_SHOE_STYLES.find((candidate) => candidate.slug === key);
    return (
      style && {
        id,
        name: style.name,
        nameHi: style.nameHi,
        description: style.description,
        descriptionHi: style.descriptionHi,
        kind: "kids-shoes",
        sizes: [...KIDS_SHOE_SIZES],
        illustration: style.illustration,
        priceFor: kidsShoePrice,
      }
    );
  }
  const shelf = FIXED_PRICE_SHELVES.find((candidate) => candidate.prefix === prefix);
  const product = shelf?.products.find((candidate) => candidate.id === key);
  return shelf && product ? fixedPriceProduct(shelf.kind, id, product) : undefined;
}

/** Everything in the catalogue, school items first (for sitemaps, seeding and checks). */
export function listCatalogueProducts(): CatalogueProduct[] {
  const ids = [
    ...SCHOOLS.flatMap((school) => school.items.map((item) => catalogueId.schoolItem(school.slug, item.slug))),
    ...WHITE_PRODUCTS.map((product) => catalogueId.whiteProduct(product.key)),
    ...KIDS_SHOE_STYLES.map((style) => catalogueId.kidsShoe(style.slug)),
    ...FIXED_PRICE_SHELVES.flatMap((shelf) => shelf.products.map((product) => `${shelf.prefix}/${product.id}`)),
  ];
  return ids.map((id) => findCatalogueProduct(id) as CatalogueProduct);
}

export type LinePrice =
  | { ok: true; product: CatalogueProduct; size: string; unitPrice: number }
  | { ok: false; refusal: Refusal };

// A size is echoed back in the refusal; a long one is most likely junk, not a size.
const LONGEST_SIZE_TO_ECHO = 20;

/** "Size 32 is not available for Belt.", or "That size ..." for a size too long to be one. */
export function sizeNotSold(size: string, name: string): Refusal {
  if (size.length > LONGEST_SIZE_TO_ECHO) return refusal("checkout.thatSizeNotSold", { item: name });
  return refusal("checkout.sizeNotSold", { size, item: name });
}

/**
 * The server's price for one cart line: the product, the size as the tables spell it
 * ("38 30" becomes "38-30"; one-size products get "Free Size") and the unit price.
 * A product that cannot be sold in that size is refused, as data (the cart and the order throw it).
 */
export function priceCatalogueLine(productId: string, size: string | undefined): LinePrice {
  const product = findCatalogueProduct(productId);
  if (!product) return { ok: false, refusal: refusal("checkout.notInCatalogue") };
  if (product.comingSoon) return { ok: false, refusal: refusal("checkout.comingSoon", { item: product.name }) };

  const wanted = normaliseSize(size) ?? (product.sizes.length === 0 ? FREE_SIZE : undefined);
  if (wanted === undefined) return { ok: false, refusal: refusal("checkout.chooseSize") };

  const unitPrice = product.priceFor(wanted);
  if (unitPrice === undefined) return { ok: false, refusal: sizeNotSold(wanted, product.name) };
  return { ok: true, product, size: wanted, unitPrice };
}
