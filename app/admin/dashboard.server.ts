/**
 * The order dashboard's view model (app/routes/admin._index.tsx). Search, dates, filters, sort
 * and page live in the URL (?q=&from=&to=&status=&payment=&sort=&dir=&page=&after=|before=), so
 * every view is a plain link: it works without JavaScript, survives a reload and can be shared.
 * Pages are keyset pages of 50 (services/admin-orders.ts, decision 051); a page number without a
 * cursor is a jump, found by an index-only OFFSET over the sort key (decision 102).
 */
import {
  DASHBOARD_FILTERS,
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_SORTS,
  PAYMENT_FILTER_MESSAGE,
  dashboardHref,
  dashboardScope,
  pageCount,
  parseDashboardQuery,
  parseOrderSelection,
  parsePaymentFilter,
  sortToggle,
  type DashboardCounts,
  type DashboardQuery,
  type DashboardSort,
} from "../../domain/admin-orders";
import { isRuleViolation } from "../../domain/errors";
import type { Language, Messages } from "../../domain/i18n";
import { checkOrderStatus } from "../../domain/orders/intents";
import { displayOrderId } from "../../domain/orders/order";
import type { DashboardPage } from "../../services/admin-orders";
import type { Shop } from "../../services/index";
import type { Admin } from "../auth/session.server";
import { languageOf, refusalIn, refusalTable, routeMessages } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import type { BulkReport } from "./components/DashboardForms";
import { adminActor, adminCount, orderRow } from "./orders.server";

/** An address the dashboard refuses (400): the reason, and the way to the same view without what could not be read. */
export interface DashboardRefusal {
  message: string;
  clear: string;
}

/** What the dashboard's queries found for one address: the scope's counts, the page's rows and cursors, and its number. */
export interface DashboardFound {
  query: DashboardQuery;
  /** The page number the address names, if any: a jump's, or where the 'Next' links have got to. */
  pageNumber: number | null;
  counts: DashboardCounts;
  page: DashboardPage;
}

/** The page's own words besides the admin frame's, and the form refusals it shows in its language. */
export function dashboardMessages(request: Request): Messages {
  const { find, payment } = routeMessages(request, "find", "payment");
  // Of `payment` only the standings' labels: the messages are serialised into every page, and the rest is the shopper's.
  return { find, payment: { standing: payment.standing } };
}

/**
 * Without a cursor the page number is a jump, kept within the pages there are; with one it only
 * names where the 'Next' links have got to.
 */
export function requestedPage(query: DashboardQuery, total: number): number | null {
  const cursor = query.after ?? query.before;
  return cursor ? (query.page ?? null) : Math.min(query.page ?? 1, pageCount(total));
}

/** The address's dashboard as the read model has it, or the refusal of an address that cannot be read. */
export async function findDashboard(shop: Shop, url: URL, lang: Language): Promise<{ ok: true; found: DashboardFound; notice: string | null } | { ok: false; refusal: DashboardRefusal }> {
  // An unknown payment filter is refused rather than ignored: a list under "reported" that is every order would mislead.
  if (parsePaymentFilter(url.searchParams.get("payment")) === "invalid") {
    const rest = parseDashboardQuery(url.searchParams).query;
    return { ok: false, refusal: { message: refusalIn(lang, PAYMENT_FILTER_MESSAGE), clear: dashboardHref({ filter: rest.filter, sort: rest.sort, direction: rest.direction }) } };
  }
  const parsed = parseDashboardQuery(url.searchParams);
  // A search, date or page number the admin typed that cannot be read: said plainly, with the way back.
  if (!parsed.ok && parsed.refused) return { ok: false, refusal: { message: refusalIn(lang, parsed.message), clear: "/admin" } };
  let query: DashboardQuery = parsed.query;
  const counts = await shop.adminOrders.counts(dashboardScope(query));
  const total = counts.byFilter[query.filter];
  let pageNumber = requestedPage(query, total);
  if (!(query.after ?? query.before) && pageNumber !== null && pageNumber > 1) {
    const after = await shop.adminOrders.pageCursor(query, pageNumber, DASHBOARD_PAGE_SIZE, total);
    if (after) query = { ...query, after };
    else pageNumber = 1;
  }
  const page = await shop.adminOrders.listPage(query);
  return { ok: true, found: { query, pageNumber, counts, page }, notice: parsed.ok ? null : refusalIn(lang, parsed.message) };
}

