// How a stored event becomes a typed event of today: by its type and the schema version
// stamped in its metadata, through zod, lifted one version at a time by upcasters. Every
// reader (folds, projectors, the reactor, replay, `shop stream`) goes through a registry,
// so an event nobody can read stops the reader with its stream, revision and position
// instead of falling through a `switch` unnoticed (decision 091).
import type { z } from "zod";
import { ERASED } from "../privacy/erased";

/** The metadata field that holds an event's schema version. Events stored before versions were stamped have none: version 1. */
export const SCHEMA_VERSION = "schemaVersion";

/** What a reader needs of a stored event: the event store's recorded event has all of it. */
export interface StoredEvent {
  type: string;
  data: unknown;
  metadata?: Record<string, unknown>;
  streamId: string;
  revision: number;
  position: string;
}

/** A stored event read as today's event: its header kept, its type and data typed. */
export type ReadEvent<S extends StoredEvent, E extends { type: string; data: unknown }> = Omit<S, "type" | "data"> & E;

/** An older version of an event: the schema it was stored with and the step to the next version. */
export interface OlderVersion {
  schema: z.ZodType;
  /** From this version's parsed data to the next version's; never reads the clock or anything else. */
  up: (data: never) => unknown;
}

/**
 * Where an event holds a person's data, and whose it is: the fields the store keeps sealed under that
 * person's key, so that erasing the key erases them everywhere at once (crypto-shredding, docs/privacy.md).
 * `subject` names the person: `account:<userId>` for a signed-in parent, `order:<orderId>` for a guest's order
 * (domain/privacy/subjects.ts). `paths` are dotted paths into the event's data; `*` stands for every element of
 * an array ("lines.*.forChild"). A path missing in one event is skipped.
 */
export interface PersonalFields<Data> {
  subject: (data: Data) => string;
  paths: readonly string[];
}

export interface EventDefinition<Data> {
  /** The version writers stamp and `read` returns. Today's shapes at the time versions came are 1. */
  version: number;
  schema: z.ZodType<Data>;
  /** Every version below `version`, each with the step up from it. */
  older?: Record<number, OlderVersion>;
  /** The person's data in this event, sealed at rest (see PersonalFields). */
  personal?: PersonalFields<Data>;
}

export type EventDefinitions<E extends { type: string; data: unknown }> = {
  [T in E["type"]]: EventDefinition<Extract<E, { type: T }>["data"]>;
};

/** An event a reader refused: it says which, where, and why. */
export class UnreadableEvent extends Error {
  override name = "UnreadableEvent";
  readonly code = "UNREADABLE_EVENT";
  constructor(
    readonly event: Pick<StoredEvent, "type" | "streamId" | "revision" | "position">,
    readonly reason: string,
  ) {
    super(
      `cannot read event ${event.type} at revision ${event.revision} of stream ${event.streamId} ` +
        `(global position ${event.position}): ${reason}`,
    );
  }
}

/** Checked by code, not `instanceof`: the server bundle and the CLI may load separate copies of this module. */
export function isUnreadableEvent(err: unknown): err is UnreadableEvent {
  return !!err && typeof err === "object" && (err as { code?: string }).code === "UNREADABLE_EVENT";
}

