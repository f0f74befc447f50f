/**
 * The event store port. Cart and order changes are appended here; projectors
 * and reactors follow the global stream. Two adapters implement it: Postgres
 * (default, also on embedded PGlite) and EventStoreDB.
 */

export type ExpectedRevision = "any" | "no_stream" | "stream_exists" | number;

export interface NewEvent<Type extends string = string, Data = unknown> {
  /** A UUID. Appending the same ids again at the same expected revision is a no-op. */
  id: string;
  type: Type;
  data: Data;
  metadata?: Record<string, unknown>;
}

/**
 * A place in the global stream. Opaque: store it, pass it back, compare it with
 * the store's `comparePositions`, never parse it.
 */
export type Position = string;

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  streamId: string;
  /** 0 for the first event of a stream. */
  revision: number;
  position: Position;
  data: Data;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

export interface AppendResult {
  /** Revision of the last event in the stream after the append. */
  nextExpectedRevision: number;
  /** Position of the last appended event: wait for projectors to pass it to read your write. */
  position: Position;
  /** True when the events had already been appended (idempotent re-append). */
  duplicate: boolean;
}

/** One stream's part of an append to several streams. */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadStreamOptions {
  direction?: "forwards" | "backwards";
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
  /** Where each event is and what it is called, its data and metadata left out (null and {}) and never opened. */
  withoutData?: boolean;
}

export interface ReadAllOptions {
  /** Exclusive: events after this position. Undefined means from the start. */
  from?: Position;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Exclusive, like readAll. */
  from?: Position;
  /** Largest batch handed to the subscriber. */
  batchSize?: number;
}

/**
 * Catch-up then live: first every stored event after `from`, then new ones as
 * they are appended. Yields non-empty batches in global order.
 */
export interface Subscription extends AsyncIterable<RecordedEvent[]> {
  stop(): Promise<void>;
}

/**
 * The read side of the store: what services, projectors, reactors and the CLI read the streams with.
 * Split from `EventAppender` (decision 162) so that nothing outside eventstore/ holds a way to append.
 */
export interface EventReader {
  readonly kind: "postgres" | "eventstoredb";
  readonly description: string;
  /** The events of one stream; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in global order, after `from`. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeOptions): Subscription;
  /** Position of the newest event every reader can already see, or undefined for an empty store. */
  headPosition(): Promise<Position | undefined>;
  /**
   * Position of the newest event committed so far, which readers may not see yet: on Postgres the events of a
   * transaction that committed while an older one (of any database on the server) still runs stay out of reads
   * until it ends. A replay waits for it to be seen, so it holds every event committed before it began.
   */
  committedHeadPosition(): Promise<Position | undefined>;
  /** Negative when a is before b. Undefined (the start) is before everything. */
  comparePositions(a: Position | undefined, b: Position | undefined): number;
  /** Events after `from` up to the head; for lag reports. May be capped at `cap`. */
  countAfter(from: Position | undefined, cap?: number): Promise<number>;
}

/** The write side of the store, which only eventstore/command-handler.ts calls (decision 162). */
export interface EventAppender {
  append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams in turn (an order and the cart it checks out), each with
   * its own expected revision and the same idempotency as `append`; one result per stream.
   * Where `appendsToStreamsAtomically` holds (Postgres) it is all or none, in one round
   * trip. Elsewhere a refusal leaves the streams before it appended: a caller recovers
   * the way it recovers from a crash between two appends.
   */
  appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  readonly appendsToStreamsAtomically: boolean;
}

/** An adapter: both sides, and its connection to close. Only eventstore/ and the composition roots (server/, bin/) name it. */
export interface EventStore extends EventReader, EventAppender {
  close(): Promise<void>;
}

declare const onlyTheHandler: unique symbol;

/**
 * The store's appender as every layer but eventstore/ holds it: nothing to call. A service hands it to
 * `createCommandHandler` or `createStreamsHandler` (eventstore/command-handler.ts), the one place that
 * opens it, so no code outside can append, whatever it names its variables (decision 162).
 */
export interface Appender {
  readonly [onlyTheHandler]: "only the command handler appends";
}

/** What services and routes hold as `store`: the reader, and the appender they can only hand to the command handler. */
export type ShopEvents = EventReader & Appender;

/**
 * The expected revision did not match. Route code checks `isWrongExpectedVersion`
 * rather than `instanceof`, because the server bundle and the CLI may load
 * separate copies of this module.
 */
export class WrongExpectedVersion extends Error {
  override name = "WrongExpectedVersion";
  readonly code = "WRONG_EXPECTED_VERSION";
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | "no_stream" | "unknown",
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

export function isWrongExpectedVersion(err: unknown): err is WrongExpectedVersion {
  return !!err && typeof err === "object" && (err as { code?: string }).code === "WRONG_EXPECTED_VERSION";
}

export class EventStoreUnreachable extends Error {
  override name = "EventStoreUnreachable";
}

/** The category of a stream: the part before the first '-' ("cart-abc" -> "cart"). */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf("-");
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
