/**
 * The home page's featured cards, each priced from the same tables its linked page charges
 * from, so a card never promises a price the shop does not ask.
 */
import { catalogueId, findCatalogueProduct, listCatalogueProducts, type CatalogueProduct } from "./catalogue";
import { FREE_SIZE, type UniformType } from "./pricing";
import { SCHOOLS } from "./schools";

export type FeaturedKey = "whiteShirt" | "schoolPant" | "shoes";

export interface FeaturedCard {
  key: FeaturedKey;
  to: string;
  image: string;
  /** The lowest price a parent can pay for what the card links to, in rupees. */
  lowest: number;
  /** Some sizes or styles cost more: the card says "from ₹X". */
  from: boolean;
  /** A product and size sold at `lowest`, the first in catalogue order. */
  cheapest: { productId: string; size: string };
}

/** The school pants parents pick their school for (the white pant is a white uniform, not this card). */
const SCHOOL_PANT_TYPES: readonly UniformType[] = ["pant", "pant-class-1-to-5", "pant-class-6-to-12"];

function orderable(products: readonly (CatalogueProduct | undefined)[]): CatalogueProduct[] {
  return products.filter((product): product is CatalogueProduct => product !== undefined && !product.comingSoon);
}

/** Every product, size and price these products sell at. */
function pricesOf(products: readonly CatalogueProduct[]): { productId: string; size: string; price: number }[] {
  return products.flatMap((product) =>
    (product.sizes.length === 0 ? [FREE_SIZE] : product.sizes).flatMap((size) => {
      const price = product.priceFor(size);
      return price === undefined ? [] : [{ productId: product.id, size, price }];
    }),
  );
}

function card(key: FeaturedKey, to: string, image: string, products: readonly CatalogueProduct[]): FeaturedCard {
  const prices = pricesOf(products);
  if (prices.length === 0) throw new Error(`featured card ${key}: nothing to sell`);
  const lowest = Math.min(...prices.map((option) => option.price));
  const cheapest = prices.find((option) => option.price === lowest) as (typeof prices)[number];
  return {
    key,
    to,
    image,
    lowest,
    from: prices.some((option) => option.price !== lowest),
    cheapest: { productId: cheapest.productId, size: cheapest.size },
  };
}

/** The school pant items of every school, as the cart prices them. */
export function schoolPants(): CatalogueProduct[] {
  return orderable(
    SCHOOLS.flatMap((school) =>
      school.items
        .filter((item) => SCHOOL_PANT_TYPES.includes(item.priceType))
        .map((item) => findCatalogueProduct(catalogueId.schoolItem(school.slug, item.slug))),
    ),
  );
}

/** Every shoe of /accessories/shoes: the kids styles and the regular shoes. */
export function shoes(): CatalogueProduct[] {
  return orderable(listCatalogueProducts().filter((product) => product.kind === "kids-shoes" || product.kind === "shoes"));
}

export function featuredCards(): FeaturedCard[] {
  return [
    card("whiteShirt", "/white-products", "/images/types/shirt.svg", orderable([findCatalogueProduct(catalogueId.whiteProduct("shirt"))])),
    // No school sells a pant named by its colour: the card leads to the school list, where each school's pant is.
    card("schoolPant", "/schools", "/images/types/pant.svg", schoolPants()),
    card("shoes", "/accessories/shoes", "/images/types/shoe.svg", shoes()),
  ];
}
