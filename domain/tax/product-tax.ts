/**
 * The HSN code and tax class of a product of the shop's table (`product/{n}`, /admin/products): facts the owner sets,
 * never guessed from its name (decision 200). One stream per product, `productTax-{id}`, with one event,
 * `ProductTaxSet`, through this decider and the one command handler, like the facts of bought-in items (decision 142).
 *
 * Until the owner sets them a product reads its category's default from the rate table (./rates.ts), shown on the
 * form with that source, as a product's stock opened from its old column (decision 100): the shop's migration path.
 * A category with no default (accessories: a belt, a bottle and a badge have nothing in common) has no facts until
 * the owner sets them, and is not sold before (`productTax.notSet`).
 *
 * The class gives the rate (the rate table's rule for it, SHOP_GST_RATES for the classes that are settings); the HSN
 * code is 4 or 6 digits (rule 46 and Notification 78/2020-CT: 4 digits up to ₹5 crore turnover, 6 above) and of a
 * chapter the class's goods are in, so a rate the schedule gives that heading is the rate charged.
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { ShopCategory } from "../shop-products";
import { TAX_CLASSES, TAX_CLASS_RULES, type TaxClass } from "./rates";

/** What an order line and an invoice line need of a product: its HSN code and its class (the class gives the rate). */
export interface ProductTax {
  hsn: string;
  taxClass: TaxClass;
}

/** 4 or 6 digits. */
export const HSN_PATTERN = /^\d{4}(\d{2})?$/;

/**
 * The chapters (first two digits of the HSN) a class's goods are in; an empty list: any chapter (the standard rate).
 * Garments are knitted (61) or not (62); a bottle or lunch box steel (73), plastic (39) or aluminium (76).
 */
export const CLASS_CHAPTERS: Readonly<Record<TaxClass, readonly string[]>> = {
  shirt: ["61", "62"],
  tshirt: ["61", "62"],
  trousers: ["61", "62"],
  skirt: ["61", "62"],
  socks: ["61", "62"],
  tie: ["61", "62"],
  jacket: ["61", "62"],
  blazer: ["61", "62"],
  sweater: ["61", "62"],
  footwear: ["64"],
  notebook: ["48"],
  "geometry-box": ["90"],
  belt: ["42", "39"],
  bag: ["42"],
  bottle: ["73", "39", "76"],
  "lunch-box": ["73", "39", "76"],
  calculator: ["84"],
  "art-kit": ["96", "95", "32", "48"],
  other: [],
};

/** The rate table's default for a product of each category of /shop; accessories have none. */
export const CATEGORY_TAX: Readonly<Record<ShopCategory, TaxClass | null>> = {
  shirt: "shirt",
  pants: "trousers",
  // Heading 6204 holds girls' skirts and dresses alike.
  skirt: "skirt",
  dress: "skirt",
  blazer: "blazer",
  tie: "tie",
  socks: "socks",
  shoes: "footwear",
  accessories: null,
};

/** The default facts of a category (the class's HSN in the rate table), or undefined. */
export function categoryTax(category: ShopCategory): ProductTax | undefined {
  const taxClass = CATEGORY_TAX[category];
  return taxClass ? { hsn: TAX_CLASS_RULES[taxClass].hsn, taxClass } : undefined;
}

/** The refusal key of facts that cannot be a product's, or undefined when they can. */
export function productTaxProblem(facts: { hsn: string; taxClass: string }): "productTax.hsnFormat" | "productTax.classUnknown" | "productTax.hsnNotOfClass" | undefined {
  if (!(TAX_CLASSES as readonly string[]).includes(facts.taxClass)) return "productTax.classUnknown";
  if (!HSN_PATTERN.test(facts.hsn)) return "productTax.hsnFormat";
  const chapters = CLASS_CHAPTERS[facts.taxClass as TaxClass];
  if (chapters.length > 0 && !chapters.includes(facts.hsn.slice(0, 2))) return "productTax.hsnNotOfClass";
  return undefined;
}

/** The values a refusal of `productTaxProblem` names. */
export function productTaxValues(facts: { hsn: string; taxClass: string }): Record<string, string> {
  const chapters = (TAX_CLASSES as readonly string[]).includes(facts.taxClass) ? CLASS_CHAPTERS[facts.taxClass as TaxClass] : [];
  return { hsn: facts.hsn, taxClass: facts.taxClass, chapters: chapters.join(", ") };
}

/** Who set them (an order's actor, without importing the order events, which carry these facts on their lines). */
export interface ProductTaxActor {
  kind: "admin" | "customer" | "guest" | "system";
  id?: string;
  name?: string;
}

export interface ProductTaxSet {
  type: "ProductTaxSet";
  data: { productId: number; hsn: string; taxClass: TaxClass; actor: ProductTaxActor; at: string };
}

export type ProductTaxEvent = ProductTaxSet;

export const productTaxStreamId = (productId: number) => `productTax-${productId}`;

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });

export const productTaxEvents = createEventRegistry<ProductTaxEvent>("productTax", {
  ProductTaxSet: {
    version: 1,
    schema: z.object({ productId: z.number().int().positive(), hsn: z.string(), taxClass: z.enum(TAX_CLASSES), actor, at: z.string() }),
  },
});

export interface ProductTaxState {
  /** What the owner set; undefined while the product reads its category's default. */
  facts?: ProductTax;
  changed?: { by: string; at: string };
}

export type ProductTaxCommand = { type: "SetProductTax"; productId: number; facts: ProductTax; actor: ProductTaxActor; at: string };

export const productTaxDecider: Decider<ProductTaxState, ProductTaxCommand, ProductTaxEvent> = {
  initialState: () => ({}),
  evolve(_state, event) {
    const { hsn, taxClass, actor: by, at } = event.data;
    return { facts: { hsn, taxClass }, changed: { by: by.name ?? by.id ?? by.kind, at } };
  },
  decide(command, state) {
    const facts = { hsn: command.facts.hsn.trim(), taxClass: command.facts.taxClass };
    // The problem is a refusal's key ("productTax.hsnFormat"...), worded from the locales.
    const key = productTaxProblem(facts);
    if (key) throw new RuleViolation(key, productTaxValues(facts), 422);
    if (state.facts && state.facts.hsn === facts.hsn && state.facts.taxClass === facts.taxClass) return [];
    return [{ type: "ProductTaxSet", data: { productId: command.productId, ...facts, actor: command.actor, at: command.at } }];
  },
};

/** A product's facts as the shop reads them: what the owner set, else its category's default, else none. */
export type ProductTaxOnFile =
  | { facts: ProductTax; from: "owner"; changed: { by: string; at: string } }
  | { facts: ProductTax; from: "default" }
  | { facts?: undefined; from: "none" };

export function productTaxOnFile(state: ProductTaxState, category: ShopCategory): ProductTaxOnFile {
  if (state.facts) return { facts: state.facts, from: "owner", changed: state.changed ?? { by: "", at: "" } };
  const fallback = categoryTax(category);
  return fallback ? { facts: fallback, from: "default" } : { from: "none" };
}
