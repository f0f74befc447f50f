import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { reportsPage } from "../admin/reports.server";
import { ReportChart } from "../admin/components/ReportChart";
import { ReportTableView, ReportFilters } from "../admin/components/ReportParts";
import { metaT, useT } from "../i18n/I18n";
import reportStyles from "../styles/reports.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];
export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("reports:metaTitle") }];

/** The owner's reports (decision 135): the filters in the address, every figure from the reports' read models. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const page = await reportsPage(context.shop, request);
  return data(page, { status: page.status });
}

export default function AdminReports() {
  const { filter, choices, shortcuts, error, figures } = useLoaderData<typeof loader>();
  const t = useT();
  const grain = t(`reports:filters.grain${filter.grain[0].toUpperCase()}${filter.grain.slice(1)}`);
  return (
    <section className="admin-reports" aria-labelledby="reports-title">
      <h1 id="reports-title">{t("reports:title")}</h1>
      <p>
        <Link to="/admin/reports/season">{t("reports:seasonLink")}</Link>
      </p>
      <p>
        <Link to="/admin/reports/payments">{t("reports:paymentsLink")}</Link>
      </p>
      <nav aria-label={t("reports:filters.shortcuts")} className="filter-links">
        <ul className="report-shortcuts">
          {shortcuts.map((s) => (
            <li key={s.href}>
              <Link to={s.href}>{s.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <ReportFilters filter={filter} choices={choices} />
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {figures ? (
        <>
          <p className="report-period">{figures.period}</p>
          {figures.filtered ? <p className="notice">{t("reports:shopWide")}</p> : null}
          <ul className="report-cards" aria-label={t("reports:cards.label")}>
            {figures.cards.map((card) => (
              <li key={card.key} data-card={card.key}>
                <span className="card-label">{card.label}</span>
                <strong className="card-value">{card.value}</strong>
                <span>{card.lastYear}</span>
                <span>{card.change}</span>
              </li>
            ))}
          </ul>

          <section aria-labelledby="report-sales">
            <h2 id="report-sales">{t("reports:sections.sales")}</h2>
            <div className="report-pair">
              <ReportChart id="sales-chart" title={t("reports:sections.salesChart")} summary={t("reports:sections.salesSummary", { grain })} chart={figures.salesChart} />
              <ReportChart
                id="count-chart"
                title={figures.units ? t("reports:sections.unitsChart") : t("reports:sections.countChart")}
                summary={t("reports:sections.countSummary", { grain })}
                chart={figures.countChart}
               />
            </div>
            <ReportTableView name="sales" title={t("reports:sections.sales")} table={figures.tables.sales} csv={figures.csv.sales} />
          </section>

          <section aria-labelledby="report-schools">
            <h2 id="report-schools">{t("reports:sections.schools")}</h2>
            {figures.tables.schools.rows.length > 0 ? (
              <ReportChart id="school-chart" title={t("reports:sections.schoolChart")} summary={t("reports:sections.schoolSummary")} chart={figures.schoolChart} />
            ) : null}
            <ReportTableView name="schools" title={t("reports:sections.schools")} table={figures.tables.schools} csv={figures.csv.schools} />
          </section>

          <section aria-labelledby="report-items">
            <h2 id="report-items">{t("reports:sections.items")}</h2>
            {figures.itemsNote ? <p>{figures.itemsNote}</p> : null}
            <ReportTableView name="items" title={t("reports:sections.items")} table={figures.tables.items} csv={figures.csv.items} />
          </section>

          <section aria-labelledby="report-sizes">
            <h2 id="report-sizes">{t("reports:sections.sizes")}</h2>
            {filter.item ? null : <p>{t("reports:sections.sizeHint")}</p>}
            {figures.sizeChart && figures.sizeItem ? (
              <ReportChart id="size-chart" title={t("reports:sections.sizeChart", { item: figures.sizeItem })} summary={t("reports:sections.sizeSummary")} chart={figures.sizeChart} />
            ) : null}
            <ReportTableView name="sizes" title={t("reports:sections.sizes")} table={figures.tables.sizes} csv={figures.csv.sizes} />
          </section>

          <section aria-labelledby="report-payments">
            <h2 id="report-payments">{t("reports:sections.payments")}</h2>
            <ReportTableView name="payments" title={t("reports:sections.payments")} table={figures.tables.payments} csv={figures.csv.payments} />
          </section>

          <section aria-labelledby="report-totals">
            <h2 id="report-totals">{t("reports:sections.totals")}</h2>
            <ReportTableView name="totals" title={t("reports:sections.totals")} table={figures.tables.totals} csv={figures.csv.totals} />
          </section>
        </>
      ) : null}
    </section>
  );
}
