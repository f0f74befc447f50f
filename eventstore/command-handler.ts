/**
 * The one way the shop changes state (decision 092): load a stream, fold it, let the
 * aggregate's pure decider decide, append the new events at the revision the decision
 * was made on. A lost race (another tab, another admin) reloads and decides again, a
 * bounded number of times; a command carrying an id is appended once however often it
 * is sent. Every aggregate (cart, order, and the streams that come next) is a `Decider`
 * in domain/ plus its event registry; nothing else appends.
 *
 * Tested by the event-store contract suite (tests/support/command-handler-contract.ts) on
 * Postgres and PGlite; on EventStoreDB only when EVENTSTORE_URL is set, which it has not
 * been here: the backwards snapshot read and the idempotent re-append are unproven there.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Decider, Snapshots } from "../domain/events/decider";
import type { EventRegistry } from "../domain/events/registry";
import {
  isWrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ShopEvents,
  type Position,
  type RecordedEvent,
  type StreamAppend,
} from "./port";
import { KeyedLock } from "./keyed-lock";

type AnyEvent = { type: string; data: unknown };

export type { Decider, Snapshots };

export interface Aggregate<State, Command, Event extends AnyEvent> {
  decider: Decider<State, Command, Event>;
  events: EventRegistry<Event>;
  snapshots?: Snapshots<State, Event>;
}

/** The folded state of one stream and where it was read. */
export interface Loaded<State> {
  state: State;
  /** Revision of the stream's last event; -1 when the stream does not exist. */
  revision: number;
  /** Position of the stream's last event; undefined when it does not exist. */
  position: Position | undefined;
  /** Ids of commands already appended that this load saw (for idempotent replays). */
  commandIds: ReadonlySet<string>;
  /** Events after the newest snapshot (all of them when there is none). */
  sinceSnapshot: number;
}

export interface CommandOptions {
  /**
   * Names the command: sent again, it is answered from the stream instead of being decided
   * a second time. Its events get ids derived from it, so even an append whose answer was
   * lost (a timeout after the store committed) is not repeated.
   */
  commandId?: string;
  /** Stored with every event of this command (for example who asked). */
  metadata?: Record<string, unknown>;
}

export interface Prepared<State, Event extends AnyEvent> {
  /** The append to make; give it to `store.append` or, beside other streams, to `appendToStreams`. */
  append: StreamAppend;
  /** The events decided (without a snapshot the handler added). */
  events: Event[];
  /** The state after them. */
  state: State;
  /** The stream as it will be once the append is made (its position unknown until then). */
  after: Loaded<State>;
}

export interface Handled<State, Event extends AnyEvent> {
  /** False when the command changed nothing (or was a repeat of one already appended). */
  changed: boolean;
  /** True when `commandId` had been appended already: nothing new was stored. */
  duplicate: boolean;
  events: Event[];
  state: State;
  revision: number;
  /** Where the stream's last event is: wait for projectors to pass it to read your write. */
  position: Position | undefined;
}

/** Metadata key holding the command id an event came from. */
export const COMMAND_ID = "commandId";
/** Metadata key of a snapshot: command ids seen in the events it replaces, so a late repeat is still known. */
const SNAPSHOT_COMMAND_IDS = "commandIds";
/** How many command ids a snapshot remembers. */
const REMEMBERED_COMMANDS = 100;

