/**
 * What the printed documents (PrintDocuments.tsx: the slip and the plain invoice; TaxDocuments.tsx: the tax invoice,
 * bill of supply and credit note) write alike: a fact as a label and its value in a `<dl>`, and the delivery address.
 */
import type { ReactNode } from "react";
import type { ShippingAddress } from "../../../domain/orders/events";
import { useT } from "../../i18n/I18n";

/** One fact of a `<dl>`: `field` names the value for the tests and the checks; `total` marks the line that sums the others. */
export function Fact({ label, field, total = false, children }: { label: string; field?: string; total?: boolean; children: ReactNode }) {
  const className = total ? "print-total" : undefined;
  return (
    <>
      <dt className={className}>{label}</dt>
      <dd className={className} data-field={field}>
        {children}
      </dd>
    </>
  );
}

/** The delivery address, with the phone where the document gives it (the slip and plain invoice do, for the courier). */
export function PrintAddress({ address, phone = false }: { address: ShippingAddress; phone?: boolean }) {
  return (
    <address className="print-address" data-field="address">
      {address.name}
      <br />
      {address.address}
      <br />
      {address.city} {address.pincode}
      {phone ? (
        <>
          <br />
          {address.phone}
        </>
      ) : null}
    </address>
  );
}

/**
 * The order's number in bars (Code 128, drawn by /admin/orders/:id/bars) at the foot of a bill: the counter's returns
 * find the order by a scan of it (decision 214), as they do by the number typed.
 */
export function BillCode({ orderId, displayId }: { orderId: string; displayId: string }) {
  const t = useT();
  return (
    <p className="print-bill-code" data-field="bill-code">
      <img src={`/admin/orders/${orderId}/bars`} alt={t("print:order.billCode", { number: displayId })} width={200} height={56} />
    </p>
  );
}
