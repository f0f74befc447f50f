/**
 * The order dashboard's view model (app/admin/dashboard.server.ts) from plain data: what the
 * queries found in, the page's links, counts and rows out. The pages themselves are checked
 * through the server (tests/integration/admin-find.test.ts, admin-orders-pagination.test.ts) and
 * in a browser (tests/e2e/admin-orders.e2e.test.ts).
 */
import { describe, expect, it } from "vitest";
import { dashboardView, requestedPage, type DashboardFound } from "../../app/admin/dashboard.server";
import { DEFAULT_DASHBOARD_QUERY, dashboardHref, type DashboardCounts, type DashboardCursor, type DashboardQuery } from "../../domain/admin-orders";
import type { OrderSummary } from "../../services/orders";

const counts = (all: number, over: Partial<DashboardCounts["byFilter"]> = {}): DashboardCounts => ({
  byFilter: { all, pending: all, processing: 0, shipped: 0, delivered: 0, cancelled: 0, deleted: 0, ...over },
});

const summary = (over: Partial<OrderSummary> = {}): OrderSummary => ({
  id: "0f8e2a6c-1b2d-4c3e-9f00-123456789abc",
  displayId: "0F8E2A6C",
  userId: null,
  customerKind: "guest",
  customerName: "Ramesh Kumawat",
  phone: "9829012345",
  email: null,
  address: { name: "Ramesh Kumawat", phone: "9829012345", address: "12 Station Road", city: "Churu", pincode: "331001" },
  lines: [{ productId: "shirt", name: "Shirt", size: "30", school: "dps", unitPrice: 460, quantity: 1 }],
  itemCount: 1,
  total: 460,
  subtotal: 460,
  discountPercent: 0,
  discount: 0,
  delivery: 0,
  status: "pending",
  paymentStatus: "reported",
  paymentMethod: "upi",
  paymentReference: "412345678901",
  amountPaid: 0,
  refundedPaise: 0,
  deleted: false,
  placedAt: new Date("2026-11-24T05:00:00.000Z"),
  updatedAt: new Date("2026-11-24T05:00:00.000Z"),
  ...over,
});

const next: DashboardCursor = { sort: "date", placedAt: "2026-11-24T05:00:00.000Z", id: "0f8e2a6c-1b2d-4c3e-9f00-123456789abc" };
const previous: DashboardCursor = { sort: "date", placedAt: "2026-11-25T05:00:00.000Z", id: "1f8e2a6c-1b2d-4c3e-9f00-123456789abc" };

function found(over: Omit<Partial<DashboardFound>, "query"> & { query?: Partial<DashboardQuery> } = {}): DashboardFound {
  return {
    pageNumber: 1,
    counts: counts(120),
    page: { orders: [summary()], next },
    ...over,
    query: { ...DEFAULT_DASHBOARD_QUERY, ...over.query },
  };
}

const view = (f: DashboardFound, options: { lang?: "en" | "hi"; notice?: string | null; selectAll?: boolean } = {}) =>
  dashboardView(f, { lang: options.lang ?? "en", notice: options.notice ?? null, selectAll: options.selectAll ?? false });

