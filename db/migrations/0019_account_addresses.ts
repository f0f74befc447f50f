import { sql, type Kysely } from "kysely";

/**
 * A parent's saved delivery addresses (decision 114): at most three per account, owned by the
 * account like its row in `users` (deleted with it), a plain table rather than events: nothing
 * reads their history, the checkout must not wait for a projector to pre-fill one, and personal
 * data in one table is personal data that can be erased in one statement. The orders keep their
 * own copy of the address they were sent to, in their events, as before.
 *
 * Which one the checkout pre-fills is read, not stored: the one the account's latest order went
 * to, or the one saved or edited since (domain/account/addresses.ts `addressToPrefill`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_addresses (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      name text not null,
      phone text not null check (phone ~ '^[0-9]{10}$'),
      address text not null,
      city text not null,
      pincode text not null check (pincode ~ '^[0-9]{6}$'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index account_addresses_user on account_addresses (user_id, created_at)`.execute(db);
}
