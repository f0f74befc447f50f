/**
 * A tax invoice, bill of supply or credit note as it is printed (A4 or an 80 mm roll): every field CGST Rules rule 46
 * asks for (docs/tax.md): the supplier's name, address and GSTIN; the number and date; the buyer's name and delivery
 * address with the state and place of supply; per line the description, HSN, quantity and unit, taxable value, rate
 * and CGST + SGST or IGST; totals; whether tax is payable on reverse charge; a signature line.
 */
import type { ShippingAddress } from "../../../domain/orders/events";
import type { DocumentKind } from "../../../domain/tax/documents";
import { useT } from "../../i18n/I18n";
import { BillCode, Fact, PrintAddress } from "./PrintFacts";

export interface TaxDocumentView {
  kind: DocumentKind | "credit-note";
  number: string;
  date: string;
  dateIso: string;
  invoiceNumber: string | null;
  /** A credit note's invoice's date (rule 53). */
  invoiceDate: { text: string; iso: string } | null;
  reason: string | null;
  supplier: { legalName: string; address: string; gstin: string | null; state: string };
  placeOfSupply: string;
  supply: "intra" | "inter";
  collectsTax: boolean;
  /** A credit note of a refund tied to no goods: a value, no quantities (decision 206). */
  valueOnly: boolean;
  lines: { key: string; description: string; size: string; hsn: string; quantity: string; taxable: string; rate: string; cgst: string; sgst: string; igst: string; value: string }[];
  totals: { taxable: string; cgst: string; sgst: string; igst: string; tax: string; value: string };
}

export interface TaxBuyer {
  displayId: string;
  customerName: string;
  address: ShippingAddress;
}

