import { formatDate } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import { useLanguage, useT } from "../i18n/I18n";

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
}

/**
 * The account page's Order History (spec: Order ID, Date, Status, Total, Items): a table, cards on a phone.
 * Its words are in the `account` namespace, which the page showing it sends down.
 */
export function OrderHistory({ orders }: { orders: OrderHistoryRow[] }) {
  const t = useT();
  const lang = useLanguage();
  const label = {
    orderId: t("account:history.orderId"),
    date: t("account:history.date"),
    status: t("account:history.status"),
    total: t("account:history.total"),
    items: t("account:history.items"),
  };
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
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td data-label={label.orderId} className="order-id">
                  {order.displayId}
                </td>
                <td data-label={label.date}>{formatDate(order.placedAt, lang)}</td>
                <td data-label={label.status}>
                  {/* The stored status is English; a status the messages do not know is shown as stored. */}
                  <span className="status">{statusLabel(t, order.status)}</span>
                </td>
                <td data-label={label.total}>{formatRupees(order.total)}</td>
                <td data-label={label.items}>{order.items}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** An order's status ("shipped") in the page's language; the stored value when there is no message for it. */
export function statusLabel(t: (key: string) => string, status: string): string {
  const key = `account:status.${status}`;
  const label = t(key);
  return label === key ? status : label;
}
