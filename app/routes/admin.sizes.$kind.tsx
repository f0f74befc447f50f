import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, Link } from "@remix-run/react";
import { Fragment } from "react";
import { chartOverlaps, isItemKind, MEASURE_UNIT, type ItemKind } from "../../domain/sizes/charts";
import { isRuleViolation } from "../../domain/errors";
import { sizeChartForm } from "../../domain/sizes/chart-form";
import { requirePermission } from "../admin/guard.server";
import { chartFormView } from "../admin/sizes.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FieldMessage, FormMessage, fieldProps } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { notFound } from "../offers.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("sizes:admin.title") }];

const SAVED = ["saved", "unchanged", "resetDone"] as const;

function kindOf(param: string | undefined): ItemKind {
  if (!param || !isItemKind(param)) throw notFound("No such size chart");
  return param;
}

/** One kind's chart as a form (decision 132): the owner's rows, or the starting ones to change. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requirePermission(request, context, "catalogue");
  const kind = kindOf(params.kind);
  const entry = (await context.shop.sizes.list()).find((candidate) => candidate.chart.kind === kind)!;
  const saved = new URL(request.url).searchParams.get("saved");
  return {
    chart: chartFormView(entry),
    // Sizes that fit the same figures: said above the form, the chart kept as saved (issue 48).
    overlaps: chartOverlaps(entry.chart),
    saved: SAVED.find((s) => s === saved) ?? null,
    messages: routeMessages(request, "sizes"),
    refusals: refusalTable(request, "sizeForm"),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const me = await requirePermission(request, context, "catalogue");
  const kind = kindOf(params.kind);
  const form = await readPageForm(request, sizeChartForm(kind), { pageFields: ["intent"] });
  if (!form.ok) return form.answer;
  const actor = { kind: "admin" as const, id: me.id, name: me.name };
  try {
    const done = form.value.intent === "reset" ? await context.shop.sizes.reset(kind, actor) : await context.shop.sizes.set(kind, form.value.rows, actor);
    // The page the owner lands on reads the read model: it shows the change.
    if (done.position) await context.shop.waitForReadModels(done.position);
    const saved = !done.changed ? "unchanged" : form.value.intent === "reset" ? "resetDone" : "saved";
    return redirect(`/admin/sizes/${kind}?saved=${saved}`);
  } catch (err) {
    if (isRuleViolation(err)) return form.refuse(refusalText(languageOf(request), err), refusalStatus(err.status));
    throw err;
  }
}

export default function AdminSizeChart() {
  const { chart, saved, overlaps } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state !== "idle";
  const t = useT();
  const item = t(`sizes:kind.${chart.kind}`);
  return (
    // Not a named region: the table's scroll box is the page's one region of that name.
    <section className="admin-size-chart">
      <p>
        <Link to="/admin/sizes">{t("sizes:admin.back")}</Link>
      </p>
      <h1 id="chart-title">{t("sizes:admin.editTitle", { item })}</h1>
      <p>{t("sizes:admin.editIntro")}</p>
      {saved && !result ? (
        <p className="notice" role="status">
          {t(`sizes:admin.${saved}`)}
        </p>
      ) : null}
      <FormMessage result={result} />
      {overlaps.length > 0 ? (
        <div className="notice warning" role="alert">
          <p>{t("sizes:admin.overlapTitle")}</p>
          <ul>
            {overlaps.map((overlap) => (
              <li key={`${overlap.measure}-${overlap.sizes.join("-")}`}>
                {t("sizes:admin.overlap", {
                  a: overlap.sizes[0],
                  b: overlap.sizes[1],
                  measure: t(`sizes:measure.${overlap.measure}`),
                  range: t("sizes:chart.range", { min: overlap.span.min, max: overlap.span.max, unit: t(`sizes:unit.${MEASURE_UNIT[overlap.measure]}`) }),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <TableScroll label={t("sizes:admin.editTitle", { item })}>
          <table className="size-chart-form">
            <thead>
              <tr>
                <th scope="col">{t("sizes:chart.size")}</th>
                <th scope="col">{t("sizes:admin.ageFrom")}</th>
                <th scope="col">{t("sizes:admin.ageTo")}</th>
                {chart.measures.map(({ measure, unit }) => (
                  <th scope="col" key={measure} colSpan={2}>
                    {t(`sizes:measure.${measure}`)} ({t(`sizes:unit.${unit}`)})
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row) => {
                const rowName = row.blank ? t("sizes:admin.addRow") : `${t("sizes:chart.size")} ${row.fields.size.value}`;
                const input = (field: { name: string; value: string }, label: string, width: number) => (
                  <>
                    <input
                      name={field.name}
                      defaultValue={field.value}
                      aria-label={`${rowName}: ${label}`}
                      inputMode={field.name.endsWith("_size") ? "text" : "decimal"}
                      size={width}
                      maxLength={10}
                      {...fieldProps(result, field.name)}
                    />
                    <FieldMessage result={result} name={field.name} />
                  </>
                );
                return (
                  <tr key={row.index}>
                    <td>{input(row.fields.size, row.blank ? t("sizes:admin.addRow") : t("sizes:chart.size"), 6)}</td>
                    <td>{input(row.fields.ageFrom, t("sizes:admin.ageFrom"), 3)}</td>
                    <td>{input(row.fields.ageTo, t("sizes:admin.ageTo"), 3)}</td>
                    {row.spans.map((span) => (
                      <Fragment key={span.measure}>
                        <td>{input(span.min, `${t(`sizes:measure.${span.measure}`)} ${t("sizes:admin.from")}`, 4)}</td>
                        <td>{input(span.max, `${t(`sizes:measure.${span.measure}`)} ${t("sizes:admin.to")}`, 4)}</td>
                      </Fragment>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        <button type="submit" className="btn" disabled={busy}>
          {t("sizes:admin.save")}
        </button>
      </Form>
      {chart.edited ? (
        <Form method="post">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className="btn secondary" disabled={busy}>
            {t("sizes:admin.reset")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
