// The accessory pages: fixed-price products (spec section 9) and the kids shoe styles,
// whose price follows the size (see kidsShoePrice in ./pricing).
import { illustrationUrl, type Illustration } from "./images";

export interface AccessoryCategory {
  name: string;
  slug: string;
  img: string;
}

// "Stationary" (sic) is how the spec names the tile and its route, /accessories/stationary.
export const ACCESSORY_CATEGORIES: readonly AccessoryCategory[] = [
  { name: "Stationary", slug: "stationary", img: illustrationUrl("notebook") },
  { name: "Shoes", slug: "shoes", img: illustrationUrl("shoe") },
  { name: "Bottle", slug: "bottle", img: illustrationUrl("bottle") },
  { name: "Bags", slug: "bags", img: illustrationUrl("bag") },
];

/** One price whatever the size. `sizes` is empty for a product with no size choice. */
export interface FixedPriceProduct {
  id: string;
  name: string;
  price: number;
  image: string;
  illustration: Illustration;
  description: string;
  sizes: readonly string[];
}

function fixedPrice(
  id: string,
  name: string,
  price: number,
  illustration: Illustration,
  description: string,
  sizes: readonly string[] = [],
): FixedPriceProduct {
  return { id, name, price, image: illustrationUrl(illustration), illustration, description, sizes };
}

/** Shoes for Class 3 to 12 come in sizes 3 to 10. */
export const REGULAR_SHOE_SIZES: readonly string[] = ["3", "4", "5", "6", "7", "8", "9", "10"];

export const REGULAR_SHOES: readonly FixedPriceProduct[] = [
  fixedPrice("school-formal-shoes", "School Formal Shoes", 550, "shoe", "Black leather-finish lace-up shoes that take a daily polish.", REGULAR_SHOE_SIZES),
  fixedPrice("sports-shoes", "Sports Shoes", 750, "shoe", "Cushioned white sports shoes with a non-marking sole for PT.", REGULAR_SHOE_SIZES),
  fixedPrice("canvas-shoes", "Canvas Shoes", 420, "shoe", "Light canvas shoes with rubber toe caps, easy to wash.", REGULAR_SHOE_SIZES),
  fixedPrice("school-sandals", "School Sandals", 350, "sandal", "Strapped black sandals with a buckle for the hot months.", REGULAR_SHOE_SIZES),
];

export const STATIONERY: readonly FixedPriceProduct[] = [
  fixedPrice("premium-school-notebook", "Premium School Notebook", 45, "notebook", "172-page ruled notebook with a sturdy laminated cover."),
  fixedPrice("geometric-box-set", "Geometric Box Set", 120, "geometry-box", "Compass, divider, protractor, set squares, scale, pencil and eraser in a metal box."),
  fixedPrice("art-and-craft-kit", "Art & Craft Kit", 85, "art-kit", "Crayons, sketch pens, glue stick and coloured paper for art periods."),
  fixedPrice("scientific-calculator", "Scientific Calculator", 150, "calculator", "240-function calculator allowed in board exams, with a battery."),
];

export const BOTTLES: readonly FixedPriceProduct[] = [
  fixedPrice("steel-water-bottle", "Steel Water Bottle (750 ml)", 180, "bottle", "Leak-proof stainless steel bottle with a flip-top sipper."),
  fixedPrice("insulated-water-bottle", "Insulated Water Bottle (1 litre)", 250, "bottle", "Double-walled bottle that keeps water cool through a Churu summer day."),
  fixedPrice("steel-lunch-box", "Steel Lunch Box, 3 Containers", 320, "lunchbox", "Three stacking steel containers in an insulated zip bag."),
  fixedPrice("kids-lunch-box", "Kids Lunch Box with Spoon", 150, "lunchbox", "Food-grade plastic box with a spoon and a small snack tray."),
];

export const BAGS: readonly FixedPriceProduct[] = [
  fixedPrice("classic-school-backpack", "Classic School Backpack", 550, "bag", "Two roomy compartments, padded straps and a bottle pocket."),
  fixedPrice("senior-ergonomic-backpack", "Senior Ergonomic Backpack", 750, "bag", "Padded back panel and chest strap for heavy senior-class books."),
  fixedPrice("junior-school-bag", "Junior School Bag", 450, "bag", "Light water-resistant bag sized for primary classes."),
  fixedPrice("nursery-kids-backpack", "Nursery Kids Backpack", 380, "bag", "Small cheerful backpack for nursery and KG children."),
];

export interface KidsShoeStyle {
  slug: string;
  name: string;
  image: string;
  illustration: Illustration;
  description: string;
  features: readonly string[];
}

function kidsShoe(slug: string, name: string, description: string, features: readonly string[]): KidsShoeStyle {
  return { slug, name, image: illustrationUrl("kids-shoe"), illustration: "kids-shoe", description, features };
}

export const KIDS_SHOE_STYLES: readonly KidsShoeStyle[] = [
  kidsShoe("black-shoes-laces", "Black Shoes with Laces", "Classic black school shoes with laces for everyday wear.", [
    "Polishable synthetic leather upper",
    "Cushioned insole",
    "Anti-skid rubber sole",
  ]),
  kidsShoe("white-shoes-laces", "White Shoes with Laces", "White lace-up shoes for PT days and house events.", [
    "Washable canvas upper",
    "Padded collar",
    "Flexible rubber sole",
  ]),
  kidsShoe("black-velcro-shoes", "Black Velcro Shoes", "Black school shoes that small children can fasten on their own.", [
    "Easy hook-and-loop strap",
    "Soft toe cap",
    "Anti-skid rubber sole",
  ]),
  kidsShoe("white-velcro-shoes", "White Velcro Shoes", "White strap shoes for nursery and KG sports periods.", [
    "Easy hook-and-loop strap",
    "Breathable lining",
    "Lightweight sole",
  ]),
  kidsShoe("girl-black-shoes", "Girls Black Shoes", "Black bar shoes with a buckle strap for girls.", [
    "Adjustable buckle strap",
    "Cushioned footbed",
    "Non-marking sole",
  ]),
  kidsShoe("girls-white-shoes", "Girls White Shoes", "White bar shoes for girls, for PT and functions.", [
    "Adjustable buckle strap",
    "Wipe-clean upper",
    "Non-marking sole",
  ]),
  kidsShoe("sports-shoes", "Kids Sports Shoes", "Light running shoes for games periods and sports day.", [
    "Breathable mesh upper",
    "Shock-absorbing sole",
    "Easy strap closure",
  ]),
];

export function findKidsShoeStyle(slug: string): KidsShoeStyle | undefined {
  return KIDS_SHOE_STYLES.find((style) => style.slug === slug);
}
