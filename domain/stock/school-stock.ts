/**
 * The shop's own school uniforms on the shelf (decision 180). Until the owner says otherwise a school
 * item is made to order and counts nothing, as it always was. Once the owner sets an item's stock rule,
 * each of its sizes is a stock-keeping unit (SKU) with a number of its own, and that number is the
 * product id of a stock stream like any bought-in product's (`stock-{sku}`, decision 100): its counts,
 * deliveries, holds, shipments and history are the stock decider's, and orders reserve it with the
 * order. The rule says what happens when a size runs out: stop selling it, or take it as made to order
 * with a lead time the parent sees before paying.
 *
 * Every rule and every number lives in one stream, `schoolStock-register`: numbers are given in order
 * and never change or come back, so an order placed before an item was counted holds nothing on its
 * SKU (shipping or cancelling it then decides nothing), and one placed after holds what it reserved.
 */
import "../zod-in-browser";
import { z } from "zod";
import { findCatalogueProduct } from "../catalogue";
import { RuleViolation } from "../errors";
import type { Decider, Snapshots } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import { FREE_SIZE, normaliseSize } from "../pricing";
import type { StockActor } from "./events";
import { LOW_STOCK_MARK } from "./shelf";

/** What happens when a size is out: "stop" selling it, or "make" it to order in `leadDays`. */
export const WHEN_OUT = ["stop", "make"] as const;
export type WhenOut = (typeof WHEN_OUT)[number];

/**
 * SKU numbers start here: a stock stream's product id above any row of the products table's own
 * (a serial that starts at 1), so `stock-{n}` never names both. The label's code is the SKU less this.
 */
export const SCHOOL_SKU_BASE = 1_000_000_000;

/** A made-to-order size is ready in 1 to 90 days. */
export const MAX_LEAD_DAYS = 90;

export const SCHOOL_STOCK_REGISTER = "schoolStock-register";

export interface SchoolItemStockRuleSet {
  type: "SchoolItemStockRuleSet";
  data: {
    /** The catalogue id of the school item, `school/{school}/{item}`. */
    item: string;
    whenOut: WhenOut;
    /** Days a made-to-order size takes; null when the item stops selling instead. */
    leadDays: number | null;
    /** Sizes that got their SKU number with this rule (the first time, and sizes added to the item since). */
    numbered: { size: string; sku: number }[];
    actor: StockActor;
    at: string;
  };
}

/** The register's whole state every 100 rules: loading it stays one short read. */
export interface SchoolStockSnapshotted {
  type: "SchoolStockSnapshotted";
  data: { next: number; items: Record<string, SchoolItemRule> };
}

export type SchoolStockEvent = SchoolItemStockRuleSet | SchoolStockSnapshotted;

export interface SchoolItemRule {
  whenOut: WhenOut;
  leadDays: number | null;
  /** Size -> SKU number. */
  sizes: Record<string, number>;
}

const actor = z.object({ kind: z.enum(["admin", "system"]), id: z.string().optional(), name: z.string().optional() });
const whenOut = z.enum(WHEN_OUT);
const leadDays = z.number().int().min(1).max(MAX_LEAD_DAYS).nullable();
const sku = z.number().int().positive();

export const schoolStockEvents = createEventRegistry<SchoolStockEvent>("schoolStock", {
  SchoolItemStockRuleSet: {
    version: 1,
    schema: z.object({ item: z.string(), whenOut, leadDays, numbered: z.array(z.object({ size: z.string(), sku })), actor, at: z.string() }),
  },
  SchoolStockSnapshotted: {
    version: 1,
    schema: z.object({
      next: sku,
      items: z.record(z.string(), z.object({ whenOut, leadDays, sizes: z.record(z.string(), sku) })),
    }),
  },
});

export interface SchoolStockState {
  /** The next SKU number to give. */
  next: number;
  items: Record<string, SchoolItemRule>;
}

export const initialSchoolStock = (): SchoolStockState => ({ next: SCHOOL_SKU_BASE + 1, items: {} });

export type SchoolStockCommand = { type: "SetSchoolItemStockRule"; item: string; whenOut: WhenOut; leadDays: number | null; actor: StockActor; at: string };

