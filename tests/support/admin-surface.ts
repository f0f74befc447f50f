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
  { method: "POST", path: "/api/products", body: { name: "Surface Test Product", price: 100, description: "", image: "" } },
  { method: "PUT", path: "/api/products/999999", body: { name: "Surface Test Product", price: 100, description: "", image: "" } },
  { method: "PATCH", path: "/api/products/999999", body: { name: "Surface Test Product", price: 100, description: "", image: "" } },
  { method: "PATCH", path: "/api/products/999999/stock", body: { stock_quantity: 5 } },
  { method: "DELETE", path: "/api/products/999999" },
];

/** Admin route files that are not guarded pages themselves: the way in and the way out. */
export const adminPublicRouteFiles = ["admin_.login.tsx", "admin_.logout.tsx"];
