/**
 * What an owner's day with 5,000 orders found in the back office (issue 35, decision 138), each
 * through the page's own loader or action on a real shop: a partial order number finds its
 * orders, the print views take the 8-character number, the bulk report names the status set,
 * the CSV keeps the street apart from city and pincode and a UPI reference whole, the packing
 * slip of a cash order says what to collect, and the notifications page writes its counts as
 * the dashboard does.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../support/shop";
import { createTestAdmin, placeTestOrder, type TestAdmin } from "../support/admin";
import { parseDashboardQuery, parseOrderSearch } from "../../domain/admin-orders";
import { formatRupees } from "../../domain/money";
import { loader as printSelection } from "../../app/routes/admin.orders.print";
import { loader as printOne } from "../../app/routes/admin.orders.$id_.print";
import { loader as exportCsv } from "../../app/routes/admin.orders.export[.csv]";
import { loader as notificationsPage } from "../../app/routes/admin.notifications";
import { action as dashboardAction } from "../../app/routes/admin._index";
import { BulkReportView, type BulkReport } from "../../app/admin/components/DashboardForms";
import { serverT } from "../../app/i18n/i18n.server";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

let shop: TestShop;
let admin: TestAdmin;
const tag = `Od${randomUUID().replace(/-/g, "").slice(0, 8)}`.toLowerCase();
const ADMIN = { kind: "admin" as const, id: "owner-day", name: "Owner Day" };

beforeAll(async () => {
  shop = await openTestShop({ env: { SHOP_UPI_ID: "churuuniform@sbi" } });
  admin = await createTestAdmin(shop, "http://localhost");
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const request = (path: string, lang: "en" | "hi" = "en", init: RequestInit = {}) =>
  new Request(`http://localhost${path}`, { ...init, headers: { Cookie: `${admin.cookie}; shop_lng=${lang}`, ...(init.headers ?? {}) } });
const args = (path: string, lang: "en" | "hi" = "en", params: Record<string, string> = {}, init: RequestInit = {}) =>
  ({ request: request(path, lang, init), context: { shop }, params }) as never;
/** A loader's thrown answer (a 400 with its problems) or its data. */
async function settle<T>(run: () => Promise<T>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await run() };
  } catch (thrown) {
    const answer = thrown as { init?: { status?: number }; data?: unknown; status?: number };
    return { status: answer.init?.status ?? answer.status ?? 500, body: answer.data };
  }
}

/** An order whose 8-character number starts with a letter and holds a digit in its first four: the owner's "E1EF". */
async function orderWithMixedStart() {
  for (;;) {
    const order = await placeTestOrder(shop, { name: `Mixed ${tag}` });
    const start = order.displayId.slice(0, 4);
    if (/[A-F]/.test(start) && /\d/.test(start)) return order;
  }
}

describe("a partial order number", () => {
  it("finds the orders whose number starts with it, with or without '#', in any case", async () => {
    const order = await orderWithMixedStart();
    const start = order.displayId.slice(0, 4);
    for (const q of [start, start.toLowerCase(), `#${start}`, order.displayId.slice(0, 6)]) {
      const query = parseDashboardQuery(new URLSearchParams({ q })).query;
      const found = (await shop.adminOrders.listPage(query, 500)).orders;
      expect(found.map((o) => o.id), q).toContain(order.orderId);
      expect(found.every((o) => o.displayId.startsWith(start)), q).toBe(true);
    }
    // Fewer than four characters is still no search; a whole name is still a name.
    expect(parseOrderSearch("E1E")).toMatchObject({ ok: true, search: { kind: "name" } });
  });

  it("finds a number's start made of letters alone as well as the names starting so", async () => {
    const named = await placeTestOrder(shop, { name: `Bead ${tag}` });
    const search = parseOrderSearch("bead");
    expect(search).toMatchObject({ ok: true, search: { kind: "name", shortId: "BEAD" } });
    const found = await shop.adminOrders.listPage(parseDashboardQuery(new URLSearchParams({ q: "bead" })).query, 500);
    expect(found.orders.map((o) => o.id)).toContain(named.orderId);
  });
});

