import { useT } from "../i18n/I18n";

/** An order's tax documents as a parent opens them (needs the `tax` namespace): the invoice, then its credit notes. */
export interface TaxDocumentLink {
  number: string;
  kind: string;
}

export function TaxDocumentLinks({ orderId, documents }: { orderId: string; documents: readonly TaxDocumentLink[] | undefined }) {
  const t = useT();
  if (!documents || documents.length === 0) return null;
  return (
    <p className="tax-document-links" data-testid={`tax-documents-${orderId}`}>
      {documents.map((doc, i) => (
        <span key={doc.number}>
          {i > 0 ? " · " : null}
          <a href={`/orders/invoice?orderId=${orderId}`} data-document={doc.number}>
            {t(doc.kind === "credit-note" ? "tax:links.creditNote" : "tax:links.invoice", { number: doc.number })}
          </a>
        </span>
      ))}
    </p>
  );
}
