import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import "./context";
import { InlineStyles } from "./components/InlineStyles";
import { Navbar, SkipLink, UNNAMED_SHOP, languageHref } from "./components/Navbar";
import { ErrorPage, errorPageTitle } from "./components/ErrorPage";
import { Footer } from "./components/Footer";
import { AdminHeader } from "./components/AdminHeader";
import { AddedNote } from "./components/AddedNote";
import { takeAddedFlash } from "./cart/added-flash.server";
import { loadFrame } from "./frame.server";
import { useNonce } from "./nonce";
import { useHydrationMark } from "./components/useHydrationMark";
import { I18nProvider, metaT } from "./i18n/I18n";
import { pageLanguage } from "./i18n/i18n.server";
import { LANGUAGES, LOCALE } from "../domain/i18n";

// The shop's stylesheet is in the page's head (components/InlineStyles.tsx, decision 141), not a link.
export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page's language and the frame's messages: the browser gets no translation library (decision 098).
  const i18n = pageLanguage(request);
  const [frame, flash] = await Promise.all([
    loadFrame(request, context.shop, i18n.lang),
    takeAddedFlash(request, context.shop),
  ]);
  // Where the page's absolute links (hreflang) start: SHOP_URL; in development without it, the address asked for.
  const { config } = context.shop;
  const origin = config.shopUrlSet ? config.shopUrl : config.production ? null : new URL(request.url).origin;
  // What a plain add-to-cart form added is shown on this page only: the cookie goes with this answer.
  return data({ ...frame, added: flash?.item ?? null, i18n, origin }, flash ? { headers: { "Set-Cookie": flash.clear } } : undefined);
}

/** The shop's name for a page with no title of its own, and the title of an error page. */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  const shopName = data?.shopName ?? UNNAMED_SHOP;
  return [{ title: error ? errorPageTitle(error, shopName, metaT(matches)) : shopName }];
};

/**
 * Which frame a page is drawn in: a route's `handle.frame`, the deepest one that names it. The admin
 * area (routes/admin.tsx, the admin login) says "admin": a full-width page under the admin header,
 * without the shop's navbar, cart badge and footer. Every other page has the shop's frame.
 */
export type FrameKind = "shop" | "admin";

function useFrameKind(): FrameKind {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const kind = (matches[i].handle as { frame?: FrameKind } | undefined)?.frame;
    if (kind) return kind;
  }
  return "shop";
}

export function Layout({ children }: { children: ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const location = useLocation();
  const admin = useFrameKind() === "admin";
  useHydrationMark();
  return (
    <I18nProvider value={frame?.i18n}>
      <html lang={LOCALE[frame?.i18n.lang ?? "en"]}>
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#1d3f72" />
          <Meta />
          <InlineStyles nonce={nonce} />
          <Links />
          {/* The same address in each language (the switch's ?lng=), for search engines: absolute, as hreflang must be. */}
          {frame?.origin ? (
            <>
              {LANGUAGES.map((lang) => (
                <link key={lang} rel="alternate" hrefLang={LOCALE[lang]} href={frame.origin + languageHref(location.pathname, location.search, lang)} />
              ))}
              <link rel="alternate" hrefLang="x-default" href={frame.origin + location.pathname + location.search} />
            </>
          ) : null}
        </head>
        <body className={admin ? "admin-body" : undefined}>
          <SkipLink />
          {admin ? <AdminHeader shopName={frame?.shopName} /> : <Navbar frame={frame} />}
          <main id="main" className={admin ? "admin-page" : "page"}>
            {frame?.added && !admin ? (
              <p className="flash" role="status">
                <AddedNote item={frame.added} showCartLink={location.pathname !== "/cart"} />
              </p>
            ) : null}
            {children}
          </main>
          {admin ? null : <Footer shopName={frame?.shopName} contact={frame?.contact} />}
          <ScrollRestoration nonce={nonce} />
          {/* The scripts are asked for once the page has drawn: entry.server.tsx moves them (decision 172). */}
          <Scripts nonce={nonce} />
        </body>
      </html>
    </I18nProvider>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

/**
 * Every fault and every unknown address (routes/$.tsx) lands here, inside the Layout's frame:
 * the root loader has run, so the brand, the Schools menu and who is signed in are there.
 */
export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