/** A UUID (version 8: custom) from a hash: the same input always names the same event. */
export function uuidFromHash(input: string): string {
  const bytes = createHash("sha256").update(input).digest().subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x80;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A command, or several decided one after another on the same stream (`prepareMany`). */
type OneOrMany<Command> = Command | readonly Command[];
const isMany = <Command>(command: OneOrMany<Command>): command is readonly Command[] => Array.isArray(command);

export const expectedRevisionOf = (revision: number): ExpectedRevision => (revision < 0 ? "no_stream" : revision);

export interface CommandHandlerOptions {
  /** Attempts for one command when other writers keep winning the race. */
  maxAttempts?: number;
  /**
   * Keep the folded state of up to this many streams in memory: a load then reads only the
   * events appended since (usually none or one) instead of the stream from its snapshot. For
   * a few hot streams every order touches (a product's stock); a stale entry costs a longer
   * read, never a wrong decision (the append's expected revision still guards it).
   */
  cachedStreams?: number;
}

/**
 * The store as services and routes hold it (decision 162): an `EventReader` whose appender only this
 * module opens. For the composition roots (server/runtime.ts, bin/) and tests that open a store.
 */
export function handlerOnly(store: EventStore): ShopEvents {
  return store as unknown as ShopEvents;
}

/** The appender a service handed over: the one place in the shop that opens it. */
function opened(events: ShopEvents): EventStore {
  return events as unknown as EventStore;
}

export function createCommandHandler<State, Command, Event extends AnyEvent>(
  shopEvents: ShopEvents,
  aggregate: Aggregate<State, Command, Event>,
  options: CommandHandlerOptions = {},
) {
  const store = opened(shopEvents);
  const { decider, events: registry, snapshots } = aggregate;
  const maxAttempts = options.maxAttempts ?? 10;

  /** Reads and folds events already fetched (through the aggregate's registry); `fold([])` is a stream not yet begun. */
  function fold(stored: readonly RecordedEvent[], commandIds = new Set<string>()): Loaded<State> {
    return foldOnto({ state: decider.initialState(), revision: -1, position: undefined, commandIds, sinceSnapshot: 0 }, stored);
  }

  /** Folds the events after `loaded` onto it (`commandIds` is extended in place). */
  function foldOnto(loaded: Loaded<State> & { commandIds: Set<string> }, stored: readonly RecordedEvent[]): Loaded<State> {
    const { commandIds } = loaded;
    let { state, sinceSnapshot } = loaded;
    for (const recorded of stored) {
      const event = registry.read(recorded);
      state = decider.evolve(state, event);
      sinceSnapshot = snapshots && event.type === snapshots.type ? 0 : sinceSnapshot + 1;
      const remembered = recorded.metadata[SNAPSHOT_COMMAND_IDS];
      if (Array.isArray(remembered)) for (const id of remembered) if (typeof id === "string") commandIds.add(id);
      const commandId = recorded.metadata[COMMAND_ID];
      if (typeof commandId === "string") commandIds.add(commandId);
    }
    const last = stored.at(-1);
    return last ? { state, revision: last.revision, position: last.position, commandIds, sinceSnapshot } : { ...loaded, state, sinceSnapshot };
  }

  const cache = new Map<string, Loaded<State>>();
  const cacheSize = options.cachedStreams ?? 0;

  /** The stream's events from its newest snapshot on (the whole stream when it has none). */
  async function readFromSnapshot(streamId: string): Promise<RecordedEvent[]> {
    if (!snapshots) return store.readStream(streamId);
    // After every append fewer than `every` events follow the newest snapshot, so one
    // backwards read of `every` events reaches it (or the stream's start).
    const newest = await store.readStream(streamId, { direction: "backwards", maxCount: snapshots.every });
    const at = newest.findIndex((event) => event.type === snapshots.type);
    if (at >= 0) return newest.slice(0, at + 1).reverse();
    if (newest.length < snapshots.every) return newest.reverse();
    // A long stream from before snapshots: read whole once; its next change adds a snapshot.
    return store.readStream(streamId);
  }

  async function load(streamId: string): Promise<Loaded<State>> {
    if (cacheSize === 0) return fold(await readFromSnapshot(streamId));
    const cached = cache.get(streamId);
    const loaded = cached
      ? foldOnto(
          { ...cached, commandIds: new Set(cached.commandIds) },
          await store.readStream(streamId, { fromRevision: cached.revision + 1 }),
        )
      : fold(await readFromSnapshot(streamId));
    if (loaded.revision >= 0) remember(streamId, loaded);
    return loaded;
  }

  function remember(streamId: string, loaded: Loaded<State>) {
    // Most recently used last: the oldest entry goes first when the cache is full.
    cache.delete(streamId);
    cache.set(streamId, loaded);
    if (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
  }

  /**
   * Decides `command` on a loaded state and says what to append, or null when nothing
   * changes. Pure apart from the ids it draws; appends nothing.
   */
  function prepare(
    streamId: string,
    loaded: Loaded<State>,
    command: Command,
    commandOptions: CommandOptions = {},
  ): Prepared<State, Event> | null {
    return prepareDecided(streamId, loaded, (state) => decider.decide(command, state), commandOptions);
  }

  /**
   * Several commands on one stream, each decided on the state the ones before it left, as one
   * append (a re-opened order's stock held again and shipped at once). One command id names them all.
   */
  function prepareMany(
    streamId: string,
    loaded: Loaded<State>,
    commands: readonly Command[],
    commandOptions: CommandOptions = {},
  ): Prepared<State, Event> | null {
    return prepareDecided(
      streamId,
      loaded,
      (state) => {
        const decided: Event[] = [];
        let current = state;
        for (const command of commands) {
          const events = decider.decide(command, current);
          decided.push(...events);
          current = events.reduce(decider.evolve, current);
        }
        return decided;
      },
      commandOptions,
    );
  }

  function prepareDecided(
    streamId: string,
    loaded: Loaded<State>,
    decide: (state: State) => Event[],
    commandOptions: CommandOptions,
  ): Prepared<State, Event> | null {
    const { commandId, metadata } = commandOptions;
    if (commandId !== undefined && loaded.commandIds.has(commandId)) return null;
    const decided = decide(loaded.state);
    if (decided.length === 0) return null;
    const state = decided.reduce(decider.evolve, loaded.state);
    const stamped = commandId === undefined ? metadata : { ...metadata, [COMMAND_ID]: commandId };
    const toStore = decided.map((event, index) =>
      registry.toAppend(
        event,
        commandId === undefined ? randomUUID() : uuidFromHash(`${streamId}\n${commandId}\n${index}`),
        stamped,
      ),
    );
    if (snapshots && loaded.sinceSnapshot + decided.length >= snapshots.every) {
      const remembered = [...loaded.commandIds, ...(commandId === undefined ? [] : [commandId])].slice(-REMEMBERED_COMMANDS);
      toStore.push(
        registry.toAppend(snapshots.take(state), uuidFromHash(`${streamId}\nsnapshot\n${loaded.revision + decided.length}`), {
          [SNAPSHOT_COMMAND_IDS]: remembered,
        }),
      );
    }
    const snapshotted = toStore.length > decided.length;
    return {
      append: { streamId, events: toStore, expectedRevision: expectedRevisionOf(loaded.revision) },
      events: decided,
      state,
      after: {
        state,
        revision: loaded.revision + toStore.length,
        position: undefined,
        commandIds: commandId === undefined ? loaded.commandIds : new Set([...loaded.commandIds, commandId]),
        sinceSnapshot: snapshotted ? 0 : loaded.sinceSnapshot + decided.length,
      },
    };
  }

  /**
   * Load, decide, append at the loaded revision; on a lost race load and decide again
   * (bounded, with a jittered back-off so racing writers stop meeting at one revision).
   * `command` may be a function of the state, for commands that need to see it.
   */
  async function handle(
    streamId: string,
    command: OneOrMany<Command> | ((state: State) => OneOrMany<Command> | Promise<OneOrMany<Command>>),
    commandOptions: CommandOptions = {},
  ): Promise<Handled<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await load(streamId);
      if (commandOptions.commandId !== undefined && loaded.commandIds.has(commandOptions.commandId)) {
        return { changed: false, duplicate: true, events: [], state: loaded.state, revision: loaded.revision, position: loaded.position };
      }
      const decidedCommand =
        typeof command === "function" ? await (command as (s: State) => OneOrMany<Command> | Promise<OneOrMany<Command>>)(loaded.state) : command;
      const prepared = isMany(decidedCommand)
        ? prepareMany(streamId, loaded, decidedCommand, commandOptions)
        : prepare(streamId, loaded, decidedCommand, commandOptions);
      if (!prepared) {
        return { changed: false, duplicate: false, events: [], state: loaded.state, revision: loaded.revision, position: loaded.position };
      }
      try {
        const result: AppendResult = await store.append(streamId, prepared.append.events, prepared.append.expectedRevision);
        if (cacheSize > 0 && !result.duplicate && result.nextExpectedRevision === prepared.after.revision) {
          remember(streamId, { ...prepared.after, position: result.position });
        }
        return {
          changed: !result.duplicate,
          duplicate: result.duplicate,
          events: prepared.events,
          state: prepared.state,
          revision: result.nextExpectedRevision,
          position: result.position,
        };
      } catch (err) {
        if (!isWrongExpectedVersion(err) || attempt >= maxAttempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attempt)));
      }
    }
  }

  /**
   * The stream as this handler last saw it, without reading: for a writer that holds the only
   * pen to a stream in this process (a lock per stream) and lets the expected revision catch
   * the rare write from elsewhere. Undefined when not cached.
   */
  function cached(streamId: string): Loaded<State> | undefined {
    return cache.get(streamId);
  }

  /** A prepared append that the caller made itself (beside other streams): the cache moves on with it. */
  function appended(streamId: string, prepared: Prepared<State, Event>, result: AppendResult): void {
    if (cacheSize > 0 && !result.duplicate && result.nextExpectedRevision === prepared.after.revision) {
      remember(streamId, { ...prepared.after, position: result.position });
    }
  }

  /** Another writer moved the stream: the next load reads it. */
  function forget(streamId: string): void {
    cache.delete(streamId);
  }

  return { load, fold, prepare, prepareMany, handle, cached, appended, forget };
}

