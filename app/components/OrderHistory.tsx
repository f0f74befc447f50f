import { formatRupees } from "../../domain/money";

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

const dateFormat = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });

/** The account page's Order History (spec: Order ID, Date, Status, Total, Items): a table, cards on a phone. */
export function OrderHistory({ orders }: { orders: OrderHistoryRow[] }) {
  return (
    <section aria-labelledby="order-history-title">
      <h2 id="order-history-title">Order History</h2>
      {orders.length === 0 ? (
        <p>No orders found.</p>
      ) : (
        // A table on wide screens; under 40rem each order is a card of labelled fields (app/styles/cart.css),
        // so nothing scrolls sideways on a phone.
        <table className="orders-table">
          <thead>
            <tr>
              <th scope="col">Order ID</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
              <th scope="col">Items</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td data-label="Order ID" className="order-id">
                  {order.displayId}
                </td>
                <td data-label="Date">{dateFormat.format(new Date(order.placedAt))}</td>
                <td data-label="Status">
                  <span className="status">{order.status}</span>
                </td>
                <td data-label="Total">{formatRupees(order.total)}</td>
                <td data-label="Items">{order.items}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
