import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connectPGlite } from "../../db/connection";
import { createTestDatabase } from "../support/database";
import { verifyPassword } from "../../services/auth/index";
import { SHOP_CLI } from "../support/shop-cli";


function shop(args: string[], dataDir: string, input = "", databaseUrl = "") {
  const result = spawnSync(process.execPath, [...SHOP_CLI, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: "", EVENTSTORE_URL: "", SHOP_DATA_DIR: dataDir },
    encoding: "utf8",
    input,
    timeout: 60_000,
  });
  return { code: result.status, stderr: result.stderr.trim(), stdout: result.stdout.trim() };
}

describe("shop admin create", () => {
  it("creates the first admin with the password from stdin, then resets it from --password-file", { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-admin-"));
    // A scratch Postgres database when there is a server (much faster to open than a fresh PGlite folder).
    const scratch = await createTestDatabase({ migrate: false });
    const url = scratch.url ?? "";
    if (!url) await scratch.close();
    const created = shop(["admin", "create", "--email", "Owner@Example.com"], dataDir, "first admin password\n", url);
    expect(created.stderr).toBe("");
    expect(created).toMatchObject({ code: 0, stdout: "created admin owner@example.com: sign in at /admin/login" });

    const file = path.join(dataDir, "password.txt");
    fs.writeFileSync(file, "second admin password\n");
    const again = shop(["admin", "create", "--email=owner@example.com", "--password-file", file], dataDir, "", url);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("owner@example.com is now an admin with the new password");

    const database = url ? scratch : await connectPGlite(path.join(dataDir, "pglite"));
    try {
      const rows = await database.db.selectFrom("users").select(["email", "role", "password_hash"]).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: "owner@example.com", role: "admin" });
      expect(await verifyPassword(rows[0].password_hash!, "second admin password")).toBe(true);
      expect(await verifyPassword(rows[0].password_hash!, "first admin password")).toBe(false);
    } finally {
      await database.close();
    }
  });

  it("stops with one clear line on a missing email or a short password", { timeout: 180_000 }, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-admin-"));
    const noEmail = shop(["admin", "create"], dataDir, "whatever password\n");
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr.split("\n")[0]).toBe("shop: --email is required");
    const short = shop(["admin", "create", "--email", "a@example.com"], dataDir, "short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toBe("shop admin: An admin password must be at least 10 characters.");
  });
});
