import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger } from "pino";
import type { LogLevel } from "./config";

export type { Logger };

const REDACTED = "[redacted]";

/**
 * The web process's log: one JSON object a line on stdout (or on `destination`, for a test
 * that reads what was logged). Headers and bodies are never logged; the redaction list is
 * the second line of defence for a header or field that finds its way into a log call.
 */
export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level,
    redact: {
      paths: [
        "headers.cookie",
        "headers.authorization",
        'headers["set-cookie"]',
        "*.headers.cookie",
        "*.headers.authorization",
        '*.headers["set-cookie"]',
        "password",
        "*.password",
        "otp",
        "*.otp",
        "token",
        "*.token",
      ],
      censor: REDACTED,
    },
  };
  return pino(settings, options.destination ?? stdout());
}

/**
 * stdout, written without blocking the request that logged: while one write is under way the
 * next lines gather and go out together, so a rush costs a write per batch, not a write per
 * request (a write is a system call, and each one was about a tenth of a kept page's CPU).
 * A quiet shop's line still goes out at once. Lines not yet written are written on exit
 * (pino flushes on `exit`); only a kill -9 can lose the last few.
 */
function stdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/** Query parameters whose values are secrets: a sign-in code, Google's code and state, a token or password. */
const SECRET_PARAMETER = /code|otp|token|password|secret|state|key|session/i;
/** A request line shows at most this much of the address: a megabyte of query is not worth keeping. */
const MAX_LOGGED_PATH = 1000;

/** The path and query as they may be logged: secret parameters' values replaced. */
export function loggablePath(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  let logged = path;
  if (queryAt !== -1) {
    const pairs = url
      .slice(queryAt + 1)
      .split("&")
      .map((pair) => {
        const equals = pair.indexOf("=");
        const name = equals === -1 ? pair : pair.slice(0, equals);
        return equals !== -1 && SECRET_PARAMETER.test(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
      });
    logged = `${path}?${pairs.join("&")}`;
  }
  return logged.length > MAX_LOGGED_PATH ? `${logged.slice(0, MAX_LOGGED_PATH)}...` : logged;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** What Vite serves in development: its client, dependencies and the app's source files. */
const VITE_MODULE = /^\/(@|node_modules\/|(app|domain|services|server|db|eventstore|projectors|workers)\/)/;

declare module "node:http" {
  interface IncomingMessage {
    /** This request's logger: every line it writes carries the request's id. */
    log: Logger;
  }
  interface ServerResponse {
    /** The failure that reached Express (server/http.ts): logged with its stack on the request line. */
    err?: Error;
  }
}

type LoggedRequest = IncomingMessage & { originalUrl?: string; ip?: string };

/** What a request line says: which request (its id), what was asked, what was answered and how fast. */
function requestLine(req: LoggedRequest, res: ServerResponse, id: string, started: number) {
  return {
    reqId: id,
    method: req.method,
    path: loggablePath(req.originalUrl ?? req.url ?? ""),
    status: res.statusCode,
    ms: Math.round(performance.now() - started),
    ip: req.ip,
  };
}

/**
 * One line per request, written when the response is finished: id, method, path, status,
 * milliseconds and client address. A 5xx is logged as an error, with the stack when the
 * failure reached Express (`res.err`); a failure inside Remix is logged by
 * app/entry.server.tsx's handleError under the same request id. A request the client gave up
 * on before its answer was sent says `aborted`. Every response carries its id in
 * X-Request-Id, so a shopper's report can be matched to the log.
 * `req.log` is the logger for the rest of the request: each line it writes has the id. It is
 * made when first asked for: a kept page (decision 106) never logs more than its request line,
 * and a child logger on each of thousands of requests a second is a cost worth not paying.
 */
export function requestLogger(logger: Logger, options: { development?: boolean } = {}) {
  return (req: LoggedRequest, res: ServerResponse, next: () => void) => {
    // Our own id, never the client's: a header anyone can send would let one request pass for another.
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    let child: Logger | undefined;
    Object.defineProperty(req, "log", {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ reqId: id })),
    });
    // In development a page load fetches a hundred modules from Vite: those would drown the pages.
    if (!(options.development && VITE_MODULE.test(req.url ?? ""))) {
      const started = performance.now();
      res.once("close", () => {
        const line = requestLine(req, res, id, started);
        const message = `${line.method} ${line.path} ${line.status}`;
        const aborted = res.writableFinished ? {} : { aborted: true };
        if (res.err || res.statusCode >= 500) logger.error({ ...line, ...aborted, ...(res.err ? { err: res.err } : {}) }, message);
        else logger.info({ ...line, ...aborted }, message);
      });
    }
    next();
  };
}
