import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, Link } from "@remix-run/react";
import { requirePermission } from "../admin/guard.server";
import { gstSummaryView, readTaxMonth, taxSettingsView } from "../admin/gst.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages, serverT } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("tax:summary.metaTitle") }];

/** The owner's GST page (decision 127): the month's B2C figures (a GET form: the month is in the address) and the tax settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requirePermission(request, context, "reports");
  const lang = languageOf(request);
  const url = new URL(request.url);
  const month = readTaxMonth(url, new Date());
  const config = context.shop.config;
  const page = {
    messages: routeMessages(request, "tax"),
    settings: config.seller ? taxSettingsView(lang, config.seller, config.taxRates ?? {}) : null,
    /** GSTR-1 is filed by a regular-scheme shop; a composition or unregistered one files other returns. */
    files: config.seller?.scheme === "regular",
    months: await context.shop.taxSummary.months(),
    asked: url.searchParams.get("month") ?? "",
    error: month ? null : serverT(lang)("tax:summary.badMonth"),
    summary: month ? gstSummaryView(lang, await context.shop.taxSummary.month(month)) : null,
  };
  return data(page, { status: month ? 200 : 400 });
}

type Amounts = { taxable: string; cgst: string; sgst: string; igst: string; value: string };

function AmountCells({ row }: { row: Amounts }) {
  return (
    <>
      <td className="num" data-field="taxable">{row.taxable}</td>
      <td className="num" data-field="cgst">{row.cgst}</td>
      <td className="num" data-field="sgst">{row.sgst}</td>
      <td className="num" data-field="igst">{row.igst}</td>
      <td className="num" data-field="value">{row.value}</td>
    </>
  );
}

function AmountHeads() {
  const t = useT();
  return (
    <>
      <th scope="col" className="num">{t("tax:line.taxable")}</th>
      <th scope="col" className="num">{t("tax:line.cgst")}</th>
      <th scope="col" className="num">{t("tax:line.sgst")}</th>
      <th scope="col" className="num">{t("tax:line.igst")}</th>
      <th scope="col" className="num">{t("tax:line.value")}</th>
    </>
  );
}

