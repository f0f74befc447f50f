import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { settlementReportPage } from "../admin/settlements.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:settlements.metaTitle") }];

/**
 * One settlement report (decision 223): each settlement with what parents paid, the gateway's fee, the GST on it,
 * refunds and what reached the bank, the bank statement credit that brought it in, and each line checked against
 * the order it pays. Nothing to press: it changes nothing.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders");
  const view = await context.shop.orders.settlementReport(params.id ?? "");
  if (!view) throw data({ message: serverT(languageOf(request))("payment:settlements.notFound") }, { status: 404 });
  const read = new URL(request.url).searchParams.get("read");
  return { report: settlementReportPage(view), read: read === "new" || read === "same" ? read : null, messages: routeMessages(request, "payment") };
}

export default function AdminSettlementReport() {
  const { report, read } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="admin-statement" aria-labelledby="settlement-title">
      <p>
        <Link to="/admin/settlements">{t("payment:settlements.back")}</Link>
      </p>
      <h1 id="settlement-title">{t("payment:settlements.heading", { file: report.fileName })}</h1>
      <p>{t("payment:settlements.readBy", { at: report.readAt, who: report.readBy })}</p>
      {read ? (
        <p className="notice" role="status">
          {read === "new" ? t("payment:settlements.readNew", { count: report.settlements.length, unmatched: report.unmatched }) : t("payment:settlements.readSame")}
        </p>
      ) : null}
      {report.unsettled > 0 ? <p>{t("payment:settlements.unsettled", { count: report.unsettled })}</p> : null}
      {report.settlements.map((s) => (
        <section key={s.id} aria-labelledby={`settlement-${s.id}`} data-settlement={s.id}>
          <h2 id={`settlement-${s.id}`}>{t("payment:settlements.settlement", { id: s.id, day: s.day })}</h2>
          <dl className="settlement-sums">
            <dt>{t("payment:settlements.col.gross")}</dt>
            <dd>{s.gross}</dd>
            <dt>{t("payment:settlements.col.fees")}</dt>
            <dd>{s.fees}</dd>
            <dt>{t("payment:settlements.col.tax")}</dt>
            <dd>{s.tax}</dd>
            <dt>{t("payment:settlements.col.refunds")}</dt>
            <dd>{s.refunds}</dd>
            <dt>{t("payment:settlements.col.net")}</dt>
            <dd>{s.net}</dd>
            <dt>{t("payment:settlements.col.utr")}</dt>
            <dd>{s.utr}</dd>
            <dt>{t("payment:settlements.col.bank")}</dt>
            <dd>
              {s.bank.statementId ? (
                <Link to={`/admin/statements/${s.bank.statementId}`}>{t("payment:settlements.bank.found", s.bank.values)}</Link>
              ) : (
                t(`payment:settlements.bank.${s.bank.key}`, s.bank.values)
              )}
            </dd>
          </dl>
          <TableScroll label={t("payment:settlements.linesOf", { id: s.id })}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t("payment:settlements.col.row")}</th>
                  <th scope="col">{t("payment:settlements.col.type")}</th>
                  <th scope="col">{t("payment:settlements.col.id")}</th>
                  <th scope="col">{t("payment:settlements.col.method")}</th>
                  <th scope="col">{t("payment:settlements.col.amount")}</th>
                  <th scope="col">{t("payment:settlements.col.fees")}</th>
                  <th scope="col">{t("payment:settlements.col.tax")}</th>
                  <th scope="col">{t("payment:settlements.col.net")}</th>
                  <th scope="col">{t("payment:settlements.col.order")}</th>
                  <th scope="col">{t("payment:settlements.col.check")}</th>
                </tr>
              </thead>
              <tbody>
                {s.lines.map((l) => (
                  <tr key={l.row} data-row={l.row}>
                    <th scope="row">{l.row}</th>
                    <td>{t(`payment:settlements.type.${l.type}`)}</td>
                    <td>{l.entityId}</td>
                    <td>{l.method}</td>
                    <td>{l.amount}</td>
                    <td>{l.fee}</td>
                    <td>{l.tax}</td>
                    <td>{l.net}</td>
                    <td>{l.order ? <Link to={`/admin/orders/${l.order.id}`}>{t("payment:statements.order", { number: l.order.number })}</Link> : null}</td>
                    <td>{t(`payment:settlements.check.${l.check.key}`, l.check.values ?? {})}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ))}
    </section>
  );
}
