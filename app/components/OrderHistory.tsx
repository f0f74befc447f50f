import { Link } from "@remix-run/react";
import { formatDate } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import type { FormResult } from "../forms/form.server";
import { typedValue } from "../forms/messages";
import { useLanguage, useT } from "../i18n/I18n";
import { PaymentStandingText, UpiReferenceForm, type OrderMoneyView } from "./OrderPayment";
import { PayOnlineButton } from "./PayOnline";
import { ReturnRequestForm, type ShopperReturns } from "./ReturnRequest";
import { TaxDocumentLinks, type TaxDocumentLink } from "./TaxDocumentLinks";
import { LinePictures, type NamedLinePicture } from "./LinePicture";

/** One order as the account page's Order History shows it (serialisable loader data). */
export interface OrderHistoryRow {
  id: string;
  displayId: string;
  /** ISO time. */
  placedAt: string;
  status: string;
  total: number;
  /** 'Shirt (30) x 2, Belt (Free Size) x 1' */
  items: string;
  /** The lines' pictures (decision 140). */
  pictures?: NamedLinePicture[];
  /** How it is paid and where the payment stands (needs the `payment` namespace). */
  money: OrderMoneyView;
  /** Delivery details and returns of a delivered order (decision 103; needs the `returns` namespace). */
  returns?: ShopperReturns | null;
  /** The tax invoice and credit notes issued (docs/tax.md; needs the `tax` namespace). */
  documents?: TaxDocumentLink[];
}

/** The answer of the account page's UPI reference form: which order it was about. */
export interface ReferenceAnswer {
  reportedOrderId?: string;
  result?: FormResult;
  /** The order a return request was sent for. */
  returnSentOrderId?: string;
}

/**
 * The account page's Order History (spec: Order ID, Date, Status, Total, Items): a table, cards on a phone.
 * Its words are in the `account` namespace, which the page showing it sends down.
 */
/** `payOnline`: the shop has the gateway (decision 222), so an order awaiting its UPI payment may be paid online from its row. */
export function OrderHistory({ orders, answer, payOnline = false }: { orders: OrderHistoryRow[]; answer?: ReferenceAnswer; payOnline?: boolean }) {
  const t = useT();
  const lang = useLanguage();
  const label = {
    orderId: t("account:history.orderId"),
    date: t("account:history.date"),
    status: t("account:history.status"),
    total: t("account:history.total"),
    items: t("account:history.items"),
    payment: t("payment:summary.method"),
  };
  // A refusal of the reference form belongs to the order it named.
  const refusedOrder = answer?.result ? typedValue(answer.result, "orderId") : undefined;
  return (
    <section aria-labelledby="order-history-title">
      <h2 id="order-history-title">{t("account:history.title")}</h2>
      {orders.length === 0 ? (
        <p>{t("account:history.none")}</p>
      ) : (
        // A table on wide screens; under 40rem each order is a card of labelled fields (app/styles/cart.css),
        // so nothing scrolls sideways on a phone.
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">{label.orderId}</th>
              <th scope="col">{label.date}</th>
              <th scope="col">{label.status}</th>
              <th scope="col">{label.total}</th>
              <th scope="col">{label.items}</th>
              <th scope="col">{label.payment}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td data-label={label.orderId} className="order-id">
                  {order.displayId}
                  {/* Next year's sizes (decision 133): the same items a size up, shown before anything is added. */}
                  <div className="reorder-link">
                    <Link to={`/account/reorder/${order.id}`}>{t("kits:reorder.link")}</Link>
                  </div>
                </td>
                <td data-label={label.date}>{formatDate(order.placedAt, lang)}</td>
                <td data-label={label.status}>
                  {/* The stored status is English; a status the messages do not know is shown as stored. */}
                  <span className="status">{statusLabel(t, order.status)}</span>
                  <TaxDocumentLinks orderId={order.id} documents={order.documents} />
                </td>
                <td data-label={label.total}>{formatRupees(order.total)}</td>
                <td data-label={label.items}>
                  <LinePictures pictures={order.pictures} />
                  {order.items}
                </td>
                <td data-label={label.payment}>
                  <div className="order-payment">
                    <PaymentStandingText money={order.money} testId={`payment-${order.displayId}`} />
                    {order.money.awaitsUpi || (refusedOrder === order.id && answer?.result?.initialValue?.intent !== "return") ? (
                      <>
                        {/* The QR code is too big for a row: the order's own page shows it. */}
                        <Link to={`/checkout/done?order=${order.id}`}>{t("payment:report.payLink")}</Link>
                        {payOnline && order.money.awaitsUpi ? <PayOnlineButton orderId={order.id} inRow /> : null}
                        <UpiReferenceForm
                          idPrefix={`order-${order.displayId}`}
                          action="/account"
                          hidden={{ orderId: order.id }}
                          result={refusedOrder === order.id ? answer?.result : undefined}
                        />
                      </>
                    ) : answer?.reportedOrderId === order.id ? (
                      <UpiReferenceForm idPrefix={`order-${order.displayId}`} hidden={{}} reported />
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {orders.map((order) =>
        order.returns && (hasAfterSale(order.returns) || refusedOrder === order.id || answer?.returnSentOrderId === order.id) ? (
          <section key={order.id} className="order-returns" aria-label={t("account:track.order", { id: order.displayId })} data-order={order.displayId}>
            <h3>{t("account:track.order", { id: order.displayId })}</h3>
            <ReturnRequestForm
              info={order.returns}
              idPrefix={returnPartId(order.displayId)}
              action="/account?return=1"
              hidden={{ orderId: order.id }}
              result={answer?.result?.initialValue?.intent === "return" && refusedOrder === order.id ? answer.result : undefined}
              sent={answer?.returnSentOrderId === order.id}
            />
          </section>
        ) : null,
      )}
    </section>
  );
}

/** The id of an order's returns part on the account page: where a request's answer reopens the page. */
export const returnPartId = (displayId: string) => `return-${displayId}`;

/** Whether an order has anything after the sale to show: a courier, a return, or a return it may ask for. */
const hasAfterSale = (info: ShopperReturns) => Boolean(info.openUntil || info.returns.length > 0 || info.courier || info.byHand);

/** An order's status ("shipped") in the page's language; the stored value when there is no message for it. */
export function statusLabel(t: (key: string) => string, status: string): string {
  const key = `account:status.${status}`;
  const label = t(key);
  return label === key ? status : label;
}
