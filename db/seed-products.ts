import { sql, type Insertable, type Kysely } from "kysely";
import type { DB, ProductsTable } from "./schema";

type NewProduct = Insertable<ProductsTable>;

/**
 * The general shop's starting range: every category and gender, a spread of prices and
 * some items out of stock, so each filter on /shop has something to show and something
 * to hide. A few rows name a photo that is not in public/ yet; the page falls back to
 * the category drawing (the image chain), exactly as it will for an admin's typo.
 * Every row has its Hindi name and description beside the English (decision 099).
 */
export const SEED_PRODUCTS: readonly NewProduct[] = [
  { name: "Navy School Shirt", description: "Half-sleeve navy shirt in a cotton-polyester blend.", name_hi: "नेवी ब्लू स्कूल शर्ट", description_hi: "कॉटन-पॉलिएस्टर की आधी बाँह वाली नेवी ब्लू शर्ट।", price: 349, stock_quantity: 40, category: "shirt", gender: "boys", size: "32", image_url: "/images/products/navy-shirt.jpg" },
  { name: "White Full-Sleeve Shirt", description: "Full-sleeve white shirt for winter terms.", name_hi: "पूरी बाँह की सफ़ेद शर्ट", description_hi: "सर्दियों के लिए पूरी बाँह की सफ़ेद शर्ट।", price: 399, stock_quantity: 25, category: "shirt", gender: "unisex", size: "34", image_url: null },
  { name: "Sky Blue Girls Shirt", description: "Sky blue shirt with a Peter Pan collar.", name_hi: "लड़कियों की आसमानी शर्ट", description_hi: "गोल (पीटर पैन) कॉलर वाली आसमानी शर्ट।", price: 329, stock_quantity: 0, category: "shirt", gender: "girls", size: "28", image_url: null },
  { name: "Checked Junior Shirt", description: "Red and white checked shirt for primary classes.", name_hi: "छोटी कक्षाओं की चेक शर्ट", description_hi: "प्राइमरी कक्षाओं के लिए लाल-सफ़ेद चेक वाली शर्ट।", price: 279, stock_quantity: 18, category: "shirt", gender: "boys", size: "26", image_url: null },
  { name: "Cream House Shirt", description: "Cream shirt worn on house days.", name_hi: "क्रीम हाउस शर्ट", description_hi: "हाउस के दिन पहनी जाने वाली क्रीम शर्ट।", price: 310, stock_quantity: 12, category: "shirt", gender: "girls", size: "30", image_url: null },
  { name: "Navy Pant", description: "Flat-front navy trousers with belt loops.", name_hi: "नेवी ब्लू पैंट", description_hi: "बेल्ट के लूप वाली सीधी नेवी ब्लू पैंट।", price: 499, stock_quantity: 30, category: "pants", gender: "boys", size: "30", image_url: null },
  { name: "Grey Formal Trousers", description: "Grey trousers for senior classes.", name_hi: "ग्रे फ़ॉर्मल पैंट", description_hi: "बड़ी कक्षाओं के लिए ग्रे पैंट।", price: 549, stock_quantity: 15, category: "pants", gender: "boys", size: "38-30", image_url: null },
  { name: "Khaki Half Pant", description: "Khaki shorts for junior boys.", name_hi: "खाकी निक्कर", description_hi: "छोटे लड़कों के लिए खाकी निक्कर।", price: 259, stock_quantity: 0, category: "pants", gender: "boys", size: "24", image_url: null },
  { name: "Track Pants", description: "Navy track pants with white side stripes.", name_hi: "ट्रैक पैंट", description_hi: "साइड में सफ़ेद पट्टी वाली नेवी ब्लू ट्रैक पैंट।", price: 399, stock_quantity: 22, category: "pants", gender: "unisex", size: "32", image_url: null },
  { name: "Girls Navy Trousers", description: "Navy trousers with an elastic waist for girls.", name_hi: "लड़कियों की नेवी ब्लू पैंट", description_hi: "लड़कियों के लिए इलास्टिक कमर वाली नेवी ब्लू पैंट।", price: 469, stock_quantity: 9, category: "pants", gender: "girls", size: "28", image_url: null },
  { name: "Pleated Navy Skirt", description: "Box-pleated skirt with an adjustable waist.", name_hi: "प्लीट वाली नेवी ब्लू स्कर्ट", description_hi: "बॉक्स-प्लीट वाली स्कर्ट, कमर छोटी-बड़ी हो जाती है।", price: 379, stock_quantity: 20, category: "skirt", gender: "girls", size: "24", image_url: null },
  { name: "Grey Divided Skirt", description: "Grey divided skirt for sports days.", name_hi: "ग्रे डिवाइडेड स्कर्ट", description_hi: "खेल के दिनों के लिए ग्रे डिवाइडेड स्कर्ट।", price: 349, stock_quantity: 0, category: "skirt", gender: "girls", size: "22", image_url: null },
  { name: "Checked Skirt", description: "Blue checked skirt for primary girls.", name_hi: "चेक स्कर्ट", description_hi: "प्राइमरी की लड़कियों के लिए नीली चेक वाली स्कर्ट।", price: 299, stock_quantity: 14, category: "skirt", gender: "girls", size: "18", image_url: null },
  { name: "Pinafore Dress", description: "Navy pinafore dress worn over a white shirt.", name_hi: "पिनाफ़ोर ड्रेस", description_hi: "सफ़ेद शर्ट के ऊपर पहनी जाने वाली नेवी ब्लू पिनाफ़ोर ड्रेस।", price: 599, stock_quantity: 11, category: "dress", gender: "girls", size: "26", image_url: null },
  { name: "Summer Tunic Dress", description: "Light cotton tunic for the hot months.", name_hi: "गर्मियों की ट्यूनिक ड्रेस", description_hi: "गर्मी के महीनों के लिए हल्की कॉटन की ट्यूनिक।", price: 520, stock_quantity: 0, category: "dress", gender: "girls", size: "30", image_url: null },
  { name: "Kurta Salwar Set", description: "Light blue kurta with white salwar and dupatta.", name_hi: "कुर्ता सलवार सेट", description_hi: "हल्का नीला कुर्ता, सफ़ेद सलवार और दुपट्टा।", price: 749, stock_quantity: 8, category: "dress", gender: "girls", size: "34", image_url: null },
  { name: "Navy Blazer", description: "Lined navy blazer with a school-badge pocket.", name_hi: "नेवी ब्लू ब्लेज़र", description_hi: "अस्तर वाला नेवी ब्लू ब्लेज़र, स्कूल बैज वाली जेब के साथ।", price: 1250, stock_quantity: 6, category: "blazer", gender: "unisex", size: "36", image_url: "/images/products/navy-blazer.png" },
  { name: "Maroon Winter Blazer", description: "Wool-blend maroon blazer for the Churu winter.", name_hi: "सर्दियों का मैरून ब्लेज़र", description_hi: "चूरू की सर्दी के लिए ऊन मिले कपड़े का मैरून ब्लेज़र।", price: 1450, stock_quantity: 0, category: "blazer", gender: "boys", size: "38", image_url: null },
  { name: "Girls Fitted Blazer", description: "Fitted navy blazer with two buttons.", name_hi: "लड़कियों का फ़िटिंग वाला ब्लेज़र", description_hi: "दो बटन वाला फ़िटिंग का नेवी ब्लू ब्लेज़र।", price: 1199, stock_quantity: 4, category: "blazer", gender: "girls", size: "32", image_url: null },
  { name: "Junior Blazer", description: "Easy-care blazer for primary classes.", name_hi: "जूनियर ब्लेज़र", description_hi: "प्राइमरी कक्षाओं के लिए आसानी से धुलने-सँभलने वाला ब्लेज़र।", price: 899, stock_quantity: 7, category: "blazer", gender: "unisex", size: "28", image_url: null },
  { name: "Striped School Tie", description: "Navy and gold striped tie, regular length.", name_hi: "धारीदार स्कूल टाई", description_hi: "नेवी ब्लू और सुनहरी धारियों वाली टाई, सामान्य लंबाई।", price: 120, stock_quantity: 60, category: "tie", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Elastic Junior Tie", description: "Ready-knotted tie on an elastic band.", name_hi: "इलास्टिक वाली जूनियर टाई", description_hi: "पहले से बँधी गाँठ वाली टाई, इलास्टिक पर।", price: 90, stock_quantity: 45, category: "tie", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Maroon House Tie", description: "Plain maroon tie for house captains.", name_hi: "मैरून हाउस टाई", description_hi: "हाउस कैप्टन के लिए सादी मैरून टाई।", price: 140, stock_quantity: 0, category: "tie", gender: "boys", size: "Free Size", image_url: null },
  { name: "White Sports Socks (3 pairs)", description: "Cushioned ankle socks for PT.", name_hi: "सफ़ेद स्पोर्ट्स मोज़े (3 जोड़ी)", description_hi: "पीटी के लिए गद्देदार छोटे मोज़े।", price: 149, stock_quantity: 80, category: "socks", gender: "unisex", size: "5", image_url: null },
  { name: "Navy Knee Socks", description: "Knee-length navy socks for girls.", name_hi: "घुटने तक के नेवी ब्लू मोज़े", description_hi: "लड़कियों के लिए घुटने तक के नेवी ब्लू मोज़े।", price: 99, stock_quantity: 35, category: "socks", gender: "girls", size: "4", image_url: null },
  { name: "Grey Ribbed Socks", description: "Grey ribbed socks for boys.", name_hi: "ग्रे रिब वाले मोज़े", description_hi: "लड़कों के लिए ग्रे रिब वाले मोज़े।", price: 79, stock_quantity: 0, category: "socks", gender: "boys", size: "6", image_url: null },
  { name: "Black Leather School Shoes", description: "Polishable lace-up shoes with a rubber sole.", name_hi: "काले चमड़े के स्कूल जूते", description_hi: "पॉलिश होने वाले फीतेदार जूते, रबर के सोल के साथ।", price: 899, stock_quantity: 16, category: "shoes", gender: "boys", size: "7", image_url: null },
  { name: "Girls Bar Shoes", description: "Black bar shoes with a buckle strap.", name_hi: "लड़कियों के बार जूते", description_hi: "बकल के पट्टे वाले काले जूते।", price: 749, stock_quantity: 10, category: "shoes", gender: "girls", size: "5", image_url: null },
  { name: "White Canvas Shoes", description: "Canvas shoes for PT and sports day.", name_hi: "सफ़ेद कैनवस जूते", description_hi: "पीटी और स्पोर्ट्स डे के लिए कैनवस जूते।", price: 399, stock_quantity: 0, category: "shoes", gender: "unisex", size: "6", image_url: null },
  { name: "Sports Running Shoes", description: "Cushioned running shoes with a mesh upper.", name_hi: "दौड़ने वाले स्पोर्ट्स जूते", description_hi: "ऊपर जाली वाले गद्देदार दौड़ने के जूते।", price: 1099, stock_quantity: 5, category: "shoes", gender: "unisex", size: "8", image_url: null },
  { name: "School Belt", description: "Navy elastic belt with a metal buckle.", name_hi: "स्कूल बेल्ट", description_hi: "धातु के बकल वाली नेवी ब्लू इलास्टिक बेल्ट।", price: 110, stock_quantity: 50, category: "accessories", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Identity Card Holder", description: "Lanyard and clear card holder.", name_hi: "आई-कार्ड होल्डर", description_hi: "गले की डोरी और पारदर्शी कार्ड होल्डर।", price: 49, stock_quantity: 100, category: "accessories", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Hair Ribbons (pair)", description: "Navy satin ribbons for plaits.", name_hi: "बालों के रिबन (जोड़ी)", description_hi: "चोटी के लिए नेवी ब्लू साटन रिबन।", price: 39, stock_quantity: 70, category: "accessories", gender: "girls", size: "Free Size", image_url: null },
  { name: "Rain Poncho", description: "Hooded poncho that fits over a school bag.", name_hi: "बरसाती पोंचो", description_hi: "टोपी वाली बरसाती, स्कूल बैग के ऊपर से भी आ जाती है।", price: 299, stock_quantity: 0, category: "accessories", gender: "unisex", size: "Free Size", image_url: null },
  { name: "Winter Cap", description: "Knitted navy cap for winter mornings.", name_hi: "सर्दियों की टोपी", description_hi: "सर्दी की सुबह के लिए बुनी हुई नेवी ब्लू टोपी।", price: 149, stock_quantity: 24, category: "accessories", gender: "boys", size: "Free Size", image_url: null },
  { name: "Navy Pullover", description: "V-neck navy pullover for winter.", name_hi: "नेवी ब्लू स्वेटर", description_hi: "सर्दियों के लिए वी-गले वाला नेवी ब्लू स्वेटर।", price: 650, stock_quantity: 13, category: "blazer", gender: "unisex", size: "30", image_url: null },
];

