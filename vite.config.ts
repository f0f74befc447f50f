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
  build: { target: "es2020" },
});
