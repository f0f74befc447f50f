import { sql, type Insertable, type Kysely } from "kysely";
import type { DB, ProductsTable } from "./schema";

type NewProduct = Insertable<ProductsTable>;

/**
 * The general shop's starting range: every category and gender, a spread of prices and
 * some items out of stock, so each filter on /shop has something to show and something
 * to hide. A few rows name a photo that is not in public/ yet; the page falls back to
 * the category drawing (the image chain), exactly as it will for an admin's typo.
 */
export const SEED_PRODUCTS: readonly NewProduct[] = [
  { name: "Navy School Shirt", description: "Half-sleeve navy shirt in a cotton-polyester blend.", price: 349, stock_quantity: 40, category: "shirt", gender: "boys", size: "32", image_url: "/images/products/navy-shirt.jpg" },
  { name: "White Full-Sleeve Shirt", description: "Full-sleeve white shirt for winter terms.", price: 399, stock_quantity: 25, category: "shirt", gender: "unisex", size: "34", image_url: null },
  { name: "Sky Blue Girls Shirt", description: "Sky blue shirt with a Peter Pan collar.", price: 329, stock_quantity: 0, category: "shirt", gender: "girls", size: "28", image_url: null },
  { name: "Checked Junior Shirt", description: "Red and white checked shirt for primary classes.", price: 279, stock_quantity: 18, category: "shirt", gender: "boys", size: "26", image_url: null },
  { name: "Cream House Shirt", description: "Cream shirt worn on house days.", price: 310, stock_quantity: 12, category: "shirt", gender: "girls", size: "30", image_url: null },
  { name: "Navy Pant", description: "Flat-front navy trousers with belt loops.", price: 499, stock_quantity: 30, category: "pants", gender: "boys", size: "30", image_url: null },
  { name: "Grey Formal Trousers", description: "Grey trousers for senior classes.", price: 549, stock_quantity: 15, category: "pants", gender: "boys", size: "38-30", image_url: null },
  { name: "Khaki Half Pant", description: "Khaki shorts for junior boys.", price: 259, stock_quantity: 0, category: "pants", gender: "boys", size: "24", image_url: null },
  { name: "Track Pants", description: "Navy track pants with white side stripes.", price: 399, stock_quantity: 22, category: "pants", gender: "unisex", size: "32", image_url: null },
  { name: "Girls Navy Trousers", description: "Navy trousers with an elastic waist for girls.", price: 469, stock_quantity: 9, category: "pants", gender: "girls", size: "28", image_url: null },
  { name: "Pleated Navy Skirt", description: "Box-pleated skirt with an adjustable waist.", price: 379, stock_quantity: 20, category: "skirt", gender: "girls", size: "24", image_url: null },
  { name: "Grey Divided Skirt", description: "Grey divided skirt for sports days.", price: 349, stock_quantity: 0, category: "skirt", gender: "girls", size: "22", image_url: null },
  { name: "Checked Skirt", description: "Blue checked skirt for primary girls.", price: 299, stock_quantity: 14, category: "skirt", gender: "girls", size: "18", image_url: null },
  { name: "Pinafore Dress", description: "Navy pinafore dress worn over a white shirt.", price: 599, stock_quantity: 11, category: "dress", gender: "girls", size: "26", image_url: null },
  { name: "Summer Tunic Dress", description: "Light cotton tunic for the hot months.", price: 520, stock_quantity: 0, category: "dress", gender: "girls", size: "30", image_url: null },
  { name: "Kurta Salwar Set", description: "Light blue kurta with white salwar and dupatta.", price: 749, stock_quantity: 8, category: "dress", gender: "girls", size: "34", image_url: null },
  { name: "Navy Blazer", description: "Lined navy blazer with a school-badge pocket.", price: 1250, stock_quantity: 6, category: "blazer", gender: "unisex", size: "36", image_url: "/images/products/navy-blazer.png" },
  { name: "Maroon Winter Blazer", description: "Wool-blend maroon blazer for the Churu winter.", price: 1450, stock_quantity: 0, category: "blazer", gender: "boys", size: "38", image_url: null },
  { name: "Girls Fitted Blazer", description: "Fitted navy blazer with two buttons.", price: 1199, stock_quantity: 4, category: "blazer", gender: "girls", size: "32", image_url: null },
  { name: "Junior Blazer", description: "Easy-care blazer for primary classes.", price: 899, stock_quantity: 7, category: "blazer", gender: "unisex", size: "28", image_url: null },
  { name: "Striped School Tie", description: "Navy and gold striped tie, regular length.", price: 120, stock_quantity: 60, category: "tie", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Elastic Junior Tie", description: "Ready-knotted tie on an elastic band.", price: 90, stock_quantity: 45, category: "tie", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Maroon House Tie", description: "Plain maroon tie for house captains.", price: 140, stock_quantity: 0, category: "tie", gender: "boys", size: "Free Size", image_url: null },
  { name: "White Sports Socks (3 pairs)", description: "Cushioned ankle socks for PT.", price: 149, stock_quantity: 80, category: "socks", gender: "unisex", size: "5", image_url: null },
  { name: "Navy Knee Socks", description: "Knee-length navy socks for girls.", price: 99, stock_quantity: 35, category: "socks", gender: "girls", size: "4", image_url: null },
  { name: "Grey Ribbed Socks", description: "Grey ribbed socks for boys.", price: 79, stock_quantity: 0, category: "socks", gender: "boys", size: "6", image_url: null },
  { name: "Black Leather School Shoes", description: "Polishable lace-up shoes with a rubber sole.", price: 899, stock_quantity: 16, category: "shoes", gender: "boys", size: "7", image_url: null },
  { name: "Girls Bar Shoes", description: "Black bar shoes with a buckle strap.", price: 749, stock_quantity: 10, category: "shoes", gender: "girls", size: "5", image_url: null },
  { name: "White Canvas Shoes", description: "Canvas shoes for PT and sports day.", price: 399, stock_quantity: 0, category: "shoes", gender: "unisex", size: "6", image_url: null },
  { name: "Sports Running Shoes", description: "Cushioned running shoes with a mesh upper.", price: 1099, stock_quantity: 5, category: "shoes", gender: "unisex", size: "8", image_url: null },
  { name: "School Belt", description: "Navy elastic belt with a metal buckle.", price: 110, stock_quantity: 50, category: "accessories", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Identity Card Holder", description: "Lanyard and clear card holder.", price: 49, stock_quantity: 100, category: "accessories", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Hair Ribbons (pair)", description: "Navy satin ribbons for plaits.", price: 39, stock_quantity: 70, category: "accessories", gender: "girls", size: "Free Size", image_url: null },
  { name: "Rain Poncho", description: "Hooded poncho that fits over a school bag.", price: 299, stock_quantity: 0, category: "accessories", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Winter Cap", description: "Knitted navy cap for winter mornings.", price: 149, stock_quantity: 24, category: "accessories", gender: "boys", size: "Free Size", image_url: null },
  { name: "Navy Pullover", description: "V-neck navy pullover for winter.", price: 650, stock_quantity: 13, category: "blazer", gender: "unisex", size: "30", image_url: null },
];

/** Inserts the starting range only into an empty table, so it never overwrites an admin's work. */
export async function seedProducts(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two processes starting at once must not both see an empty table and seed twice.
    await sql`lock table products in share row exclusive mode`.execute(trx);
    const existing = await trx.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    if (Number(existing.count) > 0) return;
    await trx.insertInto("products").values([...SEED_PRODUCTS]).execute();
  });
}
