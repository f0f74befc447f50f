import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
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
import { Navbar } from "./components/Navbar";
import { Footer } from "./components/Footer";
import { loadFrame } from "./frame.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadFrame(request, context.shop);
}

export function Layout({ children }: { children: ReactNode }) {
  const frame = useRouteLoaderData<typeof loader>("root");
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
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="error-page">
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find that page. It may have moved, or the link may be mistyped."
          : "Sorry, the shop could not show this page. Please try again in a moment."}
      </p>
      <p>
        <a className="button" href="/">
          Back to Home
        </a>
      </p>
    </section>
  );
}
