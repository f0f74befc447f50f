/**
 * The children a signed-in parent keeps on the account (issue 34, decision 133): a first name or
 * nickname, the school and class, which of the school's uniforms (boys' or girls') where the school
 * has both, and what the parent knows of the child's size: measurements, or the size of an item last
 * bought. Nothing else is asked: no birth date, no surname, no photo. One stream per parent
 * (`children-{userId}`), so the limit of five is decided against everything the parent has.
 *
 * Every field the parent wrote about a child is personal (`accountSubject`): the store seals it
 * under the parent's key and erasing the account erases the children with it (docs/privacy.md).
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation, refusal } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry, type PersonalFields } from "../events/registry";
import { accountSubject } from "../privacy/subjects";
import { findSchool } from "../schools";
import { CHILD_NAME_MAX, KNOWN_SIZE_MAX, MAX_CHILDREN } from "./limits";


/** The classes a school in Churu teaches, as parents write them. */
export const CLASSES = ["Nursery", "LKG", "UKG", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"] as const;
export type ClassName = (typeof CLASSES)[number];

/** Which of the school's uniforms: asked only because kits differ (shirt and pant, or shirt and skirt). */
export const KIT_SIDES = ["boys", "girls"] as const;
export type KitSide = (typeof KIT_SIDES)[number];

/** What the size finder reads (domain/sizes/finder.ts `Measurements`), in centimetres and years. */
export interface ChildMeasurements {
  ageYears?: number;
  heightCm?: number;
  chestCm?: number;
  waistCm?: number;
  hipCm?: number;
  insideLegCm?: number;
  footCm?: number;
}

/** The measurements the form asks for, with the range a child's figure can be in (outside: a typing slip). */
export const MEASUREMENT_RANGES: Readonly<Record<keyof ChildMeasurements, { min: number; max: number }>> = {
  ageYears: { min: 2, max: 20 },
  heightCm: { min: 60, max: 200 },
  chestCm: { min: 40, max: 130 },
  waistCm: { min: 35, max: 130 },
  hipCm: { min: 40, max: 140 },
  insideLegCm: { min: 25, max: 110 },
  footCm: { min: 10, max: 32 },
};

export const MEASUREMENT_KEYS = Object.keys(MEASUREMENT_RANGES) as (keyof ChildMeasurements)[];

/** A child as the parent described them. */
export interface ChildDetails {
  name: string;
  /** The school's slug (domain/schools.ts). */
  school: string;
  className: ClassName;
  kit?: KitSide;
  measurements: ChildMeasurements;
  /** Sizes the parent knows, by the school item's slug ("shirt" -> "30"): the finder's `lastSize`. */
  sizes: Record<string, string>;
}

export interface Child extends ChildDetails {
  id: string;
  /** When the details were last written (ISO): an age or a chest measured then has grown since. */
  updatedAt: string;
}

export type ChildrenEvent =
  | { type: "ChildAdded"; data: ChildDetails & { userId: string; childId: string; at: string } }
  | { type: "ChildChanged"; data: ChildDetails & { userId: string; childId: string; at: string } }
  | { type: "ChildRemoved"; data: { userId: string; childId: string; at: string } };

export const childrenStreamId = (userId: string) => `children-${userId}`;

// What is stored, not the rules (the decider keeps those): an event once decided stays readable.
const measurements = z.object({
  ageYears: z.number().optional(),
  heightCm: z.number().optional(),
  chestCm: z.number().optional(),
  waistCm: z.number().optional(),
  hipCm: z.number().optional(),
  insideLegCm: z.number().optional(),
  footCm: z.number().optional(),
});
const details = z.object({
  userId: z.string(),
  childId: z.string(),
  name: z.string(),
  school: z.string(),
  className: z.enum(CLASSES),
  kit: z.enum(KIT_SIDES).optional(),
  measurements,
  sizes: z.record(z.string(), z.string()),
  at: z.string(),
});

/** Everything the parent wrote about the child; the ids and the time are the shop's own. */
const childPersonal: PersonalFields<{ userId: string }> = {
  subject: (data) => accountSubject(data.userId),
  paths: ["name", "school", "className", "kit", "measurements", "sizes"],
};

export const childrenEvents = createEventRegistry<ChildrenEvent>("children", {
  ChildAdded: { version: 1, schema: details, personal: childPersonal },
  ChildChanged: { version: 1, schema: details, personal: childPersonal },
  ChildRemoved: { version: 1, schema: z.object({ userId: z.string(), childId: z.string(), at: z.string() }) },
});

// ---------------------------------------------------------------------------------------
// State and rules
// ---------------------------------------------------------------------------------------

export interface ChildrenState {
  children: Child[];
}

function childOf(data: ChildDetails & { childId: string; at: string }): Child {
  const { childId, at, name, school, className, kit, measurements: m, sizes } = data;
  return { id: childId, name, school, className, ...(kit ? { kit } : {}), measurements: { ...m }, sizes: { ...sizes }, updatedAt: at };
}

export function evolve(state: ChildrenState, event: ChildrenEvent): ChildrenState {
  switch (event.type) {
    case "ChildAdded":
      return { children: [...state.children, childOf(event.data)] };
    case "ChildChanged":
      return { children: state.children.map((c) => (c.id === event.data.childId ? childOf(event.data) : c)) };
    case "ChildRemoved":
      return { children: state.children.filter((c) => c.id !== event.data.childId) };
    default:
      return state;
  }
}

export type ChildrenCommand =
  | { type: "AddChild"; userId: string; childId: string; child: ChildDetails; at: string }
  | { type: "ChangeChild"; userId: string; childId: string; child: ChildDetails; at: string }
  | { type: "RemoveChild"; userId: string; childId: string; at: string };

/** Spaces tidied, so "  Asha " and "Asha" are one child. */
const tidyName = (name: string) => name.trim().replace(/\s+/g, " ");

/** The field rules: what the form checks, checked again here so no other door can store less. */
export function checkChild(child: ChildDetails): ChildDetails {
  const name = tidyName(child.name);
  if (name.length === 0) throw new RuleViolation("children.nameRequired");
  if (name.length > CHILD_NAME_MAX) throw new RuleViolation("children.nameTooLong", { max: CHILD_NAME_MAX });
  const school = findSchool(child.school);
  if (!school) throw new RuleViolation("children.unknownSchool");
  if (!(CLASSES as readonly string[]).includes(child.className)) throw new RuleViolation("children.unknownClass");
  const measured: ChildMeasurements = {};
  for (const key of MEASUREMENT_KEYS) {
    const value = child.measurements[key];
    if (value === undefined) continue;
    const { min, max } = MEASUREMENT_RANGES[key];
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new RuleViolation("children.measurementOutOfRange", { field: refusal(`childFields.${key}`), min, max }, 422);
    }
    measured[key] = value;
  }
  const sizes: Record<string, string> = {};
  for (const [item, size] of Object.entries(child.sizes)) {
    const trimmed = size.trim();
    if (trimmed === "") continue;
    if (!school.items.some((i) => i.slug === item)) throw new RuleViolation("children.unknownItem", { item });
    if (trimmed.length > KNOWN_SIZE_MAX) throw new RuleViolation("children.sizeTooLong", { max: KNOWN_SIZE_MAX });
    sizes[item] = trimmed;
  }
  return { name, school: school.slug, className: child.className, ...(child.kit ? { kit: child.kit } : {}), measurements: measured, sizes };
}

