import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./nonce";
import { scriptsAfterPaint } from "./scripts-after-paint.server";

const ABORT_DELAY = 5_000;

/**
 * Every page is rendered whole, then sent as one body. The shop's loaders return all their
 * data at once (nothing is deferred), so streaming the shell first would gain a phone
 * nothing; and React's stream comes in 2 KB pieces, each a trip through Node's streams and
 * a zlib write of its own when the page is compressed: dozens per page
 * (docs/decisions/075-admin-rows-without-router-hooks-before-hydration.md).
 * Every inline script carries this response's CSP nonce (decision 081). Whole in memory, the page's
 * scripts are moved after its first paint (scripts-after-paint.server.ts, decision 172).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    // Cut off after ABORT_DELAY: the server was too busy to finish the page (a rush), not broken.
    let timedOut = false;
    // Set once the render has started; the collector closes over it.
    // eslint-disable-next-line prefer-const
    let timer: NodeJS.Timeout;
    const chunks: Buffer[] = [];
    const collect = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        headers.set("Content-Type", "text/html; charset=utf-8");
        // A page cut off for time says "busy, try again in a moment" (503), not that the page is broken.
        if (timedOut) headers.set("Retry-After", "5");
        const answer = timedOut ? 503 : failed ? 500 : status;
        resolve(new Response(scriptsAfterPaint(closedLast(withoutNulBytes(Buffer.concat(chunks))).toString("utf8")), { headers, status: answer }));
        done();
      },
    });
    const page = (
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        pipe(collect);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        loadContext.log.error({ err: error }, "the page could not be rendered");
      },
    });
    timer = setTimeout(() => {
      timedOut = true;
      abort();
    }, ABORT_DELAY);
  });
}

/**
 * React 18's stream leaves the unused end of a 2 KB piece in the page as 0x00 bytes when a
 * character of three bytes (any Hindi letter) does not fit in it (react/react#31134): a Hindi
 * page had a NUL in the middle of a word. UTF-8 never has a 0x00 byte inside a character and
 * a page never means one, so they are dropped.
 */
function withoutNulBytes(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  // Cut around each run with indexOf (memchr): a callback per byte cost a Hindi page 9 ms (docs/benchmarks.md).
  let nul = body.indexOf(0);
  if (nul < 0) return body;
  const parts: Buffer[] = [];
  let start = 0;
  while (nul >= 0) {
    if (nul > start) parts.push(body.subarray(start, nul));
    start = nul + 1;
    nul = body.indexOf(0, start);
  }
  parts.push(body.subarray(start));
  return Buffer.concat(parts) as Buffer<ArrayBuffer>;
}

const CLOSE = Buffer.from("</body></html>");

/**
 * React 18 closes the document with the shell, then streams Remix's data scripts after `</html>`:
 * a "stray start tag script" the HTML checker stops at, and a browser must repair. The page is
 * whole in memory here, so the closing tags move after the last script (docs/decisions/143-valid-html.md).
 */
export function closedLast(body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = body.indexOf(CLOSE);
  if (at < 0 || at + CLOSE.length === body.length) return body;
  return Buffer.concat([body.subarray(0, at), body.subarray(at + CLOSE.length), CLOSE]) as Buffer<ArrayBuffer>;
}

/**
 * A loader, action or render that failed: logged with its stack under the request's id
 * (the request line from server/logger.ts says what was answered). A request the client
 * gave up on, a thrown 4xx Response, and Remix's own "No route matches URL" and "405 Method
 * Not Allowed" are no fault of the shop: the request line's status says all there is.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const status = isRouteErrorResponse(error) ? error.status : error instanceof Response ? error.status : 500;
  if (status < 500) return;
  // Remix wraps a 500 in an ErrorResponse whose (internal) `error` is what was thrown.
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? error) : error;
  context.log.error({ err: cause }, "request failed");
};
