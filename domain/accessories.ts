// The accessory pages: fixed-price products (spec section 9) and the kids shoe styles,
// whose price follows the size (see kidsShoePrice in ./pricing).
import type { ProductWords } from "./catalogue-words";
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
  /** The name on Hindi pages (domain/catalogue-words.ts `nameIn`). */
  nameHi: string;
  price: number;
  image: string;
  illustration: Illustration;
  description: string;
  descriptionHi: string;
  sizes: readonly string[];
}

function fixedPrice(id: string, price: number, illustration: Illustration, words: ProductWords, sizes: readonly string[] = []): FixedPriceProduct {
  return { id, ...words, price, image: illustrationUrl(illustration), illustration, sizes };
}

/** Shoes for Class 3 to 12 come in sizes 3 to 10. */
export const REGULAR_SHOE_SIZES: readonly string[] = ["3", "4", "5", "6", "7", "8", "9", "10"];

export const REGULAR_SHOES: readonly FixedPriceProduct[] = [
  fixedPrice("school-formal-shoes", 550, "shoe", {
    name: "School Formal Shoes",
    nameHi: "स्कूल के फ़ॉर्मल जूते",
    description: "Black leather-finish lace-up shoes that take a daily polish.",
    descriptionHi: "काले लेदर-फ़िनिश वाले फीतेदार जूते, रोज़ पॉलिश करने लायक।",
  }, REGULAR_SHOE_SIZES),
  fixedPrice("sports-shoes", 750, "shoe", {
    name: "Sports Shoes",
    nameHi: "स्पोर्ट्स जूते",
    description: "Cushioned white sports shoes with a non-marking sole for PT.",
    descriptionHi: "पीटी के लिए गद्देदार सफ़ेद स्पोर्ट्स जूते, सोल फ़र्श पर निशान नहीं छोड़ता।",
  }, REGULAR_SHOE_SIZES),
  fixedPrice("canvas-shoes", 420, "shoe", {
    name: "Canvas Shoes",
    nameHi: "कैनवस जूते",
    description: "Light canvas shoes with rubber toe caps, easy to wash.",
    descriptionHi: "हल्के कैनवस जूते, आगे रबर लगा हुआ, धोने में आसान।",
  }, REGULAR_SHOE_SIZES),
  fixedPrice("school-sandals", 350, "sandal", {
    name: "School Sandals",
    nameHi: "स्कूल सैंडल",
    description: "Strapped black sandals with a buckle for the hot months.",
    descriptionHi: "गर्मी के महीनों के लिए बकल वाली काली पट्टेदार सैंडल।",
  }, REGULAR_SHOE_SIZES),
];

export const STATIONERY: readonly FixedPriceProduct[] = [
  fixedPrice("premium-school-notebook", 45, "notebook", {
    name: "Premium School Notebook",
    nameHi: "प्रीमियम स्कूल कॉपी",
    description: "172-page ruled notebook with a sturdy laminated cover.",
    descriptionHi: "172 पेज की लाइन वाली कॉपी, मज़बूत लैमिनेटेड कवर के साथ।",
  }),
  fixedPrice("geometric-box-set", 120, "geometry-box", {
    name: "Geometric Box Set",
    nameHi: "ज्योमेट्री बॉक्स सेट",
    description: "Compass, divider, protractor, set squares, scale, pencil and eraser in a metal box.",
    descriptionHi: "धातु के डिब्बे में परकार, डिवाइडर, चाँदा, सेट स्क्वेयर, स्केल, पेंसिल और रबर।",
  }),
  fixedPrice("art-and-craft-kit", 85, "art-kit", {
    name: "Art & Craft Kit",
    nameHi: "आर्ट और क्राफ़्ट किट",
    description: "Crayons, sketch pens, glue stick and coloured paper for art periods.",
    descriptionHi: "आर्ट पीरियड के लिए क्रेयॉन, स्केच पेन, ग्लू स्टिक और रंगीन कागज़।",
  }),
  fixedPrice("scientific-calculator", 150, "calculator", {
    name: "Scientific Calculator",
    nameHi: "साइंटिफ़िक कैलकुलेटर",
    description: "240-function calculator allowed in board exams, with a battery.",
    descriptionHi: "बोर्ड परीक्षा में ले जाने लायक 240 फ़ंक्शन वाला कैलकुलेटर, बैटरी के साथ।",
  }),
];

