import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type { Shop } from "../services/index";
import { createPageCache } from "./page-cache";

export interface WebServer {
  server: http.Server;
  url: string;
  /** Stops accepting connections and waits for in-flight requests to finish. */
  close(): Promise<void>;
}

/**
 * The HTTP front: compression, static files, a same-origin check for every
 * non-GET request, then Remix. In development Vite serves assets with HMR.
 */
export async function startWebServer(
  shop: Shop,
  options: { port: number; host: string; buildDir?: string; vite?: ViteDevServer },
): Promise<WebServer> {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use(compression());

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.vite) {
    app.use(options.vite.middlewares);
    const vite = options.vite;
    build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    const buildDir = options.buildDir ?? path.resolve("build");
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(path.join(buildDir, "client")));
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  }

  app.use(rejectCrossSitePosts);
  app.use("/api", unroutableApiPath);
  // Development re-renders every page: an edited component must show on the next reload.
  const pageCache = createPageCache({ seconds: options.vite ? 0 : shop.config.pageCacheSeconds });
  const stopListening = shop.products.onChange(pageCache.clear);
  app.use(pageCache.middleware);
  // clientIp: the address rate limits count (req.ip honours X-Forwarded-For only from a loopback proxy).
  // app.use, not app.all("*"): Express decodes route parameters and answers a malformed escape
  // ("/api/orders/%E0%A4") with its own HTML error page. Remix copes with such a path itself.
  app.use(createRequestHandler({ build, getLoadContext: (req) => ({ shop, clientIp: req.ip ?? "" }) }));
  app.use(lastResortError);

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    server,
    url: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        stopListening();
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}

/**
 * The files of public/ (favicon, images). Only a request whose first path segment names one
 * of them reaches the file system: asking the disk about every page view costs each page a
 * failed stat and the error object Node builds for it.
 */
function publicFiles(clientDir: string): express.RequestHandler {
  const names = new Set(fs.readdirSync(clientDir).filter((name) => name !== "assets"));
  const serve = express.static(clientDir, { maxAge: "1h" });
  return (req, res, next) => (names.has(req.path.split("/", 2)[1]) ? serve(req, res, next) : next());
}

/**
 * A form post from another site must not act with a shopper's or the admin's
 * cookies. Browsers send Origin on every non-GET request; one that names
 * another host is refused.
 */
function rejectCrossSitePosts(req: express.Request, res: express.Response, next: express.NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const origin = req.get("origin");
  if (!origin || origin === "null" && !req.get("cookie")) return next();
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = "";
  }
  if (originHost && originHost === req.get("host")) return next();
  res.status(403).type("text/plain").send("This form was sent from another website and was refused.");
}

/**
 * Anything that escapes Remix (a request Express itself cannot parse): logged, and answered
 * without the stack, as JSON `{ message }` under /api (docs/api.md) and as text elsewhere.
 */
function lastResortError(err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(err);
  const status = typeof (err as { status?: unknown })?.status === "number" ? (err as { status: number }).status : 500;
  const clientError = status >= 400 && status < 500;
  if (!clientError) console.error(`http: ${req.method} ${req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  const message = clientError ? "The request could not be understood." : "Server error. Please try again later.";
  res.status(clientError ? status : 500).set("Cache-Control", "no-store");
  if (req.path === "/api" || req.path.startsWith("/api/")) res.json({ message });
  else res.type("text/plain").send(message);
}

/**
 * An /api path with a line break in it (%0A, %0D, %E2%80%A8...) names no call, but the
 * router's catch-all pattern does not match line breaks either, so Remix would answer the
 * HTML not-found page. An API client gets JSON (docs/api.md).
 */
function unroutableApiPath(req: express.Request, res: express.Response, next: express.NextFunction) {
  let path: string;
  try {
    path = decodeURIComponent(req.originalUrl.split("?")[0]);
  } catch {
    return next();
  }
  if (!/[\n\r\u2028\u2029]/.test(path)) return next();
  res.status(404).set("Cache-Control", "no-store").json({ message: "There is no API call at this address." });
}
