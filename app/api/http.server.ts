// The /api's HTTP pieces, in one place: every api.*.ts route reads its body, answers its
// errors, guards its methods and catches its faults through this module (docs/api.md,
// decisions 070-072). A route file keeps only its story: parse, one command or query, answer.
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { isRuleViolation, type Refusal } from "../../domain/errors";
import type { Language } from "../../domain/i18n";
import { refusalIn } from "../i18n/i18n.server";
import { refusalText } from "../i18n/refusals.server";
import { apiTextLanguage } from "./language.server";
import { readCappedBody } from "../body.server";
import { API_MESSAGES, MAX_BODY_BYTES } from "../../domain/api/policy";
import { TEXT_MESSAGES, textProblem } from "../../domain/text";
import { isAuthError } from "../../services/auth/index";
import { IDEMPOTENCY_KEY_PATTERN } from "../../services/orders";

export { MAX_BODY_BYTES };
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** `no-store` unless the caller says otherwise. */
function withNoStore(extra?: HeadersInit): Headers {
  const headers = new Headers(NO_STORE);
  new Headers(extra).forEach((value, key) => headers.set(key, value));
  return headers;
}

/** Every refusal of the /api: `{ message }` with its status, never cached. */
export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ message }, { status, headers: withNoStore(headers) });
}

/**
 * A rule's (or a sign-in step's) refusal on the /api: `{ message, code }`, the message worded in `lang` (English, the
 * contract, unless the caller asked for Hindi) and `code` the refusal's key (`payment.referenceTaken`),
 * which stays the same however the message is reworded.
 */
export function ruleRefusalError(err: Refusal & { status: number }, lang: Language = "en"): Response {
  const headers = lang === "en" ? undefined : { "Content-Language": "hi-IN" };
  return Response.json({ message: refusalText(lang, err), code: err.key }, { status: err.status, headers: withNoStore(headers) });
}

/** A JSON answer, not cached (every /api answer but the categories list is someone's current state). */
export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  return Response.json(data, { status: init.status ?? 200, headers: withNoStore(init.headers) });
}

export function methodNotAllowed(allow: readonly string[] | string): Response {
  const list = typeof allow === "string" ? allow : allow.join(", ");
  return jsonError(405, API_MESSAGES.methodNotAllowed(list), { Allow: list });
}

/** `application/json`, or a `+json` type, in UTF-8 (no charset parameter means UTF-8). */
function isJsonContentType(raw: string | null): boolean {
  if (!raw) return false;
  const [essence, ...params] = raw.split(";").map((part) => part.trim().toLowerCase());
  if (essence !== "application/json" && !/^application\/[a-z0-9.!#$&^_-]+\+json$/.test(essence)) return false;
  const charset = params.find((p) => p.startsWith("charset="));
  return !charset || /^charset="?utf-8"?$/.test(charset);
}

/** The body's text, read with the shared cap (app/body.server.ts): 413 over it, 400 unreadable or not UTF-8. */
async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const body = await readCappedBody(request, maxBytes);
  if (!body.ok) throw body.problem === "too-large" ? jsonError(413, API_MESSAGES.tooLarge(maxBytes)) : jsonError(400, API_MESSAGES.unreadable);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body.bytes);
  } catch {
    throw jsonError(400, API_MESSAGES.notUtf8);
  }
}

/** An object or array met in the walk, with the way back to the root for naming a field (built only when needed). */
interface Visit {
  value: object;
  key: string;
  parent: Visit | null;
}

