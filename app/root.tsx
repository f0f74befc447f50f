import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import "./context";
import stylesheet from "./styles/shop.css?url";
import { Navbar, UNNAMED_SHOP } from "./components/Navbar";
import { ErrorPage, errorPageTitle } from "./components/ErrorPage";
import { Footer } from "./components/Footer";
import { loadFrame } from "./frame.server";
import { useNonce } from "./nonce";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadFrame(request, context.shop);
}

/** The shop's name for a page with no title of its own, and the title of an error page. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const shopName = data?.shopName ?? UNNAMED_SHOP;
  return [{ title: error ? errorPageTitle(error, shopName) : shopName }];
};

export function Layout({ children }: { children: ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d3f72" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <Navbar frame={frame} />
        <main id="main" className="page">
          {children}
        </main>
        <Footer shopName={frame?.shopName} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
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
