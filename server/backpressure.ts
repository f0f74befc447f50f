import type { ServerResponse } from "node:http";

/**
 * What a route that streams a large answer (the orders' CSV export) awaits before it reads its
 * next part. Remix writes a streamed body to the response without heeding write()'s `false`
 * (@remix-run/node, writeReadableStreamToWritable), so a client on a slow line would otherwise
 * have the whole answer pile up in the server's memory.
 *
 * The first call starts watching the response's writes (compression's, when it compresses);
 * after that it resolves at once while the last write was taken, else on 'drain' of the stream
 * that refused it (compression forwards a response's 'drain' listener to its gzip stream), or
 * when the client has gone. Only a route that calls it is watched.
 */
export function responseDrained(res: ServerResponse): () => Promise<void> {
  let watching = false;
  let full = false;
  let waiting: (() => void) | undefined;
  const release = () => {
    full = false;
    const resume = waiting;
    waiting = undefined;
    resume?.();
  };
  return () => {
    if (!watching) {
      watching = true;
      const write = res.write;
      res.write = function (this: ServerResponse, ...args: unknown[]) {
        const taken = (write as (...a: unknown[]) => boolean).apply(this, args);
        full = !taken;
        return taken;
      } as ServerResponse["write"];
      // One listener each for the response's life: compression moves a 'drain' listener onto its
      // gzip stream, where once()'s own removal (made on the response) would never find it.
      res.on("drain", release);
      res.once("close", release);
    }
    if (!full || res.destroyed || res.writableEnded) return Promise.resolve();
    return new Promise<void>((resolve) => (waiting = resolve));
  };
}
