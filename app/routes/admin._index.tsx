import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Form,
  Link,
  isRouteErrorResponse,
  useActionData,
  useFetcher,
  useFormAction,
  useLoaderData,
  useNavigation,
  useRouteError,
  useSubmit,
} from "@remix-run/react";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { z } from "zod";
import {
  DASHBOARD_FILTERS,
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_SORTS,
  PAYMENT_FILTER_MESSAGE,
  bulkStatusForm,
  dashboardHref,
  dashboardScope,
  orderPageLinks,
  pageCount,
  parseDashboardQuery,
  parseOrderSelection,
  parsePaymentFilter,
  safeDashboardBack,
  sortToggle,
  type DashboardQuery,
  type DashboardSort,
} from "../../domain/admin-orders";
import { displayOrderId } from "../../domain/orders/order";
import { checkOrderStatus } from "../../domain/orders/intents";
import { isRuleViolation } from "../../domain/errors";
import { ORDER_STATUSES, PAYMENT_STANDINGS } from "../../domain/orders/events";
import { requireAdmin } from "../auth/session.server";
import { requireAdminOncePerRequest } from "../admin/guard.server";
import { ADMIN_FORM_MESSAGES, ORDER_ROW_FORM_LIMITS, orderRowForm } from "../../domain/forms/admin";
import { adminActor, orderRow, runOrderIntent } from "../admin/orders.server";
import { useHydrated } from "../components/useHydrated";
import { ROW_SLOT, marksPaidHere, oncePerPage, plainRowsHtml } from "../admin/plain-rows";
import { readPageForm } from "../forms/form.server";
import { everyMessage, refusalOf } from "../forms/messages";
import { TableScroll } from "../components/TableScroll";
import { metaT, useRefusal, useT, type T } from "../i18n/I18n";
import { languageOf, refusalIn, refusalTable, routeMessages } from "../i18n/i18n.server";
import type { Messages } from "../../domain/i18n";
import paymentStyles from "../styles/admin-payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:orders.metaTitle") }];

/**
 * The order dashboard. Search, dates, filters, sort and page live in the URL
 * (?q=&from=&to=&status=&payment=&sort=&dir=&page=&after=|before=), so every view is a plain
 * link: it works without JavaScript, survives a reload and can be shared. Pages are keyset
 * pages of 50 (services/admin-orders.ts, decision 051); a page number without a cursor is a
 * jump, found by an index-only OFFSET over the sort key (decision 102).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminOncePerRequest(request, context);
  const lang = languageOf(request);
  const url = new URL(request.url);
  // An unknown payment filter is refused rather than ignored: a list under "reported" that is every order would mislead.
  if (parsePaymentFilter(url.searchParams.get("payment")) === "invalid") {
    const rest = parseDashboardQuery(url.searchParams).query;
    throw data(
      { message: refusalIn(lang, PAYMENT_FILTER_MESSAGE), clear: dashboardHref({ filter: rest.filter, sort: rest.sort, direction: rest.direction }) },
      { status: 400 },
    );
  }
  const parsed = parseDashboardQuery(url.searchParams);
  // A search, date or page number the admin typed that cannot be read: said plainly, with the way back.
  if (!parsed.ok && parsed.refused) throw data({ message: refusalIn(lang, parsed.message), clear: "/admin" }, { status: 400 });
  let query: DashboardQuery = parsed.query;
  const scope = dashboardScope(query);
  const view = { ...scope, filter: query.filter, sort: query.sort, direction: query.direction };
  const counts = await context.shop.adminOrders.counts(scope);
  const total = counts.byFilter[query.filter];
  const pages = pageCount(total);
  const cursor = query.after ?? query.before;
  // Without a cursor the page number is a jump; with one it only names where the 'Next' links have got to.
  let pageNumber: number | null = cursor ? (query.page ?? null) : Math.min(query.page ?? 1, pages);
  if (!cursor && pageNumber !== null && pageNumber > 1) {
    const after = await context.shop.adminOrders.pageCursor(query, pageNumber, DASHBOARD_PAGE_SIZE, total);
    if (after) query = { ...query, after };
    else pageNumber = 1;
  }
  const page = await context.shop.adminOrders.listPage(query);
  const here = dashboardHref({ ...query, page: pageNumber ?? undefined });
  const sortLinks = Object.fromEntries(DASHBOARD_SORTS.map((column) => [column, dashboardHref(sortToggle(query, column))])) as Record<
    DashboardSort,
    string
  >;
  const number = new Intl.NumberFormat(lang === "hi" ? "hi-IN" : "en-IN");
  const exportQuery = new URLSearchParams(dashboardHref(view).split("?")[1] ?? "");
  return {
    messages: dashboardMessages(request),
    // The bulk form's refusals that the form pipeline words in English (no ticked order), shown in the page's language.
    refusals: refusalTable(request, "dashboardSearch"),
    notice: parsed.ok ? null : refusalIn(lang, parsed.message),
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
    totalText: number.format(total),
    counts: Object.fromEntries(DASHBOARD_FILTERS.map((f) => [f, number.format(counts.byFilter[f])])) as Record<(typeof DASHBOARD_FILTERS)[number], string>,
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
    allSelected: url.searchParams.get("select") === "page",
    selectAllHref: `${here}${here.includes("?") ? "&" : "?"}select=page`,
    orders: page.orders.map((order) => orderRow(order, lang)),
  };
}

/**
 * The page's own words: `find`, and of `payment` only the standings' labels. The messages are
 * serialised into every page, and the rest of `payment` is for the shopper's payment page.
 */