/** `billCode`: the shop's own print of the bill carries the order's number in bars for the counter's scanner (not the parent's copy). */
export function TaxDocument({ doc, buyer, orderId, billCode = false }: { doc: TaxDocumentView; buyer: TaxBuyer; orderId: string; billCode?: boolean }) {
  const t = useT();
  const id = `tax-${doc.number.replace(/[^A-Za-z0-9]/g, "-")}`;
  const intra = doc.supply === "intra";
  return (
    <article className={`print-doc print-tax print-${doc.kind}`} data-order-id={orderId} data-document={doc.number} aria-labelledby={id}>
      <div className="print-head">
        <div className="print-shop" data-field="supplier">
          <p className="print-shop-name">{doc.supplier.legalName}</p>
          <p>{doc.supplier.address || t("tax:doc.noAddress")}</p>
          <p>
            {t("tax:doc.gstin")}: <span data-field="gstin">{doc.supplier.gstin ?? t("tax:doc.unregistered")}</span>
          </p>
          <p>
            {t("tax:doc.state")}: {doc.supplier.state}
          </p>
        </div>
        <h2 id={id}>
          {t(`tax:title.${doc.kind}`)}
          <span className="print-number" data-field="document-number">
            {doc.number}
          </span>
        </h2>
      </div>
      {doc.kind === "bill-of-supply" ? <p className="print-warning" data-field="composition">{t("tax:doc.composition")}</p> : null}
      {doc.kind === "nil-bill-of-supply" ? <p className="print-warning" data-field="nil-rated">{t("tax:doc.nilRated")}</p> : null}
      {doc.kind === "invoice-cum-bill-of-supply" ? <p className="print-warning" data-field="mixed">{t("tax:doc.mixed")}</p> : null}
      <dl className="print-facts">
        <Fact label={t("tax:doc.date")}>
          <time dateTime={doc.dateIso}>{doc.date}</time>
        </Fact>
        <Fact label={t("tax:doc.order")}>{buyer.displayId}</Fact>
        {doc.invoiceNumber ? (
          <>
            <Fact label={t("tax:doc.againstInvoice")} field="invoice-number">
              {doc.invoiceNumber}
            </Fact>
            {doc.invoiceDate ? (
              <Fact label={t("tax:doc.invoiceDate")} field="invoice-date">
                <time dateTime={doc.invoiceDate.iso}>{doc.invoiceDate.text}</time>
              </Fact>
            ) : null}
            <Fact label={t("tax:doc.reason")}>{doc.reason}</Fact>
          </>
        ) : null}
        <Fact label={t("tax:doc.buyer")} field="buyer">
          {buyer.customerName}
        </Fact>
        <Fact label={t("tax:doc.placeOfSupply")} field="place-of-supply">
          {doc.placeOfSupply}
        </Fact>
      </dl>
      {doc.valueOnly ? <p className="print-note" data-field="value-only">{t("tax:doc.valueOnly")}</p> : null}
      <h3>{t("tax:doc.deliverTo")}</h3>
      <PrintAddress address={buyer.address} />
      <table className="print-lines print-tax-lines">
        <thead>
          <tr>
            <th scope="col">{t("tax:line.description")}</th>
            <th scope="col">{t("tax:line.hsn")}</th>
            <th scope="col" className="num">{t("tax:line.quantity")}</th>
            <th scope="col" className="num">{t("tax:line.taxable")}</th>
            {doc.collectsTax ? <th scope="col" className="num">{t(intra ? "tax:line.rateHalves" : "tax:line.rate")}</th> : null}
            {doc.collectsTax && intra ? (
              <>
                <th scope="col" className="num">{t("tax:line.cgst")}</th>
                <th scope="col" className="num">{t("tax:line.sgst")}</th>
              </>
            ) : null}
            {doc.collectsTax && !intra ? <th scope="col" className="num">{t("tax:line.igst")}</th> : null}
            <th scope="col" className="num">{t("tax:line.value")}</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((line) => (
            <tr key={line.key} data-tax-line={line.key}>
              <td className="print-item">
                {line.description}
                {line.size ? <span className="print-school">{line.size}</span> : null}
              </td>
              {/* data-label: a narrow page (80 mm, a phone) shows each figure under its column's name (decision 208). */}
              <td data-field="hsn" data-label={t("tax:line.hsn")}>{line.hsn}</td>
              <td className="num" data-field="quantity" data-label={t("tax:line.quantity")}>{line.quantity}</td>
              <td className="num" data-field="taxable" data-label={t("tax:line.taxable")}>{line.taxable}</td>
              {doc.collectsTax ? <td className="num" data-field="rate" data-label={t(intra ? "tax:line.rateHalves" : "tax:line.rate")}>{line.rate}</td> : null}
              {doc.collectsTax && intra ? (
                <>
                  <td className="num" data-field="cgst" data-label={t("tax:line.cgst")}>{line.cgst}</td>
                  <td className="num" data-field="sgst" data-label={t("tax:line.sgst")}>{line.sgst}</td>
                </>
              ) : null}
              {doc.collectsTax && !intra ? <td className="num" data-field="igst" data-label={t("tax:line.igst")}>{line.igst}</td> : null}
              <td className="num" data-field="value" data-label={t("tax:line.value")}>{line.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="print-totals">
        <Fact label={t("tax:totals.taxable")} field="total-taxable">
          {doc.totals.taxable}
        </Fact>
        {doc.collectsTax && intra ? (
          <>
            <Fact label={t("tax:totals.cgst")} field="total-cgst">
              {doc.totals.cgst}
            </Fact>
            <Fact label={t("tax:totals.sgst")} field="total-sgst">
              {doc.totals.sgst}
            </Fact>
          </>
        ) : null}
        {doc.collectsTax && !intra ? (
          <Fact label={t("tax:totals.igst")} field="total-igst">
            {doc.totals.igst}
          </Fact>
        ) : null}
        <Fact label={t("tax:totals.total")} field="total" total>
          {doc.totals.value}
        </Fact>
      </dl>
      <p data-field="amounts-in">{t(doc.collectsTax ? "tax:doc.amountsIn" : "tax:doc.amountsInNoTax")}</p>
      {doc.kind === "tax-invoice" || doc.kind === "invoice-cum-bill-of-supply" ? <p data-field="reverse-charge">{t("tax:doc.reverseCharge")}</p> : null}
      <p className="print-signature" data-field="signature">
        {t("tax:doc.for", { name: doc.supplier.legalName })}
        <br />
        <br />
        ____________________
        <br />
        {t("tax:doc.signature")}
      </p>
      {billCode && doc.kind !== "credit-note" ? <BillCode orderId={orderId} displayId={buyer.displayId} /> : null}
    </article>
  );
}
