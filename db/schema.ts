import type { ColumnType, Generated } from "kysely";

/**
 * The Kysely view of every table. Each read model adds its tables here and a
 * migration in db/migrations.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EsEventsTable {
  global_position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  created_at: Generated<Date>;
}

export interface EsStreamsTable {
  stream_id: string;
  revision: number;
}

export interface ProjectorCheckpointsTable {
  name: string;
  position: string | null;
  updated_at: Timestamp;
}

export interface StreamTypeCountsTable {
  category: string;
  event_type: string;
  count: number;
  last_event_at: Date;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string;
  transport: string;
  created_at: Generated<Date>;
}

export interface DB {
  es_events: EsEventsTable;
  es_streams: EsStreamsTable;
  projector_checkpoints: ProjectorCheckpointsTable;
  stream_type_counts: StreamTypeCountsTable;
  outbox_messages: OutboxMessagesTable;
}
