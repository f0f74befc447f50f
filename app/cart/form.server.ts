import { data } from "@remix-run/node";
import { isRuleViolation } from "../../domain/errors";

/** No cart or checkout form comes close to this; anything bigger is refused unread. */
export const MAX_FORM_BYTES = 16 * 1024;

export class FormRefused extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a url-encoded form body (what <Form method="post"> and fetchers send)
 * with a size cap, counting bytes as they arrive so a body without
 * Content-Length cannot grow past it either.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<URLSearchParams> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("application/x-www-form-urlencoded")) {
    throw new FormRefused(415, "Please send this form from the shop's page.");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) throw new FormRefused(413, "This form is too large.");
  if (!request.body) return new URLSearchParams();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new FormRefused(413, "This form is too large.");
    }
    chunks.push(value);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

export function field(form: URLSearchParams, name: string): string | undefined {
  const value = form.get(name);
  return value === null ? undefined : value;
}

/**
 * A refusal for a page action: the message for the page to show, with the status
 * that fits. Anything that is not a known refusal is a fault and propagates.
 */
export function refusal(err: unknown) {
  if (err instanceof FormRefused) return data({ error: err.message }, { status: err.status });
  if (isRuleViolation(err)) return data({ error: err.message }, { status: err.status });
  throw err;
}
