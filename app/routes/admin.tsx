import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { requireStaffOncePerRequest } from "../admin/guard.server";
import { permissionsOf } from "../../domain/staff/roles";
import { ErrorPage, errorPageTitle } from "../components/ErrorPage";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, refusalTable, routeMessages, serverT } from "../i18n/i18n.server";
import { adminTime } from "../admin/orders.server";
import type { Shop } from "../../services/index";
import { lastBackupOf } from "../admin/last-backup.server";
import adminStyles from "../styles/admin.css?url";

/** The admin frame instead of the shop's (root.tsx), and its stylesheet for every page below. */
export const handle = { frame: "admin" };
export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/**
 * The admin area's frame: the admin who is signed in, for the header's nav. Every page below
 * checks the admin again in its own loader and action (loaders run in parallel, and
 * an action never runs this loader first): this guard only keeps the frame private.
 * A page loader that checks with `requirePermission` too shares this one check. The frame is every
 * person's, whatever their role: it sends what they may do, and the menu shows only that (decision 215).
 * The frame sends the admin area's words for every page below it, once: the `admin`
 * namespace, `account` (the order and payment statuses' labels) and the admin rules'
 * refusals (group `admin`), so a page under it sends only what is its alone.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireStaffOncePerRequest(request, context);
  return {
    admin: { name: admin.name, email: admin.email, role: admin.role },
    may: permissionsOf(admin.role),
    // A trip of the shop-wide budget of sign-in texts, on every admin page until a day after its last refused code (decision 116).
    alerts: await alertsOf(request, context.shop),
    // "Last backup: 3 hours ago" in the header (decision 112).
    backup: await lastBackupOf(context.shop),
    messages: routeMessages(request, "admin", "account"),
    refusals: refusalTable(request, "admin"),
  };
}

/** The shop's alerts as the banner words them, in the admin's language. */
async function alertsOf(request: Request, shop: Shop) {
  const lang = languageOf(request);
  const t = serverT(lang);
  const at = (when: Date) => adminTime(when, lang);
  return (await shop.alerts.list()).map((alert) => ({
    id: alert.id,
    title: t("admin:alerts.smsBudgetTitle"),
    lines: [
      alert.reached === "day"
        ? t("admin:alerts.smsBudgetDay", { budget: alert.perDay, at: at(alert.openedAt) })
        : t("admin:alerts.smsBudgetHour", { budget: alert.perHour, at: at(alert.openedAt) }),
      alert.cooldownUntil.getTime() > Date.now()
        ? t("admin:alerts.cooldown", { until: at(alert.cooldownUntil) })
        : t("admin:alerts.cooldownOver", { until: at(alert.cooldownUntil) }),
      t("admin:alerts.refused", { refused: alert.refused }),
      t("admin:alerts.settings"),
    ],
  }));
}

/** The alerts above the working page: a plain section, read without JavaScript and announced to a screen reader. */
function Alerts({ alerts }: { alerts: Awaited<ReturnType<typeof alertsOf>> }) {
  if (alerts.length === 0) return null;
  return (
    <>
      {alerts.map((alert) => (
        <section key={alert.id} className="shop-alert" role="alert" aria-label={alert.title} data-alert={alert.id}>
          <h2>{alert.title}</h2>
          {alert.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      ))}
    </>
  );
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
  const { alerts } = useLoaderData<typeof loader>();
  return (
    <AdminFrame>
      <Alerts alerts={alerts} />
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
