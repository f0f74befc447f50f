/**
 * The order dashboard's forms and links around its table (app/routes/admin._index.tsx): the
 * search and filters (a GET form: every view is a link), the bulk form's report and controls,
 * and the pager with its page jump. Each works without JavaScript.
 */
import { Form, useSubmit, Link } from "@remix-run/react";
import type { ChangeEvent, ReactNode } from "react";
import { DASHBOARD_FILTERS, dashboardHref, type DashboardFilter, type DashboardQuery, type DashboardSort } from "../../../domain/admin-orders";
import { PAYMENT_STANDINGS, type OrderStatus } from "../../../domain/orders/events";
import type { T } from "../../i18n/I18n";

/** The outcome of the bulk form's 'Set status' as the action reports it (app/admin/dashboard.server.ts). */
export interface BulkReport {
  /** The status set, as stored ("shipped"): the report names it in the page's language. */
  status: OrderStatus;
  total: number;
  changed: number;
  unchanged: number;
  refused: { id: string; displayId: string; message: string }[];
}

/** The outcome of the bulk form's 'Set status': how many changed, and each refused order with the reason. */
export function BulkReportView({ report, t }: { report: BulkReport; t: T }) {
  return (
    <div className="bulk-report" role="status" data-bulk-report>
      <p>
        {t("find:changed", { count: report.changed, total: report.total, status: t(`admin:orders.filters.${report.status}`) })}
        {report.unchanged ? ` ${t("find:unchanged", { count: report.unchanged, status: t(`admin:orders.filters.${report.status}`) })}` : null}
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

/** The sort a GET form keeps when it is not the default (newest first). */
export function KeepSort({ sort, direction }: { sort: DashboardSort; direction: "asc" | "desc" }) {
  return sort !== "date" || direction !== "desc" ? (
    <>
      <input type="hidden" name="sort" value={sort} />
      <input type="hidden" name="dir" value={direction} />
    </>
  ) : null;
}

/** The view the address names, as the filter form and the page jump keep it. */
export interface DashboardViewFields {
  q: string;
  from: string;
  to: string;
  filter: DashboardFilter;
  payment: string;
  sort: DashboardSort;
  direction: "asc" | "desc";
}

/** A filter's label with its control, kept together on one line (decision 138). */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <span className="filter-field">
      <label htmlFor={id}>{label}</label>
      {children}
    </span>
  );
}

