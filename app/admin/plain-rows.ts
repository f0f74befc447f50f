/**
 * The dashboard's rows before React takes over (the server's HTML, and the whole page without
 * JavaScript), written as one HTML string. Fifty rows as React elements were two thirds of the
 * page's render: React encodes every tag, attribute and text of some 2,000 elements one by one
 * (decision 102; figures in docs/benchmarks.md). The same function runs in the browser on
 * hydration, so both sides agree; once hydrated the rows are React's own (LiveOrderRow).
 *
 * Every value goes through `escapeHtml`, attribute or text alike: names, addresses and the
 * back link are what customers and the URL typed.
 */
import type { OrderStatus, PaymentStanding } from "../../domain/orders/events";

/** One dashboard row as the loader sends it (app/admin/orders.server.ts, orderRow). */
export interface PlainRow {
  id: string;
  displayId: string;
  userId: string | null;
  customerName: string;
  phone: string;
  email: string | null;
  placedAt: string;
  placedAtIso: string;
  address: string;
  status: OrderStatus;
  paymentStatus: PaymentStanding;
  paymentMethod: string;
  reportedReference: string | null;
  total: string;
  items: string;
  deleted: boolean;
}

/** What every row of a page shares, in the page's language, made once per page. */
export interface PlainRowWords {
  /** Where the row forms post (the page's own action) and come back to. */
  action: string;
  back: string;
  /** The order's page, and its 'Delete this order?' page (orderPageLinks in domain/admin-orders.ts). */
  trail(orderId: string): string;
  deletePage(orderId: string): string;
  /** Every row's box ticked ('Select all on this page' without JavaScript). */
  checked: boolean;
  statuses: readonly OrderStatus[];
  statusLabel(status: OrderStatus): string;
  standingLabel(standing: PaymentStanding): string;
  /** UPI or cash, short: the dashboard's Method column. */
  methodLabel(method: string): string;
  selectOrder(displayId: string): string;
  statusOf(displayId: string): string;
  guest: string;
  history: string;
  deleteLabel: string;
  save: string;
  markPaid: string;
  checkPayment: string;
  /** What the person's role may do here (decision 217): a packer sees the rows without their forms and delete links. */
  can: RowPermissions;
}

