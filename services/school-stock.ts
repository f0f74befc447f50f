/**
 * The shop's own school uniforms on the shelf (decision 180): the owner's rule per school item and the
 * SKU numbers of its sizes, read from the one register stream through the one command handler (kept
 * folded in memory: a load reads only what is new), and each size's stock through the stock service,
 * whose streams, holds and history these SKUs share with the bought-in products.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { findCatalogueProduct } from "../domain/catalogue";
import { findSchool } from "../domain/schools";
import {
  SCHOOL_STOCK_REGISTER,
  schoolStockDecider,
  schoolStockEvents,
  schoolStockSnapshots,
  skuLookup,
  skuSizes,
  type SchoolItemRule,
  type SchoolSku,
  type SkuLookup,
  type WhenOut,
} from "../domain/stock/school-stock";
import type { StockActor } from "../domain/stock/events";
import { catalogueId } from "../domain/catalogue";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents } from "../eventstore/port";
import type { StockService } from "./stock";

/** One size of a school item as the owner's stock page shows it. */
export interface SkuRow {
  size: string;
  sku: number;
  /** Units for sale now (on the shelf less what orders hold). */
  forSale: number;
  /** Units orders not yet shipped hold. */
  held: number;
}

export interface SchoolItemStock {
  item: string;
  name: string;
  nameHi: string;
  /** The owner's rule; undefined while the item is made to order and counts nothing. */
  rule?: { whenOut: WhenOut; leadDays: number | null };
  sizes: SkuRow[];
}

