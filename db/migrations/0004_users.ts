import { sql, type Kysely } from "kysely";

/**
 * Accounts and what signs them in. Users are a plain table, not event-sourced:
 * nothing needs their history, and a login must not wait for a projector.
 * Every secret is stored hashed: page sessions and API tokens as sha-256 of
 * a 256-bit random value, one-time codes as an HMAC keyed by the server secret,
 * passwords as argon2id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key,
      name text not null,
      email text unique check (email = lower(email)),
      phone text unique check (phone ~ '^[0-9]{10}$'),
      password_hash text,
      role text not null default 'customer' check (role in ('customer', 'admin')),
      google_id text unique,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table auth_sessions (
      id_hash text primary key,
      kind text not null check (kind in ('shopper', 'admin')),
      user_id uuid references users (id) on delete cascade,
      data jsonb not null default '{}'::jsonb,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index auth_sessions_user on auth_sessions (user_id)`.execute(db);
  await sql`create index auth_sessions_expires on auth_sessions (expires_at)`.execute(db);

  await sql`
    create table api_tokens (
      token_hash text primary key,
      user_id uuid not null references users (id) on delete cascade,
      scope text not null check (scope in ('shopper', 'admin')),
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index api_tokens_user on api_tokens (user_id)`.execute(db);

  await sql`
    create table otp_codes (
      id uuid primary key,
      phone text not null,
      code_hash text not null,
      ip text,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      attempts integer not null default 0,
      used_at timestamptz,
      superseded_at timestamptz
    )`.execute(db);
  await sql`create index otp_codes_phone on otp_codes (phone, created_at desc)`.execute(db);

  await sql`
    create table rate_limits (
      bucket text not null,
      window_start timestamptz not null,
      count integer not null default 0,
      primary key (bucket, window_start)
    )`.execute(db);
}
