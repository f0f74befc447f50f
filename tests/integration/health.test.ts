import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { startJobHandlers } from "../../workers/index";
import { eventually } from "../support/fake-providers";
import { startTestServer } from "../support/server";
import { openTestShop } from "../support/shop";
import { adapterOf } from "../support/event-store";
import { createTestAdmin } from "../support/admin";

const newEvent = () => ({ id: randomUUID(), type: "ItemAdded", data: {} });

describe("health", () => {
  it("reports every part, each projector's lag, the workers' heartbeat, and turns unhealthy when the database is gone", async () => {
    const shop = await openTestShop({ projectors: false });
    const stopJobs = startJobHandlers(shop, () => {});
    await adapterOf(shop.store).append(`cart-${randomUUID()}`, [newEvent()], "no_stream");
    // The event counts once every older transaction on the server has ended (other test files share it): wait for that.
    let healthy = await shop.health();
    // Every projector's lag is counted in its own query, so the event may show in one and not yet in another.
    for (let tries = 0; tries < 50 && !(healthy.workers.ok && healthy.projectors.every((p) => p.lag > 0)); tries++) {
      await new Promise((r) => setTimeout(r, 100));
      healthy = await shop.health();
    }
    expect(healthy.ok).toBe(true);
    expect(healthy.database).toMatchObject({ ok: true });
    expect(healthy.queue).toMatchObject({ ok: true, kind: "in-process" });
    expect(healthy.workers).toMatchObject({ ok: true, lastSeenAt: expect.any(String), secondsSinceSeen: expect.any(Number) });
    expect(healthy.limits).toEqual({ maxLagSeconds: 60, maxWorkerSilenceSeconds: 30 });
    // No projector is running in this shop: each one is one event behind, by a moment.
    const counts = healthy.projectors.find((p) => p.name === "stream_type_counts");
    expect(counts).toMatchObject({ ok: true, lag: 1, lagSeconds: expect.any(Number) });
    expect(counts!.lagSeconds).toBeLessThan(60);
    expect(healthy.reactors).toEqual([expect.objectContaining({ name: "order_notifications", ok: true })]);
    // No SMS_PROVIDER, no SMTP_URL: messages are only printed, which is no fault but is said.
    expect(healthy.messages).toEqual({
      sms: { transport: "console", reachesPhones: false },
      email: { transport: "console", reachesMailboxes: false },
    });

    await stopJobs();
    await shop.testDatabase.db.destroy();
    const broken = await shop.health();
    expect(broken.ok).toBe(false);
    expect(broken.database.ok).toBe(false);
    expect(broken.database.error).toBeTruthy();
    await shop.close().catch(() => {});
  });

  it("names the transports that send, as /healthz answers them", async () => {
    const server = await startTestServer({ env: { SMTP_URL: "smtp://127.0.0.1:1" } });
    try {
      const res = await fetch(`${server.url}/healthz`);
      expect((await res.json()).messages).toEqual({
        sms: { transport: "msg91", reachesPhones: true },
        email: { transport: "smtp", reachesMailboxes: true },
      });
    } finally {
      await server.close();
    }
  });

  it("shows its details (addresses, data path, counts) only to an admin or on the machine itself; anyone else gets the verdict", async () => {
    // The test stands for visitors behind a proxy on this machine: X-Forwarded-For names them.
    const server = await startTestServer({ env: { TRUST_PROXY: "loopback" } });
    try {
      const from = (address: string, cookie?: string) =>
        fetch(`${server.url}/healthz`, { headers: { "X-Forwarded-For": address, ...(cookie ? { Cookie: cookie } : {}) } });
      const stranger = await from("203.0.113.9");
      const said = await stranger.json();
      expect(Object.keys(said)).toEqual(["ok"]);
      expect(typeof said.ok).toBe("boolean");
      expect(stranger.headers.get("cache-control")).toContain("no-store");
      // An IPv6 visitor too: only the loopback /64 is the machine.
      expect(Object.keys(await (await from("2001:db8::7")).json())).toEqual(["ok"]);

      const local = await (await fetch(`${server.url}/healthz`)).json();
      expect(local.database).toMatchObject({ kind: expect.any(String), description: expect.any(String) });
      expect(local.projectors.length).toBeGreaterThan(0);
      const admin = await createTestAdmin(server.shop, server.url);
      const owner = await (await from("203.0.113.9", admin.cookie)).json();
      expect(owner.database).toMatchObject({ description: local.database.description });
    } finally {
      await server.close();
    }
  });

  it("is unhealthy while no job runner has been seen lately: codes would wait for ever", async () => {
    const shop = await openTestShop();
    try {
      const never = await shop.health();
      expect(never.ok).toBe(false);
      expect(never.workers).toEqual({ ok: false, lastSeenAt: null, secondsSinceSeen: null });

      // A runner that stopped beating a minute ago (killed, or stuck).
      await shop.db
        .insertInto("worker_heartbeats")
        .values({ worker: "gone:1", queue: "in-process", seen_at: sql<Date>`now() - interval '1 minute'` })
        .execute();
      const silent = await shop.health();
      expect(silent.ok).toBe(false);
      expect(silent.workers.ok).toBe(false);
      expect(silent.workers.secondsSinceSeen).toBeGreaterThanOrEqual(59);
      expect(silent.projectors.every((p) => p.ok)).toBe(true);
    } finally {
      await shop.close();
    }
  });

  it("answers /healthz 200 with the fields when all runs, and 503 once a stopped projector's oldest event is older than the limit", async () => {
    const server = await startTestServer({ env: { HEALTH_MAX_LAG_SECONDS: "1" } });
    try {
      const healthz = async () => {
        const res = await fetch(`${server.url}/healthz`);
        return { status: res.status, body: (await res.json()) as Awaited<ReturnType<typeof server.shop.health>> };
      };
      const up = await eventually("/healthz to answer 200", async () => {
        const answer = await healthz();
        return answer.status === 200 ? answer : null;
      });
      expect(up.body).toMatchObject({ ok: true, workers: { ok: true }, limits: { maxLagSeconds: 1 } });
      for (const p of up.body.projectors) expect(p).toMatchObject({ ok: true, lag: 0, lagSeconds: 0 });

      await server.shop.runner!.stop();
      await adapterOf(server.shop.store).append(`cart-${randomUUID()}`, [newEvent()], "no_stream");
      // Another projector may pass the limit first: wait for this one's own verdict (the event shows to the
      // projectors only once older transactions anywhere on the server have ended).
      const behind = await eventually("/healthz to answer 503 with stream_type_counts behind", async () => {
        const answer = await healthz();
        const own = answer.body.projectors.find((p) => p.name === "stream_type_counts");
        return answer.status === 503 && own && !own.ok ? answer : null;
      });
      expect(behind.body.ok).toBe(false);
      expect(behind.body.workers.ok).toBe(true);
      const counts = behind.body.projectors.find((p) => p.name === "stream_type_counts")!;
      expect(counts).toMatchObject({ ok: false, lag: 1 });
      expect(counts.lagSeconds).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });
});
