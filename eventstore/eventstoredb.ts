/**
 * The EventStoreDB adapter of the event store port, over the official client
 * `@eventstore/db-client` (6.x, gRPC).
 *
 * STATUS: this adapter is written against the official client's typings (and
 * its shipped JavaScript) and has NOT been run against a live EventStoreDB on
 * the machine it was written on (there was no Docker engine there). It is
 * exercised by the shared contract suite (tests/integration/eventstore-contract)
 * whenever EVENTSTORE_URL is set; until that suite has passed against a real
 * server, treat it as unproven.
 *
 * How the port's semantics map onto EventStoreDB (the Postgres adapter is the
 * reference implementation):
 * - Positions are `${commit}/${prepare}` of the ESDB log position; compare them
 *   with `comparePositions`, never parse them elsewhere.
 * - `readAll` and the subscription are exclusive of `from` (ESDB's readAll
 *   `fromPosition` is inclusive, so the event at `from` is skipped here) and
 *   leave out system events (type or stream starting with '$'), the way the
 *   Postgres store has none.
 * - `append` costs three round trips: a one-event read of the stream head
 *   before (to tell an idempotent re-append from a fresh one), the append, and
 *   a one-event read after (to return the exact $all position of the last
 *   appended event, the same position readers and subscribers will report).
 *   `duplicate` is true when the stream already held the returned revision
 *   before this call; two identical appends racing each other may both report
 *   `duplicate: false`.
 * - ESDB guarantees idempotency of re-appended event ids only for an exact
 *   expected revision or 'no_stream'; with 'any' (and 'stream_exists') it is
 *   best effort, and the same ids may be written twice. Event ids are unique
 *   per stream in ESDB, not across the whole store as in Postgres.
 * - Positions on events read from a single stream need ESDB 22.6 or later; on
 *   older servers the commit position is used for both halves.
 * - Personal fields are sealed on append and opened on every read (streams,
 *   $all, the subscription) by the same `EventSealer` the Postgres store uses
 *   (decision 121), given by `sealWith`: the keys stay in the shop's Postgres
 *   database beside the read models. Without a sealer (`shop copy-events`)
 *   events pass exactly as stored, sealed values and all. The sealing checks of
 *   the shared contract run here only with EVENTSTORE_URL: NOT RUN against a
 *   live node yet.
 */
import {
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  START,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type JSONType,
  type Position as ClientPosition,
  type StreamingRead,
} from "@eventstore/db-client";
import {
  EventStoreUnreachable,
  WrongExpectedVersion,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StreamAppend,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from "./port";
import type { CopiedEvent } from "./copy";
import type { EventSealer } from "./sealing";

const CONNECT_TIMEOUT_MS = 5000;
/**
 * Metadata key holding a copied event's time in its first store (`shop copy-events`, decision 112):
 * EventStoreDB sets `created` itself on every append. Reads give it back as `createdAt` and leave
 * the key out of the metadata. NOT RUN against a live EventStoreDB (README, "EventStoreDB").
 */
const COPIED_AT = "$createdAt";
const DEFAULT_READ_ALL_COUNT = 1000;
const DEFAULT_BATCH_SIZE = 500;
const DEFAULT_PORT = 2113;

/** The fields of a client-side recorded event this adapter uses (JSON and binary events alike). */
interface ClientRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: ClientPosition;
}

interface ClientResolved {
  event?: ClientRecord;
  commitPosition?: bigint;
}

function encodePosition(position: ClientPosition): Position {
  return `${position.commit}/${position.prepare}`;
}

function decodePosition(position: Position): ClientPosition {
  const match = /^(\d+)\/(\d+)$/.exec(position);
  if (!match) throw new Error(`not an EventStoreDB position: ${position} (a checkpoint written by another event store?)`);
  return { commit: BigInt(match[1]), prepare: BigInt(match[2]) };
}

function compareClientPositions(a: ClientPosition, b: ClientPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  return a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1;
}

/** System events never reach the port: ESDB writes its own ($metadata, $>, $stats, projections...). */
function isSystem(event: ClientRecord): boolean {
  return event.type.startsWith("$") || event.streamId.startsWith("$");
}

function positionOf(resolved: ClientResolved): ClientPosition | undefined {
  if (resolved.event?.position) return resolved.event.position;
  if (resolved.commitPosition !== undefined) return { commit: resolved.commitPosition, prepare: resolved.commitPosition };
  return undefined;
}

