import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { paymentsPeriod, paymentsReportPage } from "../admin/payments-report.server";
import { requirePermission } from "../admin/guard.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:takings.metaTitle") }];

/**
 * The payments report (decision 224): what came in by method and day after refunds, how each payment was matched to
 * its order, the wait from order to payment, and what is not matched yet. The period is a plain GET form (JS off or
 * on); a period that is not one is a 400 that says why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const period = paymentsPeriod(new URL(request.url));
  const messages = routeMessages(request, "payment");
  if (period.error) return data({ period, error: period.error, report: null, messages }, { status: 400 });
  const report = paymentsReportPage(await context.shop.payments.paymentsReport(period.from, period.to));
  return { period, error: null, report, messages };
}

export default function AdminPaymentsReport() {
  const { period, error, report } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="admin-reports" aria-labelledby="takings-title">
      <p>
        <Link to="/admin/reports">{t("payment:takings.back")}</Link>
      </p>
      <h1 id="takings-title">{t("payment:takings.title")}</h1>
      <Form method="get" aria-label={t("payment:takings.period")}>
        <div className="form-field">
          <label htmlFor="takings-from">{t("payment:takings.from")}</label>
          <input id="takings-from" name="from" type="date" defaultValue={period.from} required />
        </div>
        <div className="form-field">
          <label htmlFor="takings-to">{t("payment:takings.to")}</label>
          <input id="takings-to" name="to" type="date" defaultValue={period.to} required />
        </div>
        <button type="submit">{t("payment:takings.show")}</button>
      </Form>
      {error ? (
        <p className="error" role="alert">
          {t(`payment:takings.error.${error}`)}
        </p>
      ) : null}
      {report ? (
        <>
          <p role="status">{t("payment:takings.showing", { from: report.from, to: report.to })}</p>
          <section>
            <h2 id="takings-methods">{t("payment:takings.byMethod")}</h2>
            <TableScroll label={t("payment:takings.byMethod")}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("payment:takings.col.method")}</th>
                    <th scope="col">{t("payment:takings.col.received")}</th>
                    <th scope="col">{t("payment:takings.col.refunded")}</th>
                    <th scope="col">{t("payment:takings.col.net")}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.methods.map((m) => (
                    <tr key={m.method} data-method={m.method}>
                      <th scope="row">{t(`payment:takings.method.${m.method}`)}</th>
                      <td>{m.received}</td>
                      <td>{m.refunded}</td>
                      <td>{m.net}</td>
                    </tr>
                  ))}
                  <tr data-method="all">
                    <th scope="row">{t("payment:takings.total")}</th>
                    <td>{report.total.received}</td>
                    <td>{report.total.refunded}</td>
                    <td>{report.total.net}</td>
                  </tr>
                </tbody>
              </table>
            </TableScroll>
          </section>
          <section>
            <h2 id="takings-days">{t("payment:takings.byDay")}</h2>
            {report.days.length === 0 ? (
              <p>{t("payment:takings.noDays")}</p>
            ) : (
              <TableScroll label={t("payment:takings.byDay")}>
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">{t("payment:takings.col.day")}</th>
                      <th scope="col">{t("payment:takings.method.upi")}</th>
                      <th scope="col">{t("payment:takings.method.online")}</th>
                      <th scope="col">{t("payment:takings.method.cash")}</th>
                      <th scope="col">{t("payment:takings.col.refunded")}</th>
                      <th scope="col">{t("payment:takings.col.net")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.days.map((d) => (
                      <tr key={d.day} data-day={d.day}>
                        <th scope="row">{d.day}</th>
                        <td>{d.upi}</td>
                        <td>{d.online}</td>
                        <td>{d.cash}</td>
                        <td>{d.refunded}</td>
                        <td>{d.net}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </section>
          <section>
            <h2 id="takings-matched">{t("payment:takings.matchedTitle")}</h2>
            <TableScroll label={t("payment:takings.matchedTitle")}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("payment:takings.col.by")}</th>
                    <th scope="col">{t("payment:takings.col.payments")}</th>
                    <th scope="col">{t("payment:takings.col.received")}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.matched.map((m) => (
                    <tr key={m.by} data-by={m.by}>
                      <th scope="row">{t(`payment:takings.by.${m.by}`)}</th>
                      <td>{m.payments}</td>
                      <td>{m.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
          <section>
            <h2 id="takings-waits">{t("payment:takings.waitTitle")}</h2>
            <TableScroll label={t("payment:takings.waitTitle")}>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">{t("payment:takings.col.method")}</th>
                    <th scope="col">{t("payment:takings.col.payments")}</th>
                    <th scope="col">{t("payment:takings.col.median")}</th>
                    <th scope="col">{t("payment:takings.col.p90")}</th>
                  </tr>
                </thead>
                <tbody>
                  {report.waits.map((w) => (
                    <tr key={w.method} data-wait={w.method}>
                      <th scope="row">{t(`payment:takings.method.${w.method}`)}</th>
                      <td>{w.payments}</td>
                      <td>{w.median ? t(`payment:takings.${w.median.key}`, w.median.values) : "–"}</td>
                      <td>{w.p90 ? t(`payment:takings.${w.p90.key}`, w.p90.values) : "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
          <section aria-labelledby="takings-unmatched">
            <h2 id="takings-unmatched">{t("payment:takings.unmatchedTitle")}</h2>
            <ul>
              <li data-unmatched="reported">
                <Link to="/admin?payment=reported">{t("payment:takings.reported", report.unmatched.reported)}</Link>
              </li>
              <li data-unmatched="unpaid">{t("payment:takings.unpaid", report.unmatched.unpaid)}</li>
              <li data-unmatched="credits">
                <Link to="/admin/statements">{t("payment:takings.credits", report.unmatched.credits)}</Link>
              </li>
            </ul>
          </section>
        </>
      ) : null}
    </section>
  );
}
