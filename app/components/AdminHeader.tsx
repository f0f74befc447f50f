import { Form, useLocation, useRouteLoaderData, NavLink } from "@remix-run/react";
import type { loader as adminLoader } from "../routes/admin";
import { useT } from "../i18n/I18n";
import { LanguageSwitch, UNNAMED_SHOP } from "./Navbar";
import { LastBackup } from "./LastBackup";

/**
 * The admin area's one header, in place of the shop's navbar: the shop's name, the admin nav,
 * who is signed in and Log out, on one line at a desk's width. The nav and the admin are shown
 * only when the admin frame's loader (routes/admin.tsx) answered, that is when its admin check
 * passed: the admin login page and an error before that check show the shop's name alone.
 */
/** The pages the owner opens every day, always in the header. */
const MAIN_LINKS = [
  ["/admin", "orders"],
  ["/admin/products", "products"],
  ["/admin/notifications", "notifications"],
  ["/admin/reports", "reports"],
  ["/admin/gst", "gst"],
] as const;

/** The rest of the admin area, under "More". */
const MORE_LINKS = [
  ["/admin/grievances", "grievances"],
  ["/admin/privacy", "privacy"],
  ["/admin/photos", "photos"],
  ["/admin/sizes", "sizes"],
  ["/admin/kits", "kits"],
  ["/admin/school-stock", "schoolStock"],
  ["/admin/delivery-dates", "deliveryDates"],
  ["/admin/counter", "counter"],
  ["/admin/cash", "cash"],
  ["/admin/cod", "cod"],
  ["/admin/statements", "statements"],
  ["/admin/tailor-batches", "tailorBatches"],
  ["/admin/scan-count", "scanCount"],
  ["/admin/admins", "admins"],
] as const;

export function AdminHeader({ shopName }: { shopName?: string }) {
  const t = useT();
  const location = useLocation();
  const frame = useRouteLoaderData<typeof adminLoader>("routes/admin");
  const admin = frame?.admin;
  return (
    <header className="admin-header">
      {/* A plain link: leaving the admin area loads the shop's own frame (navbar, cart badge) afresh. */}
      <a href="/" className="brand">
        {shopName ?? UNNAMED_SHOP}
      </a>
      {admin ? (
        <nav className="admin-nav" aria-label={t("admin:nav.label")}>
          <ul>
            {MAIN_LINKS.map(([to, key]) => (
              <li key={to}>
                <NavLink to={to} end={to === "/admin"}>
                  {t(`admin:nav.${key}`)}
                </NavLink>
              </li>
            ))}
            <li>
              {/* The rest behind "More": a native disclosure, so it opens with JavaScript off, and the header stays one line
                  at a desk's width (the dashboard's rows need the height). Keyed by the page, so it closes on arrival. */}
              <details className="admin-more" key={location.pathname}>
                <summary>{t("admin:nav.more")}</summary>
                <ul>
                  {MORE_LINKS.map(([to, key]) => (
                    <li key={to}>
                      <NavLink to={to}>{t(`admin:nav.${key}`)}</NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          </ul>
          {/* Who is signed in, their own password and the last backup: small print beside the nav, so the header stays one line at a desk's width. */}
          <div className="admin-who">
            {/* The admin by name (decision 104), as the orders' trails name them; the email is a hover away. */}
            <p title={admin.email ?? admin.name} data-signed-in-admin>
              {t("admin:nav.signedInAs", { who: admin.email ? `${admin.name} (${admin.email})` : admin.name })}
            </p>
            <NavLink to="/admin/password" className="admin-password-link">
              {t("admin:nav.password")}
            </NavLink>
            <NavLink to="/admin/second-factor" className="admin-password-link">
              {t("admin:nav.secondFactor")}
            </NavLink>
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
