import { isRouteErrorResponse } from "@remix-run/react";

/**
 * What an error page says, in the shop's words. The root and the admin area draw it inside
 * their own frame (their ErrorBoundary) and name it in the tab title (their meta), so a
 * shopper who lands on a dead link still sees which shop they are in and that they are
 * signed in.
 */
export type ErrorPageKind = "not-found" | "fault";

const WORDING: Record<ErrorPageKind, { heading: string; text: string }> = {
  "not-found": {
    heading: "Page not found",
    text: "We could not find that page. It may have moved, or the link may be mistyped.",
  },
  fault: {
    heading: "Something went wrong",
    text: "Sorry, the shop could not show this page. Please try again in a moment.",
  },
};

export function errorPageKind(error: unknown): ErrorPageKind {
  return isRouteErrorResponse(error) && error.status === 404 ? "not-found" : "fault";
}

/** "Page not found | Churu Uniform House": the tab title of an error page in `place`. */
export function errorPageTitle(error: unknown, place: string): string {
  return `${WORDING[errorPageKind(error)].heading} | ${place}`;
}

/** A plain link back, not a router link: after a fault a full page load is the surest way on. */
export function ErrorPage({ error, back = { href: "/", label: "Back to Home" } }: { error: unknown; back?: { href: string; label: string } }) {
  const kind = errorPageKind(error);
  return (
    <section className="error-page" data-error-page={kind}>
      <h1>{WORDING[kind].heading}</h1>
      <p>{WORDING[kind].text}</p>
      <p>
        <a className="button" href={back.href}>
          {back.label}
        </a>
      </p>
    </section>
  );
}
