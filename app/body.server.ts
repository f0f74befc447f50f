/**
 * A request body read with a cap, for page forms and the /api alike: a declared
 * Content-Length over the cap is refused before reading, a chunked body as soon as it
 * passes the cap, so no client can make the server hold more than `maxBytes`.
 */

export type CappedBody = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; problem: "too-large" | "unreadable" };

/** How much of an over-long body is read (and dropped) so the 413 reaches the client before the connection closes. */
const DRAIN_BYTES = 1024 * 1024;

/**
 * Reads and drops the rest of a refused body, up to a limit: a client still sending when
 * the answer comes would otherwise see the connection reset instead of the 413. Past the
 * limit the rest is left unread, never cancelled: cancelling destroys the socket before
 * the 413 is written, and the client gets no answer at all.
 */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let dropped = 0;
  try {
    while (dropped <= DRAIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
  } catch {
    // The client went away: nothing left to answer.
  }
}

export async function readCappedBody(request: Request, maxBytes: number): Promise<CappedBody> {
  const declared = request.headers.get("Content-Length");
  if (declared !== null && /^\d{1,15}$/.test(declared.trim()) && Number(declared) > maxBytes) {
    if (request.body) await drain(request.body.getReader());
    return { ok: false, problem: "too-large" };
  }
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await drain(reader);
        return { ok: false, problem: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
