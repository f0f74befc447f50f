// The size finder's own page (decision 131): one set of measurements, a size for every item of a
// school (or every kind of item), each with its reason.
import type { Shop } from "../../services/index";
import type { Language } from "../../domain/i18n";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { nameIn, schoolNameIn } from "../../domain/catalogue-words";
import { SCHOOLS, findSchool } from "../../domain/schools";
import { KIT_SIDES, type KitSide } from "../../domain/children/children";
import type { Kit } from "../../domain/kits/kits";
import { CHART_MEASURES, ITEM_KINDS, itemKindOf, type ItemKind } from "../../domain/sizes/charts";
import { findSize, type Measurements, type SizeAdvice } from "../../domain/sizes/finder";
import { FINDER_FIELD_OF, readFinderForm, type FinderField, type FinderProblem, type FinderValues } from "../../domain/sizes/finder-form";

export interface SizeFinderPage {
  schools: { slug: string; name: string }[];
  school: string;
  fields: FinderField[];
  values: FinderValues;
  problems: Partial<Record<FinderField, FinderProblem>>;
  /** Whether the school's boys and girls wear different items: then the page asks which uniform (issue 48). */
  askSide: boolean;
  side: KitSide | null;
  /** The school's whole kit with these measurements filled in, once the parent asked for a school. */
  kitHref: string | null;
  /** One line per item, when the parent asked: the item's name (or kind) and the advice. */
  answers: { name: string | null; kind: ItemKind; href: string | null; advice: SizeAdvice }[] | null;
}

const ALL_BODY: readonly FinderField[] = ["chest", "waist", "hip", "leg", "foot"];

/** The items a school's kits give one uniform: its own kits and those boys and girls share. */
function itemsOfSide(kits: readonly Kit[], side: KitSide): Set<string> {
  return new Set(kits.filter((kit) => kit.side === side || kit.side === "all").flatMap((kit) => kit.items.map((entry) => entry.item)));
}

/** The finder's fields as the kit page asks them (decision 246): the same names but the inside leg's, and the unit. */
function kitQuery(school: string, side: KitSide | null, values: Partial<Record<string, string>>): string {
  const query = new URLSearchParams();
  if (side) query.set("side", side);
  for (const [from, to] of [["age", "age"], ["height", "height"], ["chest", "chest"], ["waist", "waist"], ["hip", "hip"], ["leg", "insideLeg"]] as const) {
    const value = values[from];
    if (value) query.set(to, value);
  }
  if (values.unit === "cm") query.set("unit", "cm");
  const search = query.toString();
  return `/schools/${school}/kit${search ? `?${search}` : ""}`;
}

// Last year's size belongs to one item: this page, for every item, does not ask it.
const withoutLastSize = ({ lastSize: _, ...rest }: Measurements): Measurements => rest;

export async function sizeFinderPage(shop: Shop, request: Request, lang: Language): Promise<{ page: SizeFinderPage; status: number }> {
  const query = new URL(request.url).searchParams;
  const school = findSchool(query.get("school") ?? "");
  const form = readFinderForm(query);
  const charts = await shop.sizes.charts();
  const side = KIT_SIDES.find((candidate) => candidate === query.get("side")) ?? null;
  // Boys' and girls' items, where the school's kits tell them apart: a pant is not a girl's, a skirt not a boy's.
  const kits = school ? await shop.kits.of(school.slug) : [];
  const bySide = { boys: itemsOfSide(kits, "boys"), girls: itemsOfSide(kits, "girls") };
  const otherSideOnly = (own: KitSide) => [...bySide[own === "boys" ? "girls" : "boys"]].filter((item) => !bySide[own].has(item));
  const askSide = otherSideOnly("boys").length > 0 || otherSideOnly("girls").length > 0;
  const notWorn = new Set(side && askSide ? otherSideOnly(side) : []);

  // The school's items with a chart, or every kind with every size its chart holds.
  const items: { name: string | null; kind: ItemKind; href: string | null; sizes: readonly string[] }[] = school
    ? school.items.filter((item) => !notWorn.has(item.slug)).flatMap((item) => {
        const product = findCatalogueProduct(catalogueId.schoolItem(school.slug, item.slug));
        const kind = product && itemKindOf(product);
        return product && kind && !product.comingSoon
          ? [{ name: nameIn(lang, product), kind, href: `/schools/${school.slug}/${item.slug}`, sizes: product.sizes }]
          : [];
      })
    : ITEM_KINDS.map((kind) => ({ name: null, kind, href: null, sizes: charts[kind].rows.map((row) => row.size) }));

  const kinds = new Set(items.map((item) => item.kind));
  const body = ALL_BODY.filter((field) => [...kinds].some((kind) => CHART_MEASURES[kind].some((measure) => FINDER_FIELD_OF[measure] === field)));
  const answers =
    form.asked && "measurements" in form
      ? items.map(({ sizes, ...item }) => {
          const advice = findSize(item.kind, sizes, withoutLastSize(form.measurements), charts);
          // The item's page opens on the size advised (issue 48): its size buttons say what this table says.
          const href = item.href && advice.kind === "fits" ? `${item.href}?${new URLSearchParams({ size: advice.size })}` : item.href;
          return { ...item, href, advice };
        })
      : null;
  return {
    page: {
      schools: SCHOOLS.map((s) => ({ slug: s.slug, name: schoolNameIn(lang, s) })),
      school: school?.slug ?? "",
      fields: ["age", ...body, "height"],
      values: form.values,
      problems: form.asked && "problems" in form ? form.problems : {},
      askSide,
      side: askSide ? side : null,
      kitHref: school && answers ? kitQuery(school.slug, askSide ? side : null, form.values) : null,
      answers,
    },
    status: form.asked && "problems" in form ? 400 : 200,
  };
}