export type CommandHandler<State, Command, Event extends AnyEvent> = ReturnType<
  typeof createCommandHandler<State, Command, Event>
>;

// ---------------------------------------------------------------------------------------
// A command over several streams
// ---------------------------------------------------------------------------------------

/**
 * One stream's part of a command over several streams, decided by its aggregate's handler
 * (`prepare`: the pure decider, nothing appended).
 */
export interface StreamStep {
  prepared: Prepared<any, AnyEvent>;
  /** The aggregate's handler: its cache moves on with the append, or forgets a stream another writer moved. */
  handler: Pick<CommandHandler<any, any, any>, "appended" | "forget">;
  /**
   * Only where the store cannot append to several streams at once: this step is provisional
   * (stock reserved, a reference claimed before its order) and `undo` gives it back through
   * the command handler when a later step fails before any step without an `undo` is stored.
   * A crash between the two leaves what the step's own sweep finishes (`shop stock sweep`).
   */
  undo?: () => Promise<unknown>;
  /**
   * Only where streams are appended one by one: this step follows from one already stored (a
   * release or a shipment after its order). When another writer moved its stream in between,
   * `redo` decides it again on the stream as it is and appends it (through the command handler,
   * with its own bounded retry) instead of failing a command whose main part is stored.
   */
  redo?: () => Promise<{ position: Position | undefined; revision: number }>;
}

