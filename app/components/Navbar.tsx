import { Form, useLocation, Link, NavLink } from "@remix-run/react";
import { LANGUAGE_NAME, LANGUAGE_PARAM, LOCALE, type Language } from "../../domain/i18n";
import type { Frame } from "../frame.server";
import { useLanguage, useT } from "../i18n/I18n";

/** Only when a page has no frame at all (the root loader itself failed). */
export const UNNAMED_SHOP = "School Uniform Shop";

/**
 * The shared navbar. The Schools menu is a <details> disclosure so it opens
 * without JavaScript; Logout is a form post so no link can sign anyone out.
 */
export function Navbar({ frame }: { frame?: Frame }) {
  const t = useT();
  const badge = frame?.badge;
  return (
    <header className="navbar">
      <nav aria-label={t("nav.main")}>
        <Link to="/" className="brand">
          {frame?.shopName ?? UNNAMED_SHOP}
        </Link>
        <ul className="nav-links">
          <li>
            <NavLink to="/" end>
              {t("nav.home")}
            </NavLink>
          </li>
          <li>
            <NavLink to="/shop">{t("nav.shop")}</NavLink>
          </li>
          <li className="schools-menu">
            <details>
              <summary>{t("nav.schools")}</summary>
              <ul>
                <li>
                  <Link to="/schools">{t("nav.allSchools")}</Link>
                </li>
                {frame?.schools.map((school) => (
                  <li key={school.slug}>
                    <Link to={`/schools/${school.slug}`}>{school.name}</Link>
                  </li>
                ))}
              </ul>
            </details>
          </li>
          <li>
            <NavLink to="/contact">{t("nav.contact")}</NavLink>
          </li>
          <li>
            <NavLink to="/orders/track">{t("nav.track")}</NavLink>
          </li>
          <li>
            <NavLink to="/cart" className="cart-link">
              {t("nav.cart")}
              {badge ? (
                <span className="badge" role="img" aria-label={badge.label}>
                  {badge.count}
                </span>
              ) : null}
            </NavLink>
          </li>
          {frame?.signedIn ? (
            <>
              <li>
                <NavLink to="/account">{t("nav.account")}</NavLink>
              </li>
              <li>
                <Form method="post" action="/logout">
                  <button type="submit" className="link-button">
                    {t("nav.logout")}
                  </button>
                </Form>
              </li>
            </>
          ) : frame?.shopperUnknown ? (
            // Neither Login nor Logout: a signed-in shopper must not be told they are signed out.
            <li>
              <NavLink to="/account">{t("nav.account")}</NavLink>
            </li>
          ) : (
            <>
              <li>
                <NavLink to="/login">{t("nav.login")}</NavLink>
              </li>
              <li>
                <NavLink to="/signup">{t("nav.signup")}</NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
      <LanguageSwitch />
    </header>
  );
}

/** The address of this page in `lang`: the server keeps the choice and sends the visitor back here. */
export function languageHref(pathname: string, search: string, lang: string): string {
  const params = new URLSearchParams(search);
  params.set(LANGUAGE_PARAM, lang);
  return `${pathname}?${params}`;
}

// Hindi first: whoever looks for the switch reads Hindi.
const SWITCH_ORDER: readonly Language[] = ["hi", "en"];

/**
 * "हिन्दी | English": plain links, so the switch is a full page load that works without JavaScript
 * and the server's answer (cookie, then 303 back here) decides the language of every later page.
 */
export function LanguageSwitch() {
  const t = useT();
  const current = useLanguage();
  const { pathname, search } = useLocation();
  return (
    <p className="language-switch" aria-label={t("nav.language")} role="group">
      {SWITCH_ORDER.map((lang) => (
        <a
          key={lang}
          href={languageHref(pathname, search, lang)}
          hrefLang={LOCALE[lang]}
          lang={LOCALE[lang]}
          aria-current={lang === current ? "true" : undefined}
          rel="alternate"
        >
          {LANGUAGE_NAME[lang]}
        </a>
      ))}
    </p>
  );
}

/** The first link of every page, for keyboard and screen-reader users. */
export function SkipLink() {
  const t = useT();
  return (
    <a className="skip-link" href="#main">
      {t("skipToContent")}
    </a>
  );
}
