/**
 * The owner's GST page (decision 127): the month's summary as GSTR-1's B2C tables want it, from the tax documents'
 * read model, and the tax settings with each rate's source (which rates are settings, docs/tax.md). A pure view
 * model from plain data, plus the CSV of the same figures.
 */
import { csvLine } from "../../domain/admin-orders";
import { indianDay } from "../../domain/orders/charges";
import type { Language } from "../../domain/i18n";
import { classRule, TAX_CLASSES, type TaxRateSettings } from "../../domain/tax/rates";
import { formatPaisa } from "../../domain/tax/lines";
import type { SellerSettings } from "../../domain/tax/seller";
import type { StateCode } from "../../domain/tax/states";
import type { MonthlyTaxSummary, TaxAmounts } from "../../services/tax-summary";
import { isTaxMonth } from "../../services/tax-summary";
import { serverT } from "../i18n/i18n.server";

/** The month asked for (`?month=YYYY-MM`), this month in India when none; undefined when malformed. */
export function readTaxMonth(url: URL, now: Date): string | undefined {
  const asked = url.searchParams.get("month")?.trim();
  if (!asked) return indianDay(now).slice(0, 7);
  return isTaxMonth(asked) ? asked : undefined;
}

const money = (amounts: TaxAmounts) => ({
  value: formatPaisa(amounts.value),
  taxable: formatPaisa(amounts.taxable),
  cgst: formatPaisa(amounts.cgst),
  sgst: formatPaisa(amounts.sgst),
  igst: formatPaisa(amounts.igst),
});

function stateName(lang: Language, code: string | null): string {
  const t = serverT(lang);
  return code ? t("tax:doc.stateCode", { name: t(`tax:state.${code as StateCode}`), code }) : t("tax:doc.unknownState");
}

export function gstSummaryView(lang: Language, summary: MonthlyTaxSummary) {
  const rateState = (rows: MonthlyTaxSummary["net"]) =>
    rows.map((r) => ({ key: `${r.placeOfSupply}|${r.rate}`, state: stateName(lang, r.placeOfSupply), rate: `${r.rate}%`, ...money(r) }));
  return {
    month: summary.month,
    invoices: rateState(summary.invoices),
    creditNotes: rateState(summary.creditNotes),
    net: rateState(summary.net),
    hsn: summary.hsn.map((r) => ({ key: `${r.hsn}|${r.rate}`, hsn: r.hsn || "—", rate: `${r.rate}%`, quantity: r.quantity, ...money(r) })),
    documents: summary.documents.map((d) => ({ ...d, cancelled: d.last - d.first + 1 - d.count })),
    totals: { invoices: money(summary.totals.invoices), creditNotes: money(summary.totals.creditNotes), net: money(summary.totals.net) },
  };
}

/** The tax settings as the owner reads them: who sells, and each class's HSN, rate and where the rate comes from. */
export function taxSettingsView(lang: Language, seller: SellerSettings, rates: TaxRateSettings) {
  const t = serverT(lang);
  return {
    legalName: seller.legalName,
    address: seller.address,
    gstin: seller.gstin,
    state: stateName(lang, seller.stateCode),
    scheme: seller.scheme,
    invoicePrefix: seller.invoicePrefix,
    grievanceOfficer: [seller.grievanceOfficer.name, seller.grievanceOfficer.phone, seller.grievanceOfficer.email].filter(Boolean).join(", "),
    classes: TAX_CLASSES.map((taxClass) => {
      const rule = classRule(taxClass, rates);
      const rate =
        rule.rule.kind === "fixed"
          ? `${rule.rule.rate}%`
          : t("tax:settings.threshold", { low: rule.rule.low, high: rule.rule.high, limit: formatPaisa(rule.rule.perPiecePaisa) });
      return { taxClass, name: t(`tax:class.${taxClass}`), hsn: rule.hsn || "—", rate, setting: rule.setting, changed: rates[taxClass] !== undefined, source: rule.source };
    }),
  };
}

/** The month's figures as one CSV file, table after table, amounts in rupees with paise. */
export function gstSummaryCsv(lang: Language, summary: MonthlyTaxSummary): string {
  const t = serverT(lang);
  const rupees = (paisa: number) => (paisa / 100).toFixed(2);
  const amountHeads = [t("tax:line.taxable"), t("tax:line.cgst"), t("tax:line.sgst"), t("tax:line.igst"), t("tax:line.value")];
  const amountCells = (a: TaxAmounts) => [rupees(a.taxable), rupees(a.cgst), rupees(a.sgst), rupees(a.igst), rupees(a.value)];
  let text = "";
  for (const [title, rows, total] of [
    [t("tax:summary.invoices"), summary.invoices, summary.totals.invoices],
    [t("tax:summary.creditNotes"), summary.creditNotes, summary.totals.creditNotes],
    [t("tax:summary.net"), summary.net, summary.totals.net],
  ] as const) {
    text += csvLine([title, summary.month]);
    text += csvLine([t("tax:doc.placeOfSupply"), t("tax:line.rate"), ...amountHeads]);
    for (const row of rows) text += csvLine([row.placeOfSupply ?? "", `${row.rate}`, ...amountCells(row)]);
    text += csvLine([t("tax:totals.total"), "", ...amountCells(total)]);
    text += "\r\n";
  }
  text += csvLine([t("tax:summary.hsn"), summary.month]);
  text += csvLine([t("tax:line.hsn"), t("tax:line.rate"), t("tax:line.quantity"), ...amountHeads]);
  for (const row of summary.hsn) text += csvLine([row.hsn, `${row.rate}`, row.quantity, ...amountCells(row)]);
  text += "\r\n";
  text += csvLine([t("tax:summary.documents"), summary.month]);
  text += csvLine([t("tax:summary.series"), t("tax:summary.kind"), t("tax:summary.from"), t("tax:summary.to"), t("tax:summary.count"), t("tax:summary.cancelled")]);
  for (const d of summary.documents) text += csvLine([d.series, t(`tax:summary.kinds.${d.kind === "invoice" ? "invoice" : "creditNote"}`), d.from, d.to, d.count, d.last - d.first + 1 - d.count]);
  return text;
}
