// The price rules of the shop (spec section 9). Prices are whole rupees; a size the
// rules do not know has no price (undefined), so the server can refuse the cart line.
import type { ProductWords } from "./catalogue-words";
import { formatRupees } from "./money";
import { illustrationUrl, type Illustration } from "./images";

/** The size of a one-size product (belt, tie, calculator...). */
export const FREE_SIZE = "Free Size";

/**
 * Turns what a customer or a form sent into the size as the tables spell it:
 * "38 30", "38-30" and "38 - 30" all become "38-30" (the spec writes white pant combos
 * with a space, pant combos with a hyphen); letter sizes are upper-cased ("xs" -> "XS");
 * "free size" in any case becomes "Free Size". Blank means no size was chosen.
 */
export function normaliseSize(raw: string | undefined): string | undefined {
  const size = (raw ?? "").trim().replace(/\s+/g, " ");
  if (size === "") return undefined;
  const combo = /^(\d+)\s*[-\s]\s*(\d+)$/.exec(size);
  if (combo) return `${combo[1]}-${combo[2]}`;
  if (size.toLowerCase() === FREE_SIZE.toLowerCase()) return FREE_SIZE;
  if (/^[a-z]+$/i.test(size)) return size.toUpperCase();
  return size;
}

function evenSizes(from: number, to: number): string[] {
  const sizes: string[] = [];
  for (let size = from; size <= to; size += 2) sizes.push(String(size));
  return sizes;
}

/** Each size up the list costs `increase` more than the one before; the first costs `base`. */
function priceLadder(sizes: readonly string[], base: number, increase: number): Map<string, number> {
  return new Map(sizes.map((size, position) => [size, base + increase * position]));
}

// ---------------------------------------------------------------------------------------
// School uniforms
// ---------------------------------------------------------------------------------------

export const UNIFORM_TYPES = [
  "shirt",
  "t-shirt",
  "pant",
  "pant-class-1-to-5",
  "pant-class-6-to-12",
  "white-pant",
  "skirt",
  "white-skirt",
  "tunik",
  "white-tunik",
  "belt",
  "tie",
  "socks",
  "socks-sized",
  "lower",
  "kurti-salwaar",
  "jacket",
] as const;

export type UniformType = (typeof UNIFORM_TYPES)[number];

interface UniformPriceRule {
  /** Sizes offered in the size picker, in order; empty for a one-size item. */
  sizes: readonly string[];
  illustration: Illustration;
  /** Price of an already normalised size, or undefined when the size is not sold. */
  priceOf(size: string): number | undefined;
}

function listedSizes(prices: Map<string, number>, illustration: Illustration): UniformPriceRule {
  return { sizes: [...prices.keys()], illustration, priceOf: (size) => prices.get(size) };
}

function oneSize(price: number, illustration: Illustration): UniformPriceRule {
  return { sizes: [], illustration, priceOf: (size) => (size === FREE_SIZE ? price : undefined) };
}

const shirtPrices = priceLadder(evenSizes(24, 46), 250, 20);

const PANT_COMBOS = ["38-30", "38-32", "40-30", "40-32", "40-34", "42-34", "42-32", "42-36", "42-38"];
const PANT_COMBO_PRICE = 500;
const pantPrices = new Map([
  ...priceLadder(evenSizes(24, 38), 340, 20),
  ...PANT_COMBOS.map((combo) => [combo, PANT_COMBO_PRICE] as const),
]);

// A white pant combo costs 500 plus 30 for each place down the list, counted from 1:
// 38-30 is 530 and 42-34, the sixth, is 680.
const WHITE_PANT_COMBOS = ["38-30", "38-32", "40-30", "40-32", "42-32", "42-34"];
const whitePantPrices = new Map([
  ...priceLadder(evenSizes(22, 36), 320, 30),
  ...WHITE_PANT_COMBOS.map((combo, index) => [combo, 500 + 30 * (index + 1)] as const),
]);

const skirtPrices = priceLadder(evenSizes(14, 32), 300, 20);
const tunikPrices = priceLadder(evenSizes(22, 36), 350, 30);

