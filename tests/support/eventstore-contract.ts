import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  isWrongExpectedVersion,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from "../../eventstore/port";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { ERASED } from "../../domain/privacy/erased";
import { orderSubject } from "../../domain/privacy/subjects";
import { SEALED_FOR, type EventSealer } from "../../eventstore/sealing";
import { commandHandlerContract } from "./command-handler-contract";
import { stockContract } from "./stock-contract";
import { paymentContract } from "./payment-contract";
import { withTimeout } from "./time";

export interface ContractSubject {
  store: EventStore;
  /** A migrated database for what lives beside the store (products, read models): the stock contract uses it. */
  db: Kysely<DB>;
  /**
   * Appends while holding the writer's transaction open for `sleepMs` before
   * commit, where the adapter has such transactions (Postgres). The gap test
   * uses it to commit out of position order.
   */
  appendSlowly?(streamId: string, events: NewEvent[], expected: ExpectedRevision, sleepMs: number): Promise<void>;
  /**
   * The same store sealing personal fields with `sealer` (decision 121; its keys in `db`), as the
   * shop runs it; `store` above reads what it stored without opening it.
   */
  sealed: { store: EventStore; sealer: EventSealer };
  close(): Promise<void>;
}

export interface ContractOptions {
  /** Why the suite cannot run here, or undefined to run it. */
  skipReason?: string;
  /** Events each of the 8 writers appends in the gap test. */
  eventsPerWriter?: number;
}

const event = (type: string, data: unknown = {}): NewEvent => ({ id: randomUUID(), type, data });

async function expectWrongVersion(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, "expected a WrongExpectedVersion error").toBeDefined();
  expect(isWrongExpectedVersion(err)).toBe(true);
}

/**
 * Reads the whole global stream after `from`, keeping only the given streams,
 * until `expected` events are there (bounded). A committed event may stay out
 * of sight for a moment while an older transaction elsewhere on the server is
 * still open: readers wait for it rather than skip it.
 */
async function readAllOf(
  store: EventStore,
  streams: Set<string>,
  from?: string,
  expected = 0,
): Promise<RecordedEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const out: RecordedEvent[] = [];
    let position = from;
    for (;;) {
      const page = await store.readAll({ from: position, maxCount: 500 });
      if (page.length === 0) break;
      for (const e of page) if (streams.has(e.streamId)) out.push(e);
      position = page[page.length - 1].position;
    }
    if (out.length >= expected || Date.now() > deadline) return out;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The one contract every event store adapter keeps. Streams get random names
 * so the suite can run against a store that already holds other events.
 */
