import { sql, type Kysely } from "kysely";

/**
 * Crypto-shredding (decision 121, docs/privacy.md):
 * - privacy_keys: one data key per person (subject), itself sealed under the shop's master key
 *   (PRIVACY_MASTER_KEY or data/privacy-master-key), never in the clear. Erasing a person deletes
 *   their row: every sealed field of theirs, in every event and every backup, stops opening.
 *   Backed up with the rest (its rule in docs/backups.md): sealed, so a backup without the master key
 *   opens nothing, and erasures after it are applied again on restore (decision 123).
 * - privacy_erasures: who was erased and when, so a new event for an erased person is never sealed
 *   under a fresh key (it is stored as erased) and the key is never made again.
 * - erasure_requests: the admin's list of requests with their deadline, a read model of the privacy
 *   streams (projectors/privacy.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table privacy_keys (
      subject text primary key,
      sealed_key text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table privacy_erasures (
      subject text primary key,
      erased_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table erasure_requests (
      subject text primary key,
      by text not null,
      requested_at timestamptz not null,
      due_by timestamptz not null,
      erased_at timestamptz
    )`.execute(db);
  await sql`create index erasure_requests_open on erasure_requests (due_by) where erased_at is null`.execute(db);
}
