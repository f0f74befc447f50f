import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import type { EventStore, Position } from "../eventstore/port";
import type { JobQueue } from "./queue";

/**
 * What the services take from the composition root (`server/runtime.ts`, `bin/`): the
 * database, the event store, the job queue and the ports to what lives above them. Types
 * only, so that services never import `server/` or `workers/` (decision 090).
 */
export interface ServiceCore {
  db: Kysely<DB>;
  store: EventStore;
  queue: JobQueue;
  sessionSecret: string;
  config: { shopName: string };
  /** The orders projector's read-your-writes wait: what an order page reads. */
  waitForOrders(position: Position, timeoutMs?: number): Promise<boolean>;
  codeOutbox: CodeOutbox;
}

/** A sign-in code's outbox row and the job that names it. */
export interface CodeSend {
  key: string;
  jobId: string;
}

/** The sign-in codes' outbox (docs/decisions/086), kept by `workers/code-outbox.ts`, whose relay sends what the queue missed. */
export interface CodeOutbox {
  /** Writes the code's outbox row in the caller's transaction: the text with the code masked, the code sealed. */
  record(trx: Kysely<DB>, input: { codeId: string; phone: string; code: string; shopName: string; sealKey: Buffer }): Promise<CodeSend>;
  /** Hands a code's job to the queue; false (never a throw) when the queue cannot take it now: the relay will. */
  handOver(queue: JobQueue, send: CodeSend): Promise<boolean>;
}
