import { sql, type Kysely } from "kysely";

/**
 * A signed-in parent's browser sessions at the moment their account was erased (decision 248), by the sha-256 of
 * the session id alone: the browser that comes back with one is told what happened instead of finding itself
 * signed out for no reason. Nothing here says whose it was; a row means nothing once its session would have expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists erased_sessions (
      id_hash text primary key,
      erased_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index if not exists erased_sessions_expires on erased_sessions (expires_at)`.execute(db);
}
