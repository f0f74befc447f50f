import { data } from "@remix-run/node";
import { notFound } from "../offers.server";

/**
 * Every address no other route claims. Remix answers an address that matches no route
 * without running any loader, so the not-found page would have no frame: no shop name,
 * no Schools menu, and a signed-in shopper shown Login. Matching it here and throwing
 * makes the root loader run first; the root ErrorBoundary then draws "Page not found"
 * in the frame, with status 404.
 */
export function loader(): never {
  throw notFound("Page not found");
}

/**
 * A form posted to a dead address is not found either (not "method not allowed"). It answers
 * rather than throws: an action that throws skips the root loader, and the page would lose
 * its frame; after an answer the loaders run, and the loader above gives the 404 page.
 */
export function action() {
  return data(null, { status: 404 });
}

// Never drawn (the loader always throws), but a route without a component would be a
// resource route, and its 404 would be a bare text answer instead of a page.
export default function UnknownPage() {
  return null;
}
