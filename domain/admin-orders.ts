// The admin order dashboard's URL: filter, sort and page are query parameters (GET
// links and forms), so a view works without JavaScript, survives a reload and can be shared.
// Pages are keyset pages: the cursor is the sort key and the id of the row at the page's edge.
import "./zod-in-browser";
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STANDINGS, type OrderEvent, type OrderStatus, type PaymentStanding } from "./orders/events";
import { foldOrder, type OrderState } from "./orders/order";
import { textProblem } from "./text";

export const DASHBOARD_PAGE_SIZE = 50;

/** "all" (not deleted), one status (not deleted), or the deleted orders (any status). */
export const DASHBOARD_FILTERS = ["all", ...ORDER_STATUSES, "deleted"] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

/** URL names of the sortable columns (spec: Order ID, User ID, Order Date). */
export const DASHBOARD_SORTS = ["date", "id", "user"] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export type SortDirection = "asc" | "desc";

/**
 * Where a page starts: the sort key and id of the last row of the page before
 * (`after`) or of the first row of the page after (`before`). For "user" the key is
 * [guest?, user id]: guests (no user id) sort after every user in ascending order.
 */
export type DashboardCursor =
  | { sort: "date"; placedAt: string; id: string }
  | { sort: "id"; id: string }
  | { sort: "user"; guest: boolean; userId: string; id: string };

export interface DashboardQuery {
  filter: DashboardFilter;
  /** Where the money stands (?payment=), combined with the status filter; absent: any. */
  payment?: PaymentStanding;
  sort: DashboardSort;
  direction: SortDirection;
  after?: DashboardCursor;
  before?: DashboardCursor;
}

export const DEFAULT_DASHBOARD_QUERY: DashboardQuery = { filter: "all", sort: "date", direction: "desc" };

export const FILTER_LABELS: Record<DashboardFilter, string> = {
  all: "All",
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  deleted: "Deleted",
};

export const SORT_LABELS: Record<DashboardSort, string> = { date: "Order Date", id: "Order ID", user: "User ID" };

const ID_TEXT = /^[A-Za-z0-9_.:@-]{1,200}$/;

/**
 * An order time as Postgres will take it back: ISO 8601 with an offset, and within what
 * a timestamptz accepts. zod alone lets through year 0000 and offsets up to ±23:59, which
 * Postgres refuses (an error in the dashboard's query, not a page link to ignore).
 */
const placedAtText = z.iso
  .datetime({ offset: true })
  .max(40)
  .refine((text) => Number(text.slice(0, 4)) >= 1 && Number.isFinite(Date.parse(text)))
  .refine((text) => {
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(text);
    return !offset || Number(offset[2]) <= 15;
  });

/** A user id from a page link: any text Postgres can compare (never U+0000, never a broken character). */
const userIdText = z
  .string()
  .max(200)
  .refine((text) => textProblem(text) === null);

const cursorSchema = z.union([
  z.tuple([z.literal("date"), placedAtText, z.string().regex(ID_TEXT)]),
  z.tuple([z.literal("id"), z.string().regex(ID_TEXT)]),
  z.tuple([z.literal("user"), z.boolean(), userIdText, z.string().regex(ID_TEXT)]),
]);

// btoa/atob rather than Buffer: the same code runs in the browser bundle.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** base64url(JSON): opaque in the URL, readable when debugging. */
export function encodeCursor(cursor: DashboardCursor): string {
  const parts =
    cursor.sort === "date"
      ? ["date", cursor.placedAt, cursor.id]
      : cursor.sort === "id"
        ? ["id", cursor.id]
        : ["user", cursor.guest, cursor.userId, cursor.id];
  return toBase64Url(JSON.stringify(parts));
}

