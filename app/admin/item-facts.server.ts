// The admin's page of the catalogue's bought-in items and their facts (decision 142): every item shelf
// by shelf with what the owner set, and the one being changed (?edit=<item id>) as its form shows it.
// A pure view model from what the item facts service read.
import type { CatalogueProduct } from "../../domain/catalogue";
import { nameIn } from "../../domain/catalogue-words";
import type { Language } from "../../domain/i18n";
import { BOUGHT_IN_KINDS, NO_ITEM_FACTS, type BoughtInKind, type ItemFactValues } from "../../domain/seller/item-facts";
import type { ItemFactsOnFile } from "../../services/item-facts";
import { adminTime } from "./orders.server";

/** ?saved= after a save: the note's key (seller:itemFacts.saved.*). */
const SAVED = ["saved", "unchanged"] as const;

export interface ItemFactsRow {
  id: string;
  name: string;
  /** A kids' shoe style is one item in all its sizes. */
  allSizes: boolean;
  facts: ItemFactValues;
  changed: { by: string; at: string } | null;
}

export function itemFactsView(items: readonly CatalogueProduct[], onFile: ReadonlyMap<string, ItemFactsOnFile>, params: URLSearchParams, lang: Language) {
  const row = (item: CatalogueProduct): ItemFactsRow => {
    const own = onFile.get(item.id);
    return {
      id: item.id,
      name: nameIn(lang, item),
      allSizes: item.sizes.length > 1,
      facts: own?.facts ?? NO_ITEM_FACTS,
      changed: own?.changed ? { by: own.changed.by, at: adminTime(own.changed.at, lang) } : null,
    };
  };
  const editing = items.find((item) => item.id === params.get("edit"));
  const saved = SAVED.find((s) => s === params.get("saved")) ?? null;
  const savedItem = items.find((item) => item.id === params.get("item"));
  return {
    shelves: BOUGHT_IN_KINDS.map((kind: BoughtInKind) => ({ kind, items: items.filter((item) => item.kind === kind).map(row) })),
    editing: editing ? row(editing) : null,
    saved: saved && savedItem ? { note: saved, item: nameIn(lang, savedItem) } : null,
  };
}

export type ItemFactsView = ReturnType<typeof itemFactsView>;
