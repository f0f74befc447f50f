import { isRouteErrorResponse } from "@remix-run/react";
import { metaT, useT, type T } from "../i18n/I18n";

/**
 * What an error page says, in the shop's words and the visitor's language. The root and the
 * admin area draw it inside their own frame (their ErrorBoundary) and name it in the tab title
 * (their meta), so a shopper who lands on a dead link still sees which shop they are in and
 * that they are signed in.
 */
export type ErrorPageKind = "not-found" | "refused" | "fault";

const WORDING: Record<ErrorPageKind, { heading: string; text: string }> = {
  "not-found": { heading: "error.notFound.heading", text: "error.notFound.text" },
  refused: { heading: "error.refused.heading", text: "error.refused.text" },
  fault: { heading: "error.fault.heading", text: "error.fault.text" },
};

export function errorPageKind(error: unknown): ErrorPageKind {
  if (!isRouteErrorResponse(error)) return "fault";
  return error.status === 404 ? "not-found" : error.status === 403 ? "refused" : "fault";
}

/** Why a person's role may not do this (decision 215): the reason the server worded in their language. */
function reasonOf(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === "string" && message ? message : undefined;
}

/** "Page not found | Churu Uniform House": the tab title of an error page in `place`. */
export function errorPageTitle(error: unknown, place: string, t: T = metaT([])): string {
  return `${t(WORDING[errorPageKind(error)].heading)} | ${place}`;
}

/** A plain link back, not a router link: after a fault a full page load is the surest way on. */
export function ErrorPage({ error, back }: { error: unknown; back?: { href: string; label: string } }) {
  const t = useT();
  const kind = errorPageKind(error);
  const link = back ?? { href: "/", label: t("error.backHome") };
  return (
    <section className="error-page" data-error-page={kind}>
      <h1>{t(WORDING[kind].heading)}</h1>
      <p data-refused={kind === "refused" ? "" : undefined}>{reasonOf(error) ?? t(WORDING[kind].text)}</p>
      <p>
        <a className="button" href={link.href}>
          {link.label}
        </a>
      </p>
    </section>
  );
}
