import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { eventually } from "../support/fake-providers";
import { shownTotalFor } from "../support/checkout";
import { codeRecord, testQueuePrefix, waitForStatus } from "../support/notifications";
import { freePort } from "../support/ports";
import { databaseText, holding } from "../support/secrets-scan";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Redis lost while the shop runs (docs/decisions/086), on a real redis-server of this
 * test's own that it stops and starts again: a code request still answers at once, the
 * code waits in the Postgres outbox, and goes out once Redis is back (an expired one
 * does not). Orders do not need Redis to be placed.
 */

const { redisUrl: sharedRedis } = inject("services");
const ANSWER_WITHIN_MS = 3_000;

let port = 0;
let redis: ChildProcess | undefined;
let server: TestServer;
let phoneSeq = 7_300_000_000 + Math.floor(Math.random() * 600_000_000);
const nextPhone = () => String(phoneSeq++);

async function startRedis(): Promise<void> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  redis = child;
  let output = "";
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  await eventually("redis-server to accept connections", () => {
    if (child.exitCode !== null) throw new Error(`redis-server exited: ${output}`);
    return output.includes("Ready to accept connections");
  });
}

async function stopRedis(): Promise<void> {
  const child = redis;
  redis = undefined;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The request and how long its answer took. */
async function timed(path: string, init: RequestInit): Promise<{ res: Response; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${server.url}${path}`, { redirect: "manual", signal: AbortSignal.timeout(30_000), ...init });
  await res.arrayBuffer();
  return { res, ms: Date.now() - started };
}

const json = (body: unknown): RequestInit => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const form = (fields: Record<string, string>, cookie = ""): RequestInit => ({
  method: "POST",
  // As the shop's own page sends it: with its Origin.
  headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields),
});

// Skipped where this machine has no Redis at all: the shop's Redis layout is not in use there.
describe.skipIf(!sharedRedis)("a Redis outage while the shop runs", () => {
  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    const url = `redis://127.0.0.1:${port}`;
    const prefix = testQueuePrefix("redis-outage");
    const queue = await BullMQQueue.connect(url, { prefix, backoffMs: 50 });
    server = await startTestServer({ queue, env: { REDIS_URL: url, QUEUE_PREFIX: prefix } });
  });
  afterAll(async () => {
    if (!redis) await startRedis().catch(() => {});
    await server?.close();
    await stopRedis();
  });

  it("answers code requests at once, places orders, and sends the waiting codes once Redis is back", async () => {
    // Working as usual first.
    const before = nextPhone();
    expect((await timed("/api/users/auth/send-otp", json({ phone: before }))).res.status).toBe(200);
    await server.sms.code(before);

    await stopRedis();

    const byApi = nextPhone();
    const api = await timed("/api/users/auth/send-otp", json({ phone: byApi }));
    expect(api.res.status).toBe(200);
    expect(api.ms).toBeLessThan(ANSWER_WITHIN_MS);

    const byForm = nextPhone();
    const login = await timed("/login", form({ identifier: byForm }));
    expect(login.res.status).toBe(302);
    expect(login.res.headers.get("location")).toMatch(/^\/otp/);
    expect(login.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // A code asked for now that is past its ten minutes when Redis returns is dropped, not sent.
    const late = nextPhone();
    expect((await timed("/api/users/auth/send-otp", json({ phone: late }))).res.status).toBe(200);
    const lateRecord = await codeRecord(server.shop.db, late);
    await server.shop.db
      .updateTable("notification_sends")
      .set({ created_at: new Date(Date.now() - 11 * 60_000) })
      .where("key", "=", lateRecord.key)
      .execute();

    // Orders go through: the event store and Postgres are all they need.
    const added = await timed("/cart", form({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" }));
    const cart = (added.res.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cart).toMatch(/^shop_cart=/);
    const placed = await timed(
      "/checkout",
      form(
        { name: "Meena", phone: nextPhone(), address: "4 Gandhi Nagar", city: "Churu", pincode: "331001", shownTotal: await shownTotalFor(server.url, cart, "331001"), idempotencyKey: randomUUID() },
        cart,
      ),
    );
    expect(placed.res.status).toBe(302);
    expect(placed.ms).toBeLessThan(ANSWER_WITHIN_MS);

    // The operator sees it.
    const health = await timed("/healthz", {});
    expect(health.res.status).toBe(503);

    // While waiting, the outbox holds each code sealed: nothing readable to find once we know them.
    const atRest = await databaseText(server.shop.db);
    expect(server.sms.to(byApi)).toHaveLength(0);

    await startRedis();

    const apiCode = await server.sms.code(byApi);
    const formCode = await server.sms.code(byForm);
    expect(holding(atRest, apiCode)).toEqual([]);
    expect(holding(atRest, formCode)).toEqual([]);
    // The late code is dropped as expired, its seal erased.
    const dropped = await waitForStatus(server.shop.db, lateRecord.key, ["failed"]);
    expect(dropped).toMatchObject({ last_error: "the code expired before it could be sent", secret: null });
    expect(server.sms.to(late)).toHaveLength(0);

    // Each waiting code went out once, and it is the code that signs in.
    await waitForStatus(server.shop.db, (await codeRecord(server.shop.db, byApi)).key, ["sent"]);
    await waitForStatus(server.shop.db, (await codeRecord(server.shop.db, byForm)).key, ["sent"]);
    expect(server.sms.to(byApi)).toHaveLength(1);
    expect(server.sms.to(byForm)).toHaveLength(1);
    const verified = await timed("/api/users/auth/verify-otp", json({ phone: byApi, otp: apiCode }));
    expect(verified.res.status).toBe(200);
  });
});