/** What a plan decided: streams to append, then the command's answer from how they went; or the answer at once. */
export type Plan<R> =
  | { steps: StreamStep[]; answer: (results: AppendResult[]) => R | Promise<R> }
  | { answer: R; steps?: undefined };

export interface StreamsCommand<R> {
  /**
   * Loads the streams the command names (through their aggregates' handlers) and decides on
   * them, purely in domain/: called again from the start after a lost race, with the attempt.
   */
  plan(attempt: number): Promise<Plan<R>>;
  /** Commands sharing a key take turns in this process (orders for one product queue at its stock). */
  locks?: readonly string[];
  /** The refusal when other writers kept winning the race for `streamId` every attempt (none: the store's conflict). */
  busy?: (streamId: string) => Error | undefined;
}

export interface StreamsHandlerOptions {
  /** Attempts for one command when other writers keep winning the race. */
  maxAttempts?: number;
  /**
   * One atomic append for all streams: the default where the store has it (Postgres; KurrentDB
   * 25.1+ once its adapter offers it). False orders the appends with `undo` as the compensating
   * step: what a store without a multi-stream append gets, and what tests force on Postgres.
   */
  atomic?: boolean;
}

/**
 * The one way a command changes several streams (an order with its stock and its cart, a
 * payment with its UPI reference): load, decide (pure), append every stream at the revision
 * it was decided on; on a lost race plan again from the start (bounded, jittered back-off).
 * Each step's events are named by its command id where it has one, so a command sent again
 * appends nothing twice. Nothing outside eventstore/ appends (eslint: only the command handler).
 */
