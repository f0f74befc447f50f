/**
 * The form of /account/children (decision 133) as a zod schema for the page form pipeline
 * (app/forms/form.server.ts): which field carries which. The rules (five at most, the name, the
 * ranges) are the children decider's (domain/children/children.ts); this only reads the typed figures,
 * converting inches to centimetres, and says which known size belongs to which of the school's items.
 */
import "../zod-in-browser";
import { z } from "zod";
import { CLASSES, KIT_SIDES, type ChildDetails, type ChildMeasurements, type ClassName } from "../children/children";
import { findSchool } from "../schools";

export const CHILD_FORM_MESSAGES = {
  notANumber: "Please write a measurement as a number, like 61 or 61.5.",
  chooseUnit: "Please choose inches or centimetres.",
  unknownSchool: "Please choose the child's school from the list.",
  unknownClass: "Please choose the child's class from the list.",
  nameRequired: "Please write the child's first name or a nickname.",
} as const;

const NOT_THIS_PAGE = "Please send this form from the shop's page.";

/** A figure as typed: digits, at most one decimal; checked against its range by the decider. */
const figure = z
  .string({ error: CHILD_FORM_MESSAGES.notANumber })
  .regex(/^\d{1,3}(?:[.,]\d)?$/, CHILD_FORM_MESSAGES.notANumber)
  .transform((typed) => Number(typed.replace(",", ".")))
  .optional();
const knownSize = z.string({ error: NOT_THIS_PAGE }).max(12).optional();

/** The known sizes the form asks for: the items every school's kit is made of. */
export const KNOWN_SIZE_FIELDS = ["sizeShirt", "sizePant", "sizeSkirt", "sizeTunik"] as const;

const details = {
  name: z.string({ error: CHILD_FORM_MESSAGES.nameRequired }),
  school: z.string({ error: CHILD_FORM_MESSAGES.unknownSchool }),
  className: z.enum(CLASSES, { error: CHILD_FORM_MESSAGES.unknownClass }),
  kit: z.enum(KIT_SIDES, { error: NOT_THIS_PAGE }).optional(),
  unit: z.enum(["in", "cm"], { error: CHILD_FORM_MESSAGES.chooseUnit }).default("in"),
  age: figure,
  height: figure,
  chest: figure,
  waist: figure,
  hip: figure,
  insideLeg: figure,
  foot: figure,
  sizeShirt: knownSize,
  sizePant: knownSize,
  sizeSkirt: knownSize,
  sizeTunik: knownSize,
};

export const childForm = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("add"), ...details }),
    z.object({ intent: z.literal("change"), childId: z.string({ error: NOT_THIS_PAGE }).uuid(NOT_THIS_PAGE), ...details }),
    z.object({ intent: z.literal("remove"), childId: z.string({ error: NOT_THIS_PAGE }).uuid(NOT_THIS_PAGE) }),
  ],
  { error: NOT_THIS_PAGE },
);

export const CHILD_FORM_LIMITS = {
  maxLength: { name: 60 },
  labels: { name: "First name or nickname", school: "School", className: "Class", age: "Age", chest: "Chest", waist: "Waist" },
  pageFields: ["intent", "childId"],
} as const;

type Typed = z.output<typeof childForm> & { intent: "add" | "change" };

/** The school item a known size is for: the pant of the child's classes where a school sells two. */
export function knownSizeItem(field: (typeof KNOWN_SIZE_FIELDS)[number], schoolSlug: string, className: ClassName): string {
  if (field === "sizeShirt") return "shirt";
  if (field === "sizeSkirt") return "skirt";
  if (field === "sizeTunik") return "tunik";
  const school = findSchool(schoolSlug);
  const small = CLASSES.indexOf(className) <= CLASSES.indexOf("5");
  const pants = small ? ["pant-class-1-to-5", "pant"] : ["pant-class-6-to-12", "pant"];
  return pants.find((slug) => school?.items.some((item) => item.slug === slug)) ?? "pant";
}

/** The form's field for a known size of an item, for filling the form in again. */
export function knownSizeField(item: string): (typeof KNOWN_SIZE_FIELDS)[number] | undefined {
  if (item === "shirt") return "sizeShirt";
  if (item === "skirt") return "sizeSkirt";
  if (item === "tunik") return "sizeTunik";
  return item.startsWith("pant") ? "sizePant" : undefined;
}

const inCm = (value: number | undefined, unit: "in" | "cm") => (value === undefined ? undefined : unit === "in" ? Math.round(value * 25.4) / 10 : value);

/** The child as the decider takes it: body measures in centimetres, known sizes by the school's items. */
export function childFromForm(typed: Typed): ChildDetails {
  const measurements: ChildMeasurements = {};
  const set = (key: keyof ChildMeasurements, value: number | undefined) => {
    if (value !== undefined) measurements[key] = value;
  };
  set("ageYears", typed.age);
  set("heightCm", typed.height);
  set("chestCm", inCm(typed.chest, typed.unit));
  set("waistCm", inCm(typed.waist, typed.unit));
  set("hipCm", inCm(typed.hip, typed.unit));
  set("insideLegCm", inCm(typed.insideLeg, typed.unit));
  set("footCm", typed.foot);
  const sizes: Record<string, string> = {};
  for (const field of KNOWN_SIZE_FIELDS) {
    const size = typed[field]?.trim();
    if (size) sizes[knownSizeItem(field, typed.school, typed.className)] = size;
  }
  return { name: typed.name, school: typed.school, className: typed.className, ...(typed.kit ? { kit: typed.kit } : {}), measurements, sizes };
}