/** The sizes an item is sold in, as lines name them ("Free Size" for a one-size item). */
export function skuSizes(item: string): string[] | undefined {
  const product = findCatalogueProduct(item);
  if (!product || product.kind !== "school-uniform") return undefined;
  return product.sizes.length ? [...product.sizes] : [FREE_SIZE];
}

function evolve(state: SchoolStockState, event: SchoolStockEvent): SchoolStockState {
  if (event.type === "SchoolStockSnapshotted") return { next: event.data.next, items: structuredClone(event.data.items) };
  const { item, numbered } = event.data;
  const before = state.items[item];
  const sizes = { ...before?.sizes };
  let next = state.next;
  for (const n of numbered) {
    sizes[n.size] = n.sku;
    next = Math.max(next, n.sku + 1);
  }
  return { next, items: { ...state.items, [item]: { whenOut: event.data.whenOut, leadDays: event.data.leadDays, sizes } } };
}

function decide(command: SchoolStockCommand, state: SchoolStockState): SchoolStockEvent[] {
  const sizes = skuSizes(command.item);
  if (!sizes) throw new RuleViolation("schoolStock.notAnItem", {}, 404);
  if (!(WHEN_OUT as readonly string[]).includes(command.whenOut)) throw new RuleViolation("schoolStock.whenOut");
  let days: number | null = null;
  if (command.whenOut === "make") {
    if (!Number.isInteger(command.leadDays) || command.leadDays === null || command.leadDays < 1 || command.leadDays > MAX_LEAD_DAYS) {
      throw new RuleViolation("schoolStock.leadDays", { most: MAX_LEAD_DAYS });
    }
    days = command.leadDays;
  }
  const before = state.items[command.item];
  const numbered: { size: string; sku: number }[] = [];
  let next = state.next;
  for (const size of sizes) if (before?.sizes[size] === undefined) numbered.push({ size, sku: next++ });
  if (before && numbered.length === 0 && before.whenOut === command.whenOut && before.leadDays === days) return [];
  return [{ type: "SchoolItemStockRuleSet", data: { item: command.item, whenOut: command.whenOut, leadDays: days, numbered, actor: command.actor, at: command.at } }];
}

export const schoolStockDecider: Decider<SchoolStockState, SchoolStockCommand, SchoolStockEvent> = {
  initialState: initialSchoolStock,
  evolve,
  decide,
};

export const schoolStockSnapshots: Snapshots<SchoolStockState, SchoolStockEvent> = {
  every: 100,
  type: "SchoolStockSnapshotted",
  take: (state) => ({ type: "SchoolStockSnapshotted", data: { next: state.next, items: structuredClone(state.items) } }),
};

/** A school item's size on the shelf: its SKU and what the item does when it runs out. */
export interface SchoolSku {
  sku: number;
  whenOut: WhenOut;
  leadDays: number | null;
}

/** Finds a line's SKU: undefined for anything that is not a counted school item's size. */
export type SkuLookup = (item: string, size: string | undefined) => SchoolSku | undefined;

export function skuLookup(state: SchoolStockState): SkuLookup {
  return (item, size) => {
    const rule = state.items[item];
    if (!rule) return undefined;
    const wanted = normaliseSize(size) ?? FREE_SIZE;
    const sku = rule.sizes[wanted];
    return sku === undefined ? undefined : { sku, whenOut: rule.whenOut, leadDays: rule.leadDays };
  };
}

/** No school item is counted: the shop as it was before decision 180. */
export const NO_SKUS: SkuLookup = () => undefined;

/**
 * What a parent is told about one size: not counted (made to order, as before), in, "only k left",
 * out (and cannot be added), or made to order in `leadDays` because the shelf has too few.
 */
export type SizeAvailability =
  | { kind: "not counted" }
  | { kind: "in" }
  | { kind: "few"; left: number }
  | { kind: "out" }
  | { kind: "make"; leadDays: number };

export function sizeAvailability(sku: SchoolSku | undefined, forSale: number, wanted = 1): SizeAvailability {
  if (!sku) return { kind: "not counted" };
  // A made-to-order item takes what the shelf cannot give; one that stops selling is out only when nothing is left.
  if (sku.whenOut === "make" && forSale < wanted) return { kind: "make", leadDays: sku.leadDays ?? 0 };
  if (forSale <= 0) return { kind: "out" };
  if (forSale <= LOW_STOCK_MARK) return { kind: "few", left: forSale };
  return { kind: "in" };
}
