import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { STATEMENT_MAX_BYTES } from "../../domain/payments/limits";
import { requirePermission } from "../admin/guard.server";
import { uploadMoneyPaper } from "../admin/statement-upload.server";
import { settlementReportRows } from "../admin/settlements.server";
import { TableScroll } from "../components/TableScroll";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:settlements.metaTitle") }];

/**
 * The gateway's settlement reports (decision 223): the upload (Razorpay's settlement report, CSV or XLSX) and
 * the reports read so far. A plain multipart form, JS on or off, read through the form pipeline's `documents`
 * option under the statements' caps; the report's page follows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders");
  return {
    reports: settlementReportRows(await context.shop.orders.settlementReports()),
    maxMb: STATEMENT_MAX_BYTES / 1024 / 1024,
    messages: routeMessages(request, "payment"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return uploadMoneyPaper(request, context, "report", async (file, actor) => {
    const read = await context.shop.orders.readSettlementReport(file, actor);
    return { page: `/admin/settlements/${read.reportId}`, changed: read.changed };
  });
}

export default function AdminSettlements() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="admin-statements" aria-labelledby="settlements-title">
      <h1 id="settlements-title">{t("payment:settlements.title")}</h1>
      <p>{t("payment:settlements.intro", { mb: page.maxMb })}</p>
      <Form method="post" encType="multipart/form-data" aria-labelledby="settlements-title">
        <input type="hidden" name="intent" value="read" />
        <FormMessage result={result} />
        <div className="form-field">
          <label htmlFor="settlement-file">{t("payment:settlements.file")}</label>
          <input id="settlement-file" name="report" type="file" required accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
        </div>
        <button type="submit" disabled={busy}>
          {t("payment:settlements.upload")}
        </button>
      </Form>
      <h2 id="settlements-list">{t("payment:settlements.list")}</h2>
      {page.reports.length === 0 ? (
        <p>{t("payment:settlements.none")}</p>
      ) : (
        <TableScroll label={t("payment:settlements.list")}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("payment:settlements.col.file")}</th>
                <th scope="col">{t("payment:settlements.col.read")}</th>
                <th scope="col">{t("payment:settlements.col.days")}</th>
                <th scope="col">{t("payment:settlements.col.payments")}</th>
                <th scope="col">{t("payment:settlements.col.gross")}</th>
                <th scope="col">{t("payment:settlements.col.fees")}</th>
                <th scope="col">{t("payment:settlements.col.tax")}</th>
                <th scope="col">{t("payment:settlements.col.net")}</th>
              </tr>
            </thead>
            <tbody>
              {page.reports.map((r) => (
                <tr key={r.id} data-report={r.id}>
                  <th scope="row">
                    <Link to={`/admin/settlements/${r.id}`} aria-label={t("payment:settlements.open", { file: r.fileName })}>
                      {r.fileName}
                    </Link>
                  </th>
                  <td>{r.readAt}</td>
                  <td>{r.days}</td>
                  <td>{r.payments}</td>
                  <td>{r.gross}</td>
                  <td>{r.fees}</td>
                  <td>{r.tax}</td>
                  <td>{r.net}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