function fieldPath(visit: Visit | null, last?: string): string {
  const keys: string[] = last === undefined ? [] : [last];
  for (let at = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join(".");
}

/**
 * The message for the first string or key of a parsed body that holds a NUL or a lone
 * surrogate (domain/text.ts), naming its field as zod would (`items.0.size`), or null. The
 * walk keeps its own stack, so a deeply nested body costs time in its size, not a deep
 * recursion.
 */
export function jsonTextProblem(root: unknown): string | null {
  if (typeof root === "string") {
    const problem = textProblem(root);
    return problem ? TEXT_MESSAGES[problem](API_MESSAGES.wholeBody) : null;
  }
  if (root === null || typeof root !== "object") return null;
  const stack: Visit[] = [{ value: root, key: "", parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const node = visit.value;
    const isArray = Array.isArray(node);
    const keys = isArray ? null : Object.keys(node);
    const length = isArray ? node.length : keys!.length;
    for (let i = 0; i < length; i++) {
      const key = isArray ? String(i) : keys![i];
      if (!isArray) {
        const problem = textProblem(key);
        if (problem) return TEXT_MESSAGES[problem](API_MESSAGES.fieldName(fieldPath(visit)));
      }
      const child: unknown = isArray ? node[i] : (node as Record<string, unknown>)[key];
      if (typeof child === "string") {
        const problem = textProblem(child);
        if (problem) return TEXT_MESSAGES[problem](fieldPath(visit, key));
      } else if (child !== null && typeof child === "object") {
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * The JSON value of the body: 415 not JSON, 413 too large, 400 unreadable or malformed, 400
 * naming the field when a string holds a NUL or a lone surrogate (Postgres cannot store either).
 */
export async function readJsonBody(request: Request, options: { maxBytes?: number } = {}): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("Content-Type"))) throw jsonError(415, API_MESSAGES.notJson);
  const text = await readBodyText(request, options.maxBytes ?? MAX_BODY_BYTES);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw jsonError(400, API_MESSAGES.malformed);
  }
  const problem = jsonTextProblem(body);
  if (problem) throw jsonError(400, problem);
  return body;
}

/**
 * The problem of a failed parse as status and message, naming the field. The shape is
 * wrong (a missing field, a wrong type, an unknown field, not an object): 400. The shape is
 * right but a value breaks a rule written in the schema (too long, out of range, bad
 * format): 422. Schema messages from domain/ (the spec's texts) are kept as written.
 */
export function zodProblem(error: z.ZodError): { status: 400 | 422; message: string } {
  const issue = error.issues[0];
  if (!issue) return { status: 400, message: API_MESSAGES.wrongShape };
  const where = issue.path.map(String).join(".");
  const at = where ? `${where}: ` : "";
  switch (issue.code) {
    case "unrecognized_keys": {
      const fields = issue.keys.map((key) => (where ? `${where}.${key}` : key));
      return { status: 400, message: API_MESSAGES.unknownFields(fields) };
    }
    case "invalid_type":
      // A number that should be whole (1.5 for a quantity) has the right type and a refused value.
      if (issue.expected === "int") return { status: 422, message: `${at}${issue.message}` };
      return { status: 400, message: `${API_MESSAGES.invalidPrefix}${at}${issue.message}` };
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
      return { status: 400, message: `${API_MESSAGES.invalidPrefix}${at}${issue.message}` };
    default:
      return { status: 422, message: `${at}${issue.message}` };
  }
}

/** Reads the body and parses it with `schema`: the typed value, or a thrown JSON 4xx. */
export async function parseJson<T extends z.ZodType>(request: Request, schema: T, options: { maxBytes?: number } = {}): Promise<z.output<T>> {
  const body = await readJsonBody(request, options);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const problem = zodProblem(parsed.error);
    throw jsonError(problem.status, problem.message);
  }
  return parsed.data;
}

/**
 * The query string parsed with a zod schema of string fields: 400 naming the parameter.
 * Parameters the schema does not name are ignored (a cache-buster must not break a GET).
 */
export function parseQuery<T extends z.ZodType>(request: Request, schema: T): z.output<T> {
  const params = new URL(request.url).searchParams;
  const parsed = schema.safeParse(Object.fromEntries(params));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.map(String).join(".");
    throw jsonError(400, `${where ? `${where}: ` : ""}${issue?.message ?? API_MESSAGES.wrongShape}`);
  }
  return parsed.data;
}

