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
import {
  DASHBOARD_FILTERS,
  DASHBOARD_SORTS,
  PAYMENT_FILTER_MESSAGE,
  dashboardHref,
  orderPageLinks,
  parseDashboardQuery,
  parsePaymentFilter,
  safeDashboardBack,
  sortToggle,
  type DashboardSort,
} from "../../domain/admin-orders";
import { ORDER_STATUSES, PAYMENT_STANDINGS } from "../../domain/orders/events";
import { requireAdmin } from "../auth/session.server";
import { requireAdminOncePerRequest } from "../admin/guard.server";
import { ORDER_ROW_FORM_LIMITS, orderRowForm } from "../../domain/forms/admin";
import { orderRow, runOrderIntent } from "../admin/orders.server";
import { useHydrated } from "../components/useHydrated";
import { readPageForm } from "../forms/form.server";
import { everyMessage, refusalOf } from "../forms/messages";
import { TableScroll } from "../components/TableScroll";
import { metaT, useRefusal, useT, type T } from "../i18n/I18n";
import { languageOf, refusalIn, routeMessages } from "../i18n/i18n.server";
import paymentStyles from "../styles/admin-payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:orders.metaTitle") }];

/**
 * The order dashboard. Filter, sort and page live in the URL (?status=&sort=&dir=&after=|before=),
 * so every view is a plain link: it works without JavaScript, survives a reload and can be shared.
 * Pages are keyset pages of 50 (services/admin-orders.ts, decision 051).
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
  const { query } = parsed;
  const view = { filter: query.filter, payment: query.payment, sort: query.sort, direction: query.direction };
  const page = await context.shop.adminOrders.listPage(query);
  const here = dashboardHref(query);
  const sortLinks = Object.fromEntries(DASHBOARD_SORTS.map((column) => [column, dashboardHref(sortToggle(query, column))])) as Record<
    DashboardSort,
    string
  >;
  return {
    messages: routeMessages(request, "payment"),
    notice: parsed.ok ? null : refusalIn(lang, parsed.message),
    filter: query.filter,
    payment: query.payment ?? "",
    sort: query.sort,
    direction: query.direction,
    here,
    sortLinks,
    nextHref: page.next ? dashboardHref({ ...view, after: page.next }) : null,
    previousHref: page.previous ? dashboardHref({ ...view, before: page.previous }) : null,
    orders: page.orders.map((order) => orderRow(order, lang)),
  };
}

/**
 * Status, 'Mark paid' and delete from a row. Without JavaScript the form posts here and
 * the admin is sent back to the same view (post, redirect, get); a fetcher (via=fetcher)
 * gets the outcome as data and the page's loader runs again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context.shop);
  const form = await readPageForm(request, orderRowForm, ORDER_ROW_FORM_LIMITS);
  if (!form.ok) return form.answer;
  const change = form.value;
  const outcome = await runOrderIntent(context.shop, admin, change);
  if (!outcome.ok) return form.refuse(outcome.message, outcome.status);
  if (change.via === "fetcher") return { ok: true as const, message: outcome.message };
  return redirect(safeDashboardBack(change.back));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];
type OrderLinks = ReturnType<typeof orderPageLinks>;

/**
 * Every word a row shows, in the page's language, made once per page: the rows' cells call
 * no hooks before hydration (decision 075), and fifty rows share one set of status options.
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
 * 'Mark paid' stays on the row for cash on delivery only (it records the cash collected);
 * a UPI payment is checked against the bank statement on the order's page.
 */
const marksPaidHere = (row: Row) => row.paymentMethod === "cod" && row.paymentStatus === "unpaid" && !row.deleted;

