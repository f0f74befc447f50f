import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireAdminOncePerRequest } from "../admin/guard.server";
import { ErrorPage, errorPageTitle } from "../components/ErrorPage";
import { metaT, useT } from "../i18n/I18n";
import { refusalTable, routeMessages } from "../i18n/i18n.server";
import adminStyles from "../styles/admin.css?url";

/** The admin frame instead of the shop's (root.tsx), and its stylesheet for every page below. */
export const handle = { frame: "admin" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/**
 * The admin area's frame: the admin who is signed in, for the header's nav. Every page below
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

/**
 * The admin header (shop name, admin nav, who is signed in, Log out) is drawn by the root's
 * Layout in place of the shop's navbar (components/AdminHeader.tsx, where the nav's links are);
 * this area is the working page below it, the full width of the screen.
 */
function AdminFrame({ children }: { children: ReactNode }) {
  return <div className="admin-area">{children}</div>;
}

export default function AdminLayout() {
  useLoaderData<typeof loader>();
  return (
    <AdminFrame>
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A fault or an unknown address below /admin keeps the admin frame; the header shows the
 * admin nav only when this route's loader answered, that is when the admin check passed:
 * if the check itself failed, the page shows nobody's admin nav.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>("routes/admin");
  const t = useT();
  // Without the frame (its admin check failed) the page has no admin words: it offers the way home.
  const page = <ErrorPage error={error} back={frame ? { href: "/admin", label: t("admin:nav.backToOrders") } : undefined} />;
  return <AdminFrame>{page}</AdminFrame>;
}
