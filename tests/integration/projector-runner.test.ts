import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { PostgresEventStore } from "../../eventstore/postgres";
import { ProjectorRunner, readCheckpoint, waitForProjectors } from "../../projectors/runner";
import { streamTypeCounts } from "../../projectors/stream-type-counts";
import type { Projector } from "../../projectors/projector";
import { createReadModelWaiter } from "../../projectors/read-your-writes";
import { withTimeout } from "../support/time";
import { GroupedCheckpointMoves } from "../../projectors/checkpoint";

let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database);
});
afterAll(async () => {
  await store?.close();
  await database?.close();
});

const events = (n: number, type = "ItemAdded") =>
  Array.from({ length: n }, () => ({ id: randomUUID(), type, data: {} }));

async function counts() {
  const rows = await database.db.selectFrom("stream_type_counts").selectAll().orderBy("category").execute();
  return Object.fromEntries(rows.map((r) => [`${r.category}/${r.event_type}`, Number(r.count)]));
}

describe("projector runner", () => {
  it("applies every event once, resumes after a restart, and never applies an event twice", async () => {
    const cart = `cart-${randomUUID()}`;
    const first = await store.append(cart, events(3), "no_stream");
    const runner = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    await runner.start();
    expect(await waitForProjectors(database.db, store, ["stream_type_counts"], first.position, 5000)).toBe(true);
    expect(await counts()).toEqual({ "cart/ItemAdded": 3 });
    await runner.stop();

    // Events written while no projector runs are picked up from the checkpoint.
    const order = `order-${randomUUID()}`;
    await store.append(order, events(2, "OrderPlaced"), "no_stream");
    const last = await store.append(cart, events(1), 2);
    const again = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    await again.start();
    expect(await waitForProjectors(database.db, store, ["stream_type_counts"], last.position, 5000)).toBe(true);
    await again.stop();
    expect(await counts()).toEqual({ "cart/ItemAdded": 4, "order/OrderPlaced": 2 });
    expect(await readCheckpoint(database.db, "stream_type_counts")).toBe(last.position);
  });

  it("two runners of one projector still apply each event once", async () => {
    const before = await counts();
    const a = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    const b = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    await Promise.all([a.start(), b.start()]);
    let last;
    for (let i = 0; i < 20; i++) last = await store.append(`school-${randomUUID()}`, events(5, "Seen"), "no_stream");
    expect(await waitForProjectors(database.db, store, ["stream_type_counts"], last!.position, 5000)).toBe(true);
    await Promise.all([a.stop(), b.stop()]);
    expect((await counts())["school/Seen"]).toBe(100);
    expect((await counts())["cart/ItemAdded"]).toBe(before["cart/ItemAdded"]);
  });

  it("a failing batch leaves the read model and the checkpoint as they were, then succeeds on retry", async () => {
    let failures = 1;
    const applied: string[] = [];
    const flaky: Projector = {
      name: "flaky_test_projector",
      tables: [],
      async apply(trx, batch, context) {
        await streamTypeCounts.apply(trx, batch.filter((e) => e.streamId.startsWith("flaky-")), context);
        if (batch.some((e) => e.type === "Boom") && failures-- > 0) throw new Error("simulated failure");
        applied.push(...batch.filter((e) => e.streamId.startsWith("flaky-")).map((e) => e.type));
      },
    };
    const result = await store.append(`flaky-${randomUUID()}`, [...events(2, "Ok"), ...events(1, "Boom")], "no_stream");
    const lines: string[] = [];
    const runner = new ProjectorRunner(database.db, store, [flaky], { log: (l) => lines.push(l) });
    await runner.start();
    expect(await waitForProjectors(database.db, store, ["flaky_test_projector"], result.position, 5000)).toBe(true);
    await runner.stop();
    expect(lines.some((l) => l.includes("simulated failure"))).toBe(true);
    expect(applied).toEqual(["Ok", "Ok", "Boom"]);
    const c = await counts();
    expect(c["flaky/Ok"]).toBe(2);
    expect(c["flaky/Boom"]).toBe(1);
  });
  it("stops at once when stopped right after it started, or while it waits to retry, and then applies nothing", async () => {
    // Stopped while each projector still reads its checkpoint, before it has subscribed.
    const early = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    await early.start();
    await withTimeout(early.stop(), 5000, "the runner did not stop");

    // Stopped during the back-off after a failed batch: it does not sit out the back-off first.
    const failing: Projector = {
      name: "always_failing_test_projector",
      tables: [],
      async apply() {
        throw new Error("simulated failure");
      },
    };
    await store.append(`school-${randomUUID()}`, events(1, "Failing"), "no_stream");
    const lines: string[] = [];
    const retrying = new ProjectorRunner(database.db, store, [failing], { log: (l) => lines.push(l) });
    await retrying.start();
    while (lines.filter((l) => l.includes("simulated failure")).length < 4) await new Promise((r) => setTimeout(r, 20));
    // Its back-off is now 2 seconds and doubling.
    await withTimeout(retrying.stop(), 1000, "the runner sat out its back-off before stopping");

    // Nothing follows the store any more.
    const before = await readCheckpoint(database.db, "stream_type_counts");
    await store.append(`school-${randomUUID()}`, events(1, "AfterStop"), "no_stream");
    await new Promise((r) => setTimeout(r, 300));
    expect(await readCheckpoint(database.db, "stream_type_counts")).toBe(before);
    expect((await counts())["school/AfterStop"]).toBeUndefined();
  });

  it("a waiting page is answered by the runner in its own process, and by the database once that runner stops", async () => {
    const waitHere = createReadModelWaiter(database.db, store, [streamTypeCounts.name]);
    const here = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    await here.start();
    const first = await store.append(`school-${randomUUID()}`, events(2, "Waited"), "no_stream");
    expect(await waitHere(first.position, 5000)).toBe(true);
    // Answered only once the batch is committed: the read model already shows it.
    expect((await counts())["school/Waited"]).toBe(2);
    await here.stop();

    // Another process projects now (its own store handle); this one learns from the checkpoint.
    const elsewhere = new PostgresEventStore(database);
    const there = new ProjectorRunner(database.db, elsewhere, [streamTypeCounts], { log: () => {} });
    await there.start();
    const second = await store.append(`school-${randomUUID()}`, events(3, "Waited"), "no_stream");
    expect(await waitHere(second.position, 5000)).toBe(true);
    expect((await counts())["school/Waited"]).toBe(5);
    await there.stop();
    await elsewhere.close();

    // Nobody projects: the wait gives up, and the caller goes on.
    const third = await store.append(`school-${randomUUID()}`, events(1, "Waited"), "no_stream");
    expect(await waitHere(third.position, 300)).toBe(false);
  });

  it("a wait outlasts its bound while an older transaction elsewhere on the server holds the event back", async (ctx) => {
    // Two connections to one server: PGlite has one.
    if (!database.url) return ctx.skip();
    const waitHere = createReadModelWaiter(database.db, store, [streamTypeCounts.name]);
    const here = new ProjectorRunner(database.db, store, [streamTypeCounts], { log: () => {} });
    await here.start();
    // A transaction with an id left open on another connection, as another test file's CREATE or DROP
    // DATABASE or migration is on a busy shared server: no reader sees an event appended after it began.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      const held = await store.append(`school-${randomUUID()}`, events(1, "HeldBack"), "no_stream");
      const began = Date.now();
      const waited = waitHere(held.position);
      await new Promise((r) => setTimeout(r, 2500));
      await other.query("commit");
      // The 2 s bound counts from when the projector could read the event, not from the append.
      expect(await waited).toBe(true);
      expect(Date.now() - began).toBeGreaterThanOrEqual(2500);
      expect((await counts())["school/HeldBack"]).toBe(1);
    } finally {
      await other.end();
      await here.stop();
    }
  });
  it("projectors a batch has nothing for move their checkpoints together, in one transaction, never backwards", async () => {
    const applied = new Map<string, string[]>();
    const listening = (name: string, type: string): Projector => ({
      name,
      tables: [],
      eventTypes: [type],
      async apply(_trx, batch) {
        applied.set(name, [...(applied.get(name) ?? []), ...batch.filter((e) => e.type === type).map((e) => e.type)]);
      },
    });
    const projectors = ["a", "b", "c", "d"].map((x) => listening(`idle_${x}_test_projector`, `Idle${x.toUpperCase()}Wanted`));
    const fed = listening("fed_test_projector", "FedWanted");
    const runner = new ProjectorRunner(database.db, store, [...projectors, fed], { log: () => {} });
    await runner.start();
    const warm = await store.append(`school-${randomUUID()}`, events(1, "Warming"), "no_stream");
    const names = [...projectors, fed].map((p) => p.name);
    expect(await waitForProjectors(database.db, store, names, warm.position, 5000)).toBe(true);

    // Caught up, every follower is woken by the next append and handed the same batch.
    const batch = await store.append(`school-${randomUUID()}`, [...events(2, "FedWanted"), ...events(1, "Other")], "no_stream");
    expect(await waitForProjectors(database.db, store, names, batch.position, 5000)).toBe(true);
    await runner.stop();
    expect(applied.get(fed.name)).toEqual(["FedWanted", "FedWanted"]);
    expect(projectors.every((p) => !applied.has(p.name))).toBe(true);
    const rows = await database.db
      .selectFrom("projector_checkpoints")
      .select(["name", "position", "updated_at"])
      .where("name", "in", names)
      .execute();
    expect(rows.every((r) => r.position === batch.position)).toBe(true);
    // now() is the transaction's start: the idle four moved in one transaction, the fed one in its own.
    const idleTimes = new Set(rows.filter((r) => r.name !== fed.name).map((r) => new Date(r.updated_at).getTime()));
    expect(idleTimes.size).toBe(1);

    // Another runner has passed the position: a late idle move leaves the checkpoint where it is.
    const ahead = await store.append(`school-${randomUUID()}`, events(1, "Later"), "no_stream");
    await database.db
      .updateTable("projector_checkpoints")
      .set({ position: ahead.position })
      .where("name", "=", projectors[0].name)
      .execute();
    const moves = new GroupedCheckpointMoves(database.db, store, "projector_checkpoints");
    await Promise.all([moves.move(projectors[0].name, warm.position), moves.move(projectors[1].name, ahead.position)]);
    expect(await readCheckpoint(database.db, projectors[0].name)).toBe(ahead.position);
    expect(await readCheckpoint(database.db, projectors[1].name)).toBe(ahead.position);
    await expect(moves.move("no_such_test_projector", ahead.position)).rejects.toThrow(/no checkpoint row/);
  });
  it("subscribers a little behind one another get the events they share from one read of the database", async () => {
    let reads = 0;
    // Counts the store's reads of the global stream (not of one stream, not its head).
    const counting = database.db.withPlugin({
      transformQuery({ node }) {
        const text = node.kind === "RawNode" ? node.sqlFragments.join("?") : "";
        if (text.includes("order by es_events.transaction_id, es_events.global_position limit")) reads++;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const counted = new PostgresEventStore({ ...database, db: counting });
    const head = await store.headPosition();
    const written = [];
    for (let i = 0; i < 6; i++) written.push(await store.append(`school-${randomUUID()}`, events(5, "Tailed"), "no_stream"));
    const firstBatch = async (from: string | undefined) => {
      const subscription = counted.subscribeToAll({ from, batchSize: 500 });
      const next = await subscription[Symbol.asyncIterator]().next();
      await subscription.stop();
      return (next.value ?? []).map((e: { position: string }) => e.position);
    };
    const fromDatabase = async (from: string | undefined) => (await store.readAll({ from, maxCount: 500 })).map((e) => e.position);

    // Another database's open transaction on the same server can hold new events back for a moment (the snapshot's
    // xmin is the server's): count reads once the database shows them.
    const visible = async (from: string | undefined, last: string) => {
      while ((await fromDatabase(from)).at(-1) !== last) await new Promise((r) => setTimeout(r, 20));
    };
    await visible(head, written[5].position);
    // The one furthest behind reads; the others, each from its own checkpoint, get the same events as a read would give.
    expect(await firstBatch(head)).toEqual(await fromDatabase(head));
    expect(reads).toBe(1);
    for (const at of [written[0], written[2], written[4]]) expect(await firstBatch(at.position)).toEqual(await fromDatabase(at.position));
    expect(reads).toBe(1);

    // New events: the first to ask reads them, and the tail grows with no gap for the rest.
    const later = await store.append(`school-${randomUUID()}`, events(5, "Tailed"), "no_stream");
    await visible(written[5].position, later.position);
    expect(await firstBatch(written[5].position)).toEqual(await fromDatabase(written[5].position));
    expect(await firstBatch(written[1].position)).toEqual(await fromDatabase(written[1].position));
    expect(reads).toBe(2);
    expect((await firstBatch(written[1].position)).at(-1)).toBe(later.position);
    await counted.close();
  });
});