function parseJsonBytes(bytes: Uint8Array): unknown {
  const text = Buffer.from(bytes).toString("utf8");
  try {
    return JSON.parse(text);
  } catch {
    return bytes;
  }
}

function toRecorded(resolved: ClientResolved): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  const position = positionOf(resolved);
  const data = !event.isJson && event.data instanceof Uint8Array ? parseJsonBytes(event.data) : event.data;
  const rawMetadata = event.metadata instanceof Uint8Array ? parseJsonBytes(event.metadata) : event.metadata;
  const stored =
    rawMetadata && typeof rawMetadata === "object" && !Array.isArray(rawMetadata) && !(rawMetadata instanceof Uint8Array)
      ? (rawMetadata as Record<string, unknown>)
      : {};
  // An event copied in from another store (importEvents) carries its original time: EventStoreDB stamps its own.
  const { [COPIED_AT]: copiedAt, ...metadata } = stored;
  const originalTime = typeof copiedAt === "string" && !Number.isNaN(Date.parse(copiedAt)) ? new Date(copiedAt) : undefined;
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    revision: Number(event.revision),
    // Only a server older than 22.6 leaves a stream read without any position.
    position: position ? encodePosition(position) : "0/0",
    data,
    metadata,
    createdAt: originalTime ?? event.created,
  };
}

function toClientExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case "any":
      return "any";
    case "no_stream":
      return "no_stream";
    case "stream_exists":
      return "stream_exists";
    default:
      if (!Number.isSafeInteger(expected) || expected < -1) {
        throw new Error(`expected revision must be 'any', 'no_stream', 'stream_exists' or a revision >= 0, got ${expected}`);
      }
      // The Postgres store reads -1 as "no event yet"; so does ESDB's no_stream.
      return expected === -1 ? "no_stream" : BigInt(expected);
  }
}

function errorType(err: unknown): string | undefined {
  return err && typeof err === "object" ? ((err as { type?: unknown }).type as string | undefined) : undefined;
}

function isStreamNotFound(err: unknown): boolean {
  return errorType(err) === ErrorType.STREAM_NOT_FOUND;
}

function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  // grpc-js ends some messages with an empty "Resolution note:".
  return (
    text
      .replace(/\s+/g, " ")
      .replace(/\s*Resolution note:\s*$/, "")
      .trim() || "unknown error"
  );
}

/**
 * "host:port" (or "host1:port,host2:port") from an esdb:// connection string,
 * without scheme, credentials or options: safe to print.
 */
export function describeConnectionString(url: string): string {
  let rest = url.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  const end = rest.search(/[/?]/);
  if (end !== -1) rest = rest.slice(0, end);
  const at = rest.lastIndexOf("@");
  if (at !== -1) rest = rest.slice(at + 1);
  const hosts = rest
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean)
    .map((h) => (/:\d+$/.test(h) ? h : `${h}:${DEFAULT_PORT}`));
  return hosts.length > 0 ? hosts.join(",") : "(no host in EVENTSTORE_URL)";
}

/**
 * Walk a read, calling `visit` for each event until it returns false or the
 * read ends; the server-side read is cancelled either way.
 */
async function scan<E>(read: StreamingRead<E>, visit: (event: E) => boolean): Promise<void> {
  try {
    for await (const event of read) {
      if (!visit(event)) break;
    }
  } finally {
    // A late error from a read we have stopped listening to must not crash the process.
    read.on("error", () => {});
    await read.cancel().catch(() => {});
  }
}

export class EventStoreDBEventStore implements EventStore {
  readonly kind = "eventstoredb" as const;
  readonly description: string;
  private readonly subscriptions = new Set<() => Promise<void>>();
  /** Seals personal fields on append and opens them on read; without one, events pass as stored. */
  private sealer?: EventSealer;

  constructor(
    private readonly client: EventStoreDBClient,
    where: string,
  ) {
    this.description = `EventStoreDB at ${where}`;
  }