/**
 * Inserts the starting range only into an empty table, so it never overwrites an admin's work.
 * A shop seeded before the Hindi columns (migration 0012) gets the range's Hindi instead.
 */
export async function seedProducts(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two processes starting at once must not both see an empty table and seed twice.
    await sql`lock table products in share row exclusive mode`.execute(trx);
    const existing = await trx.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    if (Number(existing.count) > 0) return fillSeedHindi(trx);
    await trx.insertInto("products").values([...SEED_PRODUCTS]).execute();
  });
}

/**
 * The Hindi of seeded rows that have none: only where the English is still exactly as seeded,
 * so a product the admin renamed or rewrote never gets words that no longer fit it.
 */
async function fillSeedHindi(trx: Kysely<DB>): Promise<void> {
  const seeded = sql.join(SEED_PRODUCTS.map((p) => sql`(${p.name}::text, ${p.description ?? ""}::text, ${p.name_hi ?? null}::text, ${p.description_hi ?? null}::text)`));
  await sql`
    update products set name_hi = seed.name_hi
    from (values ${seeded}) as seed(name, description, name_hi, description_hi)
    where products.name_hi is null and products.name = seed.name`.execute(trx);
  await sql`
    update products set description_hi = seed.description_hi
    from (values ${seeded}) as seed(name, description, name_hi, description_hi)
    where products.description_hi is null and products.name = seed.name and products.description = seed.description`.execute(trx);
}