/** The row controls a role may be offered: changing an order (status, cash collected, a UPI check) and deleting one. */
export interface RowPermissions {
  orders: boolean;
  deleteOrders: boolean;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

/** Text or an attribute's value, as React would write it. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Where a row's own value goes in a message made once per page (`oncePerPage`). */
export const ROW_SLOT = "\u0001row\u0001";

/**
 * A message with one value per row ("Select order {{id}}"), translated once with ROW_SLOT in
 * the value's place: each row only splices its value in, rather than looking the message up again.
 */
export function oncePerPage(message: string): (value: string) => string {
  const [before, after = ""] = message.split(ROW_SLOT);
  return (value) => before + value + after;
}

/** 'Mark paid' stays on the row for cash on delivery only (it records the cash collected). */
export function marksPaidHere(row: Pick<PlainRow, "paymentMethod" | "paymentStatus" | "deleted">): boolean {
  return row.paymentMethod === "cod" && row.paymentStatus === "unpaid" && !row.deleted;
}

/** The rows of one page as HTML: the same cells, classes and forms as LiveOrderRow, as plain links and forms. */
export function plainRowsHtml(rows: readonly PlainRow[], w: PlainRowWords): string {
  const action = escapeHtml(w.action);
  const backField = `<input type="hidden" name="back" value="${escapeHtml(w.back)}"/>`;
  const save = `<button type="submit" class="secondary small">${escapeHtml(w.save)}</button>`;
  const markPaid = `<button type="submit" class="secondary small">${escapeHtml(w.markPaid)}</button>`;
  const checked = w.checked ? ' checked=""' : "";
  const guest = escapeHtml(w.guest);
  const history = escapeHtml(w.history);
  const deleteLabel = escapeHtml(w.deleteLabel);
  const checkPayment = escapeHtml(w.checkPayment);
  // The status menu with each status chosen, and each label, made once for the page's fifty rows.
  const labels = new Map(w.statuses.map((s) => [s, escapeHtml(w.statusLabel(s))]));
  const menus = new Map(
    w.statuses.map((chosen) => [
      chosen,
      w.statuses.map((s) => `<option value="${s}"${s === chosen ? ' selected=""' : ""}>${labels.get(s)}</option>`).join(""),
    ]),
  );
  const methods = new Map<string, string>();
  const method = (m: string) => {
    let label = methods.get(m);
    if (label === undefined) methods.set(m, (label = escapeHtml(w.methodLabel(m))));
    return label;
  };
  const standings = new Map<string, string>();
  const standing = (s: PaymentStanding) => {
    let label = standings.get(s);
    if (label === undefined) standings.set(s, (label = escapeHtml(w.standingLabel(s))));
    return label;
  };

  let html = "";
  for (const row of rows) {
    const id = escapeHtml(row.id);
    const shown = escapeHtml(row.displayId);
    const trail = escapeHtml(w.trail(row.id));
    const idField = `<input type="hidden" name="orderId" value="${id}"/>`;
    const statusLabel = labels.get(row.status) ?? escapeHtml(row.status);
    html +=
      `<tr data-order-id="${id}" data-status="${escapeHtml(row.status)}" data-payment-status="${escapeHtml(row.paymentStatus)}"${row.deleted ? ' class="deleted"' : ""}>` +
      `<td class="select-cell"><input type="checkbox" name="orderIds" form="bulk-orders" aria-label="${escapeHtml(w.selectOrder(row.displayId))}"${checked} value="${id}"/></td>` +
      `<td><a href="${trail}" title="${id}" class="order-id">${shown}</a></td>` +
      `<td class="user-id">${row.userId === null ? guest : escapeHtml(row.userId)}</td>` +
      `<td class="customer-name">${escapeHtml(row.customerName)}</td>` +
      `<td>${escapeHtml(row.phone)}</td>` +
      `<td class="email">${escapeHtml(row.email ?? "")}</td>` +
      `<td><time datetime="${escapeHtml(row.placedAtIso)}">${escapeHtml(row.placedAt)}</time></td>` +
      `<td class="address">${escapeHtml(row.address)}</td>` +
      `<td class="status-cell">` +
      (row.deleted || !w.can.orders
        ? `<span class="status-badge">${statusLabel}</span>`
        : `<form method="post" action="${action}" class="row-form"><input type="hidden" name="intent" value="status"/>${idField}${backField}` +
          `<select name="status" aria-label="${escapeHtml(w.statusOf(row.displayId))}">${menus.get(row.status) ?? ""}</select>${save}</form>`) +
      `</td>` +
      `<td class="payment-method" data-payment-method="${escapeHtml(row.paymentMethod)}">${method(row.paymentMethod)}</td>` +
      `<td class="payment-cell"><span class="status-badge">${standing(row.paymentStatus)}</span>` +
      (row.reportedReference ? `<code class="payment-reference" data-field="reported-reference">${escapeHtml(row.reportedReference)}</code>` : "") +
      (w.can.orders && !row.deleted && row.paymentMethod === "upi" && row.paymentStatus === "reported"
        ? ` <a href="${trail}#payment" class="check-payment">${checkPayment}</a>`
        : "") +
      (w.can.orders && marksPaidHere(row)
        ? `<form method="post" action="${action}" class="row-form"><input type="hidden" name="intent" value="paid"/>${idField}${backField}${markPaid}</form>`
        : "") +
      `</td>` +
      `<td class="total">${escapeHtml(row.total)}</td>` +
      `<td class="items">${escapeHtml(row.items)}</td>` +
      `<td class="actions"><a href="${trail}">${history}</a>` +
      (row.deleted || !w.can.deleteOrders ? "" : ` <a href="${escapeHtml(w.deletePage(row.id))}" class="danger-link">${deleteLabel}</a>`) +
      `</td></tr>`;
  }
  return html;
}
