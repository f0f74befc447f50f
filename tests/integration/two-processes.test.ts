import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { readOutbox } from "../../workers/transports/console";
import { eventually } from "../support/fake-providers";
import { shownTotalFor } from "../support/checkout";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { connectPostgres, type Database } from "../../db/connection";
import { openAddress } from "../support/shop-cli";

/**
 * The shop on Postgres without Redis as two processes, `shop web` and `shop projector`:
 * every job has to be worked by the process that made it, or a code or an order message
 * would wait forever in the other process's memory.
 */

// Two processes cannot share the embedded database: without a Postgres server this file says it skips.
const { postgresUrl } = inject("services");
let database: TestDatabase;
let reader: Database;
const children: ChildProcess[] = [];
let base = "";

/** Starts `shop <command>` and waits for `ready` in its output; answers that output. */
async function startShop(command: string, env: NodeJS.ProcessEnv, ready: string): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "bin/shop.ts", command], { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (b: Buffer) => (output += b.toString()));
  child.stderr!.on("data", (b: Buffer) => (output += b.toString()));
  await eventually(
    `shop ${command} to start`,
    () => {
      if (child.exitCode !== null) throw new Error(`shop ${command} exited: ${output}`);
      return output.includes(ready);
    },
    60_000,
  );
  return output;
}

beforeAll(async () => {
  if (!postgresUrl) return;
  database = await createTestDatabase();
  reader = await connectPostgres(database.url!, { poolSize: 2 });
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST") || name === "NODE_OPTIONS") delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    SHOP_URL: "https://shop.example.in",
    SMS_PROVIDER: "console",
    DATABASE_URL: database.url,
    REDIS_URL: "",
    EVENTSTORE_URL: "",
    HOST: "127.0.0.1",
    SESSION_SECRET: "test-secret-test-secret",
    SHOP_DATA_DIR: "data/test",
  });
  await startShop("projector", env, "jobs:");
  // PORT=0: the web process takes a port the system gives it and names it, so no other test can take it first.
  const web = await startShop("web", { ...env, PORT: "0" }, "is open at");
  base = openAddress(web)!.replace("localhost", "127.0.0.1");
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once("exit", r)))));
  await reader?.close();
  await database?.close();
});

describe.skipIf(!postgresUrl)("shop web + shop projector on Postgres without Redis", () => {
  it("texts the customer about an order placed through the web process", async () => {
    const form = (fields: Record<string, string>, cookie = "") => ({
      method: "POST",
      redirect: "manual" as const,
      // As a browser posts a page's form: with its Origin (a post with neither Origin nor Referer is refused, decision 193).
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
    const added = await fetch(`${base}/cart`, form({ intent: "add", productId: "school/dps/shirt", size: "30", quantity: "1" }));
    const cookie = (added.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^shop_cart=/);
    const phone = `98${String(Date.now()).slice(-8)}`;
    const placed = await fetch(
      `${base}/checkout`,
      form(
        { name: "Meena", phone, address: "4 Gandhi Nagar", city: "Churu", pincode: "331001", shownTotal: await shownTotalFor(base, cookie, "331001"), idempotencyKey: randomUUID() },
        cookie,
      ),
    );
    expect(placed.status).toBe(302);
    const [sms] = await eventually("the order SMS", () => readOutbox(reader.db, { channel: "sms", recipient: phone }).then((rows) => (rows.length > 0 ? rows : undefined)));
    expect(sms.body).toMatch(/order/i);
  });

  it("sends a sign-in code asked for on the web process", async () => {
    const phone = `97${String(Date.now()).slice(-8)}`;
    const res = await fetch(`${base}/api/users/auth/send-otp`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ phone }),
    });
    expect(res.status).toBe(200);
    const [sms] = await eventually("the code SMS", () => readOutbox(reader.db, { channel: "sms", recipient: phone }).then((rows) => (rows.length > 0 ? rows : undefined)));
    // The console transport keeps the text with the code masked (decision 085): it was sent, by the web process.
    expect(sms.body).toMatch(/^\*{6} is your .* sign-in code/);
  });
});