export function decodeCursor(text: string): DashboardCursor | undefined {
  if (text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const value = parsed.data;
  if (value[0] === "date") return { sort: "date", placedAt: value[1], id: value[2] };
  if (value[0] === "id") return { sort: "id", id: value[1] };
  return { sort: "user", guest: value[1], userId: value[2], id: value[3] };
}

export const PAYMENT_FILTER_MESSAGE = `Unknown payment filter: choose one of ${PAYMENT_STANDINGS.join(", ")}.`;

/**
 * ?payment= of the dashboard: a standing, nothing (any), or "invalid". Unlike a stale sort or
 * page link an unknown standing is refused (400): showing every order under a payment heading
 * would have the owner confirm the wrong list.
 */
export function parsePaymentFilter(text: string | null): PaymentStanding | undefined | "invalid" {
  const trimmed = (text ?? "").trim();
  if (trimmed === "" || trimmed === "any") return undefined;
  return PAYMENT_STANDINGS.find((standing) => standing === trimmed) ?? "invalid";
}

export type ParsedDashboardQuery = { ok: true; query: DashboardQuery } | { ok: false; message: string; query: DashboardQuery };

/**
 * Reads /admin?status=&sort=&dir=&after=|before=. Blank values take the defaults
 * (order date, newest first). A cursor that does not belong to the sort is ignored
 * with a message rather than guessed at: the first page is shown.
 */
export function parseDashboardQuery(params: URLSearchParams): ParsedDashboardQuery {
  const statusText = (params.get("status") ?? "").trim() || "all";
  const sortText = (params.get("sort") ?? "").trim() || "date";
  const problems: string[] = [];
  const filter = (DASHBOARD_FILTERS as readonly string[]).includes(statusText) ? (statusText as DashboardFilter) : undefined;
  if (!filter) problems.push("Unknown status filter: showing all orders.");
  const sort = (DASHBOARD_SORTS as readonly string[]).includes(sortText) ? (sortText as DashboardSort) : undefined;
  if (!sort) problems.push("Unknown sort: showing the newest orders first.");
  const effectiveSort = sort ?? "date";
  const dirText = (params.get("dir") ?? "").trim();
  if (dirText && dirText !== "asc" && dirText !== "desc") problems.push("Unknown sort direction.");
  // Without a direction a column reads as it would after its first click: ascending (the date: newest first).
  const direction: SortDirection =
    sort && (dirText === "asc" || dirText === "desc") ? dirText : effectiveSort === "date" ? "desc" : "asc";
  const query: DashboardQuery = { filter: filter ?? "all", sort: effectiveSort, direction };
  const payment = parsePaymentFilter(params.get("payment"));
  if (payment !== undefined && payment !== "invalid") query.payment = payment;
  for (const key of ["after", "before"] as const) {
    const text = params.get(key);
    if (!text) continue;
    const cursor = decodeCursor(text);
    if (!cursor || cursor.sort !== query.sort) {
      problems.push("That page link is out of date: showing the first page.");
      continue;
    }
    if (query.after || query.before) {
      problems.push("A page link names both a next and a previous page: showing the first page.");
      delete query.after;
      delete query.before;
      continue;
    }
    query[key] = cursor;
  }
  return problems.length ? { ok: false, message: problems[0], query } : { ok: true, query };
}

/** The dashboard URL for a query: defaults are left out, so the plain /admin is the default view. */
export function dashboardHref(query: Partial<DashboardQuery>): string {
  const params = new URLSearchParams();
  const full = { ...DEFAULT_DASHBOARD_QUERY, ...query };
  if (full.filter !== "all") params.set("status", full.filter);
  if (full.payment) params.set("payment", full.payment);
  if (full.sort !== "date" || full.direction !== "desc") {
    params.set("sort", full.sort);
    params.set("dir", full.direction);
  }
  if (full.after) params.set("after", encodeCursor(full.after));
  else if (full.before) params.set("before", encodeCursor(full.before));
  const text = params.toString();
  return text ? `/admin?${text}` : "/admin";
}

/** A header click: the same column flips its direction, a new column starts ascending. Back to page one. */
export function sortToggle(current: DashboardQuery, column: DashboardSort): DashboardQuery {
  const direction: SortDirection = current.sort === column ? (current.direction === "asc" ? "desc" : "asc") : "asc";
  return { filter: current.filter, ...(current.payment ? { payment: current.payment } : {}), sort: column, direction };
}

/**
 * The links from a dashboard row to the order's trail and its delete page. `back` (the view
 * the admin is on) is the same for every row of a page, so it is encoded once per page.
 */
export function orderPageLinks(back: string): { trail(orderId: string): string; remove(orderId: string): string } {
  const query = new URLSearchParams({ back }).toString();
  return {
    trail: (orderId) => `/admin/orders/${orderId}?${query}`,
    remove: (orderId) => `/admin/orders/${orderId}/delete?${query}`,
  };
}

// What dashboardHref writes: the path and a percent-encoded query, printable ASCII only.
const DASHBOARD_HREF = /^\/admin(?:\?[\x21-\x7e]*)?$/;

/**
 * A back link handed to the order pages: only a dashboard URL is followed, never another
 * site. It ends up in a Location header, where a control or non-ASCII character would make
 * the answer itself fail, so anything dashboardHref would not have written is not followed.
 */
export function safeDashboardBack(raw: string | null | undefined): string {
  if (!raw || raw.length > 1200 || !DASHBOARD_HREF.test(raw)) return "/admin";
  return raw;
}

export function isOrderStatusFilter(filter: DashboardFilter): filter is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(filter);
}

// ---------------------------------------------------------------------------------------
// Time travel
// ---------------------------------------------------------------------------------------

/**
 * The order as it stood right after the event with `revision` (0 is OrderPlaced):
 * the stream's events up to and including it, folded with the decider's own evolve.
 * Undefined when the stream has no such revision.
 */
export function orderAsOf(events: readonly (OrderEvent & { revision: number })[], revision: number): OrderState | undefined {
  if (!Number.isInteger(revision) || !events.some((e) => e.revision === revision)) return undefined;
  return foldOrder(events.filter((e) => e.revision <= revision));
}

/** ?at= in the trail's URL: a revision number, or undefined (now). */
export function parseRevision(text: string | null): number | undefined | "invalid" {
  if (text === null || text === "") return undefined;
  if (!/^\d{1,9}$/.test(text)) return "invalid";
  return Number(text);
}
