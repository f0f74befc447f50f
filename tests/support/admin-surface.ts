/**
 * Everything only the admin may reach, in one place. tests/e2e/auth.e2e.test.ts
 * walks each entry as anonymous, as a shopper and as the admin. Add a line
 * here with every new admin page, admin form action or admin /api call.
 */

export interface AdminPageRequest {
  method: "GET" | "POST";
  path: string;
  /** Form fields for a POST (the action must refuse before it reads them). */
  form?: Record<string, string>;
}

export interface AdminApiCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
}

export const adminPages: AdminPageRequest[] = [
  { method: "GET", path: "/admin" },
  { method: "GET", path: "/admin/products" },
  { method: "GET", path: "/admin/notifications" },
  { method: "POST", path: "/admin/notifications", form: { intent: "retry", key: "no-such-message" } },
  // The order dashboard (admin.tsx is its frame), its row actions, the audit trail and the delete confirmation.
  { method: "GET", path: "/admin?status=shipped&sort=user&dir=asc" },
  { method: "POST", path: "/admin?index", form: { intent: "status", orderId: "00000000-0000-4000-8000-000000000000", status: "shipped" } },
  { method: "POST", path: "/admin?index", form: { intent: "paid", orderId: "00000000-0000-4000-8000-000000000000" } },
  { method: "POST", path: "/admin?index", form: { intent: "delete", orderId: "00000000-0000-4000-8000-000000000000" } },
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000?at=0" },
  // The order page's payment steps (confirm, reject, cash collected, refund) and the dashboard's payment filter.
  { method: "POST", path: "/admin/orders/00000000-0000-4000-8000-000000000000", form: { intent: "cash" } },
  { method: "POST", path: "/admin/orders/00000000-0000-4000-8000-000000000000", form: { intent: "gatewayRefund", amount: "100" } },
  { method: "GET", path: "/admin?payment=reported&status=pending" },
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000/delete" },
  { method: "POST", path: "/admin/orders/00000000-0000-4000-8000-000000000000/delete", form: { back: "/admin" } },
  // Products: add/update/delete posts, the edit view and the delete confirmation.
  { method: "GET", path: "/admin/products?edit=1" },
  { method: "POST", path: "/admin/products", form: { intent: "save", name: "", price: "" } },
  { method: "POST", path: "/admin/products", form: { intent: "delete", id: "999999" } },
  { method: "GET", path: "/admin/products/999999/delete" },
  { method: "POST", path: "/admin/products/999999/delete" },
  { method: "GET", path: "/admin/products/999999/stock" },
  { method: "POST", path: "/admin/products/999999/stock", form: { intent: "receive", quantity: "5", reason: "Delivery" } },
  // One school's uniforms on the shelf: each item's rule when a size runs out (decision 180).
  { method: "GET", path: "/admin/school-stock" },
  // The counter (decision 210): the sale in its address, the money taken by one form.
  { method: "GET", path: "/admin/counter?sale=00000000-0000-4000-8000-000000000000&counter=1&lines=school%2Fdps%2Fbelt~Free%20Size~1" },
  { method: "POST", path: "/admin/counter", form: { sale: "00000000-0000-4000-8000-000000000000", counter: "1", lines: "school/dps/belt~Free Size~1", shownTotal: "100", mode: "cash", cashGiven: "100" } },
  // Returns and exchanges at the counter (decision 214): found by number or mobile, checked, made by one form.
  { method: "GET", path: "/admin/counter/returns?counter=1&find=9829012345" },
  { method: "GET", path: "/admin/counter/returns?counter=1&order=00000000-0000-4000-8000-000000000000&ret=00000000-0000-4000-8000-000000000001" },
  { method: "POST", path: "/admin/counter/returns", form: { order: "00000000-0000-4000-8000-000000000000", ret: "00000000-0000-4000-8000-000000000001", counter: "1", outcome: "refund", reason: "Did not fit", method: "cash", shownAmount: "100", q0: "1" } },
  // The counter's day close and its Z report, and cash on delivery (decisions 211, 212).
  { method: "GET", path: "/admin/cash?counter=1&day=2026-12-07" },
  { method: "POST", path: "/admin/cash", form: { intent: "open", counter: "1", day: "2026-12-07", openingCash: "500" } },
  { method: "GET", path: "/admin/cash/z?counter=1&day=2026-12-07&paper=receipt" },
  { method: "GET", path: "/admin/cod" },
  { method: "POST", path: "/admin/cod", form: { intent: "give", number: "7F3A2C9E", person: "Ramesh" } },
  { method: "POST", path: "/admin/school-stock", form: { item: "shirt", whenOut: "stop", leadDays: "" } },
  // The owner's delivery-date rules (decision 236).
  { method: "GET", path: "/admin/delivery-dates" },
  { method: "POST", path: "/admin/delivery-dates", form: { readyDays: "1", madeToOrderDays: "10", townPincodes: "331001", townFrom: "0", townTo: "1", outsideFrom: "3", outsideTo: "7", courierSpareDays: "2" } },
  // Bank statements and UPI reports read and matched to orders: the upload, the list, one statement, its bulk confirmation (decision 220).
  { method: "GET", path: "/admin/statements" },
  { method: "POST", path: "/admin/statements", form: { intent: "read" } },
  { method: "GET", path: `/admin/statements/${"a".repeat(64)}` },
  { method: "POST", path: `/admin/statements/${"a".repeat(64)}`, form: { intent: "settle", credit: `2:${"0".repeat(8)}-0000-8000-8000-${"0".repeat(12)}` } },
  // The payments report: by method and day, how matched, not matched yet (decision 224).
  { method: "GET", path: "/admin/reports/payments" },
  // The gateway's settlement reports: the upload, the list, one report (decision 223).
  { method: "GET", path: "/admin/settlements" },
  { method: "POST", path: "/admin/settlements", form: { intent: "read" } },
  { method: "GET", path: `/admin/settlements/${"a".repeat(64)}` },
  // Work orders to the tailor, one work order, its paper for the tailor, a part received and corrected (decision 181).
  { method: "GET", path: "/admin/tailor-batches" },
  { method: "GET", path: "/admin/tailor-batches?school=dps&item=school%2Fdps%2Fshirt" },
  { method: "POST", path: "/admin/tailor-batches", form: { item: "school/dps/shirt", formId: "surface", tailor: "Surface Tailors", cost: "90", due: "2099-01-01", q0: "5" } },
  { method: "GET", path: "/admin/tailor-batches/dps/1" },
  { method: "POST", path: "/admin/tailor-batches/dps/1", form: { intent: "receive", formId: "surface", q0: "1" } },
  { method: "POST", path: "/admin/tailor-batches/dps/1", form: { intent: "correct", formId: "surface", receipt: "1", reason: "Miscounted", q0: "0" } },
  { method: "GET", path: "/admin/tailor-batches/dps/1/paper?lang=hi" },
  { method: "GET", path: "/admin/tailor-batches/dps/1/paper?lang=en&download=1" },
  // Labels for a work order or a shelf, a label's bars, a shelf counted by scanning (decision 182).
  { method: "GET", path: "/admin/labels?school=dps&batch=1" },
  { method: "GET", path: "/admin/labels?item=school%2Fdps%2Fshirt&paper=thermal" },
  { method: "GET", path: "/admin/labels/bars/2000000000015" },
  // A bill's code: the order's number in bars at the foot of its bill (decision 214).
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000/bars" },
  { method: "GET", path: "/admin/scan-count" },
  { method: "POST", path: "/admin/scan-count", form: { intent: "scan", tally: "", scan: "2000000000015" } },
  // The facts of the catalogue's bought-in items: the list, one item's form, a save (decision 142).
  { method: "GET", path: "/admin/products/facts" },
  { method: "GET", path: "/admin/products/facts?edit=kids-shoes%2Fblack-shoes-laces" },
  { method: "POST", path: "/admin/products/facts", form: { item: "kids-shoes/black-shoes-laces", maker: "Surface Shoes, Agra 282001" } },
  // The back office: print views, bulk actions, the CSV export, the admins page.
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000/print?doc=invoice" },
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000/courier/label" },
  { method: "GET", path: "/admin/cod/remittance" },
  { method: "GET", path: "/admin/orders/print?ids=00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/admin/orders/bulk?do=print&orderIds=00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/admin/orders/export.csv" },
  { method: "POST", path: "/admin?index", form: { intent: "bulk", status: "shipped", orderIds: "00000000-0000-4000-8000-000000000000" } },
  { method: "POST", path: "/admin/orders/00000000-0000-4000-8000-000000000000", form: { intent: "note", text: "Called the parent" } },
  { method: "GET", path: "/admin/admins" },
  { method: "POST", path: "/admin/admins", form: { intent: "add", name: "Surface Admin", email: "surface@example.com" } },
  // A disputed UPI reference's two claims and the move (decision 119); an admin's own password (decision 120).
  { method: "GET", path: "/admin/orders/00000000-0000-4000-8000-000000000000/reference" },
  {
    method: "POST",
    path: "/admin/orders/00000000-0000-4000-8000-000000000000/reference",
    form: { intent: "move", reference: "412345678901", from: "00000000-0000-4000-8000-000000000000", to: "00000000-0000-4000-8000-000000000001" },
  },
  // Size charts and what exchanges say about them (decision 132).
  { method: "GET", path: "/admin/sizes" },
  { method: "GET", path: "/admin/sizes/shirt" },
  { method: "POST", path: "/admin/sizes/shirt", form: { intent: "reset" } },
  { method: "GET", path: "/admin/sizes/exchanges" },
  // The owner's photos (decision 139) and each school's colours, the drawings' colours until there are photos (decision 140).
  { method: "GET", path: "/admin/photos" },
  { method: "GET", path: "/admin/photos/colours" },
  // A shelf item's photos: a white uniform or a bought-in accessory (decision 146).
  { method: "GET", path: "/admin/photos?owner=shelf.kids-shoes.black-shoes-laces" },
  { method: "POST", path: "/admin/photos/colours", form: { intent: "reset", school: "dps" } },
  // GST documents and the monthly summary (decisions 125-128), the grievance desk (decision 130), erasure requests
  // (decision 122), reports and season planning (decisions 135-136), class kits (decision 134).
  { method: "GET", path: "/admin/gst" },
  { method: "GET", path: "/admin/gst.csv" },
  { method: "GET", path: "/admin/gst.zip" },
  { method: "GET", path: "/admin/grievances" },
  { method: "GET", path: "/admin/grievances/no-such-ticket" },
  { method: "POST", path: "/admin/grievances/no-such-ticket", form: { intent: "acknowledge", note: "We are looking into it" } },
  { method: "GET", path: "/admin/privacy" },
  { method: "POST", path: "/admin/privacy", form: { subject: "account:00000000-0000-4000-8000-000000000000" } },
  { method: "GET", path: "/admin/reports" },
  { method: "GET", path: "/admin/reports.csv?table=days" },
  { method: "GET", path: "/admin/reports/season" },
  { method: "GET", path: "/admin/reports/season.csv" },
  { method: "GET", path: "/admin/kits" },
  { method: "GET", path: "/admin/orders/print/receipt.css?mm=120" },
  { method: "GET", path: "/admin/password" },
  // An admin's own second factor (decision 197).
  { method: "GET", path: "/admin/second-factor" },
  { method: "POST", path: "/admin/second-factor", form: { intent: "confirm", code: "000000" } },
  { method: "POST", path: "/admin/password", form: { current: "not it", next: "surface password 1", repeat: "surface password 1" } },
];

