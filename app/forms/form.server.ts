/**
 * The one way a page action reads its form (decision 088). In order, each step before the
 * next can cost anything:
 *   1. the content type: a url-encoded or multipart form, else 415;
 *   2. the body, read with a cap (16 KB unless the action says otherwise), else 413;
 *   3. every field's length against its cap, and its text against the hygiene rule
 *      (no NUL, no broken character), before any pattern runs;
 *   4. the action's zod schema, through Conform, so every refusal has one shape:
 *      Conform's SubmissionResult, `{ result }` in the action data, JS on or off.
 * Every step is linear in the body's size, and the body is at most the cap.
 */
import { data } from "@remix-run/node";
import { parse, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { FORM_MESSAGES, MAX_FIELD_CHARS, MAX_PAGE_FORM_BYTES } from "../../domain/forms";
import { sniffPhoto, type Sniffed } from "../../domain/photos/sniff";
import type { Language } from "../../domain/i18n";
import { readCappedBody } from "../body.server";
import { languageOf, refusalIn, serverT } from "../i18n/i18n.server";
import { textProblemIn, tooLongIn } from "./words.server";
import { formMessageText } from "../i18n/refusals.server";

export type FormResult = SubmissionResult<string[]>;
export type FormStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;
const FORM_STATUSES: readonly number[] = [400, 401, 403, 404, 409, 413, 415, 422, 429, 503] satisfies FormStatus[];

/** A service's refusal status (an AuthError's, say) as a form's: one the pipeline does not know is a plain 400. */
export function refusalStatus(status: number): FormStatus {
  return FORM_STATUSES.includes(status) ? (status as FormStatus) : 400;
}

export interface PageFormOptions {
  /** The body's cap in bytes (default MAX_PAGE_FORM_BYTES). */
  maxBytes?: number;
  /** Caps in characters for fields whose limit is not MAX_FIELD_CHARS. */
  maxLength?: Readonly<Record<string, number>>;
  /** The names a person sees for the fields, for the messages this pipeline writes itself. */
  labels?: Readonly<Record<string, string>>;
  /** Fields never sent back to the page in a refusal, besides the secrets always hidden. */
  hide?: readonly string[];
  /**
   * Fields the page fills in itself (hidden inputs: an intent, an id). A refusal of one
   * means the request was not made by the page as served: 400 instead of 422.
   */
  pageFields?: readonly string[];
  /**
   * The one file field a form takes (the admin's photo uploads; decision 139): its name, how many
   * files one request may carry and one file's cap in bytes. Each file is sniffed from its bytes
   * (the name and type the browser sends are ignored) and its size read from its header: anything
   * but a JPEG, PNG or WebP is 415, a file over the cap 413, a picture too large to decode 422.
   * Without this option a file in the body is 400, as before.
   */
  photos?: { field: string; maxCount: number; maxBytes: number };
  /**
   * The one file field of a document upload (the owner's bank statements, decision 220): its name, how many
   * files one request may carry and one file's cap in bytes. The bytes go to the action as they came: what
   * they are is the service's to read. More files than allowed, or a file over the cap, is 413 naming the cap;
   * the body's cap is the files' and a form's. Without this option a file in the body is 400, as before.
   */
  documents?: { field: string; maxCount: number; maxBytes: number };
}

/** A document the pipeline took: the name the browser sent (shown to the owner, never trusted) and its bytes. */
export interface UploadedDocument {
  name: string;
  bytes: Uint8Array;
}

/** A photo the pipeline took: its bytes, and its kind and size as its header says. */
export interface UploadedPhoto extends Sniffed {
  bytes: Uint8Array;
}

/** 422 for what a person typed; 400 when a field the page fills in itself was refused. */
function fieldRefusalStatus(refused: Iterable<string>, options: PageFormOptions): FormStatus {
  for (const name of refused) if (options.pageFields?.includes(name)) return 400;
  return 422;
}

/** Never echoed back to the page: a refused sign-in must not put the password into the HTML. */
const ALWAYS_HIDDEN = ["password", "otp", "code"];

/** Field names the shop's forms use. Anything else (Conform's paths, `__proto__`, 10 KB names) is dropped unread. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export type PageForm<T> =
  | {
      ok: true;
      value: T;
      /** The files of the `photos` field, sniffed (none without that option). */
      photos: UploadedPhoto[];
      /** The files of the `documents` field (none without that option). */
      documents: UploadedDocument[];
      /** A refusal after parsing (a wrong password, a rule of the domain): a form-level message, or one per field. */
      refuse(message: string | Readonly<Record<string, string>>, status?: FormStatus): ReturnType<typeof formAnswer>;
    }
  | { ok: false; answer: ReturnType<typeof formAnswer> };

