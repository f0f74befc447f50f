/**
 * The facts of the items the shop buys in and keeps as catalogue data (decision 142): the kids' shoes,
 * regular shoes, stationery, bottles and bags of domain/accessories.ts. The Legal Metrology
 * (Packaged Commodities) Rules 2011, rule 6(10), ask their page to show the country of origin, the
 * maker or packer with an address and the net quantity; the shop does not make them, so only the
 * owner knows these, and sets them from the admin area. One stream per item, `itemFacts-{itemId}`
 * (a kids' shoe style is one item: the family of its sizes). Every change names the admin who made it;
 * a fact left blank is not set, and the page leaves it out rather than guess it.
 */
import "../zod-in-browser";
import { z } from "zod";
import { listCatalogueProducts, type CatalogueKind, type CatalogueProduct } from "../catalogue";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import type { Actor } from "../orders/events";
import { COUNTRY_MAX, INDIA, MAKER_MAX, NET_QUANTITY_MAX, type ProductFacts } from "./disclosures";

/** The catalogue's shelves of bought-in goods, in the order the shop shows them; school uniforms are the shop's own. */
export const BOUGHT_IN_KINDS = ["kids-shoes", "shoes", "stationery", "bottle", "bags"] as const satisfies readonly CatalogueKind[];
export type BoughtInKind = (typeof BOUGHT_IN_KINDS)[number];

const isBoughtInKind = (kind: CatalogueKind): kind is BoughtInKind => (BOUGHT_IN_KINDS as readonly CatalogueKind[]).includes(kind);

/** Every bought-in catalogue item (a kids' shoe style with all its sizes is one), shelf by shelf. */
export function boughtInItems(): CatalogueProduct[] {
  const items = listCatalogueProducts().filter((product) => isBoughtInKind(product.kind));
  return BOUGHT_IN_KINDS.flatMap((kind) => items.filter((item) => item.kind === kind));
}

/** The bought-in item of this id, or undefined (a school uniform, a /shop product, no such item). */
export function findBoughtInItem(id: string): CatalogueProduct | undefined {
  return boughtInItems().find((item) => item.id === id);
}

/** What the owner set; null is not set. */
export interface ItemFactValues {
  countryOfOrigin: string | null;
  maker: string | null;
  netQuantity: string | null;
}

export const NO_ITEM_FACTS: ItemFactValues = { countryOfOrigin: null, maker: null, netQuantity: null };

export interface ItemFactsSet {
  type: "ItemFactsSet";
  data: { item: string; countryOfOrigin: string | null; maker: string | null; netQuantity: string | null; actor: Actor; at: string };
}

export type ItemFactsEvent = ItemFactsSet;

export const itemFactsStreamId = (item: string) => `itemFacts-${item}`;

const actor = z.object({ kind: z.enum(["admin", "customer", "guest", "system"]), id: z.string().optional(), name: z.string().optional() });
const fact = z.string().nullable();

export const itemFactsEvents = createEventRegistry<ItemFactsEvent>("itemFacts", {
  ItemFactsSet: {
    version: 1,
    schema: z.object({ item: z.string(), countryOfOrigin: fact, maker: fact, netQuantity: fact, actor, at: z.string() }),
  },
});

export interface ItemFactsState {
  facts: ItemFactValues;
}

export type ItemFactsCommand = { type: "SetItemFacts"; item: string; facts: ItemFactValues; actor: Actor; at: string };

/** One line, its spaces as one: what a person meant by what they typed. Blank is not set. */
function tidy(value: string | null): string | null {
  const text = value?.replace(/\s+/g, " ").trim() ?? "";
  return text === "" ? null : text;
}

/** India as an owner may type it, in English or Hindi: kept as INDIA, which each page words in its language. */
const INDIA_SPELLINGS: readonly string[] = ["india", "bharat", "भारत"];

/** The values as the stream keeps them (India spelled the shop's one way, so a page words it in its language); refuses one too long. */
export function checkedFacts(given: ItemFactValues): ItemFactValues {
  const countryOfOrigin = tidy(given.countryOfOrigin);
  const maker = tidy(given.maker);
  const netQuantity = tidy(given.netQuantity);
  if (countryOfOrigin !== null && countryOfOrigin.length > COUNTRY_MAX) throw new RuleViolation("itemFacts.countryTooLong", { most: COUNTRY_MAX }, 422);
  if (maker !== null && maker.length > MAKER_MAX) throw new RuleViolation("itemFacts.makerTooLong", { most: MAKER_MAX }, 422);
  if (netQuantity !== null && netQuantity.length > NET_QUANTITY_MAX) throw new RuleViolation("itemFacts.netQuantityTooLong", { most: NET_QUANTITY_MAX }, 422);
  return { countryOfOrigin: countryOfOrigin !== null && INDIA_SPELLINGS.includes(countryOfOrigin.toLowerCase()) ? INDIA : countryOfOrigin, maker, netQuantity };
}

const same = (a: ItemFactValues, b: ItemFactValues) => a.countryOfOrigin === b.countryOfOrigin && a.maker === b.maker && a.netQuantity === b.netQuantity;

export const itemFactsDecider: Decider<ItemFactsState, ItemFactsCommand, ItemFactsEvent> = {
  initialState: () => ({ facts: NO_ITEM_FACTS }),
  evolve(_state, event) {
    const { countryOfOrigin, maker, netQuantity } = event.data;
    return { facts: { countryOfOrigin, maker, netQuantity } };
  },
  decide(command, state) {
    // Only the catalogue's bought-in items: the shop's own uniforms are made by the shop, /shop products keep theirs in their row.
    if (!findBoughtInItem(command.item)) throw new RuleViolation("itemFacts.notAnItem", {}, 404);
    const facts = checkedFacts(command.facts);
    // Saving the same facts again records nothing: the history shows changes only.
    if (same(state.facts, facts)) return [];
    return [{ type: "ItemFactsSet", data: { item: command.item, ...facts, actor: command.actor, at: command.at } }];
  },
};

/** Whether the owner has set any fact of the item. */
export const hasAnyFact = (facts: ItemFactValues) => facts.countryOfOrigin !== null || facts.maker !== null || facts.netQuantity !== null;

/** A bought-in item's facts as its page shows them: what the owner set, nothing guessed (never "made by the shop"). */
export function boughtInFacts(facts: ItemFactValues): ProductFacts {
  return { countryOfOrigin: facts.countryOfOrigin, maker: facts.maker, netQuantity: facts.netQuantity, madeByShop: false };
}
