/**
 * Slow clients must not hold the server (decision 117): the second probe kept 1,500 slow-body
 * sockets open for 104 s. Here one address (127.0.0.2: every 127.x address is this machine's
 * loopback) opens 1,000 sockets sending their head or their body a byte a second, while a parent
 * on 127.0.0.1 is answered as the flood holds its sockets, the flooding address keeps no more sockets
 * than its cap, and the head and request timeouts close the ones it kept. How long the parent waits
 * (within 1 s) is measured by tests/bench/slow-clients.bench.ts, not asserted here: a busy machine
 * slows every answer, flood or none. A proxy TRUST_PROXY names
 * (127.0.0.3) is not capped: every parent behind it shares its address.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/server";

const CAP = 100;
/** The server's head and request timeouts here: long enough that the flood is still held while a parent is answered on a busy machine. */
const HEAD_SECONDS = 8;
const REQUEST_SECONDS = 12;
const SOCKETS = 1000;
let server: TestServer;
let port: number;
const floods: ChildProcess[] = [];

interface FloodState {
  asked: number;
  connected: number;
  open: number;
  closed: number;
  failed: number;
}

/**
 * The flood in a child process whose descriptor limit is raised to its hard limit: a thousand
 * sockets need more than the 1,024 some machines start a process with (`ulimit -n`).
 */
function startFlood(from: string, sockets: number): { latest: () => FloodState | undefined; until: (ok: (s: FloodState) => boolean, ms: number) => Promise<FloodState> } {
  const hard = execFileSync("sh", ["-c", "ulimit -Hn"]).toString().trim();
  const limit = hard === "unlimited" ? 65_536 : Math.min(Number(hard), 65_536);
  if (limit < sockets + 200) throw new Error(`this test needs ${sockets + 200} file descriptors for its flood; the hard limit (ulimit -Hn) is ${limit}`);
  const child = spawn(
    "sh",
    ["-c", `ulimit -n ${limit} && exec "$0" --import tsx tests/support/slow-clients.ts "$@"`, process.execPath, "127.0.0.1", String(port), from, String(sockets)],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  floods.push(child);
  let latest: FloodState | undefined;
  let buffered = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop()!;
    if (lines.length > 0) latest = JSON.parse(lines.at(-1)!) as FloodState;
  });
  return {
    latest: () => latest,
    async until(ok, ms) {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        if (latest && ok(latest)) return latest;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the flood from ${from} did not get there in ${ms} ms: ${JSON.stringify(latest)}`);
    },
  };
}

/** A parent's request from 127.0.0.1 on a connection of its own, and how long its answer took. */
function timedGet(path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: "127.0.0.1" });
    let answer = "";
    // Only a liveness bound: a parent's request queued behind the flood would wait for its timeouts.
    socket.setTimeout(HEAD_SECONDS * 1000, () => socket.destroy(new Error(`no answer to GET ${path} in ${HEAD_SECONDS} s`)));
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      // The head is enough: the status line is what a parent waits for first.
      if (answer.includes("\r\n\r\n")) {
        socket.destroy();
        resolve({ status: Number(answer.slice(9, 12)), ms: performance.now() - started });
      }
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
  });
}

beforeAll(async () => {
  server = await startTestServer({
    env: {
      HTTP_HEADERS_TIMEOUT_SECONDS: String(HEAD_SECONDS),
      HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_SECONDS),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
      TRUST_PROXY: "127.0.0.3",
    },
  });
  port = Number(new URL(server.url).port);
  // The first render of a page is slower than the ones a parent gets: not what is measured here.
  await timedGet("/schools");
});
afterEach(() => {
  for (const child of floods.splice(0)) child.kill("SIGTERM");
});
afterAll(async () => {
  await server?.close();
});

describe("a thousand slow sockets from one address", () => {
  it("leave a parent's request answered while they are held, and are capped, then cut by the timeouts", async () => {
    const flood = startFlood("127.0.0.2", SOCKETS);
    // Every socket asked for has been accepted or refused: the flood is at its height.
    await flood.until((s) => s.connected + s.failed >= SOCKETS, 30_000);

    for (let i = 0; i < 5; i++) {
      const answer = await timedGet("/schools");
      expect(answer.status).toBe(200);
      // Answered while the flood still holds its sockets: the parent did not wait for the timeouts to clear them.
      expect(flood.latest()!.open).toBeGreaterThan(0);
    }
    // The address holds at most its cap: the rest were closed as soon as they were accepted.
    const held = await flood.until((s) => s.open <= CAP, 5000);
    expect(held.open).toBeLessThanOrEqual(CAP);

    // Those it kept send a head or a body a byte a second: cut by the head timeout, or the request timeout.
    await flood.until((s) => s.open === 0, (REQUEST_SECONDS + 10) * 1000);
    const answer = await timedGet("/schools");
    expect(answer.status).toBe(200);
  });

  it("does not cap a proxy that TRUST_PROXY names: its sockets are many parents'", async () => {
    const proxy = startFlood("127.0.0.3", CAP + 50);
    const state = await proxy.until((s) => s.connected >= CAP + 50, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(proxy.latest()!.open).toBe(CAP + 50);
    expect(state.failed).toBe(0);
  });
});
