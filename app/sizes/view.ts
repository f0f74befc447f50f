// The view model of a product's size chart and finder: shared by the presenter (size-guide.server.ts)
// and the component that draws it, which may not import a server module.
import type { ItemKind, Measure, Span } from "../../domain/sizes/charts";
import type { SizeAdvice } from "../../domain/sizes/finder";
import type { FinderField, FinderProblem, FinderValues } from "../../domain/sizes/finder-form";

export type ChartNote = "chestSized" | "lengthSized" | "shoeSized" | "combos";

export interface SizeGuideView {
  kind: ItemKind;
  columns: { measure: Measure; unit: "in" | "cm" }[];
  rows: { size: string; ageFrom: number; ageTo: number | null; cells: (Span | null)[] }[];
  notes: ChartNote[];
  /** Sizes the product is sold in that the chart has no row for. */
  notCharted: string[];
  edited: boolean;
  finder: {
    fields: FinderField[];
    values: FinderValues;
    problems: Partial<Record<FinderField, FinderProblem>>;
    advice: SizeAdvice | null;
  };
}


/** The part of a guide the chart table and how to measure need: each card of a shelf carries only this. */
export type SizeChartView = Pick<SizeGuideView, "columns" | "rows" | "notes" | "notCharted" | "edited">;