function sameDetails(a: ChildDetails, b: ChildDetails): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Two children called the same would be one line in the cart's eyes and the parent's. */
function nameTaken(state: ChildrenState, name: string, except?: string): boolean {
  const folded = name.toLocaleLowerCase();
  return state.children.some((c) => c.id !== except && c.name.toLocaleLowerCase() === folded);
}

export function decide(command: ChildrenCommand, state: ChildrenState): ChildrenEvent[] {
  switch (command.type) {
    case "AddChild": {
      // The same form sent twice (a double tap) lands once.
      if (state.children.some((c) => c.id === command.childId)) return [];
      const child = checkChild(command.child);
      if (state.children.length >= MAX_CHILDREN) throw new RuleViolation("children.tooMany", { max: MAX_CHILDREN }, 409);
      if (nameTaken(state, child.name)) throw new RuleViolation("children.nameTaken", { name: child.name }, 409);
      return [{ type: "ChildAdded", data: { ...child, userId: command.userId, childId: command.childId, at: command.at } }];
    }
    case "ChangeChild": {
      const existing = state.children.find((c) => c.id === command.childId);
      if (!existing) throw new RuleViolation("children.notFound", {}, 404);
      const child = checkChild(command.child);
      if (nameTaken(state, child.name, existing.id)) throw new RuleViolation("children.nameTaken", { name: child.name }, 409);
      const { id: _id, updatedAt: _at, ...before } = existing;
      if (sameDetails(before, child)) return [];
      return [{ type: "ChildChanged", data: { ...child, userId: command.userId, childId: command.childId, at: command.at } }];
    }
    case "RemoveChild":
      // Removing a child already gone (another tab) is done, not an error.
      return state.children.some((c) => c.id === command.childId)
        ? [{ type: "ChildRemoved", data: { userId: command.userId, childId: command.childId, at: command.at } }]
        : [];
  }
}

export const childrenDecider: Decider<ChildrenState, ChildrenCommand, ChildrenEvent> = {
  initialState: () => ({ children: [] }),
  evolve,
  decide,
};

/** The child's age now: the age the parent gave, plus the whole years since they gave it. */
export function ageNow(child: Pick<Child, "measurements" | "updatedAt">, now: Date): number | undefined {
  const age = child.measurements.ageYears;
  if (age === undefined) return undefined;
  return age + wholeYearsBetween(new Date(child.updatedAt), now);
}

/** Whole years from `from` to `to` (0 when `to` is earlier). */
export function wholeYearsBetween(from: Date, to: Date): number {
  let years = to.getUTCFullYear() - from.getUTCFullYear();
  const before =
    to.getUTCMonth() < from.getUTCMonth() || (to.getUTCMonth() === from.getUTCMonth() && to.getUTCDate() < from.getUTCDate());
  if (before) years -= 1;
  return Math.max(0, years);
}