function RateStateTable({ name, title, rows, total }: { name: string; title: string; rows: ({ key: string; state: string; rate: string } & Amounts)[]; total: Amounts }) {
  const t = useT();
  return (
    <section aria-labelledby={`gst-${name}`}>
      <h2 id={`gst-${name}`}>{title}</h2>
      {rows.length === 0 ? (
        <p>{t("tax:summary.none")}</p>
      ) : (
        <TableScroll label={title}>
          <table className="admin-table" data-table={name}>
            <thead>
              <tr>
                <th scope="col">{t("tax:doc.placeOfSupply")}</th>
                <th scope="col">{t("tax:line.rate")}</th>
                <AmountHeads />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} data-row={row.key}>
                  <td>{row.state}</td>
                  <td>{row.rate}</td>
                  <AmountCells row={row} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr data-row="total">
                <th scope="row" colSpan={2}>{t("tax:totals.total")}</th>
                <AmountCells row={total} />
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export default function AdminGst() {
  const { settings, files, months, asked, error, summary } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <section className="admin-gst" aria-labelledby="gst-title">
      <h1 id="gst-title">{t("tax:summary.title")}</h1>
      <Form method="get" action="/admin/gst" className="report-filters">
        <label>
          {t("tax:summary.month")}{" "}
          <input type="month" name="month" defaultValue={summary?.month ?? asked} list="gst-months" />
        </label>
        <datalist id="gst-months">
          {months.map((m) => (
            <option key={m} value={m} />
          ))}
        </datalist>{" "}
        <button type="submit">{t("tax:summary.show")}</button>
      </Form>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      {summary ? (
        <>
          <p>
            <a href={`/admin/gst.csv?month=${summary.month}`} download>
              {t("tax:summary.csv", { month: summary.month })}
            </a>
          </p>
          {files ? (
            <section aria-labelledby="gst-gstr1" data-section="gstr1">
              <p id="gst-gstr1">
                <a href={`/admin/gst.zip?month=${summary.month}`} download data-link="gstr1">
                  {t("tax:summary.gstr1Zip", { month: summary.month })}
                </a>
              </p>
              <p>{t("tax:summary.gstr1Note")}</p>
            </section>
          ) : (
            <p data-section="gstr1">{t("tax:summary.gstr1NotRegular")}</p>
          )}
          <RateStateTable name="invoices" title={t("tax:summary.invoices")} rows={summary.invoices} total={summary.totals.invoices} />
          <RateStateTable name="credit-notes" title={t("tax:summary.creditNotes")} rows={summary.creditNotes} total={summary.totals.creditNotes} />
          <RateStateTable name="net" title={t("tax:summary.net")} rows={summary.net} total={summary.totals.net} />
          <section aria-labelledby="gst-hsn">
            <h2 id="gst-hsn">{t("tax:summary.hsn")}</h2>
            <TableScroll label={t("tax:summary.hsn")}>
              <table className="admin-table" data-table="hsn">
                <thead>
                  <tr>
                    <th scope="col">{t("tax:line.hsn")}</th>
                    <th scope="col">{t("tax:line.rate")}</th>
                    <th scope="col" className="num">{t("tax:line.quantity")}</th>
                    <AmountHeads />
                  </tr>
                </thead>
                <tbody>
                  {summary.hsn.map((row) => (
                    <tr key={row.key} data-row={row.key}>
                      <td>{row.hsn}</td>
                      <td>{row.rate}</td>
                      <td className="num">{row.quantity}</td>
                      <AmountCells row={row} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
          <section aria-labelledby="gst-documents">
            <h2 id="gst-documents">{t("tax:summary.documents")}</h2>
            <TableScroll label={t("tax:summary.documents")}>
              <table className="admin-table" data-table="documents">
                <thead>
                  <tr>
                    <th scope="col">{t("tax:summary.series")}</th>
                    <th scope="col">{t("tax:summary.kind")}</th>
                    <th scope="col">{t("tax:summary.from")}</th>
                    <th scope="col">{t("tax:summary.to")}</th>
                    <th scope="col" className="num">{t("tax:summary.count")}</th>
                    <th scope="col" className="num">{t("tax:summary.cancelled")}</th>
                  </tr>
                </thead>
                <tbody>
                  {summary.documents.map((d) => (
                    <tr key={d.series} data-row={d.series}>
                      <td>{d.series}</td>
                      <td>{t(`tax:summary.kinds.${d.kind === "invoice" ? "invoice" : "creditNote"}`)}</td>
                      <td data-field="from">{d.from}</td>
                      <td data-field="to">{d.to}</td>
                      <td className="num" data-field="count">{d.count}</td>
                      <td className="num" data-field="cancelled">{d.cancelled}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </section>
        </>
      ) : null}
      {settings ? (
        <section aria-labelledby="gst-settings" id="tax-settings">
          <h2 id="gst-settings">{t("tax:settings.title")}</h2>
          <dl className="admin-facts">
            <dt>{t("tax:settings.legalName")}</dt>
            <dd>{settings.legalName}</dd>
            <dt>{t("tax:settings.address")}</dt>
            <dd>{settings.address || <strong className="error">{t("tax:settings.noAddress")}</strong>}</dd>
            <dt>{t("tax:doc.gstin")}</dt>
            <dd data-field="gstin">{settings.gstin ?? t("tax:doc.unregistered")}</dd>
            <dt>{t("tax:doc.state")}</dt>
            <dd>{settings.state}</dd>
            <dt>{t("tax:settings.scheme")}</dt>
            <dd data-field="scheme">{t(`tax:settings.schemes.${settings.scheme}`)}</dd>
            <dt>{t("tax:settings.prefix")}</dt>
            <dd>{settings.invoicePrefix}</dd>
            <dt>{t("tax:settings.grievanceOfficer")}</dt>
            <dd>{settings.grievanceOfficer}</dd>
          </dl>
          <p>{t("tax:settings.ratesIntro")}</p>
          <TableScroll label={t("tax:settings.rates")}>
            <table className="admin-table" data-table="rates">
              <caption>{t("tax:settings.rates")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("tax:settings.class")}</th>
                  <th scope="col">{t("tax:line.hsn")}</th>
                  <th scope="col">{t("tax:line.rate")}</th>
                  <th scope="col">{t("tax:settings.isSetting")}</th>
                  <th scope="col">{t("tax:settings.source")}</th>
                </tr>
              </thead>
              <tbody>
                {settings.classes.map((c) => (
                  <tr key={c.taxClass} data-row={c.taxClass}>
                    <td>{c.name}</td>
                    <td>{c.hsn}</td>
                    <td data-field="rate">{c.rate}</td>
                    <td data-field="setting">{c.setting ? t(c.changed ? "tax:settings.settingChanged" : "tax:settings.settingDefault") : t("tax:settings.fixed")}</td>
                    <td className="gst-source">{c.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <p>
            <Link to="/admin">{t("tax:summary.back")}</Link>
          </p>
        </section>
      ) : null}
    </section>
  );
}
