/**
 * Packing slips and invoices (app/routes/admin.orders.print.tsx): the admin's controls (which
 * document, which paper, print, back) and one document per order. The stylesheet puts one order
 * on each sheet and leaves the controls off the paper.
 */
import { Link } from "@remix-run/react";
import type { ShopContact } from "../../../domain/contact";
import type { PaymentMethod, PaymentStanding, ShippingAddress } from "../../../domain/orders/events";
import { useHydrated } from "../../components/useHydrated";
import { useT } from "../../i18n/I18n";
import { BillCode, Fact, PrintAddress } from "./PrintFacts";
import { TaxDocument, type TaxDocumentView } from "./TaxDocuments";

/** One order as its slip and invoice print it (app/admin/print.server.ts): formatted, never recomputed. */
export interface PrintedOrderView {
  id: string;
  displayId: string;
  placedAt: string;
  placedAtIso: string;
  customerName: string;
  phone: string;
  address: ShippingAddress;
  deleted: boolean;
  lines: { key: string; name: string; size: string; school: string; quantity: number; unitPrice: string; amount: string }[];
  itemCount: number;
  subtotal: string;
  discountPercent: number;
  discount: string | null;
  delivery: string | null;
  total: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStanding;
  amountPaid: string | null;
  amountRefunded: string | null;
  paymentReference: string | null;
  /** Cash on delivery not yet collected: what the delivery must bring back. */
  collect: string | null;
  /** The order's tax invoice and credit notes once issued (app/admin/tax-print.server.ts): printed instead of the plain invoice. */
  taxDocuments: TaxDocumentView[];
}

/** The shop as the head of every document names it. */
export interface PrintShopHeading {
  name: string;
  contact: { phone: string | null; email: string | null };
  /** Whether the shop issues GST documents (regular or composition): its order summary then says its invoice comes when the goods leave. */
  gstRegistered: boolean;
}

/** The print page's data: the document, the paper, the orders, and the one order of an order's own print address. */
export interface PrintPage {
  doc: "slip" | "invoice";
  paper: "a4" | "receipt";
  orders: PrintedOrderView[];
  oneOrder: string | null;
  shop: PrintShopHeading;
}

type PrintDoc = PrintPage["doc"];
type PrintPaper = PrintPage["paper"];

/** Where the same orders print as the other document or on the other paper. */
function printHref(data: PrintPage, change: { doc?: PrintDoc; paper?: PrintPaper }): string {
  const query = new URLSearchParams();
  if (data.oneOrder === null) query.set("ids", data.orders.map((o) => o.id).join(","));
  query.set("doc", change.doc ?? data.doc);
  query.set("paper", change.paper ?? data.paper);
  const path = data.oneOrder === null ? "/admin/orders/print" : `/admin/orders/${data.oneOrder}/print`;
  return `${path}?${query}`;
}

export function PrintControls({ data }: { data: PrintPage }) {
  const t = useT();
  const hydrated = useHydrated();
  const choice = (current: string, value: string, href: string, label: string) =>
    current === value ? (
      <strong aria-current="page">{label}</strong>
    ) : (
      <Link to={href} reloadDocument>
        {label}
      </Link>
    );
  return (
    <div className="print-controls" role="region" aria-labelledby="print-title">
      <h1 id="print-title">{t(`print:metaTitle.${data.doc}`)}</h1>
      <p>{t("print:controls.count", { count: data.orders.length })}</p>
      <p className="print-choices">
        <span>
          {t("print:controls.document")}: {choice(data.doc, "slip", printHref(data, { doc: "slip" }), t("print:slip.title"))} ·{" "}
          {choice(data.doc, "invoice", printHref(data, { doc: "invoice" }), t("print:invoice.title"))}
        </span>
        <span>
          {t("print:controls.paper")}: {choice(data.paper, "a4", printHref(data, { paper: "a4" }), t("print:controls.a4"))} ·{" "}
          {choice(data.paper, "receipt", printHref(data, { paper: "receipt" }), t("print:controls.receipt"))}
        </span>
      </p>
      {hydrated ? (
        <p>
          <button type="button" className="primary print-button" onClick={() => window.print()}>
            {t("print:controls.print")}
          </button>
        </p>
      ) : (
        <p className="print-no-script">{t("print:controls.noScript")}</p>
      )}
      <p>
        {data.oneOrder === null ? (
          <Link to="/admin">{t("print:controls.backToOrders")}</Link>
        ) : (
          <Link to={`/admin/orders/${data.oneOrder}`}>{t("print:controls.backToOrder")}</Link>
        )}
      </p>
    </div>
  );
}

function ShopBlock({ shop }: { shop: PrintShopHeading }) {
  const t = useT();
  const contact: ShopContact = { phone: shop.contact.phone ?? undefined, email: shop.contact.email ?? undefined };
  return (
    <div className="print-shop">
      <p className="print-shop-name">{shop.name}</p>
      <p>{t("contact.town")}</p>
      {contact.phone ? <p>{contact.phone}</p> : null}
      {contact.email ? <p>{contact.email}</p> : null}
    </div>
  );
}

function OrderFacts({ order }: { order: PrintedOrderView }) {
  const t = useT();
  return (
    <dl className="print-facts">
      <Fact label={t("print:order.date")}>
        <time dateTime={order.placedAtIso}>{order.placedAt}</time>
      </Fact>
      <Fact label={t("print:order.customer")} field="customer">
        {order.customerName}
      </Fact>
      <Fact label={t("print:order.phone")} field="phone">
        {order.phone}
      </Fact>
    </dl>
  );
}