/**
 * The optional Idempotency-Key header of the order calls: undefined without one, the key
 * when it is 8 to 128 letters, digits or - _ . :, else a 400 (decision 072).
 */
export function idempotencyKeyOf(request: Request): string | undefined {
  const raw = request.headers.get("Idempotency-Key");
  if (raw === null) return undefined;
  const key = raw.trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw jsonError(400, API_MESSAGES.badIdempotencyKey);
  return key;
}

/**
 * Where every /api handler ends on a throw: a thrown Response as is, a business refusal
 * (RuleViolation, AuthError) as its 4xx (worded in `lang`, with its key as `code`),
 * anything else logged with its stack under the request's id (server/logger.ts) and answered
 * as a JSON 500 with the spec's message and nothing of the fault.
 */
export function apiFailure(err: unknown, log: AppLoadContext["log"], lang: Language = "en"): Response {
  if (err instanceof Response) return err;
  if (isRuleViolation(err)) return ruleRefusalError(err, lang);
  if (isAuthError(err)) return ruleRefusalError(err, lang);
  log.error({ err }, "api call failed");
  return jsonError(500, API_MESSAGES.serverError);
}

type Args = LoaderFunctionArgs | ActionFunctionArgs;
export type ApiHandler = (args: Args) => Promise<Response> | Response;
export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One /api address: its handlers by method. Export the result as both `loader` and
 * `action`; a method without a handler is a 405 naming the ones there are (Allow), HEAD
 * is GET without the body, and whatever a handler throws ends in `apiFailure`.
 *
 *   const api = apiRoute({ GET: ..., POST: ... });
 *   export const loader = api, action = api;
 */
export function apiRoute(handlers: Partial<Record<ApiMethod, ApiHandler>>) {
  const allow = (Object.keys(handlers) as ApiMethod[]).filter((m) => handlers[m]);
  return async function handle(args: Args): Promise<Response> {
    const method = args.request.method.toUpperCase();
    const handler = handlers[(method === "HEAD" ? "GET" : method) as ApiMethod];
    if (!handler) return methodNotAllowed(allow);
    const lang = apiTextLanguage(args.request);
    let answer: Response;
    try {
      answer = await handler(args);
    } catch (err) {
      answer = apiFailure(err, args.context.log, lang);
    }
    return fieldMessageInAskedLanguage(lang, answer);
  };
}

/** A field message with the field zod names before it (`items.0.quantity: Quantity must be ...`) in `lang`, or null. */
function namedFieldMessageIn(lang: Language, message: string): string | null {
  for (let colon = message.indexOf(": "); colon !== -1; colon = message.indexOf(": ", colon + 2)) {
    const text = message.slice(colon + 2);
    const worded = refusalIn(lang, text);
    if (worded !== text) return `${message.slice(0, colon + 2)}${worded}`;
  }
  return null;
}

/**
 * The /api's refusals are English, a contract, unless the caller's `Accept-Language` puts
 * Hindi first (issue 17). A rule's refusal is worded in the asked language where it is thrown
 * (`apiFailure`); the messages of the body's schemas and the checkout form's field rules are
 * English sentences, put into Hindi here where the shop has them (app/locales/hi/refusals.json),
 * after the field zod names. Nothing else changes.
 */
async function fieldMessageInAskedLanguage(lang: Language, answer: Response): Promise<Response> {
  if (lang === "en" || answer.status < 400 || !answer.headers.get("Content-Type")?.includes("application/json")) return answer;
  if (answer.headers.get("Content-Language")) return answer;
  const body = (await answer.clone().json().catch(() => null)) as { message?: unknown } | null;
  if (!body || typeof body.message !== "string") return answer;
  const whole = refusalIn(lang, body.message);
  const message = whole !== body.message ? whole : namedFieldMessageIn(lang, body.message);
  if (message === null) return answer;
  const headers = new Headers(answer.headers);
  headers.delete("Content-Length");
  headers.set("Content-Language", "hi-IN");
  return new Response(JSON.stringify({ ...body, message }), { status: answer.status, headers });
}