/** The action data of every refused page form: `{ result }`, with its status. */
export function formAnswer(result: FormResult, status: FormStatus) {
  return data({ result }, { status });
}

/** A refusal of the whole form, before any field could be read. */
function refusedUnread(message: string, status: FormStatus): { ok: false; answer: ReturnType<typeof formAnswer> } {
  const result: FormResult = { status: "error", error: { "": [message] } };
  return { ok: false, answer: formAnswer(result, status) };
}

type Unread = { message: string; status: FormStatus };
type Fields = { fields: URLSearchParams; photos: UploadedPhoto[]; documents: UploadedDocument[] };
type FileFields = Pick<PageFormOptions, "photos" | "documents">;

/** The form's fields, or the reason it cannot be read. */
async function readFields(request: Request, maxBytes: number, lang: Language, { photos, documents }: FileFields): Promise<Fields | Unread> {
  const [essence, ...params] = (request.headers.get("Content-Type") ?? "").split(";").map((part) => part.trim().toLowerCase());
  const urlEncoded = essence === "application/x-www-form-urlencoded";
  const multipart = essence === "multipart/form-data";
  const untyped = !essence;
  if (!urlEncoded && !multipart && !untyped) return { message: FORM_MESSAGES.notAForm, status: 415 };
  const charset = params.find((p) => p.startsWith("charset="));
  if (charset && !/^charset="?utf-8"?$/.test(charset)) return { message: FORM_MESSAGES.notAForm, status: 415 };

  const t = serverT(lang);
  const documentTooBig = () => ({ message: t("refusals:forms.documentTooBig", { max: Math.floor(documents!.maxBytes / 1024 / 1024) }), status: 413 as const });
  const body = await readCappedBody(request, maxBytes);
  if (!body.ok) {
    // Past a document form's cap only a file can be: the owner is told the file's cap, not to shorten what he typed.
    if (body.problem === "too-large" && documents) return documentTooBig();
    return body.problem === "too-large" ? { message: FORM_MESSAGES.tooLarge, status: 413 } : { message: FORM_MESSAGES.unreadable, status: 400 };
  }
  // A post with no type and no body (a bare `curl -X POST /logout`) is an empty form; a body of no type is not a form.
  if (untyped) return body.bytes.byteLength === 0 ? { fields: new URLSearchParams(), photos: [], documents: [] } : { message: FORM_MESSAGES.notAForm, status: 415 };
  if (urlEncoded) return { fields: new URLSearchParams(new TextDecoder().decode(body.bytes)), photos: [], documents: [] };

  let parsed: FormData;
  try {
    parsed = await new Response(body.bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } }).formData();
  } catch {
    return { message: FORM_MESSAGES.unreadable, status: 400 };
  }
  const fields = new URLSearchParams();
  const files: File[] = [];
  const documentFiles: File[] = [];
  for (const [name, value] of parsed) {
    if (typeof value === "string") fields.append(name, value);
    else if (photos && name === photos.field) {
      // A file input left empty still sends a part, with no name and no bytes.
      if (value.size > 0 || value.name !== "") files.push(value);
    } else if (documents && name === documents.field) {
      if (value.size > 0 || value.name !== "") documentFiles.push(value);
    } else return { message: FORM_MESSAGES.noFiles, status: 400 };
  }
  const taken: UploadedDocument[] = [];
  if (documents) {
    if (documentFiles.length > documents.maxCount) return { message: t("refusals:forms.tooManyDocuments", { max: documents.maxCount }), status: 413 };
    for (const file of documentFiles) {
      if (file.size > documents.maxBytes) return documentTooBig();
      taken.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
    }
  }
  if (!photos) return { fields, photos: [], documents: taken };
  if (files.length > photos.maxCount) return { message: t("refusals:forms.tooManyFiles", { max: photos.maxCount }), status: 413 };
  const photosTaken: UploadedPhoto[] = [];
  for (const file of files) {
    if (file.size > photos.maxBytes) return { message: t("refusals:forms.photoTooBig", { max: Math.floor(photos.maxBytes / 1024 / 1024) }), status: 413 };
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffPhoto(bytes);
    if ("refused" in sniffed) {
      return sniffed.refused === "too-large"
        ? { message: t("refusals:forms.photoTooManyPixels"), status: 422 }
        : { message: t("refusals:forms.notAPhoto"), status: 415 };
    }
    photosTaken.push({ ...sniffed, bytes });
  }
  return { fields, photos: photosTaken, documents: taken };
}

