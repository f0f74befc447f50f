// The one command handler, run on each event store of the contract suite: the same
// guarantees (expected revision, bounded retry, idempotent commands, snapshots) on
// Postgres, PGlite and, when one is reachable, EventStoreDB.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RuleViolation, isRuleViolation } from "../../domain/errors";
import type { Decider, Snapshots } from "../../domain/events/decider";
import { createEventRegistry } from "../../domain/events/registry";
import { createCommandHandler, createStreamsHandler, type StreamStep } from "../../eventstore/command-handler";
import { WrongExpectedVersion, type EventStore } from "../../eventstore/port";
import { handlerOnly } from "../../eventstore/command-handler";

// A tally: the smallest aggregate with a rule (never above 1,000), a no-op command and a
// snapshot, so the handler is tested apart from the cart's and the order's own rules.
type TallyEvent =
  | { type: "Counted"; data: { by: number } }
  | { type: "TallySnapshotted"; data: { total: number; counts: number } };
type TallyCommand = { type: "Count"; by: number };
interface Tally {
  total: number;
  counts: number;
}

const tallyEvents = createEventRegistry<TallyEvent>("tally", {
  Counted: { version: 1, schema: z.object({ by: z.number().int() }) },
  TallySnapshotted: { version: 1, schema: z.object({ total: z.number().int(), counts: z.number().int() }) },
});

const tallyDecider: Decider<Tally, TallyCommand, TallyEvent> = {
  initialState: () => ({ total: 0, counts: 0 }),
  evolve(state, event) {
    if (event.type === "TallySnapshotted") return { ...event.data };
    return { total: state.total + event.data.by, counts: state.counts + 1 };
  },
  decide(command, state) {
    if (command.by === 0) return [];
    if (state.total + command.by > 1000) throw new RuleViolation("tally.full", { total: state.total }, 409);
    return [{ type: "Counted", data: { by: command.by } }];
  },
};

const tallySnapshots: Snapshots<Tally, TallyEvent> = {
  every: 5,
  type: "TallySnapshotted",
  take: (state) => ({ type: "TallySnapshotted", data: { ...state } }),
};

/** The store as given, counting the events each read hands back. */
function counting(store: EventStore) {
  const counted = { eventsRead: 0, appends: 0 };
  const wrapped: EventStore = Object.create(store);
  wrapped.readStream = async (...args) => {
    const events = await store.readStream(...args);
    counted.eventsRead += events.length;
    return events;
  };
  wrapped.append = async (...args) => {
    counted.appends++;
    return store.append(...args);
  };
  return { store: wrapped, counted };
}