  /**
   * Create the client and check that the server answers (one read of $all)
   * within about 5 s. Throws EventStoreUnreachable with one line otherwise.
   */
  static async connect(url: string, options: { timeoutMs?: number } = {}): Promise<EventStoreDBEventStore> {
    const where = describeConnectionString(url);
    const timeoutMs = options.timeoutMs ?? CONNECT_TIMEOUT_MS;
    const unreachable = (reason: string) =>
      new EventStoreUnreachable(`EVENTSTORE_URL: cannot reach EventStoreDB at ${where} (${reason})`);

    let client: EventStoreDBClient;
    try {
      client = EventStoreDBClient.connectionString(url);
    } catch (err) {
      throw unreachable(`invalid connection string: ${oneLine(err)}`);
    }

    const store = new EventStoreDBEventStore(client, where);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        store.probe(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
        }),
      ]);
    } catch (err) {
      await store.disposeClient(1000);
      throw unreachable(oneLine(err));
    } finally {
      clearTimeout(timer);
    }
    return store;
  }

  /**
   * From now on personal fields are sealed on append and opened on read with `sealer`, as the
   * Postgres store does (the runtime reaches EventStoreDB before it opens the database the keys
   * are in). Given once. NOT RUN against a live EventStoreDB (README, "EventStoreDB").
   */
  sealWith(sealer: EventSealer): this {
    if (this.sealer && this.sealer !== sealer) throw new Error("the EventStoreDB store already seals with another sealer");
    this.sealer = sealer;
    return this;
  }

  /** Events as readers see them: personal fields opened (or erased). */
  private opened(events: RecordedEvent[]): Promise<RecordedEvent[]> | RecordedEvent[] {
    return this.sealer && events.length > 0 ? this.sealer.open(events) : events;
  }

  /**
   * Client 6.2 has no multi-stream append: one stream after the other, stopping at the first
   * refusal. Not run against a live EventStoreDB here (README, "EventStoreDB").
   */
  readonly appendsToStreamsAtomically = false;

  async appendToStreams(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const { streamId, events, expectedRevision } of appends) {
      results.push(await this.append(streamId, events, expectedRevision));
    }
    return results;
  }

  async append(streamId: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error(`append to ${streamId}: no events`);
    if (this.sealer) events = await this.sealer.seal(streamId, events);
    const expected = toClientExpected(expectedRevision);
    const before = await this.lastRevision(streamId);

    let result;
    try {
      result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({
            id: e.id,
            type: e.type,
            data: (e.data ?? null) as JSONType,
            metadata: e.metadata,
          }),
        ),
        { expectedRevision: expected },
      );
    } catch (err) {
      if (errorType(err) === ErrorType.WRONG_EXPECTED_VERSION) {
        const current = (err as { actualVersion?: bigint | "no_stream" }).actualVersion;
        const actual = current === undefined ? "unknown" : current === "no_stream" || current < 0n ? "no_stream" : Number(current);
        throw new WrongExpectedVersion(streamId, expectedRevision, actual);
      }
      throw err;
    }
    // Only with throwOnAppendFailure=false in the connection string; the client's
    // revision in that case is unreliable, so say "unknown".
    if (!result.success) throw new WrongExpectedVersion(streamId, expectedRevision, "unknown");

    const next = result.nextExpectedRevision;
    const duplicate = before !== undefined && next <= before;

    // The position every reader reports for the last appended event.
    const [last] = await this.readStreamResolved(streamId, { direction: "backwards", fromRevision: next, maxCount: 1 });
    const position = last?.event?.position ?? result.position ?? (last ? positionOf(last) : undefined);
    if (!position) throw new Error(`append to ${streamId}: EventStoreDB returned no position for revision ${next}`);
    return { nextExpectedRevision: Number(next), position: encodePosition(position), duplicate };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const resolved = await this.readStreamResolved(streamId, {
      direction: options.direction ?? "forwards",
      fromRevision: options.fromRevision === undefined ? undefined : BigInt(options.fromRevision),
      maxCount: options.maxCount,
    });
    const out: RecordedEvent[] = [];
    for (const r of resolved) {
      const recorded = toRecorded(r);
      if (recorded) out.push(recorded);
    }
    return options.withoutData ? out.map((e) => ({ ...e, data: null, metadata: {} })) : this.opened(out);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? DEFAULT_READ_ALL_COUNT;
    const out: RecordedEvent[] = [];
    if (limit <= 0) return out;
    await this.scanAllForwards(options.from, (event) => {
      out.push(event);
      return out.length < limit;
    });
    return this.opened(out);
  }

  async headPosition(): Promise<Position | undefined> {
    let head: Position | undefined;
    await scan(this.client.readAll({ direction: BACKWARDS, fromPosition: END }), (resolved) => {
      if (!resolved.event || isSystem(resolved.event)) return true;
      head = encodePosition(resolved.event.position);
      return false;
    });
    return head;
  }

  /** EventStoreDB shows an event to every reader once it is written: the head is the committed head. */
  committedHeadPosition(): Promise<Position | undefined> {
    return this.headPosition();
  }

  comparePositions(a: Position | undefined, b: Position | undefined): number {
    const zero = { commit: 0n, prepare: 0n };
    return compareClientPositions(a === undefined ? zero : decodePosition(a), b === undefined ? zero : decodePosition(b));
  }

  async countAfter(from: Position | undefined, cap = 1_000_000): Promise<number> {
    let count = 0;
    if (cap <= 0) return 0;
    await this.scanAllForwards(from, () => ++count < cap);
    return count;
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const client = this.client;
    const opened = (batch: RecordedEvent[]) => this.opened(batch);
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
    const from = options.from === undefined ? undefined : decodePosition(options.from);
    // Pause the client stream (gRPC flow control then holds the server back) past this many buffered events.
    const highWater = Math.max(batchSize * 4, 256);

    const buffer: RecordedEvent[] = [];
    let subscription: AllStreamSubscription | undefined;
    let failure: unknown;
    let ended = false;
    let stopped = false;
    let closed: Promise<void> | undefined;
    let wake: (() => void) | undefined;
    const notify = () => {
      const w = wake;
      wake = undefined;
      w?.();
    };

    const close = () =>
      (closed ??= (async () => {
        const sub = subscription;
        if (!sub) return;
        sub.removeAllListeners("data");
        sub.on("error", () => {});
        await sub.unsubscribe().catch(() => {});
        sub.destroy();
      })());

    const open = () => {
      const sub = client.subscribeToAll({ fromPosition: from ?? START, filter: excludeSystemEvents() });
      subscription = sub;
      sub.on("data", (resolved: AllStreamResolvedEvent) => {
        const event = resolved.event;
        // The filter drops system event types; '$' streams and the event at `from` are dropped here.
        if (!event || isSystem(event)) return;
        if (from && compareClientPositions(event.position, from) <= 0) return;
        const recorded = toRecorded(resolved);
        if (!recorded) return;
        buffer.push(recorded);
        if (buffer.length >= highWater) sub.pause();
        notify();
      });
      // caughtUp / fellBehind / confirmation are control messages: not needed here.
      sub.on("error", (err: Error) => {
        failure ??= err;
        notify();
      });
      sub.on("end", () => {
        ended = true;
        notify();
      });
      sub.on("close", () => {
        ended = true;
        notify();
      });
    };

    async function* batches(): AsyncGenerator<RecordedEvent[]> {
      if (stopped) return;
      open();
      try {
        while (!stopped) {
          if (buffer.length > 0) {
            // Let events already on their way land, so a catch-up yields full batches.
            if (buffer.length < batchSize) await new Promise<void>((resolve) => setImmediate(resolve));
            if (stopped) break;
            const batch = buffer.splice(0, batchSize);
            if (subscription?.isPaused() && buffer.length <= batchSize) subscription.resume();
            yield await opened(batch);
            continue;
          }
          if (failure) throw failure;
          if (ended) throw new Error("EventStoreDB ended the $all subscription");
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      } finally {
        await close();
      }
    }

    const iterator = batches();
    const stop = async () => {
      stopped = true;
      notify();
      await iterator.return(undefined);
      await close();
    };
    this.subscriptions.add(stop);
    return {
      [Symbol.asyncIterator]: () => iterator,
      stop: async () => {
        this.subscriptions.delete(stop);
        await stop();
      },
    };
  }

  async close(): Promise<void> {
    const stops = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(stops.map((stop) => stop().catch(() => {})));
    await this.disposeClient(5000);
  }

  /** One event read backwards from the end of $all: answers only when the server is up and lets us read $all. */
  private probe(): Promise<void> {
    return scan(this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }), () => false);
  }

  /**
   * Writes events copied from another store (`shop copy-events`, decision 112) in the order
   * given: each run of one stream's events is appended at the stream's expected revision with
   * the events' own ids, and with their original time in the metadata (COPIED_AT). What the
   * stream already holds up to a run's revisions is not appended again, so a second copy
   * writes nothing twice; a gap (the stream is behind the run's first revision) is refused.
   * Global order: runs are appended one after the other, so $all holds them in the source's
   * order. NOT RUN against a live EventStoreDB here (README, "EventStoreDB"); checked by the
   * type checker only.
   */
  async importEvents(events: readonly CopiedEvent[]): Promise<void> {
    for (let start = 0; start < events.length; ) {
      const streamId = events[start].streamId;
      let end = start + 1;
      while (end < events.length && events[end].streamId === streamId) end++;
      const last = await this.lastRevision(streamId);
      const held = last === undefined ? -1 : Number(last);
      const fresh = events.slice(start, end).filter((e) => e.revision > held);
      start = end;
      if (fresh.length === 0) continue;
      if (fresh[0].revision !== held + 1) {
        throw new Error(`stream ${streamId}: event ${fresh[0].id} is revision ${fresh[0].revision}, but EventStoreDB holds up to ${held}`);
      }
      await this.client.appendToStream(
        streamId,
        fresh.map((e) =>
          jsonEvent({
            id: e.id,
            type: e.type,
            data: (e.data ?? null) as JSONType,
            metadata: { ...e.metadata, [COPIED_AT]: e.createdAt },
          }),
        ),
        { expectedRevision: held < 0 ? "no_stream" : BigInt(held) },
      );
    }
  }

  /** The revision of the newest event of a stream, or undefined when the stream does not exist. */
  private async lastRevision(streamId: string): Promise<bigint | undefined> {
    const [last] = await this.readStreamResolved(streamId, { direction: "backwards", maxCount: 1 });
    return last?.event?.revision;
  }

  private async readStreamResolved(
    streamId: string,
    options: { direction: "forwards" | "backwards"; fromRevision?: bigint; maxCount?: number },
  ): Promise<ClientResolved[]> {
    const backwards = options.direction === "backwards";
    const out: ClientResolved[] = [];
    if (options.maxCount !== undefined && options.maxCount <= 0) return out;
    let fromRevision: bigint | typeof START | typeof END = backwards ? END : START;
    if (options.fromRevision !== undefined) {
      // Like the Postgres store: forwards from below 0 is the whole stream, backwards from below 0 is nothing.
      if (options.fromRevision < 0n) {
        if (backwards) return out;
      } else {
        fromRevision = options.fromRevision;
      }
    }
    const read = this.client.readStream(streamId, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision,
      ...(options.maxCount === undefined ? {} : { maxCount: options.maxCount }),
    });
    try {
      await scan(read, (resolved) => {
        out.push(resolved);
        return true;
      });
    } catch (err) {
      if (isStreamNotFound(err)) return [];
      throw err;
    }
    if (backwards && out.length === 0 && typeof fromRevision === "bigint") {
      // ESDB's index answers a backwards read that starts past the last event
      // with nothing; the Postgres store starts at the last event instead.
      const last = await this.lastRevision(streamId);
      if (last !== undefined && last < fromRevision) {
        return this.readStreamResolved(streamId, { ...options, fromRevision: last });
      }
    }
    return out;
  }

  /**
   * Non-system events strictly after `from`, in global order, until `visit`
   * returns false. One streaming read, cancelled when the caller has enough,
   * so system events in between never shorten a page.
   */
  private async scanAllForwards(from: Position | undefined, visit: (event: RecordedEvent) => boolean): Promise<void> {
    const start = from === undefined ? undefined : decodePosition(from);
    await scan(this.client.readAll({ direction: FORWARDS, fromPosition: start ?? START }), (resolved) => {
      const event = resolved.event;
      if (!event || isSystem(event)) return true;
      // ESDB's fromPosition is inclusive; the port's `from` is exclusive.
      if (start && compareClientPositions(event.position, start) <= 0) return true;
      const recorded = toRecorded(resolved);
      return recorded ? visit(recorded) : true;
    });
  }

  private async disposeClient(timeoutMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.client.dispose().catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    // dispose() in client 6.2.1 cancels the calls but leaves the gRPC channel
    // open (keepalive pings, a pending TLS handshake), which keeps the process
    // alive. Close it through the client's protected accessor when it exists.
    const withChannel = this.client as unknown as { getChannel?: () => Promise<{ close(): void }> };
    if (typeof withChannel.getChannel === "function") {
      await Promise.resolve()
        .then(() => withChannel.getChannel!())
        .then((channel) => channel.close())
        .catch(() => {});
    }
  }
}
