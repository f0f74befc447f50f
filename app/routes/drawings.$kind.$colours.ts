import type { LoaderFunctionArgs } from "@remix-run/node";
import { colouredDrawingSvg, isColouredDrawing, parseColoursKey } from "../../domain/photos/drawings";

/**
 * A school item's drawing in its school's colours (decision 140): `/drawings/shirt/ffffff-2f4f86-9b2945.svg`.
 * The address holds everything drawn, so the answer never changes: kept for a year, never asked again.
 * Made on the server from the colours; no script draws anything in the browser.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  const colours = /^(.+)\.svg$/.exec(params.colours ?? "")?.[1];
  const parsed = colours ? parseColoursKey(colours) : undefined;
  if (!isColouredDrawing(kind) || !parsed) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(colouredDrawingSvg(kind, parsed), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      // An SVG opened on its own is a document: it may run nothing and load nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