/** The category of a stream: the part before the first '-' ("cart-abc" -> "cart"). */
export function categoryOf(streamId: string): string {
  const dash = streamId.indexOf("-");
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

/**
 * True when the schema refused only values that read ERASED (an erased person's field that was not a
 * string: a child's class, their measurements): the event is read with those values as ERASED, and a
 * reader shows "erased" there (docs/events.md). Anything else wrong is still refused.
 */
function onlyErased(error: z.ZodError, data: unknown): boolean {
  return error.issues.every((issue) => {
    let node: unknown = data;
    for (const step of issue.path) {
      if (node === ERASED) return true;
      if (node === null || typeof node !== "object") return false;
      node = (node as Record<PropertyKey, unknown>)[step as PropertyKey];
    }
    return node === ERASED;
  });
}

function problem(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length ? issue.path.join(".") : "data"}: ${issue.message}`)
    .join("; ");
}

export interface EventRegistry<E extends { type: string; data: unknown }> {
  /** The stream category whose events this registry reads ("order" for `order-<id>`). */
  readonly category: string;
  readonly types: readonly E["type"][];
  /** Where an event of this type holds a person's data (its `personal`), if it does. */
  personal(type: string): PersonalFields<unknown> | undefined;
  /** Today's event, upcast from the version it was stored with; throws UnreadableEvent otherwise. */
  read<S extends StoredEvent>(stored: S): ReadEvent<S, E>;
  /** Every event of one stream, read in order. */
  readAll<S extends StoredEvent>(stored: readonly S[]): ReadEvent<S, E>[];
  /**
   * What an append stores for a new event: its data as decided, stamped with the current
   * version. Data the schema refuses is a bug in a decider and is never stored.
   */
  toAppend(event: E, id: string, metadata?: Record<string, unknown>): {
    id: string;
    type: E["type"];
    data: E["data"];
    metadata: Record<string, unknown>;
  };
}

export function createEventRegistry<E extends { type: string; data: unknown }>(
  category: string,
  definitions: EventDefinitions<E>,
): EventRegistry<E> {
  const byType = new Map<string, EventDefinition<unknown>>(Object.entries(definitions) as [string, EventDefinition<unknown>][]);
  const types = [...byType.keys()] as E["type"][];

  function read<S extends StoredEvent>(stored: S): ReadEvent<S, E> {
    if (categoryOf(stored.streamId) !== category) {
      throw new UnreadableEvent(stored, `not a ${category} stream`);
    }
    const definition = byType.get(stored.type);
    if (!definition) {
      throw new UnreadableEvent(stored, `unknown event type for ${category} streams (known: ${types.join(", ")})`);
    }
    const stamped = stored.metadata?.[SCHEMA_VERSION];
    const version = stamped === undefined ? 1 : stamped;
    if (typeof version !== "number" || !Number.isInteger(version) || version < 1) {
      throw new UnreadableEvent(stored, `schema version ${JSON.stringify(stamped)} is not a positive whole number`);
    }
    if (version > definition.version) {
      throw new UnreadableEvent(stored, `schema version ${version} is newer than this code reads (${definition.version})`);
    }
    let data = stored.data;
    for (let v = version; v < definition.version; v++) {
      const older = definition.older?.[v];
      if (!older) throw new UnreadableEvent(stored, `no upcaster from schema version ${v}`);
      const parsed = older.schema.safeParse(data);
      if (!parsed.success && !onlyErased(parsed.error, data)) {
        throw new UnreadableEvent(stored, `version ${v} data does not match: ${problem(parsed.error)}`);
      }
      data = older.up((parsed.success ? parsed.data : data) as never);
    }
    // Only the current schema parses an event already at it: one parse per event on replay's hot path.
    const parsed = definition.schema.safeParse(data);
    if (!parsed.success) {
      if (onlyErased(parsed.error, data)) return { ...stored, data } as unknown as ReadEvent<S, E>;
      throw new UnreadableEvent(stored, `version ${definition.version} data does not match: ${problem(parsed.error)}`);
    }
    // The type is one the definitions name and the data passed its schema: this is that event.
    return { ...stored, data: parsed.data } as unknown as ReadEvent<S, E>;
  }

  return {
    category,
    types,
    personal: (type) => byType.get(type)?.personal,
    read,
    readAll: (stored) => stored.map(read),
    toAppend(event, id, metadata) {
      const definition = byType.get(event.type);
      if (!definition) throw new Error(`no schema for ${category} event ${event.type}`);
      const parsed = definition.schema.safeParse(event.data);
      if (!parsed.success) throw new Error(`refusing to append ${event.type}: ${problem(parsed.error)}`);
      return { id, type: event.type, data: event.data, metadata: { ...metadata, [SCHEMA_VERSION]: definition.version } };
    },
  };
}