export function commandHandlerContract(getStore: () => EventStore): void {
  const tallyId = () => `tally-${randomUUID()}`;

  describe("the command handler", () => {
    it("appends what the decider decides at the loaded revision, and nothing for a command that changes nothing", async () => {
      const tallies = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents });
      const id = tallyId();
      const first = await tallies.handle(id, { type: "Count", by: 3 });
      expect(first).toMatchObject({ changed: true, duplicate: false, revision: 0, state: { total: 3, counts: 1 } });
      expect(first.position).toBeDefined();
      const same = await tallies.handle(id, { type: "Count", by: 0 });
      expect(same).toMatchObject({ changed: false, revision: 0 });
      expect((await getStore().readStream(id)).map((e) => e.type)).toEqual(["Counted"]);
      expect((await getStore().readStream(id))[0].metadata.schemaVersion).toBe(1);
    });

    it("appends nothing when the decider refuses, and says why", async () => {
      const tallies = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents });
      const id = tallyId();
      await tallies.handle(id, { type: "Count", by: 999 });
      const refusal = await tallies.handle(id, { type: "Count", by: 2 }).catch((e: unknown) => e);
      expect(isRuleViolation(refusal) && { key: refusal.key, values: refusal.values, status: refusal.status }).toEqual({
        key: "tally.full",
        values: { total: 999 },
        status: 409,
      });
      expect(await getStore().readStream(id)).toHaveLength(1);
    });

    it("loses no command when ten writers race on one stream: each lost race reloads and decides again", async () => {
      const tallies = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents }, { maxAttempts: 20 });
      const id = tallyId();
      await Promise.all(Array.from({ length: 10 }, (_, i) => tallies.handle(id, { type: "Count", by: i + 1 })));
      const { state, revision } = await tallies.load(id);
      expect(state).toEqual({ total: 55, counts: 10 });
      expect(revision).toBe(9);
    });

    it("decides again on the state that won the race: a rule holds across racing writers", async () => {
      const tallies = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents }, { maxAttempts: 30 });
      const id = tallyId();
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => tallies.handle(id, { type: "Count", by: 300 })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
      expect(results.filter((r) => r.status === "rejected").every((r) => isRuleViolation((r as PromiseRejectedResult).reason))).toBe(true);
      expect((await tallies.load(id)).state.total).toBe(900);
    });

    it("a handler that keeps streams folded in memory reads only what is new, and sees what other writers appended", async () => {
      const { store, counted } = counting(getStore());
      const cached = createCommandHandler(handlerOnly(store), { decider: tallyDecider, events: tallyEvents }, { maxAttempts: 20, cachedStreams: 10 });
      const other = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents });
      const id = tallyId();
      for (let i = 0; i < 5; i++) await cached.handle(id, { type: "Count", by: 1 });
      // Another process (no cache) appends behind this one's back; a rule must see it.
      await other.handle(id, { type: "Count", by: 990 });
      const loaded = await cached.load(id);
      expect(loaded).toMatchObject({ state: { total: 995, counts: 6 }, revision: 5 });
      const refusal = await cached.handle(id, { type: "Count", by: 10 }).catch((e: unknown) => e);
      expect(isRuleViolation(refusal)).toBe(true);
      // Ten racing writers through the cache still lose nothing.
      const raced = tallyId();
      await Promise.all(Array.from({ length: 10 }, () => cached.handle(raced, { type: "Count", by: 2 })));
      expect((await other.load(raced)).state).toEqual({ total: 20, counts: 10 });
      // A load of a cached stream with nothing new reads no event.
      counted.eventsRead = 0;
      await cached.load(raced);
      expect(counted.eventsRead).toBe(0);
    });

    it("gives up after the set number of lost races with the store's conflict", async () => {
      const { store, counted } = counting(getStore());
      store.append = async (streamId, _events, expected) => {
        counted.appends++;
        throw new WrongExpectedVersion(streamId, expected, 7);
      };
      const tallies = createCommandHandler(handlerOnly(store), { decider: tallyDecider, events: tallyEvents }, { maxAttempts: 3 });
      const err = await tallies.handle(tallyId(), { type: "Count", by: 1 }).catch((e: unknown) => e);
      expect((err as WrongExpectedVersion).code).toBe("WRONG_EXPECTED_VERSION");
      expect(counted.appends).toBe(3);
    });

    it("appends a command with an id once, however often and however concurrently it is sent", async () => {
      const tallies = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents }, { maxAttempts: 20 });
      const id = tallyId();
      const commandId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 5 }, () => tallies.handle(id, { type: "Count", by: 7 }, { commandId })),
      );
      expect(results.filter((r) => r.changed)).toHaveLength(1);
      const later = await tallies.handle(id, { type: "Count", by: 7 }, { commandId });
      expect(later).toMatchObject({ changed: false, duplicate: true });
      expect((await tallies.load(id)).state).toEqual({ total: 7, counts: 1 });
      // Another command with the same body is another command.
      await tallies.handle(id, { type: "Count", by: 7 }, { commandId: randomUUID() });
      expect((await tallies.load(id)).state.total).toBe(14);
    });

    it("loads a long stream from its newest snapshot: the cost stays flat as the stream grows", async () => {
      const { store, counted } = counting(getStore());
      const tallies = createCommandHandler(handlerOnly(store), { decider: tallyDecider, events: tallyEvents, snapshots: tallySnapshots });
      const id = tallyId();
      const remembered = randomUUID();
      await tallies.handle(id, { type: "Count", by: 1 }, { commandId: remembered });
      for (let i = 0; i < 40; i++) await tallies.handle(id, { type: "Count", by: 2 });
      const stored = await getStore().readStream(id);
      expect(stored.filter((e) => e.type === "TallySnapshotted").length).toBe(8);
      counted.eventsRead = 0;
      const loaded = await tallies.load(id);
      expect(loaded.state).toEqual({ total: 81, counts: 41 });
      expect(loaded.revision).toBe(stored.length - 1);
      expect(counted.eventsRead).toBeLessThanOrEqual(tallySnapshots.every);
      // The same fold from the first event gives the same state.
      const full = tallyEvents.readAll(stored).reduce(tallyDecider.evolve, tallyDecider.initialState());
      expect(full).toEqual(loaded.state);
      // A command appended long before the newest snapshot is still known by its id.
      expect(await tallies.handle(id, { type: "Count", by: 1 }, { commandId: remembered })).toMatchObject({ duplicate: true });
    });

    it("reads a long stream written before snapshots whole once, and its next change adds one", async () => {
      const plain = createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents });
      const id = tallyId();
      for (let i = 0; i < 12; i++) await plain.handle(id, { type: "Count", by: 1 });
      const { store, counted } = counting(getStore());
      const tallies = createCommandHandler(handlerOnly(store), { decider: tallyDecider, events: tallyEvents, snapshots: tallySnapshots });
      expect((await tallies.load(id)).state).toEqual({ total: 12, counts: 12 });
      await tallies.handle(id, { type: "Count", by: 1 });
      expect((await getStore().readStream(id)).at(-1)?.type).toBe("TallySnapshotted");
      counted.eventsRead = 0;
      expect((await tallies.load(id)).state).toEqual({ total: 13, counts: 13 });
      expect(counted.eventsRead).toBeLessThanOrEqual(tallySnapshots.every);
    });
  });

  describe("a command over several streams", () => {
    const tallies = () => createCommandHandler(handlerOnly(getStore()), { decider: tallyDecider, events: tallyEvents });
    const modes = () => (getStore().appendsToStreamsAtomically ? [true, false] : [false]);

    /** The store, but another writer counts 100 on `streamId` between a plan and its append, once. */
    function movedOnce(handler: ReturnType<typeof tallies>, streamId: string): EventStore {
      let interfere = true;
      const store: EventStore = Object.create(getStore());
      store.append = async (id, events, expected) => {
        if (id === streamId && interfere) {
          interfere = false;
          await handler.handle(streamId, { type: "Count", by: 100 });
        }
        return getStore().append(id, events, expected);
      };
      return store;
    }

    /** Counts `by` on each stream at once, one command: the smallest command over several streams. */
    function countAll(handler: ReturnType<typeof tallies>, streams: string[], by: number, commandId?: string, undo?: (id: string) => () => Promise<unknown>) {
      return async () => {
        const steps: StreamStep[] = [];
        for (const id of streams) {
          const prepared = handler.prepare(id, await handler.load(id), { type: "Count", by }, commandId ? { commandId } : {});
          if (prepared) steps.push({ prepared, handler, ...(undo ? { undo: undo(id) } : {}) });
        }
        return { steps, answer: (results: { position: unknown }[]) => results.length };
      };
    }

    for (const atomic of [true, false]) {
      const mode = atomic ? "one atomic append" : "appends in order";
      it(`${mode}: every stream gets its events, and a refusal on any stream appends nothing anywhere`, async (context) => {
        if (!modes().includes(atomic)) context.skip();
        const handler = tallies();
        const streams = createStreamsHandler(handlerOnly(getStore()), { atomic });
        const [a, b] = [tallyId(), tallyId()];
        expect(await streams.handle({ plan: countAll(handler, [a, b], 5, randomUUID()) })).toBe(2);
        await handler.handle(b, { type: "Count", by: 990 });
        const refusal = await streams.handle({ plan: countAll(handler, [a, b], 10, randomUUID()) }).catch((e: unknown) => e);
        expect(isRuleViolation(refusal) && refusal.key).toBe("tally.full");
        expect((await handler.load(a)).state.total).toBe(5);
        expect((await handler.load(b)).state.total).toBe(995);
      });

      it(`${mode}: ten commands racing over the same two streams all land, each decided again after a lost race`, async (context) => {
        if (!modes().includes(atomic)) context.skip();
        const handler = tallies();
        const streams = createStreamsHandler(handlerOnly(getStore()), { atomic, maxAttempts: 40 });
        const [a, b] = [tallyId(), tallyId()];
        // Each command named: where streams are appended one by one, a retry finds the streams it already reached.
        await Promise.all(Array.from({ length: 10 }, (_, i) => streams.handle({ plan: countAll(handler, [a, b], i + 1, randomUUID()) })));
        expect((await handler.load(a)).state).toEqual({ total: 55, counts: 10 });
        expect((await handler.load(b)).state).toEqual({ total: 55, counts: 10 });
      });

      it(`${mode}: a command with an id changes each stream once, however often and however concurrently it is sent`, async (context) => {
        if (!modes().includes(atomic)) context.skip();
        const handler = tallies();
        const streams = createStreamsHandler(handlerOnly(getStore()), { atomic, maxAttempts: 40 });
        const [a, b] = [tallyId(), tallyId()];
        const commandId = randomUUID();
        await Promise.all(Array.from({ length: 5 }, () => streams.handle({ plan: countAll(handler, [a, b], 7, commandId) })));
        await streams.handle({ plan: countAll(handler, [a, b], 7, commandId) });
        expect((await handler.load(a)).state).toEqual({ total: 7, counts: 1 });
        expect((await handler.load(b)).state).toEqual({ total: 7, counts: 1 });
      });
    }

    it("appends in order: a later stream's lost race undoes the provisional steps before it, and the retry lands once", async () => {
      const handler = tallies();
      const [a, b] = [tallyId(), tallyId()];
      const store = movedOnce(handler, b);
      const undone: string[] = [];
      const streams = createStreamsHandler(handlerOnly(store), { atomic: false });
      const undo = (id: string) => async () => {
        undone.push(id);
        await handler.handle(id, { type: "Count", by: -3 });
      };
      await streams.handle({ plan: countAll(handler, [a, b], 3, undefined, (id) => (id === a ? undo(id) : undefined!)) });
      expect(undone).toEqual([a]);
      // a: counted, undone, counted again; b: the other writer's 100 and this command's 3.
      expect((await handler.load(a)).state.total).toBe(3);
      expect((await handler.load(b)).state.total).toBe(103);
    });

    it("appends in order: a step after the stored one is decided again on its own when its stream moved, not lost", async () => {
      const handler = tallies();
      const [a, b] = [tallyId(), tallyId()];
      const store = movedOnce(handler, b);
      const streams = createStreamsHandler(handlerOnly(store), { atomic: false });
      const commandId = randomUUID();
      const plan = async () => {
        const first = handler.prepare(a, await handler.load(a), { type: "Count", by: 3 }, { commandId });
        const then = handler.prepare(b, await handler.load(b), { type: "Count", by: 4 });
        return {
          steps: [
            { prepared: first!, handler },
            { prepared: then!, handler, redo: () => handler.handle(b, { type: "Count", by: 4 }) },
          ],
          answer: (results: { duplicate: boolean }[]) => results.length,
        };
      };
      expect(await streams.handle({ plan })).toBe(2);
      expect((await handler.load(a)).state).toEqual({ total: 3, counts: 1 });
      expect((await handler.load(b)).state).toEqual({ total: 104, counts: 2 });
    });

    it("gives up after the set number of lost races with the command's own refusal", async () => {
      const handler = tallies();
      const store: EventStore = Object.create(getStore());
      let appends = 0;
      store.append = async (streamId, _events, expected) => {
        appends++;
        throw new WrongExpectedVersion(streamId, expected, 7);
      };
      store.appendToStreams = async (appendsList) => {
        appends++;
        throw new WrongExpectedVersion(appendsList[0].streamId, appendsList[0].expectedRevision, 7);
      };
      const streams = createStreamsHandler(handlerOnly(store), { maxAttempts: 3, atomic: getStore().appendsToStreamsAtomically });
      const busy = new RuleViolation("tally.busy", {}, 409);
      const err = await streams.handle({ plan: countAll(handler, [tallyId(), tallyId()], 1, randomUUID()), busy: () => busy }).catch((e: unknown) => e);
      expect(err).toBe(busy);
      expect(appends).toBe(3);
    });
  });
}