/** The columns a slip and an invoice share: what the item is, its size, how many. */
function ItemHeads() {
  const t = useT();
  return (
    <>
      <th scope="col">{t("print:line.item")}</th>
      <th scope="col">{t("print:line.size")}</th>
      <th scope="col" className="num">
        {t("print:line.quantity")}
      </th>
    </>
  );
}

function ItemCells({ line }: { line: PrintedOrderView["lines"][number] }) {
  return (
    <>
      <td className="print-item">
        {line.name}
        {line.school ? <span className="print-school">{line.school}</span> : null}
      </td>
      <td data-field="size">{line.size}</td>
      <td className="num" data-field="quantity">
        {line.quantity}
      </td>
    </>
  );
}

/** The top of a slip and of an invoice alike: the shop, the document and its order number, the order's facts and address. */
function DocumentHead({ order, shop, title, addressTitle }: { order: PrintedOrderView; shop: PrintShopHeading; title: string; addressTitle: string }) {
  const t = useT();
  return (
    <>
      <div className="print-head">
        <ShopBlock shop={shop} />
        <h2 id={`doc-${order.id}`}>
          {title}
          <span className="print-number">{t("print:order.number", { id: order.displayId })}</span>
        </h2>
      </div>
      {order.deleted ? <p className="print-warning">{t("print:order.deleted")}</p> : null}
      <OrderFacts order={order} />
      <h3>{addressTitle}</h3>
      <PrintAddress address={order.address} phone />
    </>
  );
}

export function PackingSlip({ order, shop }: { order: PrintedOrderView; shop: PrintShopHeading }) {
  const t = useT();
  return (
    <article className="print-doc print-slip" data-order-id={order.id} aria-labelledby={`doc-${order.id}`}>
      <DocumentHead order={order} shop={shop} title={t("print:slip.title")} addressTitle={t("print:slip.deliverTo")} />
      <table className="print-lines">
        <thead>
          <tr>
            <th scope="col" className="print-check">
              <span className="visually-hidden">{t("print:slip.packed")}</span>
            </th>
            <ItemHeads />
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.key} data-line={line.key}>
              <td className="print-check">
                <span className="print-box" aria-hidden="true" />
              </td>
              <ItemCells line={line} />
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-count" data-field="line-count">
        {t("print:slip.lineCount", { count: order.lines.length, items: order.itemCount })}
      </p>
      {order.collect ? (
        <p className="print-collect" data-field="collect">
          {t("print:slip.collect", { amount: order.collect })}
        </p>
      ) : null}
      <p className="print-signature">{t("print:slip.packedBy")}: ____________________</p>
    </article>
  );
}

export function Invoice({ order, shop }: { order: PrintedOrderView; shop: PrintShopHeading }) {
  const t = useT();
  if (order.taxDocuments.length > 0) {
    return (
      <>
        {order.taxDocuments.map((doc) => (
          <TaxDocument key={doc.number} doc={doc} buyer={order} orderId={order.id} billCode />
        ))}
      </>
    );
  }
  return (
    <article className="print-doc print-invoice" data-order-id={order.id} aria-labelledby={`doc-${order.id}`}>
      {/* No tax document stands for the order (not sent yet, cancelled, or a shop without GST): a summary that says so (decision 207). */}
      <DocumentHead order={order} shop={shop} title={t("print:invoice.summaryTitle")} addressTitle={t("print:invoice.billTo")} />
      <p className="print-warning" data-field="not-tax-invoice">
        {t(shop.gstRegistered ? "print:invoice.notTaxInvoice" : "print:invoice.notRegistered")}
      </p>
      <table className="print-lines">
        <thead>
          <tr>
            <ItemHeads />
            <th scope="col" className="num">
              {t("print:line.unitPrice")}
            </th>
            <th scope="col" className="num">
              {t("print:line.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.key} data-line={line.key}>
              <ItemCells line={line} />
              <td className="num" data-field="unit-price">
                {line.unitPrice}
              </td>
              <td className="num" data-field="amount">
                {line.amount}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="print-totals">
        <Fact label={t("print:invoice.subtotal")} field="subtotal">
          {order.subtotal}
        </Fact>
        {order.discount ? (
          <Fact label={t("print:invoice.offer", { percent: order.discountPercent })} field="discount">
            −{order.discount}
          </Fact>
        ) : null}
        <Fact label={t("print:invoice.delivery")} field="delivery">
          {order.delivery ?? t("print:invoice.free")}
        </Fact>
        <Fact label={t("print:invoice.total")} field="total" total>
          {order.total}
        </Fact>
      </dl>
      <dl className="print-facts print-payment">
        <Fact label={t("print:invoice.payment")} field="payment-method">
          {t(`payment:method.${order.paymentMethod}`)}
        </Fact>
        <Fact label={t("print:invoice.status")} field="payment-status">
          {/* "unpaid" beside "not paid yet" would say it twice. */}
          {order.paymentStatus === "unpaid" ? null : t(`payment:standing.${order.paymentStatus}`)}
          {order.amountPaid ? <span className="print-money-line">{t("print:invoice.paid", { amount: order.amountPaid })}</span> : null}
          {order.amountRefunded ? <span className="print-money-line">{t("print:invoice.refunded", { amount: order.amountRefunded })}</span> : null}
          {order.amountPaid ? null : <span className="print-money-line">{t("print:invoice.unpaid", { amount: order.total })}</span>}
          {order.paymentReference ? (
            <span className="print-money-line">{t("print:invoice.reference", { reference: order.paymentReference })}</span>
          ) : null}
        </Fact>
      </dl>
      <p className="print-thanks">{t("print:invoice.thanks")}</p>
      <BillCode orderId={order.id} displayId={order.displayId} />
    </article>
  );
}
