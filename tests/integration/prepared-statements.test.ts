// The lookups every page of a parent with a cart or session makes (who is signed in, the cart's
// newest events) run as named prepared statements on Postgres: planned once per connection, not
// on every page (decision 106). Checked on the connection itself: Postgres lists what it holds.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runPrepared } from "../../db/prepared";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { openTestShop, type TestShop } from "../support/shop";

const { postgresUrl } = inject("services");

describe.skipIf(!postgresUrl)("prepared statements on a Postgres server", () => {
  let shop: TestShop;
  let single: TestDatabase;

  beforeAll(async () => {
    shop = await openTestShop({ projectors: false });
    // One connection: what one query prepares, the next sees.
    single = await createTestDatabase({ poolSize: 1 });
  });
  afterAll(async () => {
    await shop?.close();
    await single?.close();
  });

  /** The statements the connections of `db` hold, by text. */
  async function held(db: TestDatabase["db"]): Promise<string[]> {
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements where name like 'shop_prepared_%'`.execute(db);
    return rows.map((row) => row.statement);
  }

  it("keeps a statement run through runPrepared on the connection, and answers it the same as an unnamed one", async () => {
    const query = sql<{ n: number }>`select ${41}::int + 1 as n`.compile(single.db);
    const first = await runPrepared(single.db, query);
    const second = await runPrepared(single.db, sql<{ n: number }>`select ${1}::int + 1 as n`.compile(single.db));
    expect(first.rows).toEqual([{ n: 42 }]);
    expect(second.rows).toEqual([{ n: 2 }]);
    expect(await held(single.db)).toContain(query.sql);
    // An ordinary query stays unnamed.
    await sql`select 7 as plain`.execute(single.db);
    expect((await held(single.db)).some((text) => text.includes("plain"))).toBe(false);
  });

  it("answers who is signed in and the cart's events from statements Postgres keeps, and an ended session is ended", async () => {
    const user = await shop.auth.registerWithEmail({ email: "prepared@example.com", password: "a long password 1994", name: "Meena" });
    const sessionId = await shop.auth.sessions.create("shopper", { userId: user.id }, new Date(Date.now() + 3_600_000));
    await shop.cart.add({ kind: "user", userId: user.id }, { productId: "school/dps/shirt", size: "30", quantity: 2 });

    // Asked on every connection of the pool in turn, as a busy shop does.
    for (let i = 0; i < 15; i++) {
      expect(await shop.auth.sessions.user("shopper", sessionId)).toMatchObject({ id: user.id, name: "Meena" });
      expect(await shop.cart.count({ kind: "user", userId: user.id })).toBe(2);
    }
    const statements = await Promise.all(Array.from({ length: 4 }, () => held(shop.db)));
    const all = statements.flat().join("\n");
    expect(all).toContain("auth_sessions");
    expect(all).toContain("es_events");

    // Prepared or not, the session is read afresh: ended, it is gone at once.
    await shop.auth.sessions.destroy("shopper", sessionId);
    expect(await shop.auth.sessions.user("shopper", sessionId)).toBeNull();
    // The admin's cookie kind never reads a shopper's session.
    const other = await shop.auth.sessions.create("shopper", { userId: user.id }, new Date(Date.now() + 3_600_000));
    expect(await shop.auth.sessions.user("admin", other)).toBeNull();
  });
});
