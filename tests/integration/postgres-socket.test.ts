import fs from "node:fs";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { connectPostgres } from "../../db/connection";

const SOCKET_DIR = "/var/run/postgresql";
const hasSocket = fs.existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`);

describe("a Postgres reached through its Unix socket", () => {
  // Only where the local server has its socket in the usual folder (it has on the CI machine).
  it.skipIf(!hasSocket)("is connected to where the URL says and described so at start-up and in /healthz", async () => {
    const database = await connectPostgres(`postgres://postgres@localhost/postgres?host=${encodeURIComponent(SOCKET_DIR)}&port=5432`);
    try {
      expect(database.description).toBe(`Postgres at the Unix socket ${SOCKET_DIR}/.s.PGSQL.5432/postgres`);
      const row = await sql<{ socket: string | null }>`select inet_server_addr()::text as socket`.execute(database.db);
      // A socket connection has no server address: null says it did not go over TCP to localhost.
      expect(row.rows[0]?.socket).toBeNull();
    } finally {
      await database.close();
    }
  });
});
