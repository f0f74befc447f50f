import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sql } from "kysely";
import pg from "pg";
import fc from "fast-check";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { PostgresEventStore } from "../../eventstore/postgres";
import { ProjectorRunner, waitForProjectors } from "../../projectors/runner";
import { dropLeftoverScratch, replay, selectProjectors, verify } from "../../projectors/replay";
import { streamTypeCounts } from "../../projectors/stream-type-counts";
import { projectors } from "../../projectors/index";
import { startReplayThreads } from "../../projectors/replay-threads";
import { privacyMasterKey } from "../../eventstore/sealing";

let database: TestDatabase;
let store: PostgresEventStore;
const only = [streamTypeCounts];

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database);
});
afterAll(async () => {
  await store?.close();
  await database?.close();
});

async function liveRows() {
  const rows = await database.db.selectFrom("stream_type_counts").selectAll().orderBy("category").orderBy("event_type").execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** The newest position this file wrote: the visible head can trail it while another transaction on the server is open. */
let newest: string | undefined;
async function append(streamId: string, events: { id: string; type: string; data: unknown }[]) {
  const result = await store.append(streamId, events, "no_stream");
  if (!newest || store.comparePositions(result.position, newest) > 0) newest = result.position;
  return result;
}

async function project(): Promise<void> {
  const head = newest;
  const runner = new ProjectorRunner(database.db, store, only, { log: () => {} });
  await runner.start();
  if (head) expect(await waitForProjectors(database.db, store, [streamTypeCounts.name], head, 10_000)).toBe(true);
  await runner.stop();
}

const history = fc.array(
  fc.record({ category: fc.constantFrom("cart", "order", "school"), type: fc.constantFrom("A", "B", "C"), n: fc.integer({ min: 1, max: 4 }) }),
  { minLength: 1, maxLength: 25 },
);

describe("replay and verify", () => {
  it("replay after random histories gives exactly the read models live projection gave", async () => {
    await fc.assert(
      fc.asyncProperty(history, async (steps) => {
        for (const step of steps) {
          const events = Array.from({ length: step.n }, () => ({ id: randomUUID(), type: step.type, data: {} }));
          await append(`${step.category}-${randomUUID()}`, events);
        }
        await project();
        const live = await liveRows();
        const result = await replay(database.db, store, only, { batchSize: 7 });
        expect(result.events).toBe(await store.countAfter(undefined, Number.MAX_SAFE_INTEGER));
        expect(await liveRows()).toEqual(live);
        expect(await verify(database.db, store, only)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  }, 120_000);

  it("verify finds a row changed by hand and names it", async () => {
    await project();
    await sql`update stream_type_counts set count = count + 1 where ctid = (select ctid from stream_type_counts limit 1)`.execute(database.db);
    const differences = await verify(database.db, store, only);
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({ projector: "stream_type_counts", table: "stream_type_counts" });
    expect(differences[0].onlyLive).toHaveLength(1);
    expect(differences[0].onlyRebuilt).toHaveLength(1);
    expect(Number(differences[0].onlyLive[0].count)).toBe(Number(differences[0].onlyRebuilt[0].count) + 1);
    // A replay repairs it.
    await replay(database.db, store, only);
    expect(await verify(database.db, store, only)).toEqual([]);
  });

  it("an interrupted replay leaves the live tables serving, and the next run starts clean", async () => {
    await project();
    const before = await liveRows();
    const total = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
    await expect(
      replay(database.db, store, only, {
        batchSize: 5,
        afterBatch: (done) => {
          if (done >= total / 2) throw new Error("interrupted");
        },
      }),
    ).rejects.toThrow("interrupted");
    expect(await liveRows()).toEqual(before);
    const result = await replay(database.db, store, only, { batchSize: 5 });
    expect(result.events).toBe(total);
    expect(await liveRows()).toEqual(before);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname like 'rebuild_%'`.execute(database.db);
    expect(rows[0].n).toBe(0);
  });

  it("a replay left behind by a killed process is cleaned up by the next run", async () => {
    await sql`create schema rebuild_1_dead`.execute(database.db);
    await sql`create table rebuild_1_dead.stream_type_counts (like public.stream_type_counts including all)`.execute(database.db);
    expect(await dropLeftoverScratch(database.db)).toEqual(["rebuild_1_dead"]);
  });

  it("swaps in while the live projector runs and events keep arriving, without losing or doubling any", async () => {
    const runner = new ProjectorRunner(database.db, store, only, { log: () => {} });
    await runner.start();
    let writing = true;
    const writer = (async () => {
      while (writing) await append(`cart-${randomUUID()}`, [{ id: randomUUID(), type: "A", data: {} }]);
    })();
    await replay(database.db, store, only, { batchSize: 50 });
    writing = false;
    await writer;
    const head = newest!;
    expect(await waitForProjectors(database.db, store, [streamTypeCounts.name], head, 10_000)).toBe(true);
    await runner.stop();
    expect(await verify(database.db, store, only)).toEqual([]);
    const counted = (await liveRows()).reduce((sum, r) => sum + r.count, 0);
    expect(counted).toBe(await store.countAfter(undefined, Number.MAX_SAFE_INTEGER));
  });

  // Threads open the database by URL: a Postgres server, not the in-memory PGlite.
  describe.skipIf(!inject("services").postgresUrl)("while an older transaction on the server still runs", () => {
    it("holds every event committed before it began: it waits for them to be seen, then swaps in", async () => {
      await project();
      // A transaction begun before the events, still running (another database's would do the same).
      const older = new pg.Client({ connectionString: database.url! });
      await older.connect();
      try {
        await older.query("begin");
        await older.query("select pg_current_xact_id()");
        const category = `late${randomUUID().slice(0, 8)}`;
        await append(`${category}-${randomUUID()}`, [{ id: randomUUID(), type: "A", data: {} }]);
        expect(store.comparePositions(await store.headPosition(), newest)).toBeLessThan(0);
        let ended = false;
        const replayed = replay(database.db, store, only).then((r) => ({ ...r, ended }));
        // The replay is under way and waiting; the older transaction ends only now.
        await new Promise((resolve) => setTimeout(resolve, 300));
        ended = true;
        await older.query("commit");
        expect((await replayed).ended).toBe(true);
        expect((await liveRows()).filter((r) => r.category === category).map((r) => [r.event_type, r.count])).toEqual([["A", 1]]);
      } finally {
        await older.end();
      }
    });
  });

  describe.skipIf(!inject("services").postgresUrl)("on worker threads (a Postgres server)", () => {
    it("builds each projector on its own thread and swaps in the same read models", async () => {
      for (let i = 0; i < 40; i++) {
        await append(`${i % 2 ? "order" : "cart"}-${randomUUID()}`, [{ id: randomUUID(), type: i % 3 ? "A" : "B", data: {} }]);
      }
      await project();
      const live = await liveRows();
      const threads = await startReplayThreads(database.url!, privacyMasterKey("replay-test-master-key"), 1);
      try {
        const progress: number[] = [];
        const result = await replay(database.db, store, only, {
          builder: threads.builder,
          batchSize: 9,
          onProgress: (p) => progress.push(p.done),
        });
        expect(result.events).toBe(await store.countAfter(undefined, Number.MAX_SAFE_INTEGER));
        // The thread reports as it goes, not only at the end.
        expect(progress.length).toBeGreaterThan(2);
      } finally {
        await threads.close();
      }
      expect(await liveRows()).toEqual(live);
      expect(await verify(database.db, store, only)).toEqual([]);
    });

    it("a replay stopped half way on a thread leaves the live tables serving", async () => {
      await project();
      const before = await liveRows();
      const total = await store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
      const threads = await startReplayThreads(database.url!, privacyMasterKey("replay-test-master-key"), 1);
      try {
        await expect(
          replay(database.db, store, only, {
            builder: threads.builder,
            batchSize: 5,
            afterBatch: (done) => {
              if (done >= total / 2) throw new Error("interrupted");
            },
          }),
        ).rejects.toThrow("interrupted");
      } finally {
        await threads.close();
      }
      expect(await liveRows()).toEqual(before);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname like 'rebuild_%'`.execute(database.db);
      expect(rows[0].n).toBe(0);
    });
  });

  it("names the known projections when asked for an unknown one", () => {
    expect(() => selectProjectors(projectors, ["orderz"])).toThrow(/unknown projection "orderz"; known: .*stream_type_counts/);
    expect(selectProjectors(projectors, [])).toHaveLength(projectors.length);
  });
});
