/**
 * What a page shows of a refused form: the `{ result }` every page action answers through
 * app/forms/form.server.ts (Conform's SubmissionResult). Plain components, no form library
 * on the client: the same markup with JavaScript on and off, and nothing added to the
 * bundle but these few lines.
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, type MouseEvent } from "react";
import { useRefusal, useT } from "../i18n/I18n";

type Result = SubmissionResult<string[]> | null | undefined;

/** The messages for one field ("" is the form as a whole). */
export function messagesFor(result: Result, name: string): string[] {
  return result?.error?.[name] ?? [];
}

/**
 * The refusal in an action's data, if it is one: a page action answers `{ result }` when
 * it refuses and anything else when it does not (a fetcher's `{ ok: true }`, say).
 */
export function refusalOf(data: unknown): Result {
  return data && typeof data === "object" && "result" in data ? (data as { result: Result }).result : undefined;
}

/**
 * Every message of a refusal, the form's own first: for a form whose fields are all hidden
 * (a cart row, a dashboard row), which has no place by a field to show them.
 */
export function everyMessage(result: Result): string[] {
  const { "": form = [], ...fields } = result?.error ?? {};
  return [...(form ?? []), ...Object.values(fields).flatMap((messages) => messages ?? [])];
}

/** The value the person typed, to put back in the field after a refusal (secrets are never sent back). */
export function typedValue(result: Result, name: string): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The id of a field's message, for the field's `aria-describedby`. */
export function messageId(name: string): string {
  return `${name}-error`;
}

/** Props for an input: its error state and the message that describes it. */
export function fieldProps(result: Result, name: string): { "aria-invalid"?: true; "aria-describedby"?: string } {
  return messagesFor(result, name).length ? { "aria-invalid": true, "aria-describedby": messageId(name) } : {};
}

/**
 * A field's message under it, announced when it appears: with JavaScript on, a refused
 * form does not reload the page, so nothing else tells a screen reader what went wrong.
 */
export function FieldMessage({ result, name }: { result: Result; name: string }) {
  // The rules speak English; a page in Hindi shows their words through its refusals table (decision 098).
  const refusal = useRefusal();
  const messages = messagesFor(result, name).map(refusal);
  if (!messages.length) return null;
  return (
    <p className="form-error field-error" id={messageId(name)} role="alert">
      {messages.join(" ")}
    </p>
  );
}

/** The form's own message (a refusal not about one field), announced when it appears. */
export function FormMessage({ result, fallback }: { result: Result; fallback?: string | null }) {
  const refusal = useRefusal();
  const messages = messagesFor(result, "").map(refusal);
  const text = messages.length ? messages.join(" ") : fallback && refusal(fallback);
  if (!text) return null;
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}

/** A field of a form as its error summary links to it: its name in the result and its input's id. */
export interface SummaryField {
  name: string;
  id: string;
}

/**
 * "There is a problem" (in the page's language), first, before the form's fields: every message of a refusal in the
 * fields' order, each a link to its field (`#id`), the form's own message unlinked. A long
 * form on a phone otherwise reloads at its top with the messages screens further down.
 * It is focused when it appears: with JavaScript by an effect, without it by `autofocus`
 * (the browser scrolls to it too). The messages by the fields stay as they are.
 */
export function ErrorSummary({ result, fields, title }: { result: Result; fields: readonly SummaryField[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const t = useT();
  const refusal = useRefusal();
  const own = messagesFor(result, "").map(refusal);
  const entries = fields.flatMap((field) => messagesFor(result, field.name).map((message) => ({ ...field, message: refusal(message) })));
  const known = new Set(["", ...fields.map((field) => field.name)]);
  // A message for a field the page does not list (a hidden one) still says what went wrong.
  const other = Object.keys(result?.error ?? {})
    .filter((name) => !known.has(name))
    .flatMap((name) => messagesFor(result, name).map(refusal));
  const shown = own.length + entries.length + other.length > 0;

  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, result]);

  if (!shown) return null;

  // With JavaScript the link moves focus to its field itself: following the #fragment would be a
  // navigation to the router, which forgets the refused submit's answer.
  function toField(event: MouseEvent<HTMLAnchorElement>, id: string) {
    const field = document.getElementById(id);
    if (!field) return;
    event.preventDefault();
    field.focus();
    field.scrollIntoView({ block: "center" });
  }

  return (
    <div className="error-summary" ref={ref} tabIndex={-1} autoFocus aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title ?? t("errorSummary.title")}</h2>
      <ul>
        {[...own, ...other].map((message) => (
          <li key={`form:${message}`}>{message}</li>
        ))}
        {entries.map((entry) => (
          <li key={`${entry.name}:${entry.message}`}>
            <a href={`#${entry.id}`} onClick={(event) => toField(event, entry.id)}>
              {entry.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
