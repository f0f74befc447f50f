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

/** The account page's Order History table (spec: Order ID, Date, Status, Total, Items). */
export function OrderHistory({ orders }: { orders: OrderHistoryRow[] }) {
  return (
    <section aria-labelledby="order-history-title">
      <h2 id="order-history-title">Order History</h2>
      {orders.length === 0 ? (
        <p>No orders found.</p>
      ) : (
        <div className="table-scroll">
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
                  <td>{order.displayId}</td>
                  <td>{dateFormat.format(new Date(order.placedAt))}</td>
                  <td>
                    <span className="status">{order.status}</span>
                  </td>
                  <td>{formatRupees(order.total)}</td>
                  <td>{order.items}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
