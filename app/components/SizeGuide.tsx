import type { ReactNode } from "react";
import { useT, type T } from "../i18n/I18n";
import { TableScroll } from "./TableScroll";
import { cmToInches, inchesToCm, type Span } from "../../domain/sizes/charts";
import type { FinderField } from "../../domain/sizes/finder-form";
import { measureName, sizeReasonText } from "../sizes/words";
import type { SizeChartView, SizeGuideView } from "../sizes/view";

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "23–25 in (58–64 cm)": the chart's unit, the other beside it. */
function rangeText(t: T, span: Span, unit: "in" | "cm"): string {
  const own = t("sizes:chart.range", { min: span.min, max: span.max, unit: t(`sizes:unit.${unit}`) });
  const other =
    unit === "in"
      ? t("sizes:chart.range", { min: Math.round(inchesToCm(span.min)), max: Math.round(inchesToCm(span.max)), unit: t("sizes:unit.cm") })
      : t("sizes:chart.range", { min: cmToInches(span.min), max: cmToInches(span.max), unit: t("sizes:unit.in") });
  return `${own} (${other})`;
}

const BODY_FIELDS: readonly FinderField[] = ["chest", "waist", "hip", "leg"];

function fieldLabel(t: T, field: FinderField): string {
  return t(`sizes:finder.${field === "leg" ? "insideLeg" : field === "last" ? "lastSize" : field}`);
}

/** The finder as a plain GET form: the answer is the same page with the advice, JavaScript or not. */
export function SizeFinderForm({ finder, extra }: { finder: Pick<SizeGuideView["finder"], "fields" | "values" | "problems">; extra?: ReactNode }) {
  const t = useT();
  const fields = finder.fields;
  const hasBody = fields.some((field) => BODY_FIELDS.includes(field));
  const problems = Object.keys(finder.problems).length > 0;
  return (
    <form method="get" action="#size-finder" className="size-finder" aria-labelledby="size-finder-title">
      {problems ? (
        <p className="form-message error" role="alert">
          {t("sizes:finder.fix")}
        </p>
      ) : null}
      <div className="size-finder-fields">
        {extra}
        {fields.map((field) => {
          const problem = finder.problems[field];
          const id = `finder-${field}`;
          return (
            <p key={field}>
              <label htmlFor={id}>{fieldLabel(t, field)}</label>
              <input
                id={id}
                name={field}
                type="text"
                inputMode={field === "last" ? "text" : "decimal"}
                size={6}
                maxLength={10}
                defaultValue={finder.values[field] ?? ""}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
              />
              {problem ? (
                <span id={`${id}-problem`} className="field-message error">
                  {t(`sizes:${problem.key}`, problem.values)}
                </span>
              ) : null}
            </p>
          );
        })}
        {hasBody ? (
          <p>
            <label htmlFor="finder-unit">{t("sizes:finder.unit")}</label>
            <select id="finder-unit" name="unit" defaultValue={finder.values.unit === "cm" ? "cm" : "in"}>
              <option value="in">{t("sizes:finder.unitIn")}</option>
              <option value="cm">{t("sizes:finder.unitCm")}</option>
            </select>
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn">
        {t("sizes:finder.submit")}
      </button>
    </form>
  );
}

/**
 * The chart table, its notes and how to measure, with no element ids: the one way a chart is drawn,
 * inside a product page's size guide and in each card of a shelf of several products (/white-products).
 * Its headings are h3: it sits under the guide's or the card's h2.
 */
export function SizeChartTable({ guide, itemName }: { guide: SizeChartView; itemName: string }) {
  const t = useT();
  return (
    <>
      {guide.notes.map((note) => (
        <p key={note}>{t(`sizes:chart.${note}`)}</p>
      ))}
      <TableScroll label={t("sizes:chart.caption", { item: itemName })}>
        <table className="size-chart">
          <caption>{t("sizes:chart.caption", { item: itemName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("sizes:chart.size")}</th>
              <th scope="col">{t("sizes:chart.age")}</th>
              {guide.columns.map(({ measure }) => (
                <th scope="col" key={measure}>
                  {capital(measureName(t, measure))}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {guide.rows.map((row) => (
              <tr key={row.size}>
                <th scope="row">{row.size}</th>
                <td>{row.ageTo === null ? t("sizes:chart.yearsUp", { from: row.ageFrom }) : t("sizes:chart.years", { from: row.ageFrom, to: row.ageTo })}</td>
                {row.cells.map((span, i) => (
                  <td key={guide.columns[i].measure}>{span ? rangeText(t, span, guide.columns[i].unit) : ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {guide.notCharted.length > 0 ? <p>{t("sizes:chart.notCharted", { sizes: guide.notCharted.join(", ") })}</p> : null}
      {guide.edited ? <p className="muted">{t("sizes:chart.edited")}</p> : null}

      <h3>{t("sizes:howTo.title")}</h3>
      <p>{t("sizes:howTo.intro")}</p>
      <ul className="how-to-measure">
        {guide.columns.map(({ measure }) => (
          <li key={measure}>{t(`sizes:howTo.${measure}`)}</li>
        ))}
      </ul>
    </>
  );
}

/** The chart, how to measure, and the finder with its answer: a section of every uniform product page. */
/** `choose`: the advice links to the page with the size picked (a product page; a shelf of several products has no picker). */
export function SizeGuide({ guide, itemName, choose = true }: { guide: SizeGuideView; itemName: string; choose?: boolean }) {
  const t = useT();
  const advice = guide.finder.advice;
  return (
    <section className="size-guide" aria-labelledby="size-chart-title">
      <h2 id="size-chart-title">{t("sizes:chart.title")}</h2>
      <SizeChartTable guide={guide} itemName={itemName} />

      <h3 id="size-finder-title">
        <span id="size-finder">{t("sizes:finder.title")}</span>
      </h3>
      <p>{t("sizes:finder.intro")}</p>
      <SizeFinderForm finder={guide.finder} />
      <p>
        <a href="/size-finder">{t("sizes:finder.open")}</a>
      </p>
      {advice ? (
        <div className="size-advice" role="status" aria-labelledby="size-advice-title">
          <h4 id="size-advice-title">{t("sizes:finder.result")}</h4>
          {advice.kind === "fits" ? (
            <p>
              <strong className="advised-size">{t("sizes:finder.advice")} {advice.size}</strong>{" "}
              {choose ? <a href={`?size=${encodeURIComponent(advice.size)}`}>{t("sizes:finder.choose", { size: advice.size })}</a> : null}
            </p>
          ) : (
            <p>
              <strong>{t("sizes:finder.measureFirst")}</strong>
            </p>
          )}
          <p className="size-reason">{sizeReasonText(t, advice.reason)}</p>
        </div>
      ) : null}
    </section>
  );
}