/**
 * The dashboard as the page draws it: the view's fields, counts in the page's numerals, the
 * pager's and the sort headers' links, and the rows. `notice` is a part of the address that was
 * ignored (a cursor of another sort); `selectAll`: 'Select all on this page' without JavaScript.
 */
export function dashboardView(found: DashboardFound, options: { lang: Language; notice: string | null; selectAll: boolean }) {
  const { query, pageNumber, counts, page } = found;
  const { lang } = options;
  const scope = dashboardScope(query);
  const view = { ...scope, filter: query.filter, sort: query.sort, direction: query.direction };
  const total = counts.byFilter[query.filter];
  const pages = pageCount(total);
  const here = dashboardHref({ ...query, page: pageNumber ?? undefined });
  const sortLinks = Object.fromEntries(DASHBOARD_SORTS.map((column) => [column, dashboardHref(sortToggle(query, column))])) as Record<
    DashboardSort,
    string
  >;
  const exportQuery = new URLSearchParams(dashboardHref(view).split("?")[1] ?? "");
  return {
    notice: options.notice,
    filter: query.filter,
    payment: query.payment ?? "",
    q: query.search?.text ?? "",
    from: query.from ?? "",
    to: query.to ?? "",
    sort: query.sort,
    direction: query.direction,
    here,
    sortLinks,
    total,
    totalText: adminCount(total, lang),
    counts: Object.fromEntries(DASHBOARD_FILTERS.map((f) => [f, adminCount(counts.byFilter[f], lang)])) as Record<(typeof DASHBOARD_FILTERS)[number], string>,
    pageNumber,
    pages,
    firstHref: pageNumber === 1 ? null : dashboardHref(view),
    lastHref: pageNumber === pages ? null : dashboardHref({ ...view, page: pages }),
    oldestHref: dashboardHref({ ...scope, filter: query.filter, sort: "date", direction: query.sort === "date" && query.direction === "asc" ? "desc" : "asc" }),
    oldestShown: query.sort === "date" && query.direction === "asc",
    nextHref: page.next ? dashboardHref({ ...view, after: page.next, page: pageNumber ? pageNumber + 1 : undefined }) : null,
    previousHref: page.previous
      ? pageNumber === 2
        ? dashboardHref(view)
        : dashboardHref({ ...view, before: page.previous, page: pageNumber ? pageNumber - 1 : undefined })
      : null,
    exportHref: `/admin/orders/export.csv${exportQuery.size ? `?${exportQuery}` : ""}`,
    // Without JavaScript 'Select all on this page' is a link that comes back with every box ticked.
    allSelected: options.selectAll,
    selectAllHref: `${here}${here.includes("?") ? "&" : "?"}select=page`,
    orders: page.orders.map((order) => orderRow(order, lang)),
  };
}

/** The dashboard page's data for `request`, or the refusal of its address. */
export async function dashboardPage(shop: Shop, request: Request) {
  const lang = languageOf(request);
  const url = new URL(request.url);
  const found = await findDashboard(shop, url, lang);
  if (!found.ok) return found;
  return {
    ok: true as const,
    data: {
      messages: dashboardMessages(request),
      // The bulk form's refusals that the form pipeline words in English (no ticked order), shown in the page's language.
      refusals: refusalTable(request, "dashboardSearch"),
      ...dashboardView(found.found, { lang, notice: found.notice, selectAll: url.searchParams.get("select") === "page" }),
    },
  };
}

/**
 * 'Set status' of the bulk form: each ticked order changed through the order service, one event per
 * order with the admin; how many changed and which were refused and why, in the page's language.
 */
export async function setBulkStatus(
  shop: Shop,
  admin: Admin,
  change: { orderIds: readonly string[]; status: string },
  lang: Language,
): Promise<{ ok: true; report: BulkReport } | { ok: false; message: string }> {
  const selection = parseOrderSelection(change.orderIds);
  if (!selection.ok) return { ok: false, message: refusalIn(lang, selection.message) };
  let status;
  try {
    status = checkOrderStatus(change.status);
  } catch (err) {
    if (isRuleViolation(err)) return { ok: false, message: refusalText(lang, err) };
    throw err;
  }
  const actor = adminActor(admin);
  const report: BulkReport = { status, total: selection.ids.length, changed: 0, unchanged: 0, refused: [] };
  for (const result of await shop.orders.changeStatuses(selection.ids, status, actor)) {
    if ("refused" in result) report.refused.push({ id: result.orderId, displayId: displayOrderId(result.orderId), message: refusalText(lang, result.refused) });
    else if (result.changed) report.changed++;
    else report.unchanged++;
  }
  return { ok: true, report };
}
