/**
 * Class kits (issue 34, decision 134): what a child of a school wears, by class range and by the
 * school's boys' or girls' uniform, as items and counts ("DPS, classes 1-5, boys: shirt x2, pant x2,
 * belt, tie, socks x3"). Every school starts with the kit its item set in the school list gives
 * (`defaultKits`); the owner changes it per school in the admin area, as events of one stream per
 * school (`kit-{schoolSlug}`) decided here. The kit a child needs is `kitFor`; what the shop makes
 * of it in the child's sizes is ./build.ts.
 */
import "../zod-in-browser";
import { z } from "zod";
import { CLASSES, type ClassName, type KitSide } from "../children/children";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import { findSchool, type School } from "../schools";

/** The most of one item a kit asks for: a week of socks, not a shelf. */
export const MAX_KIT_COUNT = 9;
/** Items in one kit: far above a uniform, low enough to refuse junk. */
export const MAX_KIT_ITEMS = 12;

/** A kit's side: one of the school's uniforms, or "all" where boys and girls wear the same. */
export const KIT_FOR = ["all", "boys", "girls"] as const;
export type KitFor = (typeof KIT_FOR)[number];

export interface KitItem {
  /** The school item's slug (domain/schools.ts). */
  item: string;
  count: number;
}

export interface Kit {
  /** First and last class of the range, as `CLASSES` names them; inclusive. */
  from: ClassName;
  to: ClassName;
  side: KitFor;
  items: KitItem[];
}

export const kitStreamId = (schoolSlug: string) => `kit-${schoolSlug}`;

const classIndex = (name: ClassName) => CLASSES.indexOf(name);

// ---------------------------------------------------------------------------------------
// The kits a school starts with
// ---------------------------------------------------------------------------------------

/** The first item of `slugs` the school sells. */
function firstSold(school: School, slugs: readonly string[]): string | undefined {
  return slugs.find((slug) => school.items.some((item) => item.slug === slug));
}

function kitItems(school: School, garment: readonly string[], tie: readonly string[]): KitItem[] {
  const items: KitItem[] = [];
  const add = (slug: string | undefined, count: number) => {
    if (slug) items.push({ item: slug, count });
  };
  add(firstSold(school, ["shirt"]), 2);
  add(firstSold(school, garment), 2);
  add(firstSold(school, ["belt"]), 1);
  add(firstSold(school, tie), 1);
  add(firstSold(school, ["socks-1", "socks", "socks-2"]), 3);
  return items;
}

/**
 * From the school's item set (spec: shirt, pant or skirt/tunik, belt, tie, socks): the small classes
 * (Nursery to 5) wear the small tie and, where the school has them, the class 1-5 pant and the tunik;
 * classes 6 to 12 the big tie, the class 6-12 pant and the skirt. A side with no garment of its own
 * (a girls' school sells no pant) has no kit; two sides alike are one kit for all.
 */
export function defaultKits(school: School): Kit[] {
  const ranges: { from: ClassName; to: ClassName; pant: string[]; girls: string[]; tie: string[] }[] = [
    { from: "Nursery", to: "5", pant: ["pant-class-1-to-5", "pant"], girls: ["tunik", "skirt"], tie: ["tie-small", "tie-big"] },
    { from: "6", to: "12", pant: ["pant-class-6-to-12", "pant"], girls: ["skirt", "tunik"], tie: ["tie-big", "tie-small"] },
  ];
  const kits: Kit[] = [];
  for (const range of ranges) {
    const hasPant = firstSold(school, range.pant) !== undefined;
    const hasGirls = firstSold(school, range.girls) !== undefined;
    const boys = hasPant ? kitItems(school, range.pant, range.tie) : undefined;
    const girls = hasGirls ? kitItems(school, range.girls, range.tie) : undefined;
    if (boys && girls && JSON.stringify(boys) === JSON.stringify(girls)) kits.push({ from: range.from, to: range.to, side: "all", items: boys });
    else {
      if (boys) kits.push({ from: range.from, to: range.to, side: "boys", items: boys });
      if (girls) kits.push({ from: range.from, to: range.to, side: "girls", items: girls });
    }
  }
  return kits;
}

/** The kit for a class and side: the side's own first, else one for all. */
export function kitFor(kits: readonly Kit[], className: ClassName, side: KitSide | undefined): Kit | undefined {
  const at = classIndex(className);
  const covers = (kit: Kit) => classIndex(kit.from) <= at && at <= classIndex(kit.to);
  return (side ? kits.find((kit) => kit.side === side && covers(kit)) : undefined) ?? kits.find((kit) => kit.side === "all" && covers(kit));
}

// ---------------------------------------------------------------------------------------
// Events and rules
// ---------------------------------------------------------------------------------------

export type KitEvent =
  | { type: "KitSet"; data: { school: string; from: ClassName; to: ClassName; side: KitFor; items: KitItem[]; actor: string; at: string } }
  | { type: "KitRemoved"; data: { school: string; from: ClassName; to: ClassName; side: KitFor; actor: string; at: string } };

