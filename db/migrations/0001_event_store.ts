import { sql, type Kysely } from "kysely";

/**
 * The Postgres event store. Events carry the id of the transaction that wrote
 * them (xid8) so readers can order by (transaction_id, global_position) and
 * only see rows below the oldest running transaction: a sequence value becomes
 * visible at commit, not insert, and a naive reader would skip late commits.
 *
 * es_append does the whole append in one round trip: idempotency check,
 * expected-revision check under a row lock, insert. It does not NOTIFY:
 * a NOTIFY inside the transaction takes a global lock at commit and turns
 * concurrent appends into a queue; the adapter notifies after commit instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table es_events (
      global_position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_revision bigint not null,
      event_id uuid not null,
      event_type text not null,
      data jsonb not null,
      metadata jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      constraint es_events_stream_revision unique (stream_id, stream_revision),
      constraint es_events_event_id unique (event_id)
    )`.execute(db);
  await sql`create index es_events_tx_position on es_events (transaction_id, global_position)`.execute(db);
  await sql`
    create table es_streams (
      stream_id text primary key,
      revision bigint not null
    )`.execute(db);
  await sql`
    create function es_append(
      p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_meta jsonb[]
    ) returns table (next_revision bigint, last_transaction xid8, last_position bigint, duplicate boolean)
    language plpgsql as $$
    declare
      n int := coalesce(array_length(p_ids, 1), 0);
      current_revision bigint;
      found_count int;
      found_first bigint;
      found_last bigint;
    begin
      if n = 0 then
        raise exception 'nothing to append' using errcode = '22023';
      end if;

      -- The same event ids again: answer with what was written the first time.
      select count(*), min(e.stream_revision), max(e.stream_revision)
        into found_count, found_first, found_last
        from es_events e where e.event_id = any(p_ids) and e.stream_id = p_stream;
      if found_count > 0 then
        if found_count = n and found_last - found_first = n - 1 and (
             p_expected in ('any', 'stream_exists')
          or (p_expected = 'no_stream' and found_first = 0)
          or (p_expected ~ '^-?[0-9]+$' and found_first = p_expected::bigint + 1)) then
          return query
            select found_last, e.transaction_id, e.global_position, true
              from es_events e where e.stream_id = p_stream and e.stream_revision = found_last;
          return;
        end if;
        select s.revision into current_revision from es_streams s where s.stream_id = p_stream;
        raise exception 'wrong expected version' using errcode = 'ES409', detail = coalesce(current_revision, -1)::text;
      end if;

      -- Lock the stream row; a concurrent first append waits here, then sees the winner's revision.
      insert into es_streams (stream_id, revision) values (p_stream, -1) on conflict (stream_id) do nothing;
      select s.revision into current_revision from es_streams s where s.stream_id = p_stream for update;

      if not (
           p_expected = 'any'
        or (p_expected = 'no_stream' and current_revision = -1)
        or (p_expected = 'stream_exists' and current_revision >= 0)
        or (p_expected ~ '^-?[0-9]+$' and current_revision = p_expected::bigint)) then
        raise exception 'wrong expected version' using errcode = 'ES409', detail = current_revision::text;
      end if;

      insert into es_events (stream_id, stream_revision, event_id, event_type, data, metadata)
        select p_stream, current_revision + t.ord, t.id, t.typ, t.dat, coalesce(t.met, '{}'::jsonb)
          from unnest(p_ids, p_types, p_data, p_meta) with ordinality as t(id, typ, dat, met, ord);

      update es_streams set revision = current_revision + n where stream_id = p_stream;

      return query
        select current_revision + n, e.transaction_id, e.global_position, false
          from es_events e where e.stream_id = p_stream and e.stream_revision = current_revision + n;
    end;
    $$`.execute(db);
}
