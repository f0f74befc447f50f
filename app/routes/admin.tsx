import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, NavLink, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireAdminOncePerRequest } from "../admin/guard.server";
import { ErrorPage, errorPageTitle } from "../components/ErrorPage";
import { metaT, useT } from "../i18n/I18n";
import { refusalTable, routeMessages } from "../i18n/i18n.server";

/**
 * The admin area's frame: who is signed in and the admin's nav. Every page below
 * checks the admin again in its own loader and action (loaders run in parallel, and
 * an action never runs this loader first): this guard only keeps the frame private.
 * A page loader that checks with `requireAdminOncePerRequest` too shares this one check.
 * The frame sends the admin area's words for every page below it, once: the `admin`
 * namespace, `account` (the order and payment statuses' labels) and the admin rules'
 * refusals (group `admin`), so a page under it sends only what is its alone.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminOncePerRequest(request, context);
  return {
    admin: { name: admin.name, email: admin.email },
    messages: routeMessages(request, "admin", "account"),
    refusals: refusalTable(request, "admin"),
  };
}

// Only an error page is named here: every admin page has its own title.
export const meta: MetaFunction<typeof loader> = ({ error, data, matches }) => {
  if (!error) return [];
  const t = metaT(matches);
  // Without the frame's words (its own check failed) the area is named as the staff know it.
  return [{ title: errorPageTitle(error, data ? t("admin:area") : "Admin", t) }];
};

type AdminFrameData = Awaited<ReturnType<typeof loader>>;

function AdminFrame({ admin, children }: { admin: AdminFrameData["admin"]; children: ReactNode }) {
  const t = useT();
  return (
    <div className="admin-area">
      <nav className="admin-nav" aria-label={t("admin:nav.label")}>
        <ul>
          <li>
            <NavLink to="/admin" end>
              {t("admin:nav.orders")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/admin/products">{t("admin:nav.products")}</NavLink>
          </li>
          <li>
            <NavLink to="/admin/notifications">{t("admin:nav.notifications")}</NavLink>
          </li>
        </ul>
        <p className="admin-who">{t("admin:nav.signedInAs", { who: admin.email ?? admin.name })}</p>
        <Form method="post" action="/admin/logout">
          <button type="submit" className="secondary">
            {t("admin:nav.logout")}
          </button>
        </Form>
      </nav>
      {children}
    </div>
  );
}

export default function AdminLayout() {
  const { admin } = useLoaderData<typeof loader>();
  return (
    <AdminFrame admin={admin}>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A fault or an unknown address below /admin keeps the admin frame, but only when this
 * route's loader answered, that is when the admin check passed: if the check itself
 * failed, the page is a bare error page and shows nobody's admin nav.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>("routes/admin");
  const t = useT();
  // Without the frame (its admin check failed) the page has no admin words: it offers the way home.
  const page = <ErrorPage error={error} back={frame ? { href: "/admin", label: t("admin:nav.backToOrders") } : undefined} />;
  return frame ? <AdminFrame admin={frame.admin}>{page}</AdminFrame> : page;
}