function dashboardMessages(request: Request): Messages {
  const { find, payment } = routeMessages(request, "find", "payment");
  return { find, payment: { standing: payment.standing } };
}

/**
 * The dashboard's forms: a row's own change, or the bulk form's 'Set status' on the ticked orders.
 * One union on `intent`, so a post that is none of them is refused on that hidden field (400).
 */
const dashboardForm = z.discriminatedUnion("intent", [orderRowForm, bulkStatusForm], { error: ADMIN_FORM_MESSAGES.notAnOrderChange });

export interface BulkReport {
  total: number;
  changed: number;
  unchanged: number;
  refused: { id: string; displayId: string; message: string }[];
}

/**
 * Status, 'Mark paid' and delete from a row. Without JavaScript the form posts here and
 * the admin is sent back to the same view (post, redirect, get); a fetcher (via=fetcher)
 * gets the outcome as data and the page's loader runs again.
 * 'Set status' of the bulk form changes each ticked order through the order service, one event
 * per order with the admin, and reports how many changed and which were refused and why.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.shop);
  const form = await readPageForm(request, dashboardForm, {
    ...ORDER_ROW_FORM_LIMITS,
    maxBytes: 16 * 1024,
    labels: { ...ORDER_ROW_FORM_LIMITS.labels, orderIds: "Orders" },
    pageFields: [...ORDER_ROW_FORM_LIMITS.pageFields, "orderIds"],
  });
  if (!form.ok) return form.answer;
  const change = form.value;
  if (change.intent === "bulk") {
    const lang = languageOf(request);
    const selection = parseOrderSelection(change.orderIds);
    if (!selection.ok) return form.refuse(refusalIn(lang, selection.message), 400);
    let status;
    try {
      status = checkOrderStatus(change.status);
    } catch (err) {
      if (isRuleViolation(err)) return form.refuse(refusalIn(lang, err.message), 400);
      throw err;
    }
    const actor = adminActor(admin);
    const report: BulkReport = { total: selection.ids.length, changed: 0, unchanged: 0, refused: [] };
    for (const orderId of selection.ids) {
      try {
        const result = await context.shop.orders.changeStatus(orderId, status, actor);
        if (result.changed) report.changed++;
        else report.unchanged++;
      } catch (err) {
        if (!isRuleViolation(err)) throw err;
        report.refused.push({ id: orderId, displayId: displayOrderId(orderId), message: refusalIn(lang, err.message) });
      }
    }
    return { bulk: report };
  }
  const outcome = await runOrderIntent(context.shop, admin, change);
  if (!outcome.ok) return form.refuse(outcome.message, outcome.status);
  if (change.via === "fetcher") return { ok: true as const, message: outcome.message };
  return redirect(safeDashboardBack(change.back));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];
type OrderLinks = ReturnType<typeof orderPageLinks>;

/**
 * Every word a live row shows, in the page's language, made once per page: fifty rows share one
 * set of status options (before hydration the rows are plain HTML: app/admin/plain-rows.ts).
 * Stored statuses stay English in the data (`data-status`, the option values); only their
 * labels are translated (`account:status.*`).
 */