describe("the print views", () => {
  it("print an order by its 8-character number, alone or in a selection", async () => {
    const order = await placeTestOrder(shop, { name: `Number ${tag}` });
    const one = (await printOne(args(`/admin/orders/${order.displayId}/print`, "en", { id: order.displayId }))) as { orders: { id: string }[]; oneOrder: string };
    expect(one.orders.map((o) => o.id)).toEqual([order.orderId]);
    expect(one.oneOrder).toBe(order.orderId);
    const other = await placeTestOrder(shop, { name: `Number ${tag}` });
    const ids = `${order.displayId.toLowerCase()},#${other.displayId},${order.orderId}`;
    const many = (await printSelection(args(`/admin/orders/print?ids=${encodeURIComponent(ids)}`))) as { orders: { id: string }[] };
    expect(many.orders.map((o) => o.id)).toEqual([order.orderId, other.orderId]);
  });

  it("name an unknown number, and refuse a number two orders share with both full ids", async () => {
    const unknown = await settle(() => printSelection(args("/admin/orders/print?ids=00000000")));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("1 order was not found: 00000000");
    const a = await placeTestOrder(shop, { name: `Twin ${tag}` });
    const b = await placeTestOrder(shop, { name: `Twin ${tag}` });
    // Two orders with one number, as 32 bits of the id allow among enough orders.
    await shop.db.updateTable("orders").set({ short_id: a.displayId }).where("id", "=", b.orderId).execute();
    const shared = await settle(() => printOne(args(`/admin/orders/${a.displayId}/print`, "hi", { id: a.displayId })));
    expect(shared.status).toBe(409);
    const text = JSON.stringify(shared.body);
    expect(text).toContain(a.orderId);
    expect(text).toContain(b.orderId);
    expect(text).toContain("पूरी id");
  });

  it("tell the delivery how much cash to collect on a cash-on-delivery slip, and nothing on a UPI one", async () => {
    const cod = await placeTestOrder(shop, { name: `Cash ${tag}`, paymentMethod: "cod" });
    const upi = await placeTestOrder(shop, { name: `Upi ${tag}`, paymentMethod: "upi" });
    const page = (await printSelection(args(`/admin/orders/print?ids=${cod.displayId},${upi.displayId}`))) as {
      orders: { id: string; collect: string | null; total: string }[];
    };
    const [cash, online] = page.orders;
    const order = await shop.orders.getOrder(cod.orderId);
    expect(cash.collect).toBe(formatRupees(order!.total));
    expect(online.collect).toBeNull();
    await shop.orders.pay(cod.orderId, (at) => ({ type: "CollectCash", actor: ADMIN, at }));
    const paid = (await printOne(args(`/admin/orders/${cod.orderId}/print`, "en", { id: cod.orderId }))) as { orders: { collect: string | null }[] };
    expect(paid.orders[0].collect).toBeNull();
  });
});

describe("bulk 'Set status'", () => {
  it("names the status it set, in English and in Hindi", async () => {
    const orders = [await placeTestOrder(shop, { name: `Bulk ${tag}` }), await placeTestOrder(shop, { name: `Bulk ${tag}` })];
    const post = async (lang: "en" | "hi", status: string) => {
      const body = new URLSearchParams({ intent: "bulk", status, back: "/admin" });
      for (const o of orders) body.append("orderIds", o.orderId);
      const init = { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } };
      return (await dashboardAction(args("/admin?index", lang, {}, init))) as { bulk: { status: string; changed: number; unchanged: number } };
    };
    const english = await post("en", "shipped");
    expect(english.bulk).toMatchObject({ status: "shipped", changed: 2, unchanged: 0 });
    expect(renderToStaticMarkup(createElement(BulkReportView, { report: english.bulk as BulkReport, t: serverT("en") }))).toContain("2 of 2 orders marked Shipped.");
    const hindi = await post("hi", "shipped");
    expect(hindi.bulk).toMatchObject({ status: "shipped", changed: 0, unchanged: 2 });
    const words = renderToStaticMarkup(createElement(BulkReportView, { report: hindi.bulk as BulkReport, t: serverT("hi") }));
    expect(words).toContain("2 में से 0 ऑर्डर अब ‘भेजे गए’ हैं।");
    expect(words).toContain("2 पहले से ‘भेजे गए’ थे।");
  });
});

describe("the CSV export", () => {
  it("keeps the street apart from city and pincode, and writes a UPI reference as text kept whole", async () => {
    const order = await placeTestOrder(shop, { name: `Csv ${tag}`, paymentMethod: "upi", address: "7 Gandhi Chowk", city: "Sardarshahar", pincode: "331403" });
    await shop.orders.pay(order.orderId, (at) => ({ type: "ReportPayment", reference: "412345678901", actor: { kind: "guest" }, at }));
    const response = (await exportCsv(args(`/admin/orders/export.csv?ids=${order.orderId}`))) as Response;
    const [header, row] = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    const headers = header.split(",");
    const cells = row.split(",");
    const cell = (name: string) => cells[headers.indexOf(name)];
    expect(cell("Address")).toBe("7 Gandhi Chowk");
    expect(cell("City")).toBe("Sardarshahar");
    expect(cell("Pincode")).toBe('"=""331403"""');
    expect(row.match(/Sardarshahar/g)).toHaveLength(1);
    expect(cell("Reference")).toBe('"=""412345678901"""');
  });
});

describe("the notifications page", () => {
  it("writes its counts in Indian grouping, as the dashboard writes its own", async () => {
    const now = new Date();
    const rows = Array.from({ length: 12_345 }, (_, i) => ({
      key: `owner-day-${tag}-${i}`,
      kind: "order-placed",
      channel: "sms" as const,
      queue: "notifications",
      job_name: "order-placed-sms",
      job_id: `owner-day-${tag}-${i}`,
      recipient: "9800000000",
      body: "text",
      status: "sent" as const,
      transport: "msg91",
      attempts: 1,
      created_at: now,
      updated_at: now,
      sent_at: now,
    }));
    for (let i = 0; i < rows.length; i += 2000) await shop.db.insertInto("notification_sends").values(rows.slice(i, i + 2000)).execute();
    const english = (await notificationsPage(args("/admin/notifications"))) as { counts: { sent: string } };
    expect(english.counts.sent).toBe("12,345");
    const hindi = (await notificationsPage(args("/admin/notifications", "hi"))) as { counts: { sent: string } };
    expect(hindi.counts.sent).toBe(new Intl.NumberFormat("hi-IN").format(12_345));
  });
});