export function eventStoreContract(
  name: string,
  open: () => Promise<ContractSubject>,
  options: ContractOptions = {},
): void {
  const suite = options.skipReason ? describe.skip : describe;
  if (options.skipReason) console.log(`event store contract (${name}) skipped: ${options.skipReason}`);

  suite(`event store contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: EventStore;
    const stream = (label: string) => `contract${label}-${randomUUID()}`;

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.close();
    });

    commandHandlerContract(() => store);
    stockContract(() => ({ store, db: subject.db }));
    paymentContract(() => ({ store, db: subject.db }));

    describe("expected revision", () => {
      it("no_stream creates a stream whose first event is revision 0", async () => {
        const id = stream("new");
        const result = await store.append(id, [event("A"), event("B")], "no_stream");
        expect(result.nextExpectedRevision).toBe(1);
        const events = await store.readStream(id);
        expect(events.map((e) => [e.type, e.revision])).toEqual([
          ["A", 0],
          ["B", 1],
        ]);
      });

      it("no_stream on an existing stream is refused and writes nothing", async () => {
        const id = stream("exists");
        await store.append(id, [event("A")], "no_stream");
        await expectWrongVersion(store.append(id, [event("B")], "no_stream"));
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(["A"]);
      });

      it("an exact revision appends when it matches and is refused when it does not", async () => {
        const id = stream("exact");
        await store.append(id, [event("A")], "no_stream");
        const ok = await store.append(id, [event("B")], 0);
        expect(ok.nextExpectedRevision).toBe(1);
        await expectWrongVersion(store.append(id, [event("C")], 0));
        await expectWrongVersion(store.append(id, [event("C")], 5));
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(["A", "B"]);
      });

      it("the conflict error names the stream and the actual revision", async () => {
        const id = stream("actual");
        await store.append(id, [event("A"), event("B"), event("C")], "no_stream");
        const err = await store.append(id, [event("D")], 0).catch((e: unknown) => e);
        expect(isWrongExpectedVersion(err)).toBe(true);
        if (isWrongExpectedVersion(err)) {
          expect(err.streamId).toBe(id);
          expect(err.actual).toBe(2);
        }
      });

      it("stream_exists needs the stream; any never refuses", async () => {
        const id = stream("exists2");
        await expectWrongVersion(store.append(id, [event("A")], "stream_exists"));
        expect(await store.readStream(id)).toEqual([]);
        await store.append(id, [event("A")], "any");
        const ok = await store.append(id, [event("B")], "stream_exists");
        expect(ok.nextExpectedRevision).toBe(1);
        const any = await store.append(id, [event("C")], "any");
        expect(any.nextExpectedRevision).toBe(2);
      });

      it("only one of many racing first appends to a stream wins", async () => {
        const id = stream("race");
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.append(id, [event(`W${i}`)], "no_stream")),
        );
        const won = results.filter((r) => r.status === "fulfilled");
        expect(won).toHaveLength(1);
        for (const r of results) if (r.status === "rejected") expect(isWrongExpectedVersion(r.reason)).toBe(true);
        expect(await store.readStream(id)).toHaveLength(1);
      });
    });

    describe("idempotent re-append", () => {
      it("appending the same event ids at the same expected revision writes them once", async () => {
        const id = stream("idem");
        const batch = [event("A"), event("B")];
        const first = await store.append(id, batch, "no_stream");
        const again = await store.append(id, batch, "no_stream");
        expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(store.comparePositions(again.position, first.position)).toBe(0);
        expect(await store.readStream(id)).toHaveLength(2);

        const next = [event("C")];
        await store.append(id, next, 1);
        await store.append(id, next, 1);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(["A", "B", "C"]);
      });
    });

    describe("appending to several streams", () => {
      it("appends each stream at its own expected revision and answers per stream", async () => {
        const order = stream("order");
        const cart = stream("cart");
        await store.append(cart, [event("ItemAdded")], "no_stream");
        const results = await store.appendToStreams([
          { streamId: order, events: [event("OrderPlaced")], expectedRevision: "no_stream" },
          { streamId: cart, events: [event("CartCheckedOut")], expectedRevision: 0 },
        ]);
        expect(results.map((r) => [r.nextExpectedRevision, r.duplicate])).toEqual([
          [0, false],
          [1, false],
        ]);
        const [placed] = await store.readStream(order);
        const [, checkedOut] = await store.readStream(cart);
        expect(store.comparePositions(results[0].position, placed.position)).toBe(0);
        expect(store.comparePositions(results[1].position, checkedOut.position)).toBe(0);
        // The global stream has them in the order given.
        expect(store.comparePositions(placed.position, checkedOut.position)).toBeLessThan(0);
      });

      it("a refused stream is named; where atomic, the streams before it are left as they were", async () => {
        const order = stream("order");
        const cart = stream("cart");
        await store.append(cart, [event("ItemAdded"), event("ItemAdded")], "no_stream");
        const err = await store
          .appendToStreams([
            { streamId: order, events: [event("OrderPlaced")], expectedRevision: "no_stream" },
            { streamId: cart, events: [event("CartCheckedOut")], expectedRevision: 0 },
          ])
          .catch((e: unknown) => e);
        expect(isWrongExpectedVersion(err)).toBe(true);
        if (isWrongExpectedVersion(err)) {
          expect(err.streamId).toBe(cart);
          expect(err.actual).toBe(1);
        }
        expect(await store.readStream(order)).toHaveLength(store.appendsToStreamsAtomically ? 0 : 1);
        expect(await store.readStream(cart)).toHaveLength(2);
      });

      it("the same appends again write nothing new", async () => {
        const order = stream("order");
        const cart = stream("cart");
        const appends = [
          { streamId: order, events: [event("OrderPlaced")], expectedRevision: "no_stream" as const },
          { streamId: cart, events: [event("CartCheckedOut")], expectedRevision: "no_stream" as const },
        ];
        const first = await store.appendToStreams(appends);
        const again = await store.appendToStreams(appends);
        expect(again.map((r) => r.duplicate)).toEqual([true, true]);
        expect(store.comparePositions(again[1].position, first[1].position)).toBe(0);
        expect(await store.readStream(order)).toHaveLength(1);
        expect(await store.readStream(cart)).toHaveLength(1);
      });
    });

    describe("reading", () => {
      it("reads a stream forwards and backwards, from a revision, up to a count", async () => {
        const id = stream("read");
        await store.append(id, ["A", "B", "C", "D", "E"].map((t) => event(t, { t })), "no_stream");
        const all = await store.readStream(id);
        expect(all.map((e) => e.type)).toEqual(["A", "B", "C", "D", "E"]);
        expect(all[2].data).toEqual({ t: "C" });
        expect(all[0].streamId).toBe(id);
        expect(all[0].createdAt).toBeInstanceOf(Date);
        expect((await store.readStream(id, { direction: "backwards" })).map((e) => e.type)).toEqual([
          "E", "D", "C", "B", "A",
        ]);
        expect((await store.readStream(id, { fromRevision: 3 })).map((e) => e.type)).toEqual(["D", "E"]);
        expect((await store.readStream(id, { direction: "backwards", fromRevision: 1 })).map((e) => e.type)).toEqual([
          "B", "A",
        ]);
        expect((await store.readStream(id, { maxCount: 2 })).map((e) => e.type)).toEqual(["A", "B"]);
        expect(await store.readStream(stream("missing"))).toEqual([]);
      });

      it("keeps metadata", async () => {
        const id = stream("meta");
        await store.append(id, [{ ...event("A"), metadata: { actor: "admin-1" } }], "no_stream");
        const [e] = await store.readStream(id);
        expect(e.metadata).toMatchObject({ actor: "admin-1" });
      });

      it("reads all streams in one global order, from any position onwards", async () => {
        const a = stream("allA");
        const b = stream("allB");
        const mine = new Set([a, b]);
        const before = await store.headPosition();
        await store.append(a, [event("A1")], "no_stream");
        await store.append(b, [event("B1")], "no_stream");
        await store.append(a, [event("A2")], 0);
        const events = await readAllOf(store, mine, before, 3);
        expect(events.map((e) => e.type)).toEqual(["A1", "B1", "A2"]);
        for (let i = 1; i < events.length; i++) {
          expect(store.comparePositions(events[i - 1].position, events[i].position)).toBeLessThan(0);
        }
        const rest = await readAllOf(store, mine, events[0].position, 2);
        expect(rest.map((e) => e.type)).toEqual(["B1", "A2"]);
        expect(store.comparePositions(undefined, events[0].position)).toBeLessThan(0);
        expect(store.comparePositions(await store.headPosition(), events[2].position)).toBeGreaterThanOrEqual(0);
        expect(await store.countAfter(events[0].position)).toBeGreaterThanOrEqual(2);
      });
    });

    describe("subscriptions", () => {
      it("catches up, then delivers new events live", async () => {
        const id = stream("live");
        const before = await store.headPosition();
        await store.append(id, [event("old")], "no_stream");
        const subscription = store.subscribeToAll({ from: before });
        const seen: string[] = [];
        const done = (async () => {
          for await (const batch of subscription) {
            for (const e of batch) if (e.streamId === id) seen.push(e.type);
            if (seen.length >= 2) break;
          }
        })();
        await new Promise((r) => setTimeout(r, 100));
        await store.append(id, [event("new")], 0);
        await withTimeout(done, 10_000, "live event not delivered");
        await subscription.stop();
        expect(seen).toEqual(["old", "new"]);
      });

      it("resumes from a checkpoint after a restart without repeating or missing events", async () => {
        const id = stream("resume");
        const before = await store.headPosition();
        await store.append(id, [event("1"), event("2"), event("3")], "no_stream");
        let checkpoint = before;
        const first: string[] = [];
        const sub1 = store.subscribeToAll({ from: before, batchSize: 1 });
        for await (const batch of sub1) {
          for (const e of batch) {
            checkpoint = e.position;
            if (e.streamId === id) first.push(e.type);
          }
          if (first.length === 2) break;
        }
        await sub1.stop();
        await store.append(id, [event("4")], 2);
        const second: string[] = [];
        const sub2 = store.subscribeToAll({ from: checkpoint });
        await withTimeout(
          (async () => {
            for await (const batch of sub2) {
              for (const e of batch) if (e.streamId === id) second.push(e.type);
              if (second.length >= 2) break;
            }
          })(),
          10_000,
          "resumed subscription stalled",
        );
        await sub2.stop();
        expect(first).toEqual(["1", "2"]);
        expect(second).toEqual(["3", "4"]);
      });
    });

    describe("sealing personal fields (decision 121)", () => {
      /** A parent's note on an order: its words and the parent's name are personal, sealed under the order's key. */
      const note = (orderId: string, who: string): NewEvent => ({
        id: randomUUID(),
        type: "OrderNoteAdded",
        data: { orderId, text: `Please ring ${who} at the gate`, actor: { kind: "guest", name: who }, at: "2026-11-26T06:00:00.000Z" },
      });
      const someone = () => `Bhanwari Devi${Math.floor(Math.random() * 1e9)}`;
      /** The stream's events as a subscriber from `from` sees them, once `count` have come. */
      async function subscribed(sealedStore: EventStore, id: string, from: string | undefined, count: number): Promise<RecordedEvent[]> {
        const subscription = sealedStore.subscribeToAll({ from });
        const seen: RecordedEvent[] = [];
        await withTimeout(
          (async () => {
            for await (const batch of subscription) {
              for (const e of batch) if (e.streamId === id) seen.push(e);
              if (seen.length >= count) break;
            }
          })(),
          10_000,
          "the sealed events were not delivered",
        );
        await subscription.stop();
        return seen;
      }
      const noteOf = (e: RecordedEvent) => e.data as { text: string; actor: { name: string } };

      it("stores the personal fields sealed, and reads them open by stream, from $all and in a subscription", async () => {
        const { store: sealedStore } = subject.sealed;
        const orderId = randomUUID();
        const id = `order-${orderId}`;
        const who = someone();
        const before = await store.headPosition();
        await sealedStore.append(id, [note(orderId, who)], "no_stream");
        const [stored] = await store.readStream(id);
        expect(JSON.stringify([stored.data, stored.metadata])).not.toContain("Bhanwari");
        expect(stored.metadata[SEALED_FOR]).toBe(orderSubject(orderId));
        const [read] = await sealedStore.readStream(id);
        expect(noteOf(read)).toMatchObject({ text: `Please ring ${who} at the gate`, actor: { name: who } });
        // Readers see the event as it was decided: the seal is the store's own business.
        expect(read.metadata[SEALED_FOR]).toBeUndefined();
        const [fromAll] = await readAllOf(sealedStore, new Set([id]), before, 1);
        expect(noteOf(fromAll).actor.name).toBe(who);
        const [live] = await subscribed(sealedStore, id, before, 1);
        expect(noteOf(live).actor.name).toBe(who);
      });

      it("seals each stream's events of an append to several streams", async () => {
        const { store: sealedStore } = subject.sealed;
        const [a, b] = [randomUUID(), randomUUID()];
        const who = someone();
        await sealedStore.appendToStreams([
          { streamId: `order-${a}`, events: [note(a, who)], expectedRevision: "no_stream" },
          { streamId: `order-${b}`, events: [note(b, who)], expectedRevision: "no_stream" },
        ]);
        for (const orderId of [a, b]) {
          const [stored] = await store.readStream(`order-${orderId}`);
          expect(JSON.stringify(stored.data)).not.toContain("Bhanwari");
          expect(stored.metadata[SEALED_FOR]).toBe(orderSubject(orderId));
          expect(noteOf((await sealedStore.readStream(`order-${orderId}`))[0]).actor.name).toBe(who);
        }
      });

      it("reads an erased person's fields as erased everywhere, and stores their next event erased", async () => {
        const { store: sealedStore, sealer } = subject.sealed;
        const orderId = randomUUID();
        const id = `order-${orderId}`;
        const who = someone();
        const before = await store.headPosition();
        await sealedStore.append(id, [note(orderId, who)], "no_stream");
        expect(noteOf((await sealedStore.readStream(id))[0]).actor.name).toBe(who);
        await sealer.erase([orderSubject(orderId)]);
        await sealedStore.append(id, [note(orderId, who)], 0);
        const erased = { text: ERASED, actor: { kind: "guest", name: ERASED } };
        expect((await sealedStore.readStream(id)).map(noteOf)).toEqual([expect.objectContaining(erased), expect.objectContaining(erased)]);
        expect((await readAllOf(sealedStore, new Set([id]), before, 2)).map(noteOf)).toEqual([expect.objectContaining(erased), expect.objectContaining(erased)]);
        expect((await subscribed(sealedStore, id, before, 2)).map(noteOf)).toEqual([expect.objectContaining(erased), expect.objectContaining(erased)]);
        // What is stored holds the name nowhere: the first event's key is gone, the second was never sealed under one.
        expect(JSON.stringify(await store.readStream(id))).not.toContain("Bhanwari");
      });
    });

    describe("no gaps under concurrent writers", () => {
      it("every subscriber sees every event exactly once, all in the same order", async () => {
        const writers = 8;
        const perWriter = options.eventsPerWriter ?? 250;
        const streams = Array.from({ length: writers }, (_, i) => stream(`gap${i}`));
        const mine = new Set(streams);
        const total = writers * perWriter;
        const before = await store.headPosition();

        const subscribers = Array.from({ length: 3 }, () => {
          const subscription = store.subscribeToAll({ from: before, batchSize: 200 });
          const seen: string[] = [];
          const done = (async () => {
            for await (const batch of subscription) {
              for (const e of batch) if (mine.has(e.streamId)) seen.push(e.id);
              if (seen.length >= total) break;
            }
          })();
          return { subscription, seen, done };
        });

        await Promise.all(
          streams.map(async (id, w) => {
            for (let i = 0; i < perWriter; i++) {
              const batch = [event(`E${i}`, { writer: w, i })];
              const expected = i === 0 ? "no_stream" : i - 1;
              // Some writers hold their transaction open before commit, so later
              // positions commit first: the case a naive reader skips.
              if (subject.appendSlowly && w % 3 === 0 && i % 10 === 0) {
                await subject.appendSlowly(id, batch, expected, 20 + (i % 30));
              } else {
                await store.append(id, batch, expected);
              }
            }
          }),
        );

        await withTimeout(Promise.all(subscribers.map((s) => s.done)), 60_000, "subscribers missed events");
        await Promise.all(subscribers.map((s) => s.subscription.stop()));
        const written = (await readAllOf(store, mine, before, total)).map((e) => e.id);
        expect(written).toHaveLength(total);
        expect(new Set(written).size).toBe(total);
        for (const s of subscribers) {
          expect(s.seen).toHaveLength(total);
          expect(s.seen).toEqual(written);
        }
        for (const id of streams) {
          const revisions = (await store.readStream(id)).map((e) => e.revision);
          expect(revisions).toEqual(Array.from({ length: perWriter }, (_, i) => i));
        }
      });
    });
  });
}