export function createSchoolStockService(deps: { db: Kysely<DB>; store: ShopEvents; stock: StockService }) {
  const { db, store, stock } = deps;
  const register = createCommandHandler(store, { decider: schoolStockDecider, events: schoolStockEvents, snapshots: schoolStockSnapshots }, { cachedStreams: 1 });

  const rules = async () => (await register.load(SCHOOL_STOCK_REGISTER)).state;
  const listeners = new Set<() => void>();

  async function levels(skus: readonly number[]): Promise<Map<number, { forSale: number; held: number }>> {
    if (skus.length === 0) return new Map();
    const rows = await db.selectFrom("stock_levels").select(["product_id", "available", "held"]).where("product_id", "in", [...skus]).execute();
    return new Map(rows.map((row) => [row.product_id, { forSale: row.available, held: row.held }]));
  }

  function rowsOf(rule: SchoolItemRule | undefined, found: Map<number, { forSale: number; held: number }>): SkuRow[] {
    if (!rule) return [];
    return Object.entries(rule.sizes).map(([size, sku]) => ({ size, sku, forSale: found.get(sku)?.forSale ?? 0, held: found.get(sku)?.held ?? 0 }));
  }

  return {
    /** Calls `listener` after the owner changes a rule or a size's stock by hand; returns the unsubscribe. */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Tells the listeners (the web server's page cache) once a change by hand shows, so item pages are built again. */
    shown(): void {
      for (const listener of listeners) listener();
    },

    /** Finds each line's SKU as the register stands now: what an order's change reserves, ships and releases. */
    async lookup(): Promise<SkuLookup> {
      return skuLookup(await rules());
    },

    /** A school item's size and what is for sale of it (the read model's), or undefined while it counts nothing. */
    async shelf(item: string, size: string | undefined): Promise<{ sku: SchoolSku; forSale: number } | undefined> {
      const sku = skuLookup(await rules())(item, size);
      if (!sku) return undefined;
      return { sku, forSale: (await levels([sku.sku])).get(sku.sku)?.forSale ?? 0 };
    },

    /** Each counted size of one item with its SKU and what is on the shelf (for sale and held); undefined while not counted. */
    async onShelf(item: string): Promise<Map<string, { sku: number; onShelf: number }> | undefined> {
      const rule = (await rules()).items[item];
      if (!rule) return undefined;
      const found = await levels(Object.values(rule.sizes));
      return new Map(Object.entries(rule.sizes).map(([size, sku]) => [size, { sku, onShelf: (found.get(sku)?.forSale ?? 0) + (found.get(sku)?.held ?? 0) }]));
    },

    /** Every size of one item: its SKU and what is for sale, in the item's size order. */
    async item(item: string): Promise<{ rule?: SchoolItemRule; sizes: Map<string, { sku: SchoolSku; forSale: number }> }> {
      const rule = (await rules()).items[item];
      const sizes = new Map<string, { sku: SchoolSku; forSale: number }>();
      if (!rule) return { sizes };
      const found = await levels(Object.values(rule.sizes));
      for (const [size, sku] of Object.entries(rule.sizes)) {
        sizes.set(size, { sku: { sku, whenOut: rule.whenOut, leadDays: rule.leadDays }, forSale: found.get(sku)?.forSale ?? 0 });
      }
      return { rule, sizes };
    },

    /** One school's items, counted or not, with each counted size's figures: the owner's stock page. */
    async school(schoolSlug: string): Promise<SchoolItemStock[] | undefined> {
      const school = findSchool(schoolSlug);
      if (!school) return undefined;
      const state = await rules();
      const items = school.items.map((item) => catalogueId.schoolItem(school.slug, item.slug));
      const found = await levels(items.flatMap((id) => Object.values(state.items[id]?.sizes ?? {})));
      return school.items.map((item, index) => {
        const id = items[index];
        const rule = state.items[id];
        const order = skuSizes(id) ?? [];
        return {
          item: id,
          name: item.name,
          nameHi: item.nameHi,
          ...(rule ? { rule: { whenOut: rule.whenOut, leadDays: rule.leadDays } } : {}),
          sizes: rowsOf(rule, found).sort((a, b) => order.indexOf(a.size) - order.indexOf(b.size)),
        };
      });
    },

    /** The owner counts an item from now on (or changes its rule): its sizes get their SKUs the first time. */
    async setRule(item: string, whenOut: WhenOut, leadDays: number | null, actor: StockActor) {
      const handled = await register.handle(SCHOOL_STOCK_REGISTER, { type: "SetSchoolItemStockRule", item, whenOut, leadDays, actor, at: new Date().toISOString() });
      return { changed: handled.changed };
    },

    /** Pieces of each SKU that left with orders (shipped) since `since`: last season's sales for the plan (decision 183). */
    async soldSince(skus: readonly number[], since: Date): Promise<Map<number, number>> {
      if (skus.length === 0) return new Map();
      const rows = await db
        .selectFrom("stock_history")
        .select(["product_id", db.fn.sum<number>("shelf_change").as("moved")])
        .where("product_id", "in", [...skus])
        .where("event_type", "=", "StockShipped")
        .where("at", ">=", since)
        .groupBy("product_id")
        .execute();
      return new Map(rows.map((row) => [row.product_id, -Number(row.moved)]));
    },

    /** The size's SKU for a count or a delivery; undefined while its item counts nothing. */
    async skuOf(item: string, size: string): Promise<number | undefined> {
      return skuLookup(await rules())(item, size)?.sku;
    },

    /** The item and size a SKU number names, for its history page and its label. */
    async named(sku: number): Promise<{ item: string; size: string; school: string; name: string } | undefined> {
      const state = await rules();
      for (const [item, rule] of Object.entries(state.items)) {
        for (const [size, n] of Object.entries(rule.sizes)) {
          if (n !== sku) continue;
          const product = findCatalogueProduct(item);
          return { item, size, school: product?.school?.name ?? "", name: product?.name ?? item };
        }
      }
      return undefined;
    },

    /**
     * A shelf counted by scanning (decision 182): each size scanned is counted at the pieces scanned, one
     * count on each size's stream, in the order given; sizes not scanned are left as they are.
     */
    async countScanned(counted: ReadonlyMap<number, number>, actor: StockActor, reason: string): Promise<{ counted: number; changed: number }> {
      let changed = 0;
      for (const [sku, onShelf] of counted) if ((await stock.count(sku, onShelf, actor, reason)).changed) changed += 1;
      return { counted: counted.size, changed };
    },

    /** The shelf of one size counted: every unit on it, those set aside for orders too (decision 109). */
    count: (sku: number, onShelf: number, actor: StockActor, reason: string) => stock.count(sku, onShelf, actor, reason),
    receive: (sku: number, quantity: number, actor: StockActor, reason: string) => stock.receive(sku, quantity, actor, reason),
  };
}

export type SchoolStockService = ReturnType<typeof createSchoolStockService>;
