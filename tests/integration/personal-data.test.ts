/**
 * Erasure from the one declaration of personal columns (db/personal-data.ts, decision 166): every table
 * the migrations make is held to it, and a parent seeded into every declared column and every personal
 * field of their events leaves nothing readable behind once erased: not in a table, not in an event,
 * not in the queue's failed jobs.
 */
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { PERSONAL_DATA, personalColumns, undeclaredColumns, type PersonKey, type TableDeclaration } from "../../db/personal-data";
import { personalFieldsOf } from "../../domain/events/index";
import { ERASED } from "../../domain/privacy/erased";
import { valuesAt } from "../../domain/privacy/paths";
import { accountSubject } from "../../domain/privacy/subjects";
import { grievanceStreamId } from "../../domain/grievance/ticket";
import { PRIVACY_ERASED_KIND, forgetErasedRecipient } from "../../services/privacy";
import { UnrecoverableJobError } from "../../services/queue";
import { BullMQQueue } from "../../workers/bullmq-queue";
import { InProcessQueue } from "../../workers/in-process-queue";
import { dropQueuePrefix, testQueuePrefix } from "../support/notifications";
import { databaseText, redisText } from "../support/secrets-scan";
import { createTestAdmin } from "../support/admin";
import { loader as notificationsPage } from "../../app/routes/admin.notifications";
import { eventually } from "../support/fake-providers";
import { openTestShop, type TestShop } from "../support/shop";

const { redisUrl } = inject("services");
const admin = { kind: "admin" as const, id: "admin-1", name: "Asha" };

async function tableColumns(shop: TestShop) {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.table_name as "table", c.column_name as "column" from information_schema.columns c
    join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(shop.db);
  return rows;
}

describe("the declaration of personal columns", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ projectors: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("covers every table the migrations make, and a new table with a personal-looking column fails until declared", async () => {
    expect(undeclaredColumns(await tableColumns(shop))).toEqual([]);
    await sql`create table guardian_notes (id text primary key, guardian_phone text, created_at timestamptz)`.execute(shop.db);
    try {
      expect(undeclaredColumns(await tableColumns(shop))).toEqual(["guardian_notes.guardian_phone (the table is not declared in db/personal-data.ts)"]);
    } finally {
      await sql`drop table guardian_notes`.execute(shop.db);
    }
    // A column added to a declared table is caught the same way.
    await sql`alter table users add column mobile_alt text`.execute(shop.db);
    try {
      expect(undeclaredColumns(await tableColumns(shop))).toEqual(["users.mobile_alt (neither personal nor said why not)"]);
    } finally {
      await sql`alter table users drop column mobile_alt`.execute(shop.db);
    }
  });
});

