import { randomUUID } from "node:crypto";
import { startTestServer, type TestServer } from "./server";
import { createTestAdmin, type TestAdmin } from "./admin";
import { API_CALLS, type ApiCall } from "../../domain/api/calls";
import { eventually } from "./fake-providers";

export type Who = "anonymous" | "shopper" | "admin";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  body: any;  
}

export interface ApiHarness {
  server: TestServer;
  admin: TestAdmin;
  shopper: { id: string; email: string; token: string };
  tokenOf(who: Who): string | undefined;
  /** One call, its body read at once (no connection left open for the server's close). */
  request(
    method: string,
    path: string,
    options?: { who?: Who; body?: unknown; raw?: string | Uint8Array | ReadableStream<Uint8Array>; headers?: Record<string, string>; token?: string },
  ): Promise<ApiAnswer>;
  close(): Promise<void>;
}

/** A test server with an admin and a shopper, and a JSON client for it. */
export async function startApiHarness(options: { env?: Record<string, string> } = {}): Promise<ApiHarness> {
  const server = await startTestServer(options);
  const admin = await createTestAdmin(server.shop, server.url);
  const email = `shopper-${randomUUID()}@example.com`;
  const user = await server.shop.auth.registerWithEmail({ email, password: "satchel-2026", name: "Api Shopper" });
  const shopper = { id: user.id, email, token: await server.shop.auth.issueToken(user.id, "shopper") };
  const tokenOf = (who: Who) => (who === "admin" ? admin.token : who === "shopper" ? shopper.token : undefined);
  return {
    server,
    admin,
    shopper,
    tokenOf,
    async request(method, path, options = {}) {
      const token = options.token ?? tokenOf(options.who ?? "anonymous");
      const headers: Record<string, string> = { ...(token ? { Authorization: `Bearer ${token}` } : {}) };
      let body: BodyInit | undefined;
      if (options.raw !== undefined) body = options.raw as BodyInit;
      else if (options.body !== undefined) {
        headers["Content-Type"] = "application/json";
        body = JSON.stringify(options.body);
      }
      const init: RequestInit & { duplex?: "half" } = { method, headers: { ...headers, ...options.headers }, body, redirect: "manual" };
      if (options.raw instanceof ReadableStream) init.duplex = "half";
      const res = await fetch(`${server.url}${path}`, init);
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      return { status: res.status, headers: res.headers, text, body: parsed };
    },
    close: () => server.close(),
  };
}

export const MISSING_ORDER_ID = "00000000-0000-4000-8000-000000000000";
export const MISSING_PRODUCT_ID = "999999";

/** A call's path with `{id}` filled in (by default an id that names nothing). */
export function pathOf(call: ApiCall, id = call.path.startsWith("/api/orders") ? MISSING_ORDER_ID : MISSING_PRODUCT_ID): string {
  return call.path.replace("{id}", id);
}

export const callName = (call: ApiCall) => `${call.method} ${call.path}`;
export const findCall = (method: string, path: string) => {
  const call = API_CALLS.find((c) => c.method === method && c.path === path);
  if (!call) throw new Error(`no such call in domain/api/calls.ts: ${method} ${path}`);
  return call;
};

/**
 * Counts and checksums of everything a refused request must leave alone. Texts about
 * orders placed earlier are written in the background: taken once they have all gone out.
 */
export async function stateFingerprint(server: TestServer): Promise<Record<string, string>> {
  const { sql } = await import("kysely");
  const { db, store } = server.shop;
  await eventually("earlier orders' texts to be sent", async () => {
    const reactor = await db.selectFrom("reactor_checkpoints").select("position").executeTakeFirst();
    if (store.comparePositions(reactor?.position ?? undefined, await store.headPosition()) < 0) return false;
    // A UPI order's payment reminder waits hours for its time (due_at): it is not an earlier text still going out.
    const open = await db
      .selectFrom("notification_sends")
      .select("key")
      .where("status", "in", ["pending", "sending"])
      .where((eb) => eb.or([eb("due_at", "is", null), eb("due_at", "<=", new Date())]))
      .execute();
    return open.length === 0;
  });
  const out: Record<string, string> = {};
  const tables: [string, string][] = [
    ["es_events", "global_position"],
    ["es_streams", "stream_id"],
    ["orders", "id"],
    ["order_status_history", "order_id, revision"],
    ["products", "id"],
    ["users", "id"],
    ["api_tokens", "token_hash"],
    ["otp_codes", "id"],
    ["outbox_messages", "id"],
  ];
  for (const [table, order] of tables) {
    const row = await sql<{ n: string; sum: string | null }>`
      select count(*)::text as n, md5(coalesce(string_agg(t::text, '|' order by ${sql.raw(order)}), '')) as sum
      from ${sql.table(table)} t`.execute(db);
    out[table] = `${row.rows[0].n}:${row.rows[0].sum}`;
  }
  return out;
}