interface RowWords {
  t: T;
  statusOptions: ReactNode;
  /** A row's refusal as one line, in the page's language: its fields are hidden, so every message goes by the control. */
  refusalText(data: unknown): string | null;
}

function rowWords(t: T, refusal: (message: string) => string): RowWords {
  return {
    t,
    statusOptions: ORDER_STATUSES.map((status) => (
      <option key={status} value={status}>
        {t(`account:status.${status}`)}
      </option>
    )),
    refusalText(data) {
      const messages = everyMessage(refusalOf(data)).map(refusal);
      return messages.length ? messages.join(" ") : null;
    },
  };
}

function SortHeader({
  column,
  sort,
  direction,
  href,
  t,
}: {
  column: DashboardSort;
  sort: DashboardSort;
  direction: "asc" | "desc";
  href: string;
  t: T;
}) {
  const active = column === sort;
  return (
    <th scope="col" aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={href} preventScrollReset className="sort-link">
        {t(`admin:orders.sort.${column}`)}
        {active ? <span aria-hidden="true">{direction === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

function StatusBadge({ row, words }: { row: Row; words: RowWords }) {
  return <span className="status-badge">{words.t(`account:status.${row.status}`)}</span>;
}

/** The standing's label and, while it waits for the owner, the reported UPI reference to find in the bank statement. */
function PaymentBadge({ row, words }: { row: Row; words: RowWords }) {
  return (
    <>
      <span className="status-badge">{words.t(`payment:standing.${row.paymentStatus}`)}</span>
      {row.reportedReference ? (
        <code className="payment-reference" data-field="reported-reference">
          {row.reportedReference}
        </code>
      ) : null}
    </>
  );
}

/**
 * 'Mark paid' stays on the row for cash on delivery only (marksPaidHere: it records the cash
 * collected); a reported UPI payment is checked against the bank statement on the order's page.
 */
function CheckPaymentLink({ row, href, words }: { row: Row; href: string; words: RowWords }) {
  if (row.deleted || row.paymentMethod !== "upi" || row.paymentStatus !== "reported") return null;
  return (
    <Link to={`${href}#payment`} className="check-payment">
      {words.t("admin:payments.checkPayment")}
    </Link>
  );
}

function StatusCell({ row, back, words }: { row: Row; back: string; words: RowWords }) {
  const fetcher = useFetcher<typeof action>();
  const { t } = words;
  const refused = words.refusalText(fetcher.data);
  const busy = fetcher.state !== "idle";
  if (row.deleted) return <StatusBadge row={row} words={words} />;
  return (
    <fetcher.Form method="post" className="row-form" preventScrollReset>
      <RowFormFields intent="status" row={row} back={back} />
      <input type="hidden" name="via" value="fetcher" />
      <label className="visually-hidden" htmlFor={`status-${row.id}`}>
        {t("admin:orders.statusOf", { id: row.displayId })}
      </label>
      <select
        id={`status-${row.id}`}
        name="status"
        // A refused change puts the select back to the status the order has.
        key={fetcher.state === "idle" && refused ? `${row.status}-refused` : row.status}
        defaultValue={row.status}
        disabled={busy}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {words.statusOptions}
      </select>
      {busy ? <span className="saving">{t("admin:saving")}</span> : null}
      {refused && fetcher.state === "idle" ? (
        <span className="field-error" role="alert">
          {refused}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function PaymentCell({ row, back, trail, words }: { row: Row; back: string; trail: string; words: RowWords }) {
  const fetcher = useFetcher<typeof action>();
  const { t } = words;
  const refused = words.refusalText(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <>
      <PaymentBadge row={row} words={words} /> <CheckPaymentLink row={row} href={trail} words={words} />
      {marksPaidHere(row) ? (
        <fetcher.Form method="post" className="row-form" preventScrollReset>
          <RowFormFields intent="paid" row={row} back={back} />
          <input type="hidden" name="via" value="fetcher" />
          <button type="submit" className="secondary small" disabled={busy}>
            {busy ? t("admin:saving") : t("admin:orders.markPaid")}
          </button>
          {refused && fetcher.state === "idle" ? (
            <span className="field-error" role="alert">
              {refused}
            </span>
          ) : null}
        </fetcher.Form>
      ) : null}
    </>
  );
}

/** With JavaScript a dialog asks before deleting; without it, 'Delete' is a link to a confirmation page. */
function DeleteAction({ row, back, words }: { row: Row; back: string; words: RowWords }) {
  const fetcher = useFetcher<typeof action>();
  const { t } = words;
  const refused = words.refusalText(fetcher.data);
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) dialog.current?.close();
  }, [fetcher.state, fetcher.data]);
  if (row.deleted) return null;
  return (
    <>
      <button type="button" className="danger small" onClick={() => dialog.current?.showModal()}>
        {t("admin:delete")}
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`delete-title-${row.id}`}>
        <fetcher.Form method="post" preventScrollReset>
          <h2 id={`delete-title-${row.id}`}>{t("admin:orders.deleteTitle")}</h2>
          <p>{t("admin:orders.deleteText", { id: row.displayId, name: row.customerName, total: row.total })}</p>
          <RowFormFields intent="delete" row={row} back={back} />
          <input type="hidden" name="via" value="fetcher" />
          {refused && fetcher.state === "idle" ? (
            <p className="form-error" role="alert">
              {refused}
            </p>
          ) : null}
          <div className="dialog-buttons">
            <button type="submit" className="danger" disabled={busy}>
              {busy ? t("admin:deleting") : t("admin:delete")}
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              {t("admin:cancel")}
            </button>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}

function RowFormFields({ intent, row, back }: { intent: string; row: Row; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={row.id} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

/** Once hydrated, a row gets fetchers, client-side links and the delete dialog. */
function LiveOrderRow({ row, back, links, words, checked }: { row: Row; back: string; links: OrderLinks; words: RowWords; checked: boolean }) {
  const trail = links.trail(row.id);
  const { t } = words;
  return (
    <tr data-order-id={row.id} data-status={row.status} data-payment-status={row.paymentStatus} className={row.deleted ? "deleted" : undefined}>
      <td className="select-cell">
        <input
          type="checkbox"
          name="orderIds"
          value={row.id}
          form="bulk-orders"
          defaultChecked={checked}
          aria-label={t("find:selectOrder", { id: row.displayId })}
        />
      </td>
      <td>
        <Link to={trail} title={row.id} className="order-id">
          {row.displayId}
        </Link>
      </td>
      <td className="user-id">{row.userId ?? t("admin:orders.guest")}</td>
      <td className="customer-name">{row.customerName}</td>
      <td>{row.phone}</td>
      <td className="email">{row.email ?? ""}</td>
      <td>
        <time dateTime={row.placedAtIso}>{row.placedAt}</time>
      </td>
      <td className="address">{row.address}</td>
      <td className="status-cell">
        <StatusCell row={row} back={back} words={words} />
      </td>
      <td className="payment-cell">
        <PaymentCell row={row} back={back} trail={trail} words={words} />
      </td>
      <td className="total">{row.total}</td>
      <td className="items">{row.items}</td>
      <td className="actions">
        <Link to={trail}>{t("admin:orders.history")}</Link> <DeleteAction row={row} back={back} words={words} />
      </td>
    </tr>
  );
}

/** The outcome of the bulk form's 'Set status': how many changed, and each refused order with the reason. */
function BulkReportView({ report, t }: { report: BulkReport; t: T }) {
  return (
    <div className="bulk-report" role="status" data-bulk-report>
      <p>
        {t("find:changed", { count: report.changed, total: report.total })}
        {report.unchanged ? ` ${t("find:unchanged", { count: report.unchanged })}` : null}
      </p>
      {report.refused.length ? (
        <>
          <p>{t("find:refusedTitle")}</p>
          <ul>
            {report.refused.map((r) => (
              <li key={r.id} data-refused-order={r.id}>
                #{r.displayId}: {r.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** Ticks or clears every row's box on the page (JavaScript on; without it, the 'Select all' link). */
function toggleAll(event: React.ChangeEvent<HTMLInputElement>) {
  const on = event.currentTarget.checked;
  for (const box of document.querySelectorAll<HTMLInputElement>('input[name="orderIds"][form="bulk-orders"]')) box.checked = on;
}

export default function AdminOrders() {
  const loaded = useLoaderData<typeof loader>();
  const { orders, filter, payment, sort, direction, sortLinks, nextHref, previousHref, here, notice, counts } = loaded;
  const t = useT();
  const refusal = useRefusal();
  const words = useMemo(() => rowWords(t, refusal), [t, refusal]);
  const actionData = useActionData<typeof action>();
  const bulk = actionData && "bulk" in actionData ? actionData.bulk : null;
  // A row's change without JavaScript that was refused comes back to this page.
  const refused = words.refusalText(actionData);
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const hydrated = useHydrated();
  // Where a row's <fetcher.Form> posts: the plain forms before hydration post there too.
  const rowAction = useFormAction();
  const links = useMemo(() => orderPageLinks(here), [here]);
  // Before hydration (and without JavaScript) the rows are one HTML string, made the same way on both sides.
  const plainRows = useMemo(
    () =>
      hydrated
        ? ""
        : plainRowsHtml(orders, {
            action: rowAction,
            back: here,
            trail: links.trail,
            deletePage: links.remove,
            checked: loaded.allSelected,
            statuses: ORDER_STATUSES,
            statusLabel: (status) => t(`account:status.${status}`),
            standingLabel: (standing) => t(`payment:standing.${standing}`),
            selectOrder: oncePerPage(t("find:selectOrder", { id: ROW_SLOT })),
            statusOf: oncePerPage(t("admin:orders.statusOf", { id: ROW_SLOT })),
            guest: t("admin:orders.guest"),
            history: t("admin:orders.history"),
            deleteLabel: t("admin:delete"),
            save: t("admin:save"),
            markPaid: t("admin:orders.markPaid"),
            checkPayment: t("admin:payments.checkPayment"),
          }),
    [hydrated, orders, rowAction, here, links, loaded.allSelected, t],
  );
  const keepSort =
    sort !== "date" || direction !== "desc" ? (
      <>
        <input type="hidden" name="sort" value={sort} />
        <input type="hidden" name="dir" value={direction} />
      </>
    ) : null;

  return (
    <section aria-labelledby="admin-orders-title" className="admin-orders">
      <h1 id="admin-orders-title">{t("admin:orders.title")}</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {refused ? (
        <p className="form-error" role="alert">
          {refused}
        </p>
      ) : null}
      {bulk ? <BulkReportView report={bulk} t={t} /> : null}
      <Form method="get" className="filters" aria-label={t("find:searchForm")}>
        <label htmlFor="order-search">{t("find:search")}</label>
        <input
          id="order-search"
          type="search"
          name="q"
          defaultValue={loaded.q}
          key={`q-${loaded.q}`}
          maxLength={100}
          placeholder={t("find:searchHint")}
          title={t("find:searchHint")}
        />
        <label htmlFor="from-day">{t("find:from")}</label>
        <input id="from-day" type="date" name="from" defaultValue={loaded.from} key={`from-${loaded.from}`} />
        <label htmlFor="to-day">{t("find:to")}</label>
        <input id="to-day" type="date" name="to" defaultValue={loaded.to} key={`to-${loaded.to}`} />
        <label htmlFor="status-filter">{t("admin:orders.status")}</label>
        <select
          id="status-filter"
          name="status"
          defaultValue={filter}
          key={filter}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {DASHBOARD_FILTERS.map((value) => (
            <option key={value} value={value} data-count={counts[value]}>
              {`${t(`admin:orders.filters.${value}`)} (${counts[value]})`}
            </option>
          ))}
        </select>
        <label htmlFor="payment-filter">{t("admin:payments.filter")}</label>
        <select
          id="payment-filter"
          name="payment"
          defaultValue={payment}
          key={`payment-${payment}`}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          <option value="">{t("admin:payments.filterAny")}</option>
          {PAYMENT_STANDINGS.map((standing) => (
            <option key={standing} value={standing}>
              {t(`payment:standing.${standing}`)}
            </option>
          ))}
        </select>
        {keepSort}
        <button type="submit" className="primary">
          {t("admin:orders.filter")}
        </button>
        {loaded.q || loaded.from || loaded.to ? (
          <a href={dashboardHref({ filter: filter as DashboardQuery["filter"] })} className="clear-search">
            {t("find:clear")}
          </a>
        ) : null}
      </Form>
      <p className="order-count" data-total={loaded.total}>
        <strong>{t("find:total", { n: loaded.totalText })}</strong>
        {loaded.pageNumber ? <> · {t("find:pageOf", { page: loaded.pageNumber, pages: loaded.pages })}</> : null}{" "}
        · <a href={loaded.oldestHref}>{loaded.oldestShown ? t("find:newestFirst") : t("find:oldestFirst")}</a>
        {" · "}
        <a href={loaded.exportHref} download data-export-all>
          {t("find:exportAll")}
        </a>
      </p>
      {loading ? <p role="status">{t("admin:orders.loading")}</p> : null}
      {/* The table's checkboxes belong to this form by their form="bulk-orders": a row's own forms stay outside it. */}
      <form id="bulk-orders" method="post" action={rowAction} className="bulk-form" aria-label={t("find:bulkForm")}>
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="back" value={here} />
        <span>{t("find:bulkForm")}:</span>
        <label htmlFor="bulk-status" className="visually-hidden">
          {t("find:bulkStatus")}
        </label>
        <select id="bulk-status" name="status" defaultValue="processing">
          {words.statusOptions}
        </select>
        <button type="submit" className="secondary small">
          {t("find:setStatus")}
        </button>
        <button type="submit" className="secondary small" formMethod="get" formAction="/admin/orders/bulk" name="do" value="print">
          {t("find:print")}
        </button>
        <button type="submit" className="secondary small" formMethod="get" formAction="/admin/orders/bulk" name="do" value="export">
          {t("find:exportSelected")}
        </button>
        {hydrated ? null : (
          <a href={loaded.selectAllHref} className="select-all-link">
            {t("find:selectAll")}
          </a>
        )}
      </form>
      {orders.length === 0 ? (
        <p>{t("admin:orders.none")}</p>
      ) : (
        <TableScroll label={t("admin:orders.list")}>
          <table className="admin-table" aria-label={t("admin:orders.table")}>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  {hydrated ? (
                    <input type="checkbox" aria-label={t("find:selectAll")} onChange={toggleAll} data-select-all />
                  ) : (
                    <span className="visually-hidden">{t("find:selectAll")}</span>
                  )}
                </th>
                <SortHeader column="id" sort={sort} direction={direction} href={sortLinks.id} t={t} />
                <SortHeader column="user" sort={sort} direction={direction} href={sortLinks.user} t={t} />
                <th scope="col">{t("admin:orders.customerName")}</th>
                <th scope="col">{t("admin:orders.phone")}</th>
                <th scope="col">{t("admin:orders.email")}</th>
                <SortHeader column="date" sort={sort} direction={direction} href={sortLinks.date} t={t} />
                <th scope="col">{t("admin:orders.address")}</th>
                <th scope="col">{t("admin:orders.status")}</th>
                <th scope="col">{t("admin:orders.paymentStatus")}</th>
                <th scope="col">{t("admin:orders.total")}</th>
                <th scope="col">{t("admin:orders.items")}</th>
                <th scope="col">{t("admin:orders.actions")}</th>
              </tr>
            </thead>
            {hydrated ? (
              <tbody key="live">
                {orders.map((row) => (
                  <LiveOrderRow key={row.id} row={row} back={here} links={links} words={words} checked={loaded.allSelected} />
                ))}
              </tbody>
            ) : (
              <tbody key="plain" dangerouslySetInnerHTML={{ __html: plainRows }} />
            )}
          </table>
        </TableScroll>
      )}
      <nav className="pager" aria-label={t("admin:orders.pages")}>
        {loaded.firstHref ? <Link to={loaded.firstHref}>{t("find:firstPage")}</Link> : null}
        {previousHref ? (
          <Link to={previousHref} rel="prev">
            {t("admin:orders.previous")}
          </Link>
        ) : null}
        {loaded.pageNumber ? <span>{t("find:pageOf", { page: loaded.pageNumber, pages: loaded.pages })}</span> : null}
        {nextHref ? (
          <Link to={nextHref} rel="next">
            {t("admin:orders.next")}
          </Link>
        ) : null}
        {loaded.lastHref ? <Link to={loaded.lastHref}>{t("find:lastPage")}</Link> : null}
      </nav>
      {loaded.pages > 1 ? (
        <Form method="get" className="page-jump" aria-label={t("find:goToPage")}>
          {loaded.q ? <input type="hidden" name="q" value={loaded.q} /> : null}
          {loaded.from ? <input type="hidden" name="from" value={loaded.from} /> : null}
          {loaded.to ? <input type="hidden" name="to" value={loaded.to} /> : null}
          {filter !== "all" ? <input type="hidden" name="status" value={filter} /> : null}
          {payment ? <input type="hidden" name="payment" value={payment} /> : null}
          {keepSort}
          <label htmlFor="page-number">{t("find:goToPage")}</label>
          <input id="page-number" type="number" name="page" min={1} max={loaded.pages} defaultValue={loaded.pageNumber ?? 1} key={loaded.here} />
          <button type="submit" className="secondary small">
            {t("find:go")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** A dashboard address the page refuses (an unknown payment filter): the reason, and the way to the same view without it. */
export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  const body = isRouteErrorResponse(error) ? (error.data as { message?: string; clear?: string } | undefined) : undefined;
  if (!body?.message) throw error;
  return (
    <section className="error-page" aria-labelledby="dashboard-refused">
      <h1 id="dashboard-refused">{t("admin:orders.title")}</h1>
      <p className="form-error" role="alert">
        {body.message}
      </p>
      <p>
        <a className="button" href={body.clear ?? "/admin"}>
          {t("admin:payments.showAll")}
        </a>
      </p>
    </section>
  );
}
