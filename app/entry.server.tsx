import { Writable } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";

const ABORT_DELAY = 5_000;

/**
 * Every page is rendered whole, then sent as one body. The shop's loaders return all their
 * data at once (nothing is deferred), so streaming the shell first would gain a phone
 * nothing; and React's stream comes in 2 KB pieces, each a trip through Node's streams and
 * a zlib write of its own when the page is compressed: dozens per page
 * (docs/decisions/075-admin-rows-without-router-hooks-before-hydration.md).
 */
export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
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
        resolve(new Response(Buffer.concat(chunks), { headers, status: failed ? 500 : status }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />, {
      onAllReady() {
        pipe(collect);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        failed = true;
        console.error(error);
      },
    });
    timer = setTimeout(abort, ABORT_DELAY);
  });
}
