/**
 * The dashboard's rows as one HTML string before hydration (app/admin/plain-rows.ts): every value
 * a customer or the URL typed is escaped wherever it lands, the order's status is the chosen one in
 * its menu, and a deleted order has no forms. The e2e tests check the rows in a browser.
 */
import { describe, expect, it } from "vitest";
import { escapeHtml, oncePerPage, plainRowsHtml, ROW_SLOT, type PlainRow, type PlainRowWords } from "../../app/admin/plain-rows";
import { ORDER_STATUSES } from "../../domain/orders/events";

const HOSTILE = `<script>alert("x")</script> O'Brien & Co`;

const row = (over: Partial<PlainRow> = {}): PlainRow => ({
  id: "0f8e2a6c-1b2d-4c3e-9f00-123456789abc",
  displayId: "0F8E2A6C",
  userId: null,
  customerName: "Ramesh Kumawat",
  phone: "9829012345",
  email: null,
  placedAt: "24 Nov 2026, 10:30:00 am",
  placedAtIso: "2026-11-24T05:00:00.000Z",
  address: "12 Station Road, Churu, 331001",
  status: "processing",
  paymentStatus: "unpaid",
  paymentMethod: "cod",
  reportedReference: null,
  total: "₹460",
  items: "Shirt (30) x 1",
  deleted: false,
  ...over,
});

const words = (over: Partial<PlainRowWords> = {}): PlainRowWords => ({
  action: "/admin?index",
  back: "/admin?q=ram&page=2",
  trail: (id) => `/admin/orders/${id}?back=%2Fadmin`,
  deletePage: (id) => `/admin/orders/${id}/delete?back=%2Fadmin`,
  checked: false,
  statuses: ORDER_STATUSES,
  statusLabel: (s) => `[${s}]`,
  standingLabel: (s) => `{${s}}`,
  methodLabel: (m) => `(${m})`,
  selectOrder: (id) => `Select order ${id}`,
  statusOf: (id) => `Status of order ${id}`,
  guest: "Guest",
  history: "History",
  deleteLabel: "Delete",
  save: "Save",
  markPaid: "Mark paid",
  checkPayment: "Check payment",
  can: { orders: true, deleteOrders: true },
  ...over,
});

describe("the dashboard's plain rows", () => {
  it("escapes every value a customer typed, in text and in attributes", () => {
    const html = plainRowsHtml(
      [row({ customerName: HOSTILE, address: HOSTILE, items: HOSTILE, email: `"><img src=x onerror=alert(1)>`, userId: HOSTILE })],
      words({ back: `/admin?q="><script>` }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain(`<td class="customer-name">${escapeHtml(HOSTILE)}</td>`);
    expect(escapeHtml(HOSTILE)).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#x27;Brien &amp; Co");
    expect(html).toContain('name="back" value="/admin?q=&quot;&gt;&lt;script&gt;"');
  });

  it("chooses the order's status in its menu and keeps the cells' classes for the layout", () => {
    const html = plainRowsHtml([row()], words());
    expect(html).toContain('<option value="processing" selected="">[processing]</option>');
    expect(html.match(/selected=""/g)).toHaveLength(1);
    for (const cell of ["select-cell", "order-id", "user-id", "customer-name", "email", "address", "status-cell", "payment-cell", "total", "items", "actions"]) {
      expect(html).toContain(`class="${cell}"`);
    }
    expect(html).toContain('data-order-id="0f8e2a6c-1b2d-4c3e-9f00-123456789abc" data-status="processing" data-payment-status="unpaid"');
    expect(html).toContain(">Guest</td>");
    // The Method column names how the order is paid (issue 35).
    expect(html).toContain('<td class="payment-method" data-payment-method="cod">(cod)</td>');
    // Cash on delivery, unpaid: 'Mark paid' is on the row.
    expect(html).toContain('<input type="hidden" name="intent" value="paid"/>');
  });

  it("gives a deleted order no forms and no Delete link, and ticks every box when asked", () => {
    const html = plainRowsHtml([row({ deleted: true })], words({ checked: true }));
    expect(html).not.toContain("<form");
    expect(html).not.toContain("danger-link");
    expect(html).toContain('class="deleted"');
    expect(html).toContain(' checked=""');
  });

  it("offers a packer, who may only see the orders, no form, no payment check and no Delete link (decision 217)", () => {
    const reported = row({ paymentMethod: "upi", paymentStatus: "reported", reportedReference: "412345678901" });
    const html = plainRowsHtml([row(), reported], words({ can: { orders: false, deleteOrders: false } }));
    expect(html).not.toContain("<form");
    expect(html).not.toContain("danger-link");
    expect(html).not.toContain("check-payment");
    expect(html).toContain('<span class="status-badge">[processing]</span>');
    expect(html).toContain('class="order-id"');
  });

  it("puts each row's value into a message translated once", () => {
    const select = oncePerPage(`ऑर्डर ${ROW_SLOT} चुनें`);
    expect(select("0F8E2A6C")).toBe("ऑर्डर 0F8E2A6C चुनें");
    expect(oncePerPage(`Select order ${ROW_SLOT}`)("AB")).toBe("Select order AB");
  });
});
