/**
 * The admin's form of a bought-in catalogue item's facts (/admin/products/facts, decision 142) for the
 * page form pipeline (decision 088): the item (a page field), its country of origin, maker or packer
 * with address, and net quantity, each within the limits the disclosures keep (COUNTRY_MAX, MAKER_MAX,
 * NET_QUANTITY_MAX). A field left blank is a fact not set. The item facts decider judges the rest.
 */
import "../zod-in-browser";
import { z } from "zod";
import { COUNTRY_MAX, MAKER_MAX, NET_QUANTITY_MAX } from "../seller/disclosures";
import type { ItemFactValues } from "../seller/item-facts";

/** The form's refusals, in English; their Hindi is in app/locales/hi/refusals.json (`itemFactsForm`). */
export const ITEM_FACTS_FORM_MESSAGES = {
  noSuchItem: "Please send this form from the page of the catalogue's items.",
  countryTooLong: `The country of origin can be at most ${COUNTRY_MAX} characters.`,
  makerTooLong: `The maker or packer can be at most ${MAKER_MAX} characters.`,
  netQuantityTooLong: `The net quantity can be at most ${NET_QUANTITY_MAX} characters.`,
} as const;

const fact = (most: number, message: string) =>
  z
    .string()
    .trim()
    .max(most, { error: message })
    .default("")
    .transform((text) => (text === "" ? null : text));

export const itemFactsForm = z
  .object({
    item: z.string({ error: ITEM_FACTS_FORM_MESSAGES.noSuchItem }).min(1, { error: ITEM_FACTS_FORM_MESSAGES.noSuchItem }).max(100, { error: ITEM_FACTS_FORM_MESSAGES.noSuchItem }),
    country: fact(COUNTRY_MAX, ITEM_FACTS_FORM_MESSAGES.countryTooLong),
    maker: fact(MAKER_MAX, ITEM_FACTS_FORM_MESSAGES.makerTooLong),
    quantity: fact(NET_QUANTITY_MAX, ITEM_FACTS_FORM_MESSAGES.netQuantityTooLong),
  })
  .transform(({ item, country, maker, quantity }): { item: string; facts: ItemFactValues } => ({
    item,
    facts: { countryOfOrigin: country, maker, netQuantity: quantity },
  }));

/** The pipeline's caps only stop what no person types (the schema's limits answer in their own words); the item is the page's. */
export const ITEM_FACTS_FORM_OPTIONS = {
  maxLength: { item: 200, country: COUNTRY_MAX * 4, maker: MAKER_MAX * 4, quantity: NET_QUANTITY_MAX * 4 },
  labels: { country: "Country of origin", maker: "Maker or packer", quantity: "Net quantity" },
  pageFields: ["item"],
} as const;
