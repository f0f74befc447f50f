import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, Link } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { seasonPage } from "../admin/reports.server";
import { ReportChart } from "../admin/components/ReportChart";
import { ItemSelect, ReportTableView } from "../admin/components/ReportParts";
import { metaT, useT } from "../i18n/I18n";
import reportStyles from "../styles/reports.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("reports:season.metaTitle") }];

/** Season planning (decision 136): `?item=&term=&growth=` in the address, figures from the reports' read models. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const page = await seasonPage(context.shop, request);
  return data(page, { status: page.status });
}

export default function SeasonPlanning() {
  const { choices, terms, values, growthLimits, error, figures } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="admin-reports" aria-labelledby="season-title">
      <h1 id="season-title">{t("reports:season.title")}</h1>
      <p>
        <Link to="/admin/reports">{t("reports:backToReports")}</Link>
      </p>
      <p>{t("reports:season.intro")}</p>
      <Form method="get" action="/admin/reports/season" className="season-form">
        <label>
          {t("reports:season.item")}
          <ItemSelect groups={choices.itemGroups} value={values.item} none={t("reports:season.chooseItem")} required />
        </label>
        <label>
          {t("reports:season.termLabel")}
          <select name="term" defaultValue={values.term}>
            {terms.map((term) => (
              <option key={term.value} value={term.value}>
                {term.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("reports:season.growth")}
          <input type="number" name="growth" min={growthLimits.min} max={growthLimits.max} step={1} defaultValue={values.growth} required aria-describedby="growth-hint" />
          <span id="growth-hint" className="hint">
            {t("reports:season.growthHint", growthLimits)}
          </span>
        </label>
        <button type="submit">{t("reports:season.show")}</button>
      </Form>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {figures ? (
        <section aria-labelledby="season-plan">
          <h2 id="season-plan">{figures.heading}</h2>
          <p>{figures.explain}</p>
          <ReportChart
            id="season-chart"
            title={t(figures.byItem ? "reports:season.chartItems" : "reports:season.chart")}
            summary={t(figures.byItem ? "reports:season.chartItemsSummary" : "reports:season.chartSummary")}
            chart={figures.chart}
          />
          <ReportTableView name="season" title={figures.heading} table={{ columns: figures.columns, rows: figures.rows }} totals={figures.totals} csv={figures.csv} />
        </section>
      ) : error ? null : (
        <p>{t("reports:season.empty")}</p>
      )}
    </section>
  );
}
