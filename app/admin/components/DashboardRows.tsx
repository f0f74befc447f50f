/**
 * The order dashboard's table once React has it (app/routes/admin._index.tsx): the sortable
 * headers and the live rows, with a fetcher per control, client-side links and the delete
 * dialog. Before hydration (and without JavaScript) the rows are one HTML string made by
 * app/admin/plain-rows.ts from the same words.
 */
import { useFetcher, Link } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { DashboardSort, orderPageLinks } from "../../../domain/admin-orders";
import { ORDER_STATUSES } from "../../../domain/orders/events";
import { everyMessage, refusalOf } from "../../forms/messages";
import type { T } from "../../i18n/I18n";
import { marksPaidHere, type PlainRow, type RowPermissions } from "../plain-rows";

type Row = PlainRow;
type OrderLinks = ReturnType<typeof orderPageLinks>;

/** What the dashboard's action answers a row's fetcher: the change's outcome, or its refusal (`{ result }`). */
type RowAnswer = { ok: true; message: string } | { result: SubmissionResult<string[]> };

/**
 * Every word a live row shows, in the page's language, made once per page: fifty rows share one
 * set of status options (before hydration the rows are plain HTML: app/admin/plain-rows.ts).
 * Stored statuses stay English in the data (`data-status`, the option values); only their
 * labels are translated (`account:status.*`).
 */
export interface RowWords {
  t: T;
  statusOptions: ReactNode;
  /** A row's refusal as one line, in the page's language: its fields are hidden, so every message goes by the control. */
  refusalText(data: unknown): string | null;
  /** The controls the person's role may be offered (decision 217). */
  can: RowPermissions;
}

export function rowWords(t: T, refusal: (message: string) => string, can: RowPermissions): RowWords {
  return {
    t,
    can,
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

export function SortHeader({
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
  if (!words.can.orders || row.deleted || row.paymentMethod !== "upi" || row.paymentStatus !== "reported") return null;
  return (
    <Link to={`${href}#payment`} className="check-payment">
      {words.t("admin:payments.checkPayment")}
    </Link>
  );
}

function StatusCell({ row, back, words }: { row: Row; back: string; words: RowWords }) {
  const fetcher = useFetcher<RowAnswer>();
  const { t } = words;
  const refused = words.refusalText(fetcher.data);
  const busy = fetcher.state !== "idle";
  if (row.deleted || !words.can.orders) return <StatusBadge row={row} words={words} />;
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
  const fetcher = useFetcher<RowAnswer>();
  const { t } = words;
  const refused = words.refusalText(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <>
      <PaymentBadge row={row} words={words} /> <CheckPaymentLink row={row} href={trail} words={words} />
      {words.can.orders && marksPaidHere(row) ? (
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
  const fetcher = useFetcher<RowAnswer>();
  const { t } = words;
  const refused = words.refusalText(fetcher.data);
  const dialog = useRef<HTMLDialogElement>(null);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "ok" in fetcher.data) dialog.current?.close();
  }, [fetcher.state, fetcher.data]);
  if (row.deleted || !words.can.deleteOrders) return null;
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
export function LiveOrderRow({ row, back, links, words, checked }: { row: Row; back: string; links: OrderLinks; words: RowWords; checked: boolean }) {
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
      <td className="payment-method" data-payment-method={row.paymentMethod}>
        {t(`admin:orders.methods.${row.paymentMethod}`)}
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

/** Ticks or clears every row's box on the page (JavaScript on; without it, the 'Select all' link). */
export function toggleAll(event: React.ChangeEvent<HTMLInputElement>) {
  const on = event.currentTarget.checked;
  for (const box of document.querySelectorAll<HTMLInputElement>('input[name="orderIds"][form="bulk-orders"]')) box.checked = on;
}
