import http from "node:http";
import path from "node:path";
import express from "express";
import compression from "compression";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import type { ViteDevServer } from "vite";
import type { Shop } from "../services/index";

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
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h" }));
    build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  }

  app.use(rejectCrossSitePosts);
  // clientIp: the address rate limits count (req.ip honours X-Forwarded-For only from a loopback proxy).
  app.all("*", createRequestHandler({ build, getLoadContext: (req) => ({ shop, clientIp: req.ip ?? "" }) }));

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
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
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