describe("the dashboard's view", () => {
  it("on the first of three pages links to the next and the last page, not to the first or a previous one", () => {
    const v = view(found());
    expect(v.pages).toBe(3);
    expect(v.pageNumber).toBe(1);
    expect(v.firstHref).toBeNull();
    expect(v.previousHref).toBeNull();
    expect(v.nextHref).toBe(dashboardHref({ after: next, page: 2 }));
    expect(v.lastHref).toBe("/admin?page=3");
    expect(v.here).toBe("/admin");
  });

  it("on a middle page links both ways; 'Previous' from page 2 is the first page's plain address", () => {
    const second = view(found({ pageNumber: 2, query: { after: previous }, page: { orders: [summary()], next, previous } }));
    expect(second.firstHref).toBe("/admin");
    expect(second.previousHref).toBe("/admin");
    expect(second.nextHref).toBe(dashboardHref({ after: next, page: 3 }));
    const third = view(found({ pageNumber: 3, counts: counts(200), query: { after: previous }, page: { orders: [summary()], next, previous } }));
    expect(third.previousHref).toBe(dashboardHref({ before: previous, page: 2 }));
    expect(third.lastHref).toBe("/admin?page=4");
  });

  it("on the last page has no 'Next' and no 'Last'", () => {
    const v = view(found({ pageNumber: 3, page: { orders: [summary()], previous } }));
    expect(v.nextHref).toBeNull();
    expect(v.lastHref).toBeNull();
    expect(v.firstHref).toBe("/admin");
  });

  it("keeps the search, dates, filter and sort in every link, the export's included, but not the page", () => {
    const query = { search: { kind: "name" as const, words: ["asha"], text: "Asha" }, from: "2026-11-01", to: "2026-11-30", filter: "pending" as const, sort: "id" as const, direction: "asc" as const };
    const v = view(found({ query, pageNumber: 2, page: { orders: [], previous } }));
    expect(v.q).toBe("Asha");
    expect(v.from).toBe("2026-11-01");
    expect(v.to).toBe("2026-11-30");
    expect(v.filter).toBe("pending");
    expect(v.firstHref).toBe("/admin?q=Asha&from=2026-11-01&to=2026-11-30&status=pending&sort=id&dir=asc");
    expect(v.exportHref).toBe("/admin/orders/export.csv?q=Asha&from=2026-11-01&to=2026-11-30&status=pending&sort=id&dir=asc");
    expect(v.selectAllHref).toBe("/admin?q=Asha&from=2026-11-01&to=2026-11-30&status=pending&sort=id&dir=asc&page=2&select=page");
    // A header flips its own column's direction and starts another ascending, back on page one.
    expect(v.sortLinks.id).toBe("/admin?q=Asha&from=2026-11-01&to=2026-11-30&status=pending&sort=id&dir=desc");
    expect(v.sortLinks.date).toBe("/admin?q=Asha&from=2026-11-01&to=2026-11-30&status=pending&sort=date&dir=asc");
  });

  it("offers oldest first, and newest first again once the oldest are shown", () => {
    expect(view(found())).toMatchObject({ oldestShown: false, oldestHref: "/admin?sort=date&dir=asc" });
    expect(view(found({ query: { direction: "asc" } }))).toMatchObject({ oldestShown: true, oldestHref: "/admin" });
  });

  it("counts each filter and the total in the page's numerals", () => {
    const f = found({ counts: counts(123456, { pending: 1234, deleted: 7 }) });
    const en = view(f);
    expect(en.total).toBe(123456);
    expect(en.totalText).toBe("1,23,456");
    expect(en.counts).toMatchObject({ all: "1,23,456", pending: "1,234", deleted: "7" });
    const hi = view(f, { lang: "hi" });
    expect(hi.totalText).toBe(new Intl.NumberFormat("hi-IN").format(123456));
  });

  it("draws each order as a row with the reported reference to check; the export link is bare without a view", () => {
    const v = view(found({ page: { orders: [summary(), summary({ id: "2f8e2a6c-1b2d-4c3e-9f00-123456789abc", paymentStatus: "paid", paymentReference: "999" })] } }));
    expect(v.orders).toHaveLength(2);
    expect(v.orders[0]).toMatchObject({ displayId: "0F8E2A6C", total: "₹460", address: expect.stringContaining("Churu"), reportedReference: "412345678901" });
    expect(v.orders[1].reportedReference).toBeNull();
    expect(v.exportHref).toBe("/admin/orders/export.csv");
  });

  it("passes on the notice and 'select all on this page'", () => {
    const v = view(found(), { notice: "That page link is out of date: showing the first page.", selectAll: true });
    expect(v.notice).toBe("That page link is out of date: showing the first page.");
    expect(v.allSelected).toBe(true);
  });
});

describe("the page an address asks for", () => {
  it("is a jump without a cursor, kept within the pages there are", () => {
    expect(requestedPage({ ...DEFAULT_DASHBOARD_QUERY }, 120)).toBe(1);
    expect(requestedPage({ ...DEFAULT_DASHBOARD_QUERY, page: 2 }, 120)).toBe(2);
    expect(requestedPage({ ...DEFAULT_DASHBOARD_QUERY, page: 99 }, 120)).toBe(3);
    expect(requestedPage({ ...DEFAULT_DASHBOARD_QUERY, page: 5 }, 0)).toBe(1);
  });

  it("only names where 'Next' got to when there is a cursor, or nothing", () => {
    expect(requestedPage({ ...DEFAULT_DASHBOARD_QUERY, after: next, page: 7 }, 120)).toBe(7);
    expect(requestedPage({ ...DEFAULT_DASHBOARD_QUERY, before: previous }, 120)).toBeNull();
  });
});
