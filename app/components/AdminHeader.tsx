import {
  Form,
  useLocation,
  useRouteLoaderData,
  NavLink,
} from "@remix-run/react";
import type { loader as adminLoader } from "../routes/admin";
import { useT } from "../i18n/I18n";
import { LanguageSwitch, UNNAMED_SHOP } from "./Navbar";
import { LastBackup } from "./LastBackup";
import { BACK_OFFICE, type Permission } from "../../domain/staff/roles";

/**
 * The admin area's one header, in place of the shop's navbar: the shop's name, the admin nav,
 * who is signed in and Log out, on one line at a desk's width. The nav and the admin are shown
 * only when the admin frame's loader (routes/admin.tsx) answered, that is when its admin check
 * passed: the admin login page and an error before that check show the shop's name alone.
 */
/** The pages the owner opens every day, always in the header; each with the permission it asks (decision 215). */
const MAIN_LINKS = [
  ["/admin", "orders", "seeOrders"],
  ["/admin/products", "products", "catalogue"],
  ["/admin/notifications", "notifications", "messages"],
  ["/admin/reports", "reports", "reports"],
  ["/admin/gst", "gst", "reports"],
] as const satisfies readonly (readonly [string, string, Permission])[];

/** The rest of the admin area, under "More". */
const MORE_LINKS = [
  ["/admin/grievances", "grievances", "messages"],
  ["/admin/privacy", "privacy", "erase"],
  ["/admin/photos", "photos", "catalogue"],
  ["/admin/sizes", "sizes", "catalogue"],
  ["/admin/kits", "kits", "catalogue"],
  ["/admin/school-stock", "schoolStock", "catalogue"],
  ["/admin/delivery-dates", "deliveryDates", "catalogue"],
  ["/admin/counter", "counter", "sell"],
  ["/admin/cash", "cash", "drawer"],
  ["/admin/cod", "cod", "drawer"],
  ["/admin/statements", "statements", "orders"],
  ["/admin/settlements", "settlements", "orders"],
  ["/admin/tailor-batches", "tailorBatches", "catalogue"],
  ["/admin/scan-count", "scanCount", "catalogue"],
  ["/admin/admins", "admins", "staff"],
] as const satisfies readonly (readonly [string, string, Permission])[];

export function AdminHeader({ shopName }: { shopName?: string }) {
  const t = useT();
  const location = useLocation();
  const frame = useRouteLoaderData<typeof adminLoader>("routes/admin");
  const admin = frame?.admin;
  // Only what this person may open: counter staff see the counter and the cash, a packer the orders.
  const mayOpen = <L extends readonly [string, string, Permission]>(links: readonly L[]) => links.filter(([, , permission]) => frame?.may.includes(permission));
  const main = mayOpen(MAIN_LINKS);
  const more = mayOpen(MORE_LINKS);
  return (
    <header className="admin-header">
      {/* A plain link: leaving the admin area loads the shop's own frame (navbar, cart badge) afresh. */}
      <a href="/" className="brand">
        {shopName ?? UNNAMED_SHOP}
      </a>
      {admin ? (
        <nav className="admin-nav" aria-label={t("admin:nav.label")}>
          <ul>
            {main.map(([to, key]) => (
              <li key={to}>
                <NavLink to={to} end={to === "/admin"}>
                  {t(`admin:nav.${key}`)}
                </NavLink>
              </li>
            ))}
            {more.length > 0 ? (
              <li>
                {/* The rest behind "More": a native disclosure, so it opens with JavaScript off, and the header stays one line
                  at a desk's width (the dashboard's rows need the height). Keyed by the page, so it closes on arrival. */}
                <details className="admin-more" key={location.pathname}>
                  <summary>{t("admin:nav.more")}</summary>
                  <ul>
                    {more.map(([to, key]) => (
                      <li key={to}>
                        <NavLink to={to}>{t(`admin:nav.${key}`)}</NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              </li>
            ) : null}
          </ul>
          {/* Who is signed in, their own password and the last backup: small print beside the nav, so the header stays one line at a desk's width. */}
          <div className="admin-who">
            {/* The admin by name (decision 104), as the orders' trails name them; the email is a hover away. */}
            <p title={admin.email ?? admin.name} data-signed-in-admin>
              {t("admin:nav.signedInAs", { who: admin.email ? `${admin.name} (${admin.email})` : admin.name })}{" "}
              {/* Their role, so a person told "only a manager may" knows what they are (decision 215). */}
              <span data-role={admin.role ?? "none"}>{t(`admin:roles.${admin.role ?? "none"}`)}</span>
            </p>
            {/* Their own sign-in's pages side by side in one cell, so the small print stays two lines high. */}
            <span className="admin-own-links">
              <NavLink to="/admin/password" className="admin-password-link">
                {t("admin:nav.password")}
              </NavLink>
              {/* A second factor is the owner's and a manager's (decision 215 keeps that page to them). */}
              {admin.role && BACK_OFFICE.includes(admin.role) ? (
                <NavLink to="/admin/second-factor" className="admin-password-link">
                  {t("admin:nav.secondFactor")}
                </NavLink>
              ) : null}
            </span>
            <LastBackup backup={frame?.backup} />
          </div>
          <LanguageSwitch />
          <Form method="post" action="/admin/logout" className="admin-logout">
            <button type="submit" className="secondary small">
              {t("admin:nav.logout")}
            </button>
          </Form>
        </nav>
      ) : (
        <LanguageSwitch />
      )}
    </header>
  );
}