// The spec prices the class-wise pants no differently from Pant: each keeps the Pant
// price of its size, only the range differs (small waists for the juniors, the
// waist-length combos for the seniors).
function pantSubset(sizes: readonly string[]): Map<string, number> {
  return new Map(sizes.map((size) => [size, pantPrices.get(size) as number]));
}

const UNIFORM_PRICE_TABLE: Record<UniformType, UniformPriceRule> = {
  shirt: listedSizes(shirtPrices, "shirt"),
  // Any other whole-number size (odd, or outside 24-46) is sold at the base price,
  // as the spec says; the picker still offers only the listed sizes.
  "t-shirt": {
    sizes: [...shirtPrices.keys()],
    illustration: "tshirt",
    priceOf: (size) => shirtPrices.get(size) ?? (/^[1-9]\d{0,2}$/.test(size) ? 250 : undefined),
  },
  pant: listedSizes(pantPrices, "pant"),
  "white-pant": listedSizes(whitePantPrices, "pant-white"),
  skirt: listedSizes(skirtPrices, "skirt"),
  tunik: listedSizes(tunikPrices, "tunic"),
  belt: oneSize(100, "belt"),
  tie: oneSize(100, "tie"),
  socks: oneSize(100, "socks"),
  "socks-sized": listedSizes(new Map(["2", "3", "4", "5", "6", "7"].map((size) => [size, 50])), "socks"),

  // The spec gives no price for the items below; these are the shop's own choices,
  // kept in line with the table above.
  "white-tunik": listedSizes(tunikPrices, "tunic-white"),
  "white-skirt": listedSizes(skirtPrices, "skirt-white"),
  "pant-class-1-to-5": listedSizes(pantSubset(evenSizes(24, 32)), "pant"),
  "pant-class-6-to-12": listedSizes(pantSubset([...evenSizes(30, 38), ...PANT_COMBOS]), "pant"),
  lower: listedSizes(priceLadder(evenSizes(24, 38), 300, 20), "lower"),
  "kurti-salwaar": listedSizes(priceLadder(evenSizes(22, 40), 450, 30), "kurti"),
  jacket: listedSizes(priceLadder(evenSizes(24, 46), 600, 30), "jacket"),
};

/** Sizes for the picker, in order; [] means one size (Free Size). */
export function uniformSizes(type: UniformType): readonly string[] {
  return UNIFORM_PRICE_TABLE[type].sizes;
}

/** Price of a school uniform item in a size, or undefined when that size is not sold. */
export function uniformPrice(type: UniformType, size: string | undefined): number | undefined {
  const rule = UNIFORM_PRICE_TABLE[type];
  const wanted = normaliseSize(size) ?? (rule.sizes.length === 0 ? FREE_SIZE : undefined);
  return wanted === undefined ? undefined : rule.priceOf(wanted);
}

export function uniformIllustration(type: UniformType): Illustration {
  return UNIFORM_PRICE_TABLE[type].illustration;
}

// ---------------------------------------------------------------------------------------
// White uniforms (/white-products)
// ---------------------------------------------------------------------------------------

export interface WhiteProduct {
  key: string;
  name: string;
  /** The name on Hindi pages (domain/catalogue-words.ts). */
  nameHi: string;
  image: string;
  illustration: Illustration;
  basePrice: number;
  priceIncrease: number;
  sizes: readonly string[];
  description: string;
  descriptionHi: string;
}

const WHITE_SIZES = evenSizes(22, 42);

function whiteProduct(
  key: string,
  illustration: Illustration,
  basePrice: number,
  priceIncrease: number,
  words: ProductWords,
  sizes: readonly string[] = WHITE_SIZES,
): WhiteProduct {
  return { key, ...words, image: illustrationUrl(illustration), illustration, basePrice, priceIncrease, sizes };
}

