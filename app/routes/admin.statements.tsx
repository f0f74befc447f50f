import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { STATEMENT_MAX_BYTES } from "../../domain/payments/limits";
import { requirePermission } from "../admin/guard.server";
import { uploadMoneyPaper } from "../admin/statement-upload.server";
import { statementRows } from "../admin/statements.server";
import { TableScroll } from "../components/TableScroll";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("payment:statements.metaTitle") }];

/**
 * The owner's bank statements (decision 220): the upload (CSV or XLSX of a known bank or UPI app) and the
 * statements read so far. A plain multipart form, JS on or off; the file is read through the form pipeline's
 * `documents` option and the statement's page follows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders");
  return {
    statements: statementRows(await context.shop.orders.statements()),
    maxMb: STATEMENT_MAX_BYTES / 1024 / 1024,
    messages: routeMessages(request, "payment"),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return uploadMoneyPaper(request, context, "statement", async (file, actor) => {
    const read = await context.shop.orders.readStatement(file, actor);
    return { page: `/admin/statements/${read.statementId}`, changed: read.changed };
  });
}

export default function AdminStatements() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <section className="admin-statements" aria-labelledby="statements-title">
      <h1 id="statements-title">{t("payment:statements.title")}</h1>
      <p>{t("payment:statements.intro", { mb: page.maxMb })}</p>
      <p>{t("payment:statements.shapes")}</p>
      <Form method="post" encType="multipart/form-data" aria-labelledby="statements-title">
        <input type="hidden" name="intent" value="read" />
        <FormMessage result={result} />
        <div className="form-field">
          <label htmlFor="statement-file">{t("payment:statements.file")}</label>
          <input id="statement-file" name="statement" type="file" required accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" />
        </div>
        <button type="submit" disabled={busy}>
          {t("payment:statements.upload")}
        </button>
      </Form>
      <h2 id="statements-list">{t("payment:statements.list")}</h2>
      {page.statements.length === 0 ? (
        <p>{t("payment:statements.none")}</p>
      ) : (
        <TableScroll label={t("payment:statements.list")}>
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{t("payment:statements.col.file")}</th>
                <th scope="col">{t("payment:statements.col.read")}</th>
                <th scope="col">{t("payment:statements.col.days")}</th>
                <th scope="col">{t("payment:statements.col.credits")}</th>
                <th scope="col">{t("payment:statements.col.matched")}</th>
                <th scope="col">{t("payment:statements.col.proposed")}</th>
                <th scope="col">{t("payment:statements.col.unmatched")}</th>
                <th scope="col">{t("payment:statements.col.conflicts")}</th>
                <th scope="col">{t("payment:statements.col.settled")}</th>
              </tr>
            </thead>
            <tbody>
              {page.statements.map((s) => (
                <tr key={s.id} data-statement={s.id}>
                  <th scope="row">
                    <Link to={`/admin/statements/${s.id}`} aria-label={t("payment:statements.open", { file: s.fileName })}>
                      {s.fileName}
                    </Link>{" "}
                    ({t(`payment:statements.shape.${s.shape}`)})
                  </th>
                  <td>{s.readAt}</td>
                  <td>{s.days}</td>
                  <td>{s.credits}</td>
                  <td>{s.matched}</td>
                  <td>{s.proposed}</td>
                  <td>{s.unmatched}</td>
                  <td>{s.conflicts}</td>
                  <td>{s.settled}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
