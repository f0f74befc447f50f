import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/**
 * The page's scripts asked for early, at low priority (decision 141). Remix names them at the end
 * of the body as `modulepreload` links, which Chromium fetches at high priority: on a slow phone the
 * 80 KB of scripts then share the line with what the first screen needs (the main picture), though
 * the page is whole and usable without them. The browser fetches each module once, so Remix's own
 * links later in the page reuse these low-priority requests. Drawn once, as the page came: later
 * pages load their modules through the router.
 */
export function ModuleHints() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const [hrefs] = useState(() => {
    if (!remix) return [];
    const { manifest } = remix;
    const routes = matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    });
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routes])];
  });
  // React 18 does not know `fetchPriority` yet: the attribute goes out in lower case, as HTML spells it.
  const low = { fetchpriority: "low" } as object;
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} {...low} />
      ))}
    </>
  );
}