export const WHITE_PRODUCTS: readonly WhiteProduct[] = [
  whiteProduct("shirt", "shirt", 299, 20, {
    name: "White Shirt",
    nameHi: "सफ़ेद शर्ट",
    description: "Crisp white cotton-blend shirt for daily assembly and sports days.",
    descriptionHi: "रोज़ की प्रार्थना सभा और खेल के दिनों के लिए कड़क सफ़ेद कॉटन-ब्लेंड शर्ट।",
  }),
  whiteProduct("pant", "pant-white", 349, 30, {
    name: "White Pant",
    nameHi: "सफ़ेद पैंट",
    description: "Plain white trousers with a comfortable elastic-back waist.",
    descriptionHi: "सादी सफ़ेद पैंट, कमर में पीछे इलास्टिक, पहनने में आरामदायक।",
  }),
  whiteProduct("skirt", "skirt-white", 299, 20, {
    name: "White Skirt",
    nameHi: "सफ़ेद स्कर्ट",
    description: "Pleated white skirt with an adjustable waist band.",
    descriptionHi: "प्लीट वाली सफ़ेद स्कर्ट, कमर छोटी-बड़ी हो जाती है।",
  }),
  whiteProduct("shorts", "shorts", 249, 15, {
    name: "White Shorts",
    nameHi: "सफ़ेद निक्कर",
    description: "Breathable white shorts for PT periods and junior classes.",
    descriptionHi: "पीटी पीरियड और छोटी कक्षाओं के लिए हवादार सफ़ेद निक्कर।",
  }),
  whiteProduct("tunik", "tunic-white", 349, 25, {
    name: "White Tunik",
    nameHi: "सफ़ेद ट्यूनिक",
    description: "White tunic dress for primary girls, easy to wash and iron.",
    descriptionHi: "प्राइमरी की लड़कियों के लिए सफ़ेद ट्यूनिक ड्रेस, धोने और प्रेस करने में आसान।",
  }),
  whiteProduct("salwar-suit", "salwar-suit", 399, 30, {
    name: "White Salwar Suit",
    nameHi: "सफ़ेद सलवार सूट",
    description: "White kurta with salwar and dupatta for senior girls.",
    descriptionHi: "बड़ी कक्षाओं की लड़कियों के लिए सफ़ेद कुर्ता, सलवार और दुपट्टा।",
  }),
  whiteProduct(
    "socks",
    "socks",
    49,
    5,
    {
      name: "White Socks",
      nameHi: "सफ़ेद मोज़े",
      description: "Soft cotton white socks with a ribbed cuff.",
      descriptionHi: "मुलायम कॉटन के सफ़ेद मोज़े, ऊपर रिब वाला किनारा।",
    },
    ["XS", "S", "M", "L", "XL"],
  ),
];

export function findWhiteProduct(key: string): WhiteProduct | undefined {
  return WHITE_PRODUCTS.find((product) => product.key === key);
}

/** Base price for the first size, plus the increase for every place further down the list. */
export function whiteProductPrice(product: WhiteProduct, size: string | undefined): number | undefined {
  const wanted = normaliseSize(size);
  const position = wanted === undefined ? -1 : product.sizes.indexOf(wanted);
  return position < 0 ? undefined : product.basePrice + product.priceIncrease * position;
}

// ---------------------------------------------------------------------------------------
// Kids shoes (Class Nursery to 2)
// ---------------------------------------------------------------------------------------

/** Children's sizes run 7 to 12, then start again at 1: the list order is the price order. */
export const KIDS_SHOE_SIZES: readonly string[] = ["7", "8", "9", "10", "11", "12", "1", "2", "3"];
export const KIDS_SHOE_BASE_PRICE = 150;
export const KIDS_SHOE_PRICE_STEP = 20;

export function kidsShoePrice(size: string | undefined): number | undefined {
  const position = KIDS_SHOE_SIZES.indexOf(normaliseSize(size) ?? "");
  return position < 0 ? undefined : KIDS_SHOE_BASE_PRICE + KIDS_SHOE_PRICE_STEP * position;
}

/** The note under the price on a kids shoe page: "Size 9 - Base price ₹150 + ₹20 per size increase". */
export function kidsShoePriceNote(size: string): string {
  return `Size ${size} - Base price ${formatRupees(KIDS_SHOE_BASE_PRICE)} + ${formatRupees(KIDS_SHOE_PRICE_STEP)} per size increase`;
}
