// The size finder's own page (decision 131): one set of measurements, a size for every item of a
// school (or every kind of item), each with its reason.
import type { Shop } from "../../services/index";
import type { Language } from "../../domain/i18n";
import { catalogueId, findCatalogueProduct } from "../../domain/catalogue";
import { nameIn, schoolNameIn } from "../../domain/catalogue-words";
import { SCHOOLS, findSchool } from "../../domain/schools";
import { CHART_MEASURES, ITEM_KINDS, itemKindOf, type ItemKind } from "../../domain/sizes/charts";
import { findSize, type Measurements, type SizeAdvice } from "../../domain/sizes/finder";
import { FINDER_FIELD_OF, readFinderForm, type FinderField, type FinderProblem, type FinderValues } from "../../domain/sizes/finder-form";

export interface SizeFinderPage {
  schools: { slug: string; name: string }[];
  school: string;
  fields: FinderField[];
  values: FinderValues;
  problems: Partial<Record<FinderField, FinderProblem>>;
  /** One line per item, when the parent asked: the item's name (or kind) and the advice. */
  answers: { name: string | null; kind: ItemKind; href: string | null; advice: SizeAdvice }[] | null;
}

const ALL_BODY: readonly FinderField[] = ["chest", "waist", "hip", "leg", "foot"];

// Last year's size belongs to one item: this page, for every item, does not ask it.
const withoutLastSize = ({ lastSize: _, ...rest }: Measurements): Measurements => rest;

export async function sizeFinderPage(shop: Shop, request: Request, lang: Language): Promise<{ page: SizeFinderPage; status: number }> {
  const query = new URL(request.url).searchParams;
  const school = findSchool(query.get("school") ?? "");
  const form = readFinderForm(query);
  const charts = await shop.sizes.charts();

  // The school's items with a chart, or every kind with every size its chart holds.
  const items: { name: string | null; kind: ItemKind; href: string | null; sizes: readonly string[] }[] = school
    ? school.items.flatMap((item) => {
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
      answers,
    },
    status: form.asked && "problems" in form ? 400 : 200,
  };
}
