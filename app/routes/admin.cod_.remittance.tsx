import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { isRuleViolation } from "../../domain/errors";
import { REMITTANCE_MAX_BYTES, REMITTANCE_UPLOAD_OPTIONS, remittanceUploadForm } from "../../domain/forms/cash";
import { requirePermission } from "../admin/guard.server";
import { importRemittance } from "../admin/cod-remittance.server";
import { TableScroll } from "../components/TableScroll";
import { readPageForm, refusalStatus } from "../forms/form.server";
import { FormMessage } from "../forms/messages";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("cash:remittance.metaTitle") }];

/**
 * The courier's COD remittance (decision 233): the owner uploads the sheet of a payout the courier sent to the bank,
 * and each row is matched to its order and recorded in the COD accounting, or said why not. A plain multipart form,
 * JavaScript on or off; the answer is the page with every row's outcome.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "orders");
  return { messages: routeMessages(request, "cash") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requirePermission(request, context, "orders");
  const form = await readPageForm(request, remittanceUploadForm, {
    ...REMITTANCE_UPLOAD_OPTIONS,
    documents: { field: "sheet", maxCount: 1, maxBytes: REMITTANCE_MAX_BYTES },
  });
  if (!form.ok) return form.answer;
  const lang = languageOf(request);
  const [file] = form.documents;
  if (!file) return form.refuse(serverT(lang)("cash:remittance.noFile"), 422);
  try {
    return { rows: await importRemittance(context.shop, admin, file.bytes, lang) };
  } catch (err) {
    if (!isRuleViolation(err)) throw err;
    return form.refuse(refusalText(lang, err), refusalStatus(err.status));
  }
}

export default function CodRemittance() {
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const t = useT();
  const result = answer && "result" in answer ? answer.result : undefined;
  const rows = answer && "rows" in answer ? answer.rows : null;
  return (
    <section className="cod-remittance" aria-labelledby="remittance-title">
      <p>
        <Link to="/admin/cod">{t("cash:remittance.back")}</Link>
      </p>
      <h1 id="remittance-title">{t("cash:remittance.title")}</h1>
      <p>{t("cash:remittance.intro")}</p>
      <Form method="post" encType="multipart/form-data" reloadDocument={false}>
        <input type="hidden" name="intent" value="remittance" />
        <FormMessage result={result} />
        <div className="field">
          <label htmlFor="remittance-sheet">{t("cash:remittance.file")}</label>
          <input id="remittance-sheet" type="file" name="sheet" accept=".csv,text/csv" required />
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {t("cash:remittance.read")}
        </button>
      </Form>
      {rows ? (
        <>
          <p role="status">
            {t("cash:remittance.summary", {
              recorded: rows.filter((r) => r.outcome === "recorded").length,
              already: rows.filter((r) => r.outcome === "already").length,
              refused: rows.filter((r) => r.outcome === "refused").length,
            })}
          </p>
          <TableScroll label={t("cash:remittance.table")}>
            <table aria-label={t("cash:remittance.table")}>
              <thead>
                <tr>
                  <th scope="col">{t("cash:remittance.row")}</th>
                  <th scope="col">{t("cash:remittance.order")}</th>
                  <th scope="col">{t("cash:remittance.awb")}</th>
                  <th scope="col">{t("cash:remittance.amount")}</th>
                  <th scope="col">{t("cash:remittance.outcome")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.row} data-row={r.row}>
                    <td>{r.row}</td>
                    <td>{r.order}</td>
                    <td>{r.awb}</td>
                    <td>
                      {r.amount}
                      {r.fee ? (
                        <>
                          <br />
                          <span className="hint" data-field="courier-fee">
                            {t("cash:remittance.fee", r.fee)}
                          </span>
                        </>
                      ) : null}
                    </td>
                    <td>{r.why ?? t(`cash:remittance.${r.outcome}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
    </section>
  );
}
