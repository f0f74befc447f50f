/**
 * Serves the one-route hello page (built into build/bench-hello by the storefront
 * benchmark) the way the shop is served: Express and @remix-run/express, production
 * React, one process. Prints its address, then runs until killed.
 */
import path from "node:path";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";

async function main() {
  const build = (await import(path.resolve("build/bench-hello/server/index.js"))) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.use(createRequestHandler({ build }));
  const server = app.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
    const address = server.address();
    console.log(`hello page at http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/`);
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
