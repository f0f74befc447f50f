import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import type { ShopContact } from "../../domain/contact";
import { printLoader, type PrintDoc, type PrintPaper, type PrintedOrder } from "../admin/print.server";
import { useHydrated } from "../components/useHydrated";
import { metaT, useT } from "../i18n/I18n";
import printStyles from "../styles/print.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches, error }) => {
  if (error || !data) {
    const message = isRouteErrorResponse(error) ? (error.data as { message?: string } | undefined)?.message : undefined;
    return [{ title: message ?? "Print" }];
  }
  const t = metaT(matches);
  const first = data.orders.length === 1 ? ` ${data.orders[0].displayId}` : "";
  return [{ title: `${t(`print:metaTitle.${data.doc}`)}${first}` }];
};

/**
 * Packing slips and invoices for a selection of orders (`?ids=<id>,<id>&doc=slip|invoice&paper=a4|receipt`),
 * and, through admin.orders.$id_.print.tsx, for one order. The page is the print view itself: the
 * stylesheet puts one order on each sheet and leaves the admin's controls off the paper.
 */
export const loader = (args: LoaderFunctionArgs) => printLoader(args);

type PrintData = ReturnType<typeof useLoaderData<typeof loader>>;
type ShopHeading = PrintData["shop"];

/** Where the same orders print as the other document or on the other paper. */
function printHref(data: PrintData, change: { doc?: PrintDoc; paper?: PrintPaper }): string {
  const query = new URLSearchParams();
  if (data.oneOrder === null) query.set("ids", data.orders.map((o) => o.id).join(","));
  query.set("doc", change.doc ?? data.doc);
  query.set("paper", change.paper ?? data.paper);
  const path = data.oneOrder === null ? "/admin/orders/print" : `/admin/orders/${data.oneOrder}/print`;
  return `${path}?${query}`;
}

function PrintControls({ data }: { data: PrintData }) {
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

function ShopBlock({ shop }: { shop: ShopHeading }) {
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

function DeliveryAddress({ order }: { order: PrintedOrder }) {
  const a = order.address;
  return (
    <address className="print-address" data-field="address">
      {a.name}
      <br />
      {a.address}
      <br />
      {a.city} {a.pincode}
      <br />
      {a.phone}
    </address>
  );
}

function OrderFacts({ order }: { order: PrintedOrder }) {
  const t = useT();
  return (
    <dl className="print-facts">
      <dt>{t("print:order.date")}</dt>
      <dd>
        <time dateTime={order.placedAtIso}>{order.placedAt}</time>
      </dd>
      <dt>{t("print:order.customer")}</dt>
      <dd data-field="customer">{order.customerName}</dd>
      <dt>{t("print:order.phone")}</dt>
      <dd data-field="phone">{order.phone}</dd>
    </dl>
  );
}

function ItemCell({ line }: { line: PrintedOrder["lines"][number] }) {
  return (
    <td className="print-item">
      {line.name}
      {line.school ? <span className="print-school">{line.school}</span> : null}
    </td>
  );
}

/** The top of a slip and of an invoice alike: the shop, the document and its order number, the order's facts and address. */
function DocumentHead({ order, shop, title, addressTitle }: { order: PrintedOrder; shop: ShopHeading; title: string; addressTitle: string }) {
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
      <DeliveryAddress order={order} />
    </>
  );
}

function PackingSlip({ order, shop }: { order: PrintedOrder; shop: ShopHeading }) {
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
            <th scope="col">{t("print:line.item")}</th>
            <th scope="col">{t("print:line.size")}</th>
            <th scope="col" className="num">
              {t("print:line.quantity")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.key} data-line={line.key}>
              <td className="print-check">
                <span className="print-box" aria-hidden="true" />
              </td>
              <ItemCell line={line} />
              <td data-field="size">{line.size}</td>
              <td className="num" data-field="quantity">
                {line.quantity}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="print-count" data-field="line-count">
        {t("print:slip.lineCount", { count: order.lines.length, items: order.itemCount })}
      </p>
      <p className="print-signature">{t("print:slip.packedBy")}: ____________________</p>
    </article>
  );
}

function Invoice({ order, shop }: { order: PrintedOrder; shop: ShopHeading }) {
  const t = useT();
  return (
    <article className="print-doc print-invoice" data-order-id={order.id} aria-labelledby={`doc-${order.id}`}>
      <DocumentHead order={order} shop={shop} title={t("print:invoice.title")} addressTitle={t("print:invoice.billTo")} />
      <table className="print-lines">
        <thead>
          <tr>
            <th scope="col">{t("print:line.item")}</th>
            <th scope="col">{t("print:line.size")}</th>
            <th scope="col" className="num">
              {t("print:line.quantity")}
            </th>
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
              <ItemCell line={line} />
              <td data-field="size">{line.size}</td>
              <td className="num" data-field="quantity">
                {line.quantity}
              </td>
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
        <dt>{t("print:invoice.subtotal")}</dt>
        <dd data-field="subtotal">{order.subtotal}</dd>
        {order.discount ? (
          <>
            <dt>{t("print:invoice.offer", { percent: order.discountPercent })}</dt>
            <dd data-field="discount">−{order.discount}</dd>
          </>
        ) : null}
        <dt>{t("print:invoice.delivery")}</dt>
        <dd data-field="delivery">{order.delivery ?? t("print:invoice.free")}</dd>
        <dt className="print-total">{t("print:invoice.total")}</dt>
        <dd className="print-total" data-field="total">
          {order.total}
        </dd>
      </dl>
      <dl className="print-facts print-payment">
        <dt>{t("print:invoice.payment")}</dt>
        <dd data-field="payment-method">{t(`payment:method.${order.paymentMethod}`)}</dd>
        <dt>{t("print:invoice.status")}</dt>
        <dd data-field="payment-status">
          {/* "unpaid" beside "not paid yet" would say it twice. */}
          {order.paymentStatus === "unpaid" ? null : t(`payment:standing.${order.paymentStatus}`)}
          {order.amountPaid ? <span className="print-money-line">{t("print:invoice.paid", { amount: order.amountPaid })}</span> : null}
          {order.amountRefunded ? <span className="print-money-line">{t("print:invoice.refunded", { amount: order.amountRefunded })}</span> : null}
          {order.amountPaid ? null : <span className="print-money-line">{t("print:invoice.unpaid", { amount: order.total })}</span>}
          {order.paymentReference ? (
            <span className="print-money-line">{t("print:invoice.reference", { reference: order.paymentReference })}</span>
          ) : null}
        </dd>
      </dl>
      <p className="print-thanks">{t("print:invoice.thanks")}</p>
    </article>
  );
}

export function PrintView() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className={`print-view paper-${data.paper} doc-${data.doc}`}>
      <PrintControls data={data} />
      {data.orders.map((order) =>
        data.doc === "invoice" ? <Invoice key={order.id} order={order} shop={data.shop} /> : <PackingSlip key={order.id} order={order} shop={data.shop} />,
      )}
    </section>
  );
}

export default PrintView;

export function PrintErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; problems?: string[] } | undefined) : undefined;
  return (
    <section className="error-page print-problems" data-status={isRouteErrorResponse(error) ? error.status : 500}>
      <h1>{body?.message ?? t("admin:order.fault")}</h1>
      {body?.problems?.length ? (
        <ul>
          {body.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : (
        <p>{t("admin:order.faultText")}</p>
      )}
      <p>
        <a className="button" href="/admin">
          {t("admin:nav.backToOrders")}
        </a>
      </p>
    </section>
  );
}

export const ErrorBoundary = PrintErrorBoundary;
