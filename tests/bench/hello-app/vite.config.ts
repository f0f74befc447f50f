// The storefront benchmark's yardstick: a one-route Remix hello page with the shop's
// Remix version, future flags and server, and nothing of the shop (tests/bench/storefront.bench.ts).
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import { remixFuture } from "../../../vite.config";

export default defineConfig({
  plugins: [
    remix({
      appDirectory: "tests/bench/hello-app/app",
      buildDirectory: "build/bench-hello",
      future: remixFuture,
    }),
  ],
  build: { target: "es2020" },
});
