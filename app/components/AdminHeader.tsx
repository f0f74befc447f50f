import { Form, NavLink, useRouteLoaderData } from "@remix-run/react";
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
export function AdminHeader({ shopName }: { shopName?: string }) {
  const t = useT();
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
            <li><NavLink to="/admin/admins">{t("admin:nav.admins")}</NavLink></li>
          </ul>
          {/* Who is signed in, their own password and the last backup: small print beside the nav, so the header stays one line at a desk's width. */}
          <div className="admin-who">
            <p title={admin.email ?? admin.name}>{t("admin:nav.signedInAs", { who: admin.email ?? admin.name })}</p>
            <NavLink to="/admin/password" className="admin-password-link">
              {t("admin:nav.password")}
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
