/**
 * A streamed answer waits for its client (server/backpressure.ts): with compression as the shop
 * serves, and without, a client that stops reading holds the server at a few chunks, not the
 * whole answer; once it reads again everything arrives whole; a client that leaves frees the wait.
 * A real HTTP server and socket on loopback: the kernel's buffers take some, the server the rest.
 */
import http from "node:http";
import zlib from "node:zlib";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import express from "express";
import compression from "compression";
import { responseDrained } from "../../server/backpressure";

const CHUNK = 64 * 1024;
const CHUNKS = 1000; // 64 MB: more than loopback's socket buffers could ever hold.
// Random bytes: gzip cannot shrink them, so the compressed answer is as large as the plain one.
const chunk = randomBytes(CHUNK);

interface Writer {
  written: number;
  waiting: boolean;
  finished: Promise<void>;
}

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A server whose one answer writes CHUNKS chunks, each after `drained()`, as the CSV export does. */
async function serve(compress: boolean): Promise<{ url: string; writer: Writer }> {
  let done!: () => void;
  const writer: Writer = { written: 0, waiting: false, finished: new Promise((resolve) => (done = resolve)) };
  const app = express();
  if (compress) app.use(compression({ filter: () => true }));
  app.get("/", async (_req, res) => {
    const drained = responseDrained(res);
    res.setHeader("Content-Type", "application/octet-stream");
    for (let i = 0; i < CHUNKS && !res.destroyed; i++) {
      writer.waiting = true;
      await drained();
      writer.waiting = false;
      if (res.destroyed) break;
      res.write(chunk);
      writer.written++;
    }
    res.end();
    done();
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}/`, writer };
}

/** Waits until the writer is held at `drained()` and has stopped writing. */
async function heldBack(writer: Writer): Promise<number> {
  let last = -1;
  await vi.waitFor(
    () => {
      const now = writer.written;
      const still = writer.waiting && now === last;
      last = now;
      if (!still) throw new Error("still writing");
    },
    { timeout: 20_000, interval: 100 },
  );
  return writer.written;
}

describe("a streamed answer to a client that stops reading", () => {
  for (const compress of [true, false]) {
    it(`waits for the client and then sends it all (${compress ? "gzip" : "plain"})`, async () => {
      const { url, writer } = await serve(compress);
      const received: Buffer[] = [];
      const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(url, { headers: { "Accept-Encoding": compress ? "gzip" : "identity" } }, resolve).on("error", reject);
      });
      response.pause();
      const held = await heldBack(writer);
      // What loopback's socket buffers take, and a chunk or two in the server: far from the 64 MB.
      expect(held * CHUNK).toBeLessThan(24 * 1024 * 1024);
      response.on("data", (part: Buffer) => received.push(part));
      const ended = new Promise((resolve) => response.on("end", resolve));
      response.resume();
      await ended;
      await writer.finished;
      const body = compress ? zlib.gunzipSync(Buffer.concat(received)) : Buffer.concat(received);
      expect(body.byteLength).toBe(CHUNK * CHUNKS);
      expect(body.subarray(0, CHUNK).equals(chunk)).toBe(true);
    }, 60_000);
  }

  it("lets the server go on when the client leaves while it waits", async () => {
    const { url, writer } = await serve(true);
    const request = http.get(url, { headers: { "Accept-Encoding": "gzip" } });
    request.on("error", () => {});
    const response = await new Promise<http.IncomingMessage>((resolve) => request.on("response", resolve));
    response.pause();
    await heldBack(writer);
    request.destroy();
    await writer.finished;
    expect(writer.written).toBeLessThan(CHUNKS);
  }, 60_000);
});