export const BOTTLES: readonly FixedPriceProduct[] = [
  fixedPrice("steel-water-bottle", 180, "bottle", {
    name: "Steel Water Bottle (750 ml)",
    nameHi: "स्टील की पानी की बोतल (750 ml)",
    description: "Leak-proof stainless steel bottle with a flip-top sipper.",
    descriptionHi: "न टपकने वाली स्टेनलेस स्टील की बोतल, फ़्लिप-टॉप सिपर के साथ।",
  }),
  fixedPrice("insulated-water-bottle", 250, "bottle", {
    name: "Insulated Water Bottle (1 litre)",
    nameHi: "पानी ठंडा रखने वाली बोतल (1 लीटर)",
    description: "Double-walled bottle that keeps water cool through a Churu summer day.",
    descriptionHi: "दोहरी दीवार वाली बोतल, चूरू की गर्मी में भी दिन भर पानी ठंडा रखती है।",
  }),
  fixedPrice("steel-lunch-box", 320, "lunchbox", {
    name: "Steel Lunch Box, 3 Containers",
    nameHi: "स्टील लंच बॉक्स, 3 डिब्बे",
    description: "Three stacking steel containers in an insulated zip bag.",
    descriptionHi: "एक के ऊपर एक रखे तीन स्टील के डिब्बे, गरम-ठंडा बचाने वाले ज़िप बैग में।",
  }),
  fixedPrice("kids-lunch-box", 150, "lunchbox", {
    name: "Kids Lunch Box with Spoon",
    nameHi: "बच्चों का लंच बॉक्स, चम्मच के साथ",
    description: "Food-grade plastic box with a spoon and a small snack tray.",
    descriptionHi: "फ़ूड-ग्रेड प्लास्टिक का डिब्बा, चम्मच और नाश्ते की छोटी ट्रे के साथ।",
  }),
];

export const BAGS: readonly FixedPriceProduct[] = [
  fixedPrice("classic-school-backpack", 550, "bag", {
    name: "Classic School Backpack",
    nameHi: "क्लासिक स्कूल बैग",
    description: "Two roomy compartments, padded straps and a bottle pocket.",
    descriptionHi: "दो बड़े खाने, गद्देदार पट्टे और बोतल की जेब।",
  }),
  fixedPrice("senior-ergonomic-backpack", 750, "bag", {
    name: "Senior Ergonomic Backpack",
    nameHi: "बड़ी कक्षाओं का आरामदायक बैग",
    description: "Padded back panel and chest strap for heavy senior-class books.",
    descriptionHi: "बड़ी कक्षाओं की भारी किताबों के लिए गद्देदार पीठ और सीने का पट्टा।",
  }),
  fixedPrice("junior-school-bag", 450, "bag", {
    name: "Junior School Bag",
    nameHi: "जूनियर स्कूल बैग",
    description: "Light water-resistant bag sized for primary classes.",
    descriptionHi: "प्राइमरी कक्षाओं के नाप का हल्का बैग, पानी से बचाता है।",
  }),
  fixedPrice("nursery-kids-backpack", 380, "bag", {
    name: "Nursery Kids Backpack",
    nameHi: "नर्सरी के बच्चों का बैग",
    description: "Small cheerful backpack for nursery and KG children.",
    descriptionHi: "नर्सरी और केजी के बच्चों के लिए छोटा, रंग-बिरंगा बैग।",
  }),
];

/** One line of a kids shoe's feature list, in both languages. */
export interface Feature {
  text: string;
  textHi: string;
}

export interface KidsShoeStyle {
  slug: string;
  name: string;
  nameHi: string;
  image: string;
  illustration: Illustration;
  description: string;
  descriptionHi: string;
  /** The English lines (kept for whoever reads only English). */
  features: readonly string[];
  featuresHi: readonly string[];
}

// Features parents meet on several styles, written once in both languages.
const FEATURE = {
  polishable: { text: "Polishable synthetic leather upper", textHi: "ऊपर पॉलिश होने वाला सिंथेटिक लेदर" },
  cushionedInsole: { text: "Cushioned insole", textHi: "अंदर गद्देदार तला" },
  antiSkid: { text: "Anti-skid rubber sole", textHi: "न फिसलने वाला रबर का सोल" },
  washableCanvas: { text: "Washable canvas upper", textHi: "ऊपर धुलने वाला कैनवस" },
  paddedCollar: { text: "Padded collar", textHi: "एड़ी के पास गद्दा" },
  flexibleSole: { text: "Flexible rubber sole", textHi: "मुड़ने वाला रबर का सोल" },
  velcro: { text: "Easy hook-and-loop strap", textHi: "आसानी से चिपकने वाला वेल्क्रो पट्टा" },
  softToe: { text: "Soft toe cap", textHi: "आगे से मुलायम" },
  breathableLining: { text: "Breathable lining", textHi: "अंदर हवादार अस्तर" },
  lightSole: { text: "Lightweight sole", textHi: "हल्का सोल" },
  buckle: { text: "Adjustable buckle strap", textHi: "छोटा-बड़ा होने वाला बकल पट्टा" },
  cushionedFootbed: { text: "Cushioned footbed", textHi: "गद्देदार तला" },
  nonMarking: { text: "Non-marking sole", textHi: "फ़र्श पर निशान न छोड़ने वाला सोल" },
  wipeClean: { text: "Wipe-clean upper", textHi: "कपड़े से पोंछकर साफ़ होने वाला ऊपरी हिस्सा" },
  mesh: { text: "Breathable mesh upper", textHi: "ऊपर हवादार जाली" },
  shockAbsorbing: { text: "Shock-absorbing sole", textHi: "झटका सह लेने वाला सोल" },
  strap: { text: "Easy strap closure", textHi: "पट्टे से आसानी से बंद" },
} as const satisfies Record<string, Feature>;