const range = { school: z.string(), from: z.enum(CLASSES), to: z.enum(CLASSES), side: z.enum(KIT_FOR), actor: z.string(), at: z.string() };

// The owner's name as the admin area signs it is the shop's own record, not a parent's data.
export const kitEvents = createEventRegistry<KitEvent>("kit", {
  KitSet: { version: 1, schema: z.object({ ...range, items: z.array(z.object({ item: z.string(), count: z.number().int() })) }) },
  KitRemoved: { version: 1, schema: z.object(range) },
});

/** A school's kits: `null` until the owner first changes one (then the defaults are where changes start). */
export interface KitState {
  kits: Kit[] | null;
}

const sameRange = (a: Pick<Kit, "from" | "to" | "side">, b: Pick<Kit, "from" | "to" | "side">) =>
  a.from === b.from && a.to === b.to && a.side === b.side;

/** Today's kits of a school: the owner's, or the ones its item set gives. */
export function kitsOf(state: KitState, school: School): Kit[] {
  return state.kits ?? defaultKits(school);
}

function startingKits(state: KitState, schoolSlug: string): Kit[] {
  if (state.kits) return state.kits;
  const school = findSchool(schoolSlug);
  return school ? defaultKits(school) : [];
}

/** In class order, boys before girls: the admin page and the school page read them so. */
function ordered(kits: Kit[]): Kit[] {
  return [...kits].sort((a, b) => classIndex(a.from) - classIndex(b.from) || KIT_FOR.indexOf(a.side) - KIT_FOR.indexOf(b.side));
}

export function evolve(state: KitState, event: KitEvent): KitState {
  const kits = startingKits(state, event.data.school);
  switch (event.type) {
    case "KitSet": {
      const { from, to, side, items } = event.data;
      return { kits: ordered([...kits.filter((kit) => !sameRange(kit, event.data)), { from, to, side, items: items.map((i) => ({ ...i })) }]) };
    }
    case "KitRemoved":
      return { kits: kits.filter((kit) => !sameRange(kit, event.data)) };
    default:
      return state;
  }
}

export type KitCommand =
  | { type: "SetKit"; school: string; kit: Kit; actor: string; at: string }
  | { type: "RemoveKit"; school: string; from: ClassName; to: ClassName; side: KitFor; actor: string; at: string };

/** Two ranges of the same side (or of "all" and a side) that share a class would give a child two kits. */
function overlaps(a: Kit, b: Pick<Kit, "from" | "to" | "side">): boolean {
  const sides = a.side === b.side || a.side === "all" || b.side === "all";
  return sides && classIndex(a.from) <= classIndex(b.to) && classIndex(b.from) <= classIndex(a.to);
}

export function decide(command: KitCommand, state: KitState): KitEvent[] {
  const school = findSchool(command.school);
  if (!school) throw new RuleViolation("kits.unknownSchool", {}, 404);
  const kits = kitsOf(state, school);
  switch (command.type) {
    case "SetKit": {
      const { kit } = command;
      if (classIndex(kit.from) < 0 || classIndex(kit.to) < 0) throw new RuleViolation("kits.unknownClass");
      if (classIndex(kit.from) > classIndex(kit.to)) throw new RuleViolation("kits.rangeBackwards", { from: kit.from, to: kit.to });
      const items = kit.items.filter((i) => i.count > 0);
      if (items.length === 0) throw new RuleViolation("kits.empty");
      if (items.length > MAX_KIT_ITEMS) throw new RuleViolation("kits.tooManyItems", { max: MAX_KIT_ITEMS });
      const seen = new Set<string>();
      for (const { item, count } of items) {
        const sold = school.items.find((candidate) => candidate.slug === item);
        if (!sold) throw new RuleViolation("kits.notSold", { item });
        if (seen.has(item)) throw new RuleViolation("kits.itemTwice", { item: sold.name });
        seen.add(item);
        if (!Number.isInteger(count) || count > MAX_KIT_COUNT) throw new RuleViolation("kits.countOutOfRange", { item: sold.name, max: MAX_KIT_COUNT });
      }
      const clash = kits.find((other) => !sameRange(other, kit) && overlaps(other, kit));
      if (clash) throw new RuleViolation("kits.overlap", { from: clash.from, to: clash.to }, 409);
      const same = kits.find((other) => sameRange(other, kit));
      if (same && JSON.stringify(same.items) === JSON.stringify(items)) return [];
      return [{ type: "KitSet", data: { school: school.slug, from: kit.from, to: kit.to, side: kit.side, items, actor: command.actor, at: command.at } }];
    }
    case "RemoveKit": {
      const { from, to, side } = command;
      if (!kits.some((kit) => sameRange(kit, { from, to, side }))) return [];
      return [{ type: "KitRemoved", data: { school: school.slug, from, to, side, actor: command.actor, at: command.at } }];
    }
  }
}

export const kitDecider: Decider<KitState, KitCommand, KitEvent> = { initialState: () => ({ kits: null }), evolve, decide };
