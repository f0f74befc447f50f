import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Shared with the storefront benchmark's hello page (tests/bench/hello-app), so both run the same Remix.
export const remixFuture = {
  v3_fetcherPersist: true,
  v3_relativeSplatPath: true,
  v3_throwAbortReason: true,
  v3_singleFetch: true,
  v3_lazyRouteDiscovery: true,
} as const;

export default defineConfig({
  plugins: [
    remix({
      future: remixFuture,
    }),
  ],
  server: { port: 3000 },
  // Vite's dev scan crawls route files before Remix strips their loaders and actions, so it finds
  // server-only packages (the password hasher) and tries to bundle them for the browser, which fails
  // and leaves every page of `shop dev` without its scripts. The browser never imports them.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  build: { target: "es2020" },
});
