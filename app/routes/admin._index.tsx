import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useFormAction, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { bulkStatusForm, orderPageLinks, safeDashboardBack } from "../../domain/admin-orders";
import { ORDER_STATUSES } from "../../domain/orders/events";
import { refusalFor, requireStaffOncePerRequest } from "../admin/guard.server";
import { refusedForRole } from "../auth/session.server";
import { homeOf, may } from "../../domain/staff/roles";
import { ADMIN_FORM_MESSAGES, ORDER_ROW_FORM_LIMITS, orderRowForm } from "../../domain/forms/admin";
import { runOrderIntent } from "../admin/orders.server";
import { useHydrated } from "../components/useHydrated";
import { dashboardPage, setBulkStatus } from "../admin/dashboard.server";
import { LiveOrderRow, SortHeader, rowWords, toggleAll } from "../admin/components/DashboardRows";
import { BulkForm, BulkReportView, OrderFilters, OrderPager, PageJump } from "../admin/components/DashboardForms";
import { ROW_SLOT, oncePerPage, plainRowsHtml } from "../admin/plain-rows";
import { useMay } from "../admin/may";
import { readPageForm } from "../forms/form.server";
import { TableScroll } from "../components/TableScroll";
import { metaT, useRefusal, useT } from "../i18n/I18n";
import { languageOf } from "../i18n/i18n.server";
import { wordErased } from "../privacy/erased.server";
import { refusalText } from "../i18n/refusals.server";
import paymentStyles from "../styles/admin-payments.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const meta: MetaFunction = ({ matches }) => [{ title: metaT(matches)("admin:orders.metaTitle") }];

/** The order dashboard: the view the address names (app/admin/dashboard.server.ts), or 400 with the way back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // Where the sign-in lands: a person who may not see the orders (counter staff) starts at their own page instead.
  const person = await requireStaffOncePerRequest(request, context);
  if (!may(person.role, "seeOrders")) throw redirect(homeOf(person.role));
  const page = await dashboardPage(context.shop, request);
  if (!page.ok) throw data(page.refusal, { status: 400 });
  // An erased parent's name and number read "erased" in the page's language (docs/privacy.md).
  return wordErased(page.data, languageOf(request));
}

/**
 * The dashboard's forms: a row's own change, or the bulk form's 'Set status' on the ticked orders.
 * One union on `intent`, so a post that is none of them is refused on that hidden field (400).
 */
const dashboardForm = z.discriminatedUnion("intent", [orderRowForm, bulkStatusForm], { error: ADMIN_FORM_MESSAGES.notAnOrderChange });

/**
 * Status, 'Mark paid' and delete from a row. Without JavaScript the form posts here and
 * the admin is sent back to the same view (post, redirect, get); a fetcher (via=fetcher)
 * gets the outcome as data and the page's loader runs again.
 * 'Set status' of the bulk form changes each ticked order through the order service, one event
 * per order with the admin, and reports how many changed and which were refused and why.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireStaffOncePerRequest(request, context);
  const form = await readPageForm(request, dashboardForm, {
    ...ORDER_ROW_FORM_LIMITS,
    maxBytes: 16 * 1024,
    labels: { ...ORDER_ROW_FORM_LIMITS.labels, orderIds: "Orders" },
    pageFields: [...ORDER_ROW_FORM_LIMITS.pageFields, "orderIds"],
  });
  if (!form.ok) return form.answer;
  const change = form.value;
  // Thrown, not answered beside the form: the dashboard's own loader would send a packer on before it is shown.
  const refused = refusalFor(admin, change.intent === "delete" ? "deleteOrders" : "orders");
  if (refused) throw refusedForRole(request, refused);
  if (change.intent === "bulk") {
    const bulk = await setBulkStatus(context.shop, admin, change, languageOf(request));
    if (!bulk.ok) return form.refuse(bulk.message, 400);
    return { bulk: bulk.report };
  }
  const outcome = await runOrderIntent(context.shop, admin, change);
  if (!outcome.ok) return form.refuse(refusalText(languageOf(request), outcome.refusal), outcome.status);
  if (change.via === "fetcher") return { ok: true as const, message: outcome.message };
  return redirect(safeDashboardBack(change.back));
}

export default function AdminOrders() {
  const loaded = useLoaderData<typeof loader>();
  const { orders, sort, direction, sortLinks, here, notice, counts } = loaded;
  const t = useT();
  const refusal = useRefusal();
  // Only the controls of what the person's role may do (decision 217): a packer sees the orders and prints.
  const may = useMay();
  const canOrders = may("orders");
  const canDelete = may("deleteOrders");
  const canExport = may("reports");
  const words = useMemo(() => rowWords(t, refusal, { orders: canOrders, deleteOrders: canDelete }), [t, refusal, canOrders, canDelete]);
  const actionData = useActionData<typeof action>();
  const bulk = actionData && "bulk" in actionData ? actionData.bulk : null;
  // A row's change without JavaScript that was refused comes back to this page.
  const refused = words.refusalText(actionData);
  const navigation = useNavigation();
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
            methodLabel: (method) => t(`admin:orders.methods.${method}`),
            selectOrder: oncePerPage(t("find:selectOrder", { id: ROW_SLOT })),
            statusOf: oncePerPage(t("admin:orders.statusOf", { id: ROW_SLOT })),
            guest: t("admin:orders.guest"),
            history: t("admin:orders.history"),
            deleteLabel: t("admin:delete"),
            save: t("admin:save"),
            markPaid: t("admin:orders.markPaid"),
            checkPayment: t("admin:payments.checkPayment"),
            can: words.can,
          }),
    [hydrated, orders, rowAction, here, links, loaded.allSelected, t, words.can],
  );

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
      <OrderFilters view={loaded} counts={counts} t={t} />
      <p className="order-count" data-total={loaded.total}>
        <strong>{t("find:total", { n: loaded.totalText })}</strong>
        {loaded.pageNumber ? <> · {t("find:pageOf", { page: loaded.pageNumber, pages: loaded.pages })}</> : null}{" "}
        · <a href={loaded.oldestHref}>{loaded.oldestShown ? t("find:newestFirst") : t("find:oldestFirst")}</a>
        {canExport ? (
          <>
            {" · "}
            <a href={loaded.exportHref} download data-export-all>
              {t("find:exportAll")}
            </a>
          </>
        ) : null}
      </p>
      {loading ? <p role="status">{t("admin:orders.loading")}</p> : null}
      <BulkForm
        action={rowAction}
        back={here}
        statusOptions={words.statusOptions}
        hydrated={hydrated}
        selectAllHref={loaded.selectAllHref}
        can={{ setStatus: canOrders, export: canExport }}
        t={t}
      />
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
                <th scope="col">{t("admin:orders.paymentMethod")}</th>
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
      <OrderPager links={loaded} t={t} />
      <PageJump view={loaded} pages={loaded.pages} pageNumber={loaded.pageNumber} here={loaded.here} t={t} />
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
