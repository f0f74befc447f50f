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
    // A fault's words can quote what a person typed (a database's "Key (email)=(...) already exists"):
    // their numbers and emails go before the line is written, as in a request's address.
    serializers: { err: loggableError },
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
/**
 * Query parameters whose values are about a person: the admin's order search (`q`, a name, a
 * number or an order number), the tracking page's phone, and any form field naming someone.
 * Compared by the whole (decoded, lower-cased) name.
 */
const PERSONAL_PARAMETERS = new Set([
  "q", "query", "search", "phone", "mobile", "tel", "telephone", "whatsapp", "email", "identifier", "username", "name",
  "fullname", "full_name", "shipname", "ship_name", "childname", "child", "address", "house", "street", "landmark",
  "line1", "line2", "city", "pincode", "customer", "contact", "text", "note", "notes", "reason", "message",
]);
/** Parameters whose value is an address of the shop (`back`, `redirectTo`): its own query is redacted the same way. */
const ADDRESS_PARAMETERS = new Set(["back", "redirectto"]);
/** A request line shows at most this much of the address: a megabyte of query is not worth keeping. */
const MAX_LOGGED_PATH = 1000;
/** What stands in the log for an Indian mobile number found anywhere in the path or query. */
const PHONE_REDACTED = "[phone]";
/** What stands in the log for an email address found anywhere in the path, the query or a fault's words. */
const EMAIL_REDACTED = "[email]";

/**
 * The path and query as they may be logged: secret and personal parameters' values replaced,
 * and every Indian mobile number anywhere in them (a path segment, another parameter's value,
 * the query inside a `back` address) replaced by `[phone]`. Linear in the address's length (at
 * most Node's 16 KB of request head): split once, scanned once, no pattern that backtracks.
 */
export function loggablePath(url: string): string {
  // Redacted whole, then cut: a number the cut would split is never half kept.
  const logged = redactAddress(url, true);
  return logged.length > MAX_LOGGED_PATH ? `${logged.slice(0, MAX_LOGGED_PATH)}...` : logged;
}

function redactAddress(url: string, nested: boolean): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  let logged = path;
  if (queryAt !== -1) {
    const pairs = url
      .slice(queryAt + 1)
      .split("&")
      .map((pair) => {
        const equals = pair.indexOf("=");
        if (equals === -1) return pair;
        const name = pair.slice(0, equals);
        const decodedName = safeDecode(name);
        if (SECRET_PARAMETER.test(decodedName) || PERSONAL_PARAMETERS.has(decodedName.trim().toLowerCase())) return `${name}=${REDACTED}`;
        if (nested && ADDRESS_PARAMETERS.has(decodedName.trim().toLowerCase())) {
          const inner = safeDecode(pair.slice(equals + 1));
          // One level down: the dashboard's `back` holds the dashboard's own address, search and all.
          if (inner.includes("?")) return `${name}=${encodeURIComponent(redactAddress(inner, false))}`;
        }
        return pair;
      });
    logged = `${path}?${pairs.join("&")}`;
  }
  return withoutEmails(withoutMobileNumbers(logged));
}

/** Personal numbers and emails out of any text bound for the log (a fault's message, its stack). */
export function loggableText(text: string): string {
  return withoutEmails(withoutMobileNumbers(text));
}

/**
 * A fault as pino writes it (its standard serializer), with every mobile number and email in its
 * message, stack and other words (pg's `detail`, `where`) replaced. Names cannot be told from other
 * words: the shop's own faults name ids, never a person (docs/privacy.md).
 */
function loggableError(err: unknown): unknown {
  const serialized = pino.stdSerializers.err(err as Error) as unknown;
  return scrubStrings(serialized, 0);
}

function scrubStrings(value: unknown, depth: number): unknown {
  if (typeof value === "string") return loggableText(value);
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrubStrings(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrubStrings(v, depth + 1);
  return out;
}

/** Characters of an email's local part and of its domain, as addresses are written (RFC 5321's common subset). */
const EMAIL_LOCAL = /[A-Za-z0-9._%+-]/;
const EMAIL_DOMAIN = /[A-Za-z0-9.-]/;

/**
 * Every email address in `text` (also with its `@` encoded as `%40`) replaced by `[email]`. Linear:
 * from each `@` the local part is read back and the domain forward, over characters no `@` is among.
 */
export function withoutEmails(text: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const at = text[i] === "@" ? 1 : text[i] === "%" && text[i + 1] === "4" && text[i + 2] === "0" ? 3 : 0;
    if (at === 0) {
      i++;
      continue;
    }
    let start = i;
    while (start > copied && EMAIL_LOCAL.test(text[start - 1])) start--;
    let end = i + at;
    while (end < text.length && EMAIL_DOMAIN.test(text[end])) end++;
    // A sentence's full stop after the address is not part of it.
    while (end > i + at && text[end - 1] === ".") end--;
    const domain = text.slice(i + at, end);
    if (start < i && domain.includes(".") && !domain.startsWith(".")) {
      out += text.slice(copied, start) + EMAIL_REDACTED;
      copied = end;
      i = end;
    } else {
      i += at;
    }
  }
  return out + text.slice(copied);
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
/** What may stand between the digits of one number as people type it: "98290 12345", "98290-12345", "+91.98290...". */
const NUMBER_GAPS = new Set([" ", "-", ".", "+"]);

/**
 * Every Indian mobile number in `text` replaced by `[phone]`: ten digits starting 6 to 9, also
 * written with 0, 91 or +91 before them and with single spaces, dashes, dots or pluses (a form's
 * encoded space) between groups of digits; `%20` and `%2B` count as such a gap. Linear: each run
 * of digit groups is read once, and a number is looked for from each group over at most the 12
 * digits a number can have.
 */
export function withoutMobileNumbers(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    if (!isDigit(text[i]) || isDigit(text[i - 1])) {
      out += text[i++];
      continue;
    }
    // A run of digit groups with single gaps between them: [start, end) of each group.
    const groups: { start: number; end: number }[] = [];
    let j = i;
    for (;;) {
      const start = j;
      while (isDigit(text[j])) j++;
      groups.push({ start, end: j });
      const gap = gapAt(text, j);
      if (gap === 0 || !isDigit(text[j + gap])) break;
      j += gap;
    }
    let k = 0;
    while (k < groups.length) {
      let digits = "";
      let found = -1;
      for (let m = k; m < groups.length && digits.length < 12; m++) {
        digits += text.slice(groups[m].start, groups[m].end);
        if (isMobileDigits(digits)) found = m;
      }
      const last = found === -1 ? k : found;
      out += found === -1 ? text.slice(groups[k].start, groups[k].end) : PHONE_REDACTED;
      // The gap after the last group taken, if another group follows it.
      if (last + 1 < groups.length) out += text.slice(groups[last].end, groups[last + 1].start);
      k = last + 1;
    }
    i = groups[groups.length - 1].end;
  }
  return out;
}

function gapAt(text: string, at: number): number {
  if (NUMBER_GAPS.has(text[at])) return 1;
  if (text[at] === "%" && (text.startsWith("20", at + 1) || text.startsWith("2B", at + 1) || text.startsWith("2b", at + 1))) return 3;
  return 0;
}

function isMobileDigits(digits: string): boolean {
  const national = digits.length === 12 && digits.startsWith("91") ? digits.slice(2) : digits.length === 11 && digits.startsWith("0") ? digits.slice(1) : digits;
  return national.length === 10 && national[0] >= "6";
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
 * made when first asked for: a kept page (decision 171) never logs more than its request line,
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