/** Each style's own drawing until the owner photographs it: its colour, and its laces, strap or bar (decision 139). */
const KIDS_SHOE_DRAWINGS: Readonly<Record<string, Illustration>> = {
  "white-shoes-laces": "kids-shoe-white",
  "black-velcro-shoes": "kids-shoe-velcro",
  "white-velcro-shoes": "kids-shoe-velcro-white",
  "girl-black-shoes": "kids-shoe-bar",
  "girls-white-shoes": "kids-shoe-bar-white",
};

function kidsShoe(slug: string, words: ProductWords, features: readonly Feature[]): KidsShoeStyle {
  const illustration = KIDS_SHOE_DRAWINGS[slug] ?? "kids-shoe";
  return {
    slug,
    ...words,
    image: illustrationUrl(illustration),
    illustration,
    features: features.map((feature) => feature.text),
    featuresHi: features.map((feature) => feature.textHi),
  };
}

export const KIDS_SHOE_STYLES: readonly KidsShoeStyle[] = [
  kidsShoe(
    "black-shoes-laces",
    {
      name: "Black Shoes with Laces",
      nameHi: "फीते वाले काले जूते",
      description: "Classic black school shoes with laces for everyday wear.",
      descriptionHi: "रोज़ पहनने के लिए फीते वाले काले स्कूल जूते।",
    },
    [FEATURE.polishable, FEATURE.cushionedInsole, FEATURE.antiSkid],
  ),
  kidsShoe(
    "white-shoes-laces",
    {
      name: "White Shoes with Laces",
      nameHi: "फीते वाले सफ़ेद जूते",
      description: "White lace-up shoes for PT days and house events.",
      descriptionHi: "पीटी के दिन और हाउस के कार्यक्रमों के लिए फीते वाले सफ़ेद जूते।",
    },
    [FEATURE.washableCanvas, FEATURE.paddedCollar, FEATURE.flexibleSole],
  ),
  kidsShoe(
    "black-velcro-shoes",
    {
      name: "Black Velcro Shoes",
      nameHi: "काले वेल्क्रो जूते",
      description: "Black school shoes that small children can fasten on their own.",
      descriptionHi: "काले स्कूल जूते, जिन्हें छोटे बच्चे खुद बंद कर लेते हैं।",
    },
    [FEATURE.velcro, FEATURE.softToe, FEATURE.antiSkid],
  ),
  kidsShoe(
    "white-velcro-shoes",
    {
      name: "White Velcro Shoes",
      nameHi: "सफ़ेद वेल्क्रो जूते",
      description: "White strap shoes for nursery and KG sports periods.",
      descriptionHi: "नर्सरी और केजी के खेल पीरियड के लिए पट्टे वाले सफ़ेद जूते।",
    },
    [FEATURE.velcro, FEATURE.breathableLining, FEATURE.lightSole],
  ),
  kidsShoe(
    "girl-black-shoes",
    {
      name: "Girls Black Shoes",
      nameHi: "लड़कियों के काले जूते",
      description: "Black bar shoes with a buckle strap for girls.",
      descriptionHi: "लड़कियों के लिए बकल के पट्टे वाले काले जूते।",
    },
    [FEATURE.buckle, FEATURE.cushionedFootbed, FEATURE.nonMarking],
  ),
  kidsShoe(
    "girls-white-shoes",
    {
      name: "Girls White Shoes",
      nameHi: "लड़कियों के सफ़ेद जूते",
      description: "White bar shoes for girls, for PT and functions.",
      descriptionHi: "लड़कियों के लिए पट्टे वाले सफ़ेद जूते, पीटी और समारोहों के लिए।",
    },
    [FEATURE.buckle, FEATURE.wipeClean, FEATURE.nonMarking],
  ),
  kidsShoe(
    "sports-shoes",
    {
      name: "Kids Sports Shoes",
      nameHi: "बच्चों के स्पोर्ट्स जूते",
      description: "Light running shoes for games periods and sports day.",
      descriptionHi: "खेल पीरियड और स्पोर्ट्स डे के लिए हल्के, दौड़ने वाले जूते।",
    },
    [FEATURE.mesh, FEATURE.shockAbsorbing, FEATURE.strap],
  ),
];

export function findKidsShoeStyle(slug: string): KidsShoeStyle | undefined {
  return KIDS_SHOE_STYLES.find((style) => style.slug === slug);
}
