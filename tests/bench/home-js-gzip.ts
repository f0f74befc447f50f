/**
 * The JavaScript a phone downloads for the home page, gzip level 9, file by file as a server
 * sends it: the client entry, the root route and the home route with every chunk they import,
 * exactly the scripts the served page names (its modulepreload links and module imports), so
 * this agrees with the storefront benchmark's page weight (storefront.bench.ts, pageWeight).
 * Reads a finished build (build/ or the directory given).
 *
 * The Remix manifest file (assets/manifest-*.js) is not counted when the build has
 * v3_lazyRouteDiscovery on, as the shop's does: the page then carries the routes it shows
 * inline (`window.__remixManifest` in its own HTML, already in the page's weight) and later
 * routes come as JSON from /__manifest when a link is in view, so the browser never asks for
 * the manifest file (@remix-run/react's <Scripts> links and imports it only with the flag
 * off). Without the flag it is counted, as the page would then load it.
 *
 *   npx tsx tests/bench/home-js-gzip.ts [buildDir]
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

interface ManifestEntry {
  module: string;
  imports?: string[];
}

const buildDir = process.argv[2] ?? "build";
const assets = path.join(buildDir, "client", "assets");
const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error(`no Remix manifest in ${assets}: build first (npm run build)`);
const manifestSource = fs.readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
};
// The server bundle writes the page's <Scripts>, under the future flags it was built with.
const serverBuild = fs.readFileSync(path.join(buildDir, "server", "index.js"), "utf8");
const lazyRouteDiscovery = /"v3_lazyRouteDiscovery":\s*true/.test(serverBuild);

const files = new Set<string>(lazyRouteDiscovery ? [] : [`/assets/${manifestFile}`]);
for (const part of [manifest.entry, manifest.routes.root, manifest.routes["routes/_index"]]) {
  files.add(part.module);
  for (const imported of part.imports ?? []) files.add(imported);
}

let raw = 0;
let gzip = 0;
for (const file of files) {
  const body = fs.readFileSync(path.join(buildDir, "client", file));
  const packed = zlib.gzipSync(body, { level: 9 }).length;
  raw += body.length;
  gzip += packed;
  console.log(`${(packed / 1024).toFixed(1).padStart(7)} KB gzip  ${file}`);
}
console.log(
  `home page JavaScript: ${(raw / 1024).toFixed(1)} KB, ${(gzip / 1024).toFixed(1)} KB gzip (level 9), ${files.size} files` +
    (lazyRouteDiscovery ? ` (lazy route discovery: ${manifestFile} is not loaded)` : ""),
);