function CheckPaymentLink({ row, href, live, words }: { row: Row; href: string; live: boolean; words: RowWords }) {
  if (row.deleted || row.paymentMethod !== "upi" || row.paymentStatus !== "reported") return null;
  const label = words.t("admin:payments.checkPayment");
  const to = `${href}#payment`;
  return live ? (
    <Link to={to} className="check-payment">
      {label}
    </Link>
  ) : (
    <a href={to} className="check-payment">
      {label}
    </a>
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
      <PaymentBadge row={row} words={words} /> <CheckPaymentLink row={row} href={trail} live words={words} />
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

/**
 * Before React takes over (the server's HTML, and the page without JavaScript) a row is plain
 * HTML: links, and forms that post to the page's action and come back by redirect. Its cells
 * call no hooks: fifty rows of fetchers and router links cost the server more than the rest of
 * the page (decision 075). Once hydrated, the same row gets fetchers, client-side links and the
 * delete dialog.
 */
function OrderRow({
  row,
  back,
  links,
  live,
  action,
  words,
}: {
  row: Row;
  back: string;
  links: OrderLinks;
  live: boolean;
  action: string;
  words: RowWords;
}) {
  const trail = links.trail(row.id);
  const { t } = words;
  return (
    <tr data-order-id={row.id} data-status={row.status} data-payment-status={row.paymentStatus} className={row.deleted ? "deleted" : undefined}>
      <td>
        {live ? (
          <Link to={trail} title={row.id} className="order-id">
            {row.displayId}
          </Link>
        ) : (
          <a href={trail} title={row.id} className="order-id">
            {row.displayId}
          </a>
        )}
      </td>
      <td className="user-id">{row.userId ?? t("admin:orders.guest")}</td>
      <td>{row.customerName}</td>
      <td>{row.phone}</td>
      <td>{row.email ?? ""}</td>
      <td>
        <time dateTime={row.placedAtIso}>{row.placedAt}</time>
      </td>
      <td>{row.address}</td>
      <td className="status-cell">
        {live ? <StatusCell row={row} back={back} words={words} /> : <PlainStatusCell row={row} back={back} action={action} words={words} />}
      </td>
      <td className="payment-cell">
        {live ? (
          <PaymentCell row={row} back={back} trail={trail} words={words} />
        ) : (
          <PlainPaymentCell row={row} back={back} trail={trail} action={action} words={words} />
        )}
      </td>
      <td className="total">{row.total}</td>
      <td>{row.items}</td>
      <td className="actions">
        {live ? (
          <>
            <Link to={trail}>{t("admin:orders.history")}</Link> <DeleteAction row={row} back={back} words={words} />
          </>
        ) : (
          <>
            <a href={trail}>{t("admin:orders.history")}</a>{" "}
            {row.deleted ? null : (
              <a href={links.remove(row.id)} className="danger-link">
                {t("admin:delete")}
              </a>
            )}
          </>
        )}
      </td>
    </tr>
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

function PlainStatusCell({ row, back, action, words }: { row: Row; back: string; action: string; words: RowWords }) {
  const { t } = words;
  if (row.deleted) return <StatusBadge row={row} words={words} />;
  return (
    <form method="post" action={action} className="row-form">
      <RowFormFields intent="status" row={row} back={back} />
      <label className="visually-hidden" htmlFor={`status-${row.id}`}>
        {t("admin:orders.statusOf", { id: row.displayId })}
      </label>
      <select id={`status-${row.id}`} name="status" defaultValue={row.status}>
        {words.statusOptions}
      </select>
      <button type="submit" className="secondary small">
        {t("admin:save")}
      </button>
    </form>
  );
}

function PlainPaymentCell({ row, back, trail, action, words }: { row: Row; back: string; trail: string; action: string; words: RowWords }) {
  return (
    <>
      <PaymentBadge row={row} words={words} /> <CheckPaymentLink row={row} href={trail} live={false} words={words} />
      {marksPaidHere(row) ? (
        <form method="post" action={action} className="row-form">
          <RowFormFields intent="paid" row={row} back={back} />
          <button type="submit" className="secondary small">
            {words.t("admin:orders.markPaid")}
          </button>
        </form>
      ) : null}
    </>
  );
}

export default function AdminOrders() {
  const { orders, filter, payment, sort, direction, sortLinks, nextHref, previousHref, here, notice } = useLoaderData<typeof loader>();
  const t = useT();
  const refusal = useRefusal();
  const words = useMemo(() => rowWords(t, refusal), [t, refusal]);
  // A row's change without JavaScript that was refused comes back to this page.
  const refused = words.refusalText(useActionData<typeof action>());
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const hydrated = useHydrated();
  // Where a row's <fetcher.Form> posts: the plain forms before hydration post there too.
  const rowAction = useFormAction();
  const links = useMemo(() => orderPageLinks(here), [here]);

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
      <Form method="get" className="filters" aria-label={t("admin:orders.filterForm")}>
        <label htmlFor="status-filter">{t("admin:orders.status")}</label>
        <select
          id="status-filter"
          name="status"
          defaultValue={filter}
          key={filter}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {DASHBOARD_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`admin:orders.filters.${value}`)}
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
        {sort !== "date" || direction !== "desc" ? (
          <>
            <input type="hidden" name="sort" value={sort} />
            <input type="hidden" name="dir" value={direction} />
          </>
        ) : null}
        <button type="submit" className="primary">
          {t("admin:orders.filter")}
        </button>
      </Form>
      {loading ? <p role="status">{t("admin:orders.loading")}</p> : null}
      {orders.length === 0 ? (
        <p>{t("admin:orders.none")}</p>
      ) : (
        <TableScroll label={t("admin:orders.list")}>
          <table className="admin-table" aria-label={t("admin:orders.table")}>
            <thead>
              <tr>
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
            <tbody>
              {orders.map((row) => (
                <OrderRow key={row.id} row={row} back={here} links={links} live={hydrated} action={rowAction} words={words} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="pager" aria-label={t("admin:orders.pages")}>
        {previousHref ? (
          <Link to={previousHref} rel="prev">
            {t("admin:orders.previous")}
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} rel="next">
            {t("admin:orders.next")}
          </Link>
        ) : null}
      </nav>
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