/**
 * The spec's admin calls (section 7). An entry whose route is not built yet
 * answers 404 to everyone and is reported as such; once built, it must answer
 * 401 without a token and 403 with a shopper's.
 */
export const adminApiCalls: AdminApiCall[] = [
  { method: "GET", path: "/api/orders" },
  { method: "PATCH", path: "/api/orders/00000000-0000-4000-8000-000000000000", body: { status: "shipped" } },
  { method: "DELETE", path: "/api/orders/00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/api/orders/00000000-0000-4000-8000-000000000000" },
  { method: "GET", path: "/api/orders?status=pending" },
  { method: "PATCH", path: "/api/orders/00000000-0000-4000-8000-000000000000", body: { paymentStatus: "paid" } },
  { method: "POST", path: "/api/products", body: { name: "Surface Test Product", price: 100, description: "", image: "" } },
  { method: "PUT", path: "/api/products/999999", body: { name: "Surface Test Product", price: 100, description: "", image: "" } },
  { method: "PATCH", path: "/api/products/999999", body: { name: "Surface Test Product", price: 100, description: "", image: "" } },
  { method: "PATCH", path: "/api/products/999999/stock", body: { stock_quantity: 5 } },
  { method: "DELETE", path: "/api/products/999999" },
  { method: "POST", path: "/api/orders/00000000-0000-4000-8000-000000000000/payment/confirm", body: { note: "Seen in the bank" } },
  { method: "POST", path: "/api/orders/00000000-0000-4000-8000-000000000000/payment/reject", body: { note: "Not in the bank" } },
  { method: "POST", path: "/api/orders/00000000-0000-4000-8000-000000000000/payment/cash" },
  { method: "POST", path: "/api/orders/00000000-0000-4000-8000-000000000000/payment/refund", body: { amount: 10, method: "cash" } },
];

/** Admin route files that are not guarded pages themselves: the way in and the way out. */
export const adminPublicRouteFiles = ["admin_.login.tsx", "admin_.login_.code.tsx", "admin_.logout.tsx"];