/** Search, dates, status and payment: a GET form, so every view is a link; a changed select sends it at once with JavaScript. */
export function OrderFilters({ view, counts, t }: { view: DashboardViewFields; counts: Record<DashboardFilter, string>; t: T }) {
  const submit = useSubmit();
  const sendAtOnce = (event: ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form, { preventScrollReset: true });
  const { filter, payment } = view;
  return (
    <Form method="get" className="filters" aria-label={t("find:searchForm")}>
      {/* Each label with its control: a line that wraps never leaves a label at one end and its list at the other. */}
      <FilterField id="order-search" label={t("find:search")}>
        <input
          id="order-search"
          type="search"
          name="q"
          defaultValue={view.q}
          key={`q-${view.q}`}
          maxLength={100}
          placeholder={t("find:searchHint")}
          title={t("find:searchHint")}
        />
      </FilterField>
      <FilterField id="from-day" label={t("find:from")}>
        <input id="from-day" type="date" name="from" defaultValue={view.from} key={`from-${view.from}`} />
      </FilterField>
      <FilterField id="to-day" label={t("find:to")}>
        <input id="to-day" type="date" name="to" defaultValue={view.to} key={`to-${view.to}`} />
      </FilterField>
      <FilterField id="status-filter" label={t("admin:orders.status")}>
        <select id="status-filter" name="status" defaultValue={filter} key={filter} onChange={sendAtOnce}>
          {DASHBOARD_FILTERS.map((value) => (
            <option key={value} value={value} data-count={counts[value]}>
              {`${t(`admin:orders.filters.${value}`)} (${counts[value]})`}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="payment-filter" label={t("admin:payments.filter")}>
        <select id="payment-filter" name="payment" defaultValue={payment} key={`payment-${payment}`} onChange={sendAtOnce}>
          <option value="">{t("admin:payments.filterAny")}</option>
          {PAYMENT_STANDINGS.map((standing) => (
            <option key={standing} value={standing}>
              {t(`payment:standing.${standing}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <KeepSort sort={view.sort} direction={view.direction} />
      <button type="submit" className="primary">
        {t("admin:orders.filter")}
      </button>
      {view.q || view.from || view.to ? (
        <a href={dashboardHref({ filter: filter as DashboardQuery["filter"] })} className="clear-search">
          {t("find:clear")}
        </a>
      ) : null}
    </Form>
  );
}

/**
 * 'Set status', print and export for the ticked orders. The table's checkboxes belong to this form
 * by their form="bulk-orders": a row's own forms stay outside it.
 */
export function BulkForm({
  action,
  back,
  statusOptions,
  hydrated,
  selectAllHref,
  can,
  t,
}: {
  action: string;
  back: string;
  statusOptions: ReactNode;
  hydrated: boolean;
  selectAllHref: string;
  /** What the person's role may do with the ticked orders besides printing them (decision 217). */
  can: { setStatus: boolean; export: boolean };
  t: T;
}) {
  return (
    <form id="bulk-orders" method="post" action={action} className="bulk-form" aria-label={t("find:bulkForm")}>
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="back" value={back} />
      <span>{t("find:bulkForm")}:</span>
      {can.setStatus ? (
        <>
          <label htmlFor="bulk-status" className="visually-hidden">
            {t("find:bulkStatus")}
          </label>
          <select id="bulk-status" name="status" defaultValue="processing">
            {statusOptions}
          </select>
          <button type="submit" className="secondary small">
            {t("find:setStatus")}
          </button>
        </>
      ) : null}
      <button type="submit" className="secondary small" formMethod="get" formAction="/admin/orders/bulk" name="do" value="print">
        {t("find:print")}
      </button>
      {can.export ? (
        <button type="submit" className="secondary small" formMethod="get" formAction="/admin/orders/bulk" name="do" value="export">
          {t("find:exportSelected")}
        </button>
      ) : null}
      {hydrated ? null : (
        <a href={selectAllHref} className="select-all-link">
          {t("find:selectAll")}
        </a>
      )}
    </form>
  );
}

/** Where the pager's links go (app/admin/dashboard.server.ts): null where there is no such page. */
export interface PagerLinks {
  pageNumber: number | null;
  pages: number;
  firstHref: string | null;
  previousHref: string | null;
  nextHref: string | null;
  lastHref: string | null;
}

/** First, previous, 'page n of m', next and last. */
export function OrderPager({ links, t }: { links: PagerLinks; t: T }) {
  const { previousHref, nextHref } = links;
  return (
    <nav className="pager" aria-label={t("admin:orders.pages")}>
      {links.firstHref ? <Link to={links.firstHref}>{t("find:firstPage")}</Link> : null}
      {previousHref ? (
        <Link to={previousHref} rel="prev">
          {t("admin:orders.previous")}
        </Link>
      ) : null}
      {links.pageNumber ? <span>{t("find:pageOf", { page: links.pageNumber, pages: links.pages })}</span> : null}
      {nextHref ? (
        <Link to={nextHref} rel="next">
          {t("admin:orders.next")}
        </Link>
      ) : null}
      {links.lastHref ? <Link to={links.lastHref}>{t("find:lastPage")}</Link> : null}
    </nav>
  );
}

/** 'Go to page': a GET form keeping the view, drawn when there is more than one page. */
export function PageJump({ view, pages, pageNumber, here, t }: { view: DashboardViewFields; pages: number; pageNumber: number | null; here: string; t: T }) {
  const { filter, payment } = view;
  if (pages <= 1) return null;
  return (
    <Form method="get" className="page-jump" aria-label={t("find:goToPage")}>
      {view.q ? <input type="hidden" name="q" value={view.q} /> : null}
      {view.from ? <input type="hidden" name="from" value={view.from} /> : null}
      {view.to ? <input type="hidden" name="to" value={view.to} /> : null}
      {filter !== "all" ? <input type="hidden" name="status" value={filter} /> : null}
      {payment ? <input type="hidden" name="payment" value={payment} /> : null}
      <KeepSort sort={view.sort} direction={view.direction} />
      <label htmlFor="page-number">{t("find:goToPage")}</label>
      <input id="page-number" type="number" name="page" min={1} max={pages} defaultValue={pageNumber ?? 1} key={here} />
      <button type="submit" className="secondary small">
        {t("find:go")}
      </button>
    </Form>
  );
}
