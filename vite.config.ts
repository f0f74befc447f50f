import path from "node:path";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin, type Rollup } from "vite";
import { precompressFolder } from "./server/precompressed-files";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * Every future flag Remix 2.17 has, each the behaviour React Router 7 has by default, so that moving to
 * it is a rename of packages (decision 170). `v3_routeConfig` reads the routes from app/routes.ts.
 * Shared with the storefront benchmark's hello page (tests/bench/hello-app), so both run the same Remix.
 */
export const remixFuture = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
  v3_routeConfig: true,
} as const;

const ROOT_ROUTE = fileURLToPath(new URL("app/root.tsx", import.meta.url));

/**
 * Every page runs the root route and all it imports: React and Remix, and the shop's frame (navbar,
 * footer, words, error page). Left to Rollup, the frame's modules that routes import too each became
 * a chunk of a few hundred bytes: a request and a gzip stream of its own, without the others' words
 * to compress against. Here they are two chunks: "vendor", the packages (it changes only with an npm
 * upgrade, so a phone keeps it across deploys), and "frame", the shop's own modules. Only what
 * root.tsx imports goes in, so a route's own code stays in the route's chunk.
 */
function everyPageChunks(): Rollup.GetManualChunk {
  let everyPage: Set<string> | undefined;
  return (id, { getModuleInfo }) => {
    if (!everyPage) {
      everyPage = new Set();
      const next = [ROOT_ROUTE];
      for (let module = next.pop(); module !== undefined; module = next.pop()) {
        if (everyPage.has(module)) continue;
        everyPage.add(module);
        next.push(...(getModuleInfo(module)?.importedIds ?? []));
      }
    }
    if (id === ROOT_ROUTE || !everyPage.has(id)) return undefined;
    if (id.includes("/node_modules/")) return "vendor";
    // Rollup's own helpers (ids starting with \0) go where Rollup puts them.
    return id.startsWith("\0") ? undefined : "frame";
  };
}

/**
 * The build's warnings, less two that say nothing wrong (every one else is shown as Vite shows it):
 * - EMPTY_BUNDLE: Remix gives every route a browser chunk, and a route with no page (the /api, /healthz,
 *   /logout and the admin's downloads) has no browser code, so its chunk is empty, as it should be;
 * - INVALID_ANNOTATION in zod: zod 4 explains its `@__PURE__` calls in comments Rollup cannot place,
 *   which it drops; nothing of the code changes.
 * A first start printed 28 of these before the shop's own lines; tests/integration/build-output.test.ts
 * builds the shop and holds its output to none.
 */
export function buildWarning(warning: Rollup.RollupLog, warn: Rollup.LoggingFunction): void {
  if (warning.code === "EMPTY_BUNDLE") return;
  if (warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]zod[\\/]/.test(warning.id ?? "")) return;
  warn(warning);
}

/** The browser's files compressed once, when built, beside themselves (server/precompressed-files.ts, decision 152). */
function precompressed(): Plugin {
  let outDir = "";
  return {
    name: "shop-precompressed-files",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressFolder(outDir);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    remix({
      future: remixFuture,
      // SHOP_BUILD_DIR: a build somewhere else than build/ (the build-output test builds into a scratch folder).
      buildDirectory: process.env.SHOP_BUILD_DIR || "build",
    }),
    !isSsrBuild && precompressed(),
  ],
  server: { port: 3000 },
  // Vite's dev scan crawls route files before Remix strips their loaders and actions, so it finds
  // server-only packages (the password hasher) and tries to bundle them for the browser, which fails
  // and leaves every page of `shop dev` without its scripts. The browser never imports them.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  build: isSsrBuild
    ? { target: "es2020", rollupOptions: { onwarn: buildWarning } }
    : {
        target: "es2020",
        // What a phone downloads (under 90 KB gzip for the home page, docs/benchmarks.md): terser packs
        // React and React Router about 4% smaller than esbuild, for some seconds more of build.
        // Safari 10's workarounds are dead weight under an es2020 target. The server bundle
        // stays unminified, for readable stack traces.
        minify: "terser",
        terserOptions: { ecma: 2020, safari10: false, compress: { passes: 2 } },
        rollupOptions: { onwarn: buildWarning, output: { manualChunks: everyPageChunks() } },
      },
}));