export function createStreamsHandler(shopEvents: ShopEvents, options: StreamsHandlerOptions = {}) {
  const store = opened(shopEvents);
  const maxAttempts = options.maxAttempts ?? 10;
  const atomic = options.atomic ?? store.appendsToStreamsAtomically;
  if (atomic && !store.appendsToStreamsAtomically) throw new Error("this event store cannot append to several streams atomically");
  const turns = new KeyedLock();

  /**
   * Appends in order. A failure while every step before it is provisional undoes those (newest
   * first) and the command is planned again; a failure after a step that stays (the order) is
   * redone on its own where the step says how, and otherwise fails the attempt: the plan then
   * finds what is stored (a step named by a command id is not appended twice).
   */
  async function appendInOrder(steps: readonly StreamStep[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const [index, step] of steps.entries()) {
      const { streamId, events, expectedRevision } = step.prepared.append;
      const done = steps.slice(0, index);
      const committed = done.some((s) => !s.undo);
      if (index < steps.length - 1 && !step.undo && !step.redo && events[0]?.metadata?.[COMMAND_ID] === undefined) {
        throw new Error(`${streamId}: a step before others needs an undo, a redo or a command id where streams are appended one by one`);
      }
      try {
        results.push(await store.append(streamId, events, expectedRevision));
      } catch (err) {
        if (committed && step.redo && isWrongExpectedVersion(err)) {
          const redone = await step.redo();
          results.push({ nextExpectedRevision: redone.revision, position: redone.position ?? results[results.length - 1].position, duplicate: false });
          continue;
        }
        if (!committed) for (const s of [...done].reverse()) await s.undo!();
        throw err;
      }
    }
    return results;
  }

  async function attempt<R>(command: StreamsCommand<R>, attemptNumber: number): Promise<R> {
    const plan = await command.plan(attemptNumber);
    if (!plan.steps) return plan.answer;
    const steps = plan.steps;
    if (steps.length === 0) return plan.answer([]);
    try {
      const results =
        steps.length === 1
          ? [await store.append(steps[0].prepared.append.streamId, steps[0].prepared.append.events, steps[0].prepared.append.expectedRevision)]
          : atomic
            ? await store.appendToStreams(steps.map((s) => s.prepared.append))
            : await appendInOrder(steps);
      steps.forEach((step, i) => step.handler.appended(step.prepared.append.streamId, step.prepared, results[i]));
      return await plan.answer(results);
    } catch (err) {
      if (isWrongExpectedVersion(err)) for (const step of steps) if (step.prepared.append.streamId === err.streamId) step.handler.forget(err.streamId);
      throw err;
    }
  }

  async function handle<R>(command: StreamsCommand<R>): Promise<R> {
    const run = async () => {
      for (let attemptNumber = 1; ; attemptNumber++) {
        try {
          return await attempt(command, attemptNumber);
        } catch (err) {
          if (!isWrongExpectedVersion(err)) throw err;
          if (attemptNumber >= maxAttempts) throw command.busy?.(err.streamId) ?? err;
          await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 2 ** attemptNumber)));
        }
      }
    };
    return command.locks && command.locks.length > 0 ? turns.with(command.locks, run) : run();
  }

  return { handle, atomic };
}

export type StreamsHandler = ReturnType<typeof createStreamsHandler>;
