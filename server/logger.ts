import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
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
  return options.destination ? pino(settings, options.destination) : pino(settings);
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

type LoggedRequest = IncomingMessage & { originalUrl?: string; ip?: string };
type LoggedResponse = ServerResponse;

/** What a request line says: which request (its id), what was asked, what was answered and how fast. */
function requestLine(req: LoggedRequest, res: LoggedResponse, ms: number) {
  return {
    method: req.method,
    path: loggablePath(req.originalUrl ?? req.url ?? ""),
    status: res.statusCode,
    ms,
    ip: req.ip,
  };
}

const summary = (req: LoggedRequest, res: LoggedResponse) =>
  `${req.method} ${loggablePath(req.originalUrl ?? req.url ?? "")} ${res.statusCode}`;

/**
 * One line per request, written when the response is finished: id, method, path, status,
 * milliseconds and client address. A 5xx is logged as an error, with the stack when the
 * failure reached Express (`res.err`); a failure inside Remix is logged by
 * app/entry.server.tsx's handleError under the same request id. Every response carries its
 * id in X-Request-Id, so a shopper's report can be matched to the log.
 * `req.log` is the logger for the rest of the request: each line it writes has the id.
 */
export function requestLogger(logger: Logger, options: { development?: boolean } = {}) {
  return pinoHttp<LoggedRequest, LoggedResponse>({
    logger,
    // In development a page load fetches a hundred modules from Vite: those would drown the pages.
    autoLogging: options.development ? { ignore: (req) => VITE_MODULE.test(req.url ?? "") } : true,
    quietReqLogger: true,
    quietResLogger: true,
    // Our own id, never the client's: a header anyone can send would let one request pass for another.
    genReqId(_req, res) {
      const id = randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    customSuccessObject: (req, res, values: { responseTime: number }) => requestLine(req, res, values.responseTime),
    customErrorObject: (req, res, _error, values: { responseTime: number }) => ({
      ...requestLine(req, res, values.responseTime),
      // pino-http invents an Error for a bare 5xx; its stack would point at pino-http, not at the fault.
      ...(res.err ? { err: res.err } : {}),
    }),
    customSuccessMessage: (req, res) => summary(req, res),
    customErrorMessage: (req, res) => summary(req, res),
  });
}
