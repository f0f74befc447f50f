import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express from "express";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type { Shop } from "../services/index";
import { hostedCheckoutUrl } from "../services/gateway/razorpay";
import { addressGroup } from "../domain/client-address";
import { createPageCache } from "./page-cache";
import { languageSwitch } from "./language";
import { cspNonceOf, securityHeadersMiddleware } from "./security-headers";
import { allowedMethods, refuseBrokenAddress, refuseConnect, rejectCrossSitePosts } from "./request-guards";
import { createLogger, requestLogger, type Logger } from "./logger";
import { redirectToLowerCase } from "./lower-case-addresses";
import { responseDrained } from "./backpressure";
import { cachePolicy } from "./cache-policy";
import { photoFiles } from "./photo-files";
import { CONNECTIONS_CHECKING_INTERVAL_MS, limitConnections } from "./connection-limits";
import { precompressedFiles } from "./precompressed-files";
import { gzipAsItGoes } from "./gzip-as-it-goes";

export interface WebServer {
  server: http.Server;
  url: string;
  /**
   * Stops accepting connections and waits for in-flight requests to finish, at most
   * `graceMs` (default 10 s): a client that stopped reading its answer would otherwise hold
   * its connection, and the shutdown, until the keep-alive timeout.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/**
 * The HTTP front: compression, security headers, the edge's refusals (request-guards.ts),
 * static files, a same-origin check for every non-GET request, then Remix. In development
 * Vite serves assets with HMR.
 */
export async function startWebServer(
  shop: Shop,
  options: { port: number; host: string; buildDir?: string; vite?: ViteDevServer; log?: Logger },
): Promise<WebServer> {
  const app = express();
  app.disable("x-powered-by");
  // req.ip: the socket's address, or what a trusted proxy says in X-Forwarded-For (TRUST_PROXY).
  app.set("trust proxy", shop.config.trustProxy);
  app.use(requestLogger(options.log ?? createLogger({ level: shop.config.logLevel }), { development: Boolean(options.vite) }));
  app.use(gzipAsItGoes());
  // Before anything can answer, files and refusals included (decision 081).
  app.use(
    securityHeadersMiddleware({
      production: shop.config.production,
      development: Boolean(options.vite),
      // Google's consent screen when Google sign-in is set up; the gateway's hosted checkout when it is (decision 222).
      formTargets: [
        ...(shop.config.auth.google ? [shop.config.auth.google.authorizationUrl] : []),
        ...(shop.config.razorpay ? [hostedCheckoutUrl(shop.config.razorpay)] : []),
      ],
    }),
  );
  app.use(allowedMethods);
  app.use(refuseBrokenAddress);
  // /schools/DPS is /schools/dps: one permanent redirect for every catalogue address typed in capitals.
  app.use(redirectToLowerCase);

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.vite) {
    app.use(options.vite.middlewares);
    const vite = options.vite;
    build = () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    const buildDir = options.buildDir ?? path.resolve("build");
    // Compressed when built; the compression middleware leaves an answer that names its encoding alone.
    app.use(precompressedFiles(path.join(buildDir, "client")));
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(publicFiles(path.join(buildDir, "client")));
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  }

  // clientIp: the address rate limits count, an IPv6 one by its /64 (domain/client-address.ts). log: this request's logger (its lines carry the request id).
  // drained: a streamed answer's wait for the client (backpressure.ts).
  const loadContext = (req: express.Request, res: express.Response): AppLoadContext => ({
    shop,
    clientIp: addressGroup(req.ip),
    log: req.log,
    cspNonce: cspNonceOf(res),
    drained: responseDrained(res),
  });

  // The owner's photos, named by their content: kept a year by every browser (decision 139).
  app.use("/photos", photoFiles(shop.photos.folders.files));
  // Files are served above with their own lifetimes; every page answer below says what may keep it (decisions 118, 171).
  // Development re-renders every page: an edited component must show on the next reload.
  app.use(cachePolicy({ sharedSeconds: options.vite ? 0 : shop.config.pageCacheSeconds }));
  app.use(rejectCrossSitePosts);
  app.use("/api", unroutableApiPath);
  // What the policy says a shared cache may keep, kept whole in this process (decision 171).
  const pageCache = createPageCache();
  // A product's change, and a photo's once the read model has it (a card shows the main photo), drop the kept pages.
  const stopProducts = shop.products.onChange(pageCache.clear);
  const stopPhotos = shop.photos.onChange(pageCache.clear);
  const stopListening = () => {
    stopProducts();
    stopPhotos();
  };
  // A bought-in item's facts the owner set show on its page at once (decision 142).
  const stopListeningFacts = shop.itemFacts.onChange(pageCache.clear);
  // A school size the owner counted or ran out of by hand shows on its item page at once (decision 180).
  const stopListeningSchoolStock = shop.schoolStock.onChange(pageCache.clear);
  // The owner's delivery-date rules show on every item page at once (decision 236).
  const stopListeningDates = shop.deliveryDates.onChange(pageCache.clear);
  // Before the cache: `?lng=` is never a page of its own, only a switch (decision 098).
  app.use(languageSwitch);
  app.use(pageCache.middleware);
  // app.use, not app.all("*"): Express decodes route parameters and answers a malformed escape
  // ("/api/orders/%E0%A4") with its own HTML error page. Remix copes with such a path itself.
  app.use(createRequestHandler({ build, getLoadContext: loadContext }));
  app.use(lastResortError);

  const server = http.createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS }, app);
  server.on("connect", refuseConnect);
  // Head, request and keep-alive timeouts, and connections per address (decision 117).
  const trustFn = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  limitConnections(server, shop.config.http, (address) => trustFn(address, 0));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    server,
    url: `http://localhost:${port}`,
    close: ({ graceMs = 10_000 } = {}) =>
      new Promise<void>((resolve) => {
        stopListening();
        stopListeningFacts();
        stopListeningSchoolStock();
      stopListeningDates();
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
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
 * Anything that escapes Remix (a request Express itself cannot parse): a fault goes into the
 * request's log line with its stack (server/logger.ts); the answer never has the stack, and
 * is JSON `{ message }` under /api (docs/api.md) and text elsewhere.
 */
function lastResortError(err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) {
  if (res.headersSent) return next(err);
  const status = typeof (err as { status?: unknown })?.status === "number" ? (err as { status: number }).status : 500;
  const clientError = status >= 400 && status < 500;
  if (!clientError) res.err = err instanceof Error ? err : new Error(String(err));
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
