// The size finder's reasons in the page's language (decision 131): the finder gives a key of the
// `sizes` namespace and plain values; the measure and its unit are words of their own here, so a
// sentence reads "Chest 24 in (61 cm) ..." in English and "छाती 24 इंच (61 सेमी) ..." in Hindi.
import type { T } from "../i18n/I18n";
import { MEASURES, cmToInches, inchesToCm, type Measure } from "../../domain/sizes/charts";
import type { SizeReason } from "../../domain/sizes/finder";

const isMeasure = (value: unknown): value is Measure => typeof value === "string" && (MEASURES as readonly string[]).includes(value);

/** "24 in (61 cm)" or "19 cm (7.5 in)": a figure in the chart's unit with the other beside it. */
export function amountText(t: T, value: number, unit: "in" | "cm"): string {
  if (unit === "in") return `${value} ${t("sizes:unit.in")} (${Math.round(inchesToCm(value))} ${t("sizes:unit.cm")})`;
  return `${value} ${t("sizes:unit.cm")} (${cmToInches(value)} ${t("sizes:unit.in")})`;
}

export function measureName(t: T, measure: Measure): string {
  return t(`sizes:measure.${measure}`);
}

/** A reason of `findSize` as a sentence, its first letter a capital where the language has them. */
export function sizeReasonText(t: T, reason: SizeReason): string {
  const values: Record<string, string | number> = { ...reason.values };
  if (isMeasure(reason.values.measure)) values.measure = measureName(t, reason.values.measure);
  const unit = reason.values.unit;
  if (typeof reason.values.value === "number" && (unit === "in" || unit === "cm")) values.amount = amountText(t, reason.values.value, unit);
  const text = t(`sizes:${reason.key}`, values);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
