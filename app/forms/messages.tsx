/**
 * What a page shows of a refused form: the `{ result }` every page action answers through
 * app/forms/form.server.ts (Conform's SubmissionResult). Plain components, no form library
 * on the client: the same markup with JavaScript on and off, and nothing added to the
 * bundle but these few lines.
 */
import type { SubmissionResult } from "@conform-to/react";

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
  const messages = messagesFor(result, name);
  if (!messages.length) return null;
  return (
    <p className="form-error field-error" id={messageId(name)} role="alert">
      {messages.join(" ")}
    </p>
  );
}

/** The form's own message (a refusal not about one field), announced when it appears. */
export function FormMessage({ result, fallback }: { result: Result; fallback?: string | null }) {
  const messages = messagesFor(result, "");
  const text = messages.length ? messages.join(" ") : fallback;
  if (!text) return null;
  return (
    <p className="form-error" role="alert">
      {text}
    </p>
  );
}
