import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useFormAction, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useMemo, useRef } from "react";
import {
  DASHBOARD_FILTERS,
  DASHBOARD_SORTS,
  FILTER_LABELS,
  SORT_LABELS,
  dashboardHref,
  orderPageLinks,
  parseDashboardQuery,
  safeDashboardBack,
  sortToggle,
  type DashboardSort,
} from "../../domain/admin-orders";
import { ORDER_STATUSES } from "../../domain/orders/events";
import { requireAdmin } from "../auth/session.server";
import { requireAdminOncePerRequest } from "../admin/guard.server";
import { ORDER_ROW_FORM_LIMITS, orderRowForm } from "../../domain/forms/admin";
import { orderRow, runOrderIntent } from "../admin/orders.server";
import { useHydrated } from "../components/useHydrated";
import { readPageForm } from "../forms/form.server";
import { everyMessage, refusalOf } from "../forms/messages";
import { TableScroll } from "../components/TableScroll";

export const meta: MetaFunction = () => [{ title: "Orders | Admin" }];

/**
 * The order dashboard. Filter, sort and page live in the URL (?status=&sort=&dir=&after=|before=),
 * so every view is a plain link: it works without JavaScript, survives a reload and can be shared.
 * Pages are keyset pages of 50 (services/admin-orders.ts, decision 051).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminOncePerRequest(request, context);
  const url = new URL(request.url);
  const parsed = parseDashboardQuery(url.searchParams);
  const { query } = parsed;
  const page = await context.shop.adminOrders.listPage(query);
  const here = dashboardHref(query);
  const sortLinks = Object.fromEntries(DASHBOARD_SORTS.map((column) => [column, dashboardHref(sortToggle(query, column))])) as Record<
    DashboardSort,
    string
  >;
  return {
    notice: parsed.ok ? null : parsed.message,
    filter: query.filter,
    sort: query.sort,
    direction: query.direction,
    here,
    sortLinks,
    nextHref: page.next ? dashboardHref({ filter: query.filter, sort: query.sort, direction: query.direction, after: page.next }) : null,
    previousHref: page.previous
      ? dashboardHref({ filter: query.filter, sort: query.sort, direction: query.direction, before: page.previous })
      : null,
    orders: page.orders.map(orderRow),
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

/** A row's refusal as one line: its fields are hidden, so every message goes by the control. */
function refusalText(data: unknown): string | null {
  const messages = everyMessage(refusalOf(data));
  return messages.length ? messages.join(" ") : null;
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["orders"][number];
type OrderLinks = ReturnType<typeof orderPageLinks>;

function SortHeader({ column, sort, direction, href }: { column: DashboardSort; sort: DashboardSort; direction: "asc" | "desc"; href: string }) {
  const active = column === sort;
  return (
    <th scope="col" aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}>
      <Link to={href} preventScrollReset className="sort-link">
        {SORT_LABELS[column]}
        {active ? <span aria-hidden="true">{direction === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

// The same option elements serve every row's select.
const STATUS_OPTIONS = ORDER_STATUSES.map((status) => (
  <option key={status} value={status}>
    {status}
  </option>
));

function StatusCell({ row, back }: { row: Row; back: string }) {
  const fetcher = useFetcher<typeof action>();
  const refused = refusalText(fetcher.data);
  const busy = fetcher.state !== "idle";
  if (row.deleted) return <span className="status-badge">{row.status}</span>;
  return (
    <fetcher.Form method="post" className="row-form" preventScrollReset>
      <RowFormFields intent="status" row={row} back={back} />
      <input type="hidden" name="via" value="fetcher" />
      <label className="visually-hidden" htmlFor={`status-${row.id}`}>
        Status of order {row.displayId}
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
        {STATUS_OPTIONS}
      </select>
      {busy ? <span className="saving">Saving...</span> : null}
      {refused && fetcher.state === "idle" ? (
        <span className="field-error" role="alert">
          {refused}
        </span>
      ) : null}
    </fetcher.Form>
  );
}

function PaymentCell({ row, back }: { row: Row; back: string }) {
  const fetcher = useFetcher<typeof action>();
  const refused = refusalText(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <>
      <span className="status-badge">{row.paymentStatus}</span>
      {row.paymentStatus === "pending" && !row.deleted ? (
        <fetcher.Form method="post" className="row-form" preventScrollReset>
          <RowFormFields intent="paid" row={row} back={back} />
          <input type="hidden" name="via" value="fetcher" />
          <button type="submit" className="secondary small" disabled={busy}>
            {busy ? "Saving..." : "Mark paid"}
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
function DeleteAction({ row, back }: { row: Row; back: string }) {
  const fetcher = useFetcher<typeof action>();
  const refused = refusalText(fetcher.data);
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) dialog.current?.close();
  }, [fetcher.state, fetcher.data]);
  if (row.deleted) return null;
  return (
    <>
      <button type="button" className="danger small" onClick={() => dialog.current?.showModal()}>
        Delete
      </button>
      <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`delete-title-${row.id}`}>
        <fetcher.Form method="post" preventScrollReset>
          <h2 id={`delete-title-${row.id}`}>Delete this order?</h2>
          <p>
            Order {row.displayId} for {row.customerName} ({row.total}). It leaves the list; its history stays under the
            Deleted filter.
          </p>
          <RowFormFields intent="delete" row={row} back={back} />
          <input type="hidden" name="via" value="fetcher" />
          {refused && fetcher.state === "idle" ? (
            <p className="form-error" role="alert">
              {refused}
            </p>
          ) : null}
          <div className="dialog-buttons">
            <button type="submit" className="danger" disabled={busy}>
              {busy ? "Deleting..." : "Delete"}
            </button>
            <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
              Cancel
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
function OrderRow({ row, back, links, live, action }: { row: Row; back: string; links: OrderLinks; live: boolean; action: string }) {
  const trail = links.trail(row.id);
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
      <td className="user-id">{row.userId ?? "Guest"}</td>
      <td>{row.customerName}</td>
      <td>{row.phone}</td>
      <td>{row.email ?? ""}</td>
      <td>
        <time dateTime={row.placedAtIso}>{row.placedAt}</time>
      </td>
      <td>{row.address}</td>
      <td className="status-cell">{live ? <StatusCell row={row} back={back} /> : <PlainStatusCell row={row} back={back} action={action} />}</td>
      <td className="payment-cell">{live ? <PaymentCell row={row} back={back} /> : <PlainPaymentCell row={row} back={back} action={action} />}</td>
      <td className="total">{row.total}</td>
      <td>{row.items}</td>
      <td className="actions">
        {live ? (
          <>
            <Link to={trail}>History</Link> <DeleteAction row={row} back={back} />
          </>
        ) : (
          <>
            <a href={trail}>History</a>{" "}
            {row.deleted ? null : (
              <a href={links.remove(row.id)} className="danger-link">
                Delete
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

function PlainStatusCell({ row, back, action }: { row: Row; back: string; action: string }) {
  if (row.deleted) return <span className="status-badge">{row.status}</span>;
  return (
    <form method="post" action={action} className="row-form">
      <RowFormFields intent="status" row={row} back={back} />
      <label className="visually-hidden" htmlFor={`status-${row.id}`}>
        Status of order {row.displayId}
      </label>
      <select id={`status-${row.id}`} name="status" defaultValue={row.status}>
        {STATUS_OPTIONS}
      </select>
      <button type="submit" className="secondary small">
        Save
      </button>
    </form>
  );
}

function PlainPaymentCell({ row, back, action }: { row: Row; back: string; action: string }) {
  return (
    <>
      <span className="status-badge">{row.paymentStatus}</span>
      {row.paymentStatus === "pending" && !row.deleted ? (
        <form method="post" action={action} className="row-form">
          <RowFormFields intent="paid" row={row} back={back} />
          <button type="submit" className="secondary small">
            Mark paid
          </button>
        </form>
      ) : null}
    </>
  );
}

export default function AdminOrders() {
  const { orders, filter, sort, direction, sortLinks, nextHref, previousHref, here, notice } = useLoaderData<typeof loader>();
  // A row's change without JavaScript that was refused comes back to this page.
  const refused = refusalText(useActionData<typeof action>());
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";
  const hydrated = useHydrated();
  // Where a row's <fetcher.Form> posts: the plain forms before hydration post there too.
  const rowAction = useFormAction();
  const links = useMemo(() => orderPageLinks(here), [here]);

  return (
    <section aria-labelledby="admin-orders-title" className="admin-orders">
      <h1 id="admin-orders-title">Orders</h1>
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
      <Form method="get" className="filters" aria-label="Order filter">
        <label htmlFor="status-filter">Status</label>
        <select
          id="status-filter"
          name="status"
          defaultValue={filter}
          key={filter}
          onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
        >
          {DASHBOARD_FILTERS.map((value) => (
            <option key={value} value={value}>
              {FILTER_LABELS[value]}
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
          Filter
        </button>
      </Form>
      {loading ? <p role="status">Loading orders...</p> : null}
      {orders.length === 0 ? (
        <p>No orders found.</p>
      ) : (
        <TableScroll label="Order list">
          <table className="admin-table" aria-label="Orders">
            <thead>
              <tr>
                <SortHeader column="id" sort={sort} direction={direction} href={sortLinks.id} />
                <SortHeader column="user" sort={sort} direction={direction} href={sortLinks.user} />
                <th scope="col">Customer Name</th>
                <th scope="col">Phone Number</th>
                <th scope="col">Email</th>
                <SortHeader column="date" sort={sort} direction={direction} href={sortLinks.date} />
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Payment Status</th>
                <th scope="col">Total</th>
                <th scope="col">Items</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((row) => (
                <OrderRow key={row.id} row={row} back={here} links={links} live={hydrated} action={rowAction} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <nav className="pager" aria-label="Pages">
        {previousHref ? (
          <Link to={previousHref} rel="prev">
            Previous
          </Link>
        ) : null}
        {nextHref ? (
          <Link to={nextHref} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
    </section>
  );
}