/** A schema's refusals, keys (decision 164), in the page's language: the page shows them as they come. */
function worded(result: FormResult, lang: Language): FormResult {
  if (!result.error) return result;
  const error = Object.fromEntries(Object.entries(result.error).map(([name, messages]) => [name, messages?.map((m) => formMessageText(lang, m)) ?? null]));
  return { ...result, error };
}

/**
 * Reads the page form of `request` and parses it with `schema`: the typed value, or the
 * answer to return as is (415, 413, 400, or 422 with a message per field).
 */
export async function readPageForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: PageFormOptions = {},
): Promise<PageForm<z.output<S>>> {
  // The pipeline's own refusals are worded in the page's language (its field rules and the schema's stay the rules' words).
  const lang = languageOf(request);
  const documentsCap = options.documents ? options.documents.maxBytes * options.documents.maxCount + MAX_PAGE_FORM_BYTES : undefined;
  const read = await readFields(request, options.maxBytes ?? documentsCap ?? MAX_PAGE_FORM_BYTES, lang, options);
  if ("message" in read) return refusedUnread(refusalIn(lang, read.message), read.status);
  const { fields, photos, documents } = read;

  const kept = new URLSearchParams();
  const problems: Record<string, string[]> = {};
  for (const [name, value] of fields) {
    if (!FIELD_NAME.test(name)) continue;
    kept.append(name, value);
    if (problems[name]) continue;
    const label = options.labels?.[name] ?? name;
    const max = options.maxLength?.[name] ?? MAX_FIELD_CHARS;
    const problem = value.length > max ? tooLongIn(lang, label, max) : textProblemIn(lang, label, value);
    if (problem) problems[name] = [problem];
  }

  const hideFields = [...ALWAYS_HIDDEN, ...(options.hide ?? [])];
  if (Object.keys(problems).length > 0) {
    const submission = parse(kept, { resolve: () => ({ error: problems }) });
    return { ok: false, answer: formAnswer(submission.reply({ hideFields }), fieldRefusalStatus(Object.keys(problems), options)) };
  }

  const submission = parseWithZod(kept, { schema });
  if (submission.status !== "success") {
    const reply = worded(submission.reply({ hideFields }), lang);
    return { ok: false, answer: formAnswer(reply, fieldRefusalStatus(Object.keys(submission.error ?? {}), options)) };
  }
  return {
    ok: true,
    value: submission.value as z.output<S>,
    photos,
    documents,
    refuse(message, status = 422) {
      const reply =
        typeof message === "string"
          ? submission.reply({ formErrors: [message], hideFields })
          : submission.reply({ fieldErrors: Object.fromEntries(Object.entries(message).map(([k, v]) => [k, [v]])), hideFields });
      return formAnswer(reply, status);
    },
  };
}

/**
 * A parsed form's values as the FormData a remix-auth strategy reads (its `context.formData`):
 * the strategies see what the schema accepted, never the raw body.
 */
export function strategyForm(values: Readonly<Record<string, string>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}

/**
 * A refusal from a route with no page of its own (the sign-outs): Remix answers a resource
 * route's plain data with 200, so the refusal goes out as a Response with its own status.
 */
export function refusalResponse(answer: ReturnType<typeof formAnswer>): Response {
  return Response.json(answer.data, answer.init ?? undefined);
}
