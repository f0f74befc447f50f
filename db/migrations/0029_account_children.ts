import { sql, type Kysely } from "kysely";

/**
 * The children a parent keeps on the account (decision 133): the read model of the `children-{userId}`
 * streams, one row per child, rebuilt from the events by projectors/children.ts. The measurements and
 * the sizes the parent knows are a few figures read whole by the size finder: jsonb, not columns.
 * No foreign key to `users`: a projector's table follows the events alone (a replay builds it in
 * another schema), and erasing an account deletes its rows with the account's other personal rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_children (
      child_id uuid primary key,
      user_id uuid not null,
      name text not null,
      school text not null,
      class_name text not null,
      kit text,
      measurements jsonb not null,
      sizes jsonb not null,
      position integer not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index account_children_user on account_children (user_id, position)`.execute(db);
}