describe("erasing a parent seeded into every declared column", () => {
  let shop: TestShop;
  const queue = new InProcessQueue(10);
  const n = Math.floor(Math.random() * 90_000_000) + 10_000_000;
  const marks = {
    name: `Zorawar Declared${n}`,
    phone: `8${String(n).padStart(9, "0")}`.slice(0, 10),
    email: `declared${n}@example.in`,
    address: `House ${n}, Declared Lane`,
    child: `Kesarbai${n}`,
    complaint: `The blazer for Declared${n} is late`,
  };
  const phoneHash = createHash("sha256").update(marks.phone).digest("hex").slice(0, 32);
  const left = (texts: string[]) => texts.filter((t) => [...Object.values(marks), phoneHash].some((m) => t.toLowerCase().includes(m.toLowerCase())));

  beforeAll(async () => {
    shop = await openTestShop({ queue });
    // A provider that refuses the parent's messages and quotes the address, as an SMTP rejection does; the
    // erasure's own "done" text goes out (its record then forgets the number: privacy-erasure.test.ts).
    for (const name of ["notifications", "otp"] as const) {
      queue.process(name, async (data) => {
        if (String((data as { key?: unknown }).key).startsWith(`${PRIVACY_ERASED_KIND}:`)) return;
        throw new UnrecoverableJobError(`550 5.1.1 <${marks.email}> ${marks.phone}: recipient rejected`);
      });
    }
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("leaves none of them, nor any personal field of the parent's events, nor the queue's failed jobs", async () => {
    const userId = randomUUID();
    const details = { name: marks.name, phone: marks.phone, address: marks.address, city: `Declared${n}pur`, pincode: "331001" };
    await shop.db
      .insertInto("users")
      .values({ id: userId, name: marks.name, email: marks.email, phone: marks.phone, password_hash: `argon2-of-${marks.name}`, google_id: `google-${marks.email}` })
      .execute();
    // The plain tables, each with the person in every personal column.
    await shop.db.insertInto("account_addresses").values({ id: randomUUID(), user_id: userId, ...details, updated_at: new Date() }).execute();
    await shop.db.insertInto("auth_sessions").values({ id_hash: randomUUID(), kind: "shopper", user_id: userId, data: JSON.stringify({ name: marks.name }), expires_at: new Date(Date.now() + 3_600_000) }).execute();
    await shop.db.insertInto("api_tokens").values({ token_hash: randomUUID(), user_id: userId, scope: "shopper", expires_at: new Date(Date.now() + 3_600_000) }).execute();
    await shop.db.insertInto("otp_codes").values({ id: randomUUID(), phone: marks.phone, code_hash: "h", ip: "203.0.113.9", created_at: new Date(), expires_at: new Date(Date.now() + 600_000) }).execute();
    await shop.db.insertInto("newsletter_subscribers").values({ email: marks.email }).execute();
    await shop.db.insertInto("outbox_messages").values({ channel: "email", recipient: marks.email, subject: `For ${marks.name}`, body: `Dear ${marks.name}`, transport: "console" }).execute();
    await shop.db
      .insertInto("notification_sends")
      .values({
        key: `declared-${n}`, kind: "order-placed", channel: "email", queue: "notifications", job_name: "order-placed-email", job_id: `declared-${n}`,
        recipient: marks.email, subject: `For ${marks.name}`, body: `Dear ${marks.name}`, secret: "sealed", status: "failed",
        last_error: `550 5.1.1 <${marks.email}>: recipient rejected`, updated_at: new Date(),
        // WhatsApp's refusal may quote the number too (decision 230).
        whatsapp_error: `131026 Message undeliverable to ${marks.phone}`,
      })
      .execute();
    // The read models and events, through the shop's own services.
    const owner = { kind: "user" as const, userId };
    await shop.cart.add(owner, { productId: "school/dps/shirt", size: "30", quantity: 1 });
    const placed = await shop.orders.placeOrderFromCart({ owner, idempotencyKey: randomUUID(), details, user: { id: userId, name: marks.name, email: marks.email } });
    await shop.orders.addNote(placed.orderId, marks.complaint, { kind: "admin", id: "admin-1", name: marks.name });
    await shop.children.add(userId, { name: marks.child, school: "dps", className: "5", kit: "girls", measurements: { heightCm: 131, chestCm: 67 }, sizes: { shirt: "30" } });
    const filed = await shop.grievances.file({ key: randomUUID(), userId, name: marks.name, phone: marks.phone, topic: "delivery", text: marks.complaint, language: "en" });
    if (!("ticketId" in filed)) throw new Error("the parent's complaint was not filed");
    await queue.add("notifications", "order-placed-email", { key: `declared-${n}`, to: marks.email }, { jobId: `declared-${n}` });
    await eventually("the read models and the failed job", async () =>
      (await queue.failed("notifications")).some((f) => f.error.includes(marks.email)) &&
      (await shop.db.selectFrom("grievance_tickets").select("ticket_id").where("ticket_id", "=", filed.ticketId).executeTakeFirst()) &&
      (await shop.db.selectFrom("account_children").select("child_id").where("user_id", "=", userId).executeTakeFirst()) &&
      (await shop.db.selectFrom("report_orders").select("order_id").where("order_id", "=", placed.orderId).executeTakeFirst())
        ? true
        : null,
    );

    const keys: Record<PersonKey, string[]> = {
      account: [userId], phone: [marks.phone], email: [marks.email], contact: [marks.phone, marks.email],
      stream: [`order-${placed.orderId}`, grievanceStreamId(filed.ticketId)], order: [placed.orderId], ticket: [filed.ticketId],
    };
    const rowsOf = async (table: string, declaration: TableDeclaration) => {
      if (!("findBy" in declaration)) return [];
      const found = Object.entries(declaration.findBy).map(([column, key]) => sql`${sql.ref(column)}::text in (${sql.join(keys[key])})`);
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} where ${sql.join(found, sql` or `)}`.execute(shop.db);
      return rows;
    };
    const declared = Object.entries(PERSONAL_DATA as Record<string, TableDeclaration>).filter(([, d]) => personalColumns(d).length > 0 && d.kept !== "sealed");
    // Every declared column is seeded: a column declared and never filled would prove nothing.
    const before = new Map<string, Record<string, unknown>[]>();
    for (const [table, declaration] of declared) {
      const rows = await rowsOf(table, declaration);
      before.set(table, rows);
      for (const column of personalColumns(declaration)) expect(rows.some((r) => r[column] !== null && r[column] !== undefined), `${table}.${column} seeded`).toBe(true);
    }
    // Every personal field of the parent's events holds their data before.
    const streams = [...keys.stream, `children-${userId}`];
    const personalValues = async () => {
      const values: unknown[] = [];
      for (const stream of streams) {
        for (const event of await shop.store.readStream(stream)) {
          const personal = personalFieldsOf(stream, event.type);
          if (personal) values.push(...valuesAt(event.data, personal.paths));
        }
      }
      return values;
    };
    expect((await personalValues()).filter((v) => v !== ERASED).length).toBeGreaterThanOrEqual(10);
    expect(left(await databaseText(shop.db)).length).toBeGreaterThan(0);

    const erased = await shop.privacy.erase(accountSubject(userId), admin);
    expect(erased.erased).toBe(true);
    await eventually("the read models scrubbed", async () =>
      (await shop.db.selectFrom("orders").select("customer_name").where("id", "=", placed.orderId).executeTakeFirst())?.customer_name === ERASED &&
      !(await shop.db.selectFrom("account_children").select("child_id").where("user_id", "=", userId).executeTakeFirst()) &&
      (await shop.db.selectFrom("grievance_tickets").select("name").where("ticket_id", "=", filed.ticketId).executeTakeFirst())?.name === ERASED
        ? true
        : null,
    );

    // The "done" text needs the number until it has gone; then the worker forgets it (workers/index.ts), as here.
    await forgetErasedRecipient(shop.db, `${PRIVACY_ERASED_KIND}:${accountSubject(userId)}`);

    // No declared column of the person's rows keeps what it held.
    for (const [table, declaration] of declared) {
      const was = before.get(table)!;
      for (const row of await rowsOf(table, declaration)) {
        const old = was.find((w) => JSON.stringify(Object.keys(w).filter((k) => !personalColumns(declaration).includes(k)).map((k) => w[k])) === JSON.stringify(Object.keys(row).filter((k) => !personalColumns(declaration).includes(k)).map((k) => row[k])));
        for (const column of personalColumns(declaration)) {
          const value = row[column];
          const kept = value !== null && value !== ERASED && old !== undefined && JSON.stringify(value) === JSON.stringify(old[column]) && !String(value).startsWith("account:");
          expect(kept, `${table}.${column} still holds ${JSON.stringify(value)}`).toBe(false);
        }
      }
    }
    // Nothing readable of them anywhere: any table, any event field, the queue's failed jobs.
    expect(left(await databaseText(shop.db))).toEqual([]);
    expect((await personalValues()).filter((v) => v !== ERASED)).toEqual([]);
    // The owner's page of messages shows the provider's answer as erased, in the page's language.
    for (const [language, word] of [["en", "erased"], ["hi", "मिटाया गया"]] as const) {
      const request = new Request("http://shop.test/admin/notifications", { headers: { Cookie: `${(await createTestAdmin(shop, "http://shop.test")).cookie}; shop_lng=${language}` } });
      const page = (await notificationsPage({ request, context: { shop }, params: {} } as never)) as { recent: { key: string; to: string; error: string | null }[] };
      expect(page.recent.find((r) => r.key === `declared-${n}`)).toMatchObject({ to: word, error: word });
    }
    const failed = [...(await queue.failed("notifications")), ...(await queue.failed("otp"))];
    expect(left(failed.map((f) => `${f.error} ${JSON.stringify(f.data)}`))).toEqual([]);
  });
});

describe.runIf(redisUrl)("the BullMQ queue", () => {
  const prefix = testQueuePrefix("personal-data");
  let queue: BullMQQueue;
  beforeAll(async () => {
    queue = await BullMQQueue.connect(redisUrl!, { prefix, backoffMs: 10 });
  });
  afterAll(async () => {
    await queue?.close();
    await dropQueuePrefix(redisUrl!, prefix);
  });

  it("keeps failed jobs for a bounded time and number, and forgets those naming an erased parent", async () => {
    const email = `bounded${randomUUID().slice(0, 8)}@example.in`;
    queue.process("otp", async () => {
      throw new UnrecoverableJobError(`550 5.1.1 <${email}>: recipient rejected`);
    });
    await queue.add("otp", "otp-send", { key: "otp:bounded" }, { jobId: `bounded-${email}` });
    await eventually("the failed job", async () => ((await queue.failed("otp")).some((f) => f.error.includes(email)) ? true : null));
    const redis = new Redis(redisUrl!);
    try {
      const stored = await redis.hget(`${prefix}:otp:bounded-${email}`, "opts");
      expect(JSON.parse(stored!)).toMatchObject({ removeOnFail: { age: 14 * 86_400, count: 1000 }, removeOnComplete: { age: 86_400, count: 1000 } });
    } finally {
      redis.disconnect();
    }
    expect(await queue.forget([email])).toBe(1);
    expect((await queue.failed("otp")).filter((f) => f.error.includes(email))).toEqual([]);
    expect(left([email], await redisText(redisUrl!, prefix))).toEqual([]);
  });
});

function left(words: string[], texts: string[]) {
  return texts.filter((t) => words.some((w) => t.includes(w)));
}

describe("the rate limits' rows", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ projectors: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("keep a hash of what they count, never the email or the address, and still refuse at the limit", async () => {
    const email = `limited${randomUUID().slice(0, 8)}@example.in`;
    const ip = "198.51.100.77";
    const refusals: string[] = [];
    for (let i = 0; i < 12; i++) {
      await shop.auth.loginWithPassword({ email, password: "wrong password 1", ip }).catch((err: Error & { code?: string }) => refusals.push(err.code ?? err.message));
    }
    // Still limited: the pair's hard limit answers "too many" before the twelfth try.
    expect(refusals.some((r) => /too_many|rate/i.test(r))).toBe(true);
    const rows = await shop.db.selectFrom("rate_limits").select("bucket").execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.bucket.includes(email) || r.bucket.includes(ip))).toEqual([]);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.bucket))).toBe(true);
  });
});
