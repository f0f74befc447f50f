import fs from "node:fs";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { DB } from "../db/schema";
import { PERSONAL_DATA, type PersonKey, type TableDeclaration } from "../db/personal-data";
import { createCommandHandler } from "../eventstore/command-handler";
import type { ShopEvents, RecordedEvent } from "../eventstore/port";
import { sealStored, type EventSealer } from "../eventstore/sealing";
import { RuleViolation } from "../domain/errors";
import { readEvent } from "../domain/events/index";
import { grievanceStreamId } from "../domain/grievance/ticket";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../domain/i18n";
import { ERASED } from "../domain/privacy/erased";
import { coolingOffEnds, privacyDecider, privacyEvents, privacyStreamId, type PrivacyState } from "../domain/privacy/events";
import { ERASURE_COOLING_OFF_HOURS, PRIVACY_NOTICE_VERSION, type ConsentPlace, type ConsentPurpose } from "../domain/privacy/notice";
import { accountSubject, orderSubject } from "../domain/privacy/subjects";
import { privacyErasedSms } from "../domain/privacy/texts";
import type { JobQueue } from "./queue";

/** The notification record kind of the "your data was erased" text: its recipient is forgotten once it is sent. */
export const PRIVACY_ERASED_KIND = "privacy-erased";
const NOTIFY_JOB = "privacy-erased";

export type PrivacyActor = { kind: "admin" | "system"; id?: string; name?: string };

/**
 * A parent's data rights (docs/privacy.md, decisions 121-124): consent recorded and withdrawn as events,
 * a copy of everything the shop holds about them, and erasure by deleting their keys (crypto-shredding)
 * with the plain tables scrubbed, the read models told by the erasure's event, the erasure remembered
 * outside the backups, and a text to the parent when it is done.
 */
export function createPrivacyService(deps: {
  db: Kysely<DB>;
  store: ShopEvents;
  sealer: EventSealer;
  queue: JobQueue;
  shopName: string;
  /** The list of erased people kept apart from the backups (decision 123); unset: not kept (tests that do not restore). */
  erasuresFile?: string;
  /** Hours a parent may take a request back before the admin may erase (decision 248); 48 unless set. */
  coolingOffHours?: number;
  now?: () => Date;
}) {
  const { db, store, sealer } = deps;
  const now = deps.now ?? (() => new Date());
  const coolingOffHours = deps.coolingOffHours ?? ERASURE_COOLING_OFF_HOURS;
  const privacy = createCommandHandler(store, { decider: privacyDecider, events: privacyEvents });

  /**
   * The subject of a guest's request about an order found by its number and phone: the order's own, only while it is
   * a guest order. An order placed signed in, or joined to an account since, is that account's: its data is asked for
   * by signing in (decision 192: the number and phone printed on a parcel reached an account holder's email and erasure).
   */
  async function guestOrderSubject(orderId: string): Promise<string> {
    const order = await db.selectFrom("orders").select("user_id").where("id", "=", orderId).executeTakeFirst();
    if (!order) throw new RuleViolation("tracking.notFound", {}, 404);
    if (order.user_id) throw new RuleViolation("privacy.onAccount", {}, 409);
    return orderSubject(orderId);
  }

  /** The orders that are this person's: an account's own and the guest orders linked to it; a guest order alone. */
  async function ordersOf(subject: string): Promise<string[]> {
    const [kind, id] = splitSubject(subject);
    if (kind === "order") return [id];
    const rows = await db.selectFrom("orders").select("id").where("user_id", "=", id).execute();
    return rows.map((r) => r.id);
  }

  /** Where to text the parent when it is done, and in which language: read before the key goes. */
  async function contactOf(subject: string): Promise<{ phone?: string; language: Language }> {
    const [kind, id] = splitSubject(subject);
    if (kind === "account") {
      const user = await db.selectFrom("users").select(["phone"]).where("id", "=", id).executeTakeFirst();
      const last = await db.selectFrom("orders").select("id").where("user_id", "=", id).orderBy("placed_at", "desc").executeTakeFirst();
      return { phone: user?.phone ?? undefined, language: last ? await languageOf(last.id) : DEFAULT_LANGUAGE };
    }
    const order = await db.selectFrom("orders").select(["phone"]).where("id", "=", id).executeTakeFirst();
    return { phone: order?.phone, language: await languageOf(id) };
  }

  async function languageOf(orderId: string): Promise<Language> {
    const [placed] = await store.readStream(`order-${orderId}`, { maxCount: 1 });
    const language = (placed?.data as { language?: unknown } | undefined)?.language;
    return isLanguage(language) ? language : DEFAULT_LANGUAGE;
  }

  /** The person's complaints: a signed-in parent's own, and those a guest filed about one of their orders. */
  async function ticketsOf(subject: string, orderIds: readonly string[]) {
    const [kind, id] = splitSubject(subject);
    return db
      .selectFrom("grievance_tickets")
      .selectAll()
      .where((eb) =>
        eb.or([
          ...(kind === "account" ? [eb("user_id", "=", id)] : []),
          ...(orderIds.length > 0 ? [eb.and([eb("user_id", "is", null), eb("order_id", "in", [...orderIds])])] : []),
        ]),
      )
      .orderBy("filed_at", "asc")
      .execute();
  }

  async function streamsOf(subject: string, orderIds: readonly string[]): Promise<string[]> {
    const [kind, id] = splitSubject(subject);
    const streams = [...orderIds.map((o) => `order-${o}`), privacyStreamId(subject), ...orderIds.map((o) => privacyStreamId(orderSubject(o)))];
    if (kind === "account") streams.push(`children-${id}`);
    for (const ticket of await ticketsOf(subject, orderIds)) streams.push(grievanceStreamId(ticket.ticket_id));
    return streams;
  }

  return {
    notice: PRIVACY_NOTICE_VERSION,
    coolingOffHours,

    /** Consent as the parent gave it (sign-up, checkout): the notice version shown, when, and what for. Again for the same notice: nothing new. */
    async consent(input: { subject: string; place: ConsentPlace; language: Language; purposes?: ConsentPurpose[]; notice?: string }) {
      const handled = await privacy.handle(privacyStreamId(input.subject), {
        type: "GiveConsent",
        subject: input.subject,
        notice: input.notice ?? PRIVACY_NOTICE_VERSION,
        purposes: input.purposes ?? ["orders", "messages"],
        place: input.place,
        language: input.language,
        at: now().toISOString(),
      });
      return { changed: handled.changed, position: handled.position };
    },

    async withdrawConsent(subject: string) {
      const handled = await privacy.handle(privacyStreamId(subject), { type: "WithdrawConsent", subject, at: now().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    /** The person's consent and requests as their stream has them now. */
    async state(subject: string): Promise<PrivacyState> {
      return (await privacy.load(privacyStreamId(subject))).state;
    },

    /** The subject of a guest's request about an order (its own), only while it is a guest order: `guestOrderSubject`. */
    guestSubject: guestOrderSubject,

    async requestErasure(subject: string, by: "parent" | "guest") {
      // A guest's request names a guest order only, whoever calls (decision 192).
      if (by === "guest") {
        const [kind, id] = splitSubject(subject);
        if (kind !== "order") throw new RuleViolation("privacy.onAccount", {}, 409);
        await guestOrderSubject(id);
      }
      const handled = await privacy.handle(privacyStreamId(subject), { type: "RequestErasure", subject, by, at: now().toISOString() });
      return { changed: handled.changed, position: handled.position, state: handled.state };
    },

    /** Until when the person's open request may be taken back (and the admin waits), or null with none open. */
    async coolingOffUntil(subject: string): Promise<string | null> {
      const state = (await privacy.load(privacyStreamId(subject))).state;
      return state.erasureAskedAt && !state.erased ? coolingOffEnds(state.erasureAskedAt, coolingOffHours) : null;
    },

    /** The parent takes their request back, within its cooling-off (decision 248). */
    async withdrawErasure(subject: string) {
      const handled = await privacy.handle(privacyStreamId(subject), { type: "WithdrawErasure", subject, coolingOffHours, at: now().toISOString() });
      return { changed: handled.changed, position: handled.position };
    },

    /**
     * What an erasure leaves without a contact (decision 248): the person's orders (their returns the page reads) and
     * their complaints still open.
     */
    async openMatters(subject: string): Promise<{ orderIds: string[]; complaints: { number: string; stage: string }[] }> {
      const orderIds = await ordersOf(subject);
      const tickets = await ticketsOf(subject, orderIds);
      return { orderIds, complaints: tickets.filter((t) => t.stage !== "resolved").map((t) => ({ number: t.number, stage: t.stage })) };
    },

    /** The admin's list: open requests, the nearest deadline first, then the latest done. */
    async requests() {
      const open = await db.selectFrom("erasure_requests").selectAll().where("erased_at", "is", null).orderBy("due_by", "asc").execute();
      const done = await db.selectFrom("erasure_requests").selectAll().where("erased_at", "is not", null).orderBy("erased_at", "desc").limit(20).execute();
      return { open, done };
    },

    /**
     * Everything the shop holds about the person, as JSON: their account row (no password hash), saved
     * addresses, children (rows and events), orders and complaints (rows and every event of each, opened),
     * and their privacy stream.
     */
    async copy(subject: string): Promise<Record<string, unknown>> {
      const [kind, id] = splitSubject(subject);
      const orderIds = await ordersOf(subject);
      const events = async (streamId: string) => (await store.readStream(streamId)).map(shownEvent);
      const orders = [];
      for (const orderId of orderIds) {
        const row = await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
        const { name_words: _words, ...plain } = (row ?? {}) as Record<string, unknown>;
        orders.push({ order: plain, events: await events(`order-${orderId}`) });
      }
      const copy: Record<string, unknown> = {
        shop: deps.shopName,
        madeAt: now().toISOString(),
        notice: PRIVACY_NOTICE_VERSION,
        subject,
        orders,
        privacy: await events(privacyStreamId(subject)),
      };
      if (kind === "account") {
        copy.account = await db
          .selectFrom("users")
          .select(["id", "name", "email", "phone", "google_id", "created_at", "last_sign_in_at"])
          .where("id", "=", id)
          .executeTakeFirst();
        copy.addresses = await db.selectFrom("account_addresses").select(["id", "name", "phone", "address", "city", "pincode", "created_at"]).where("user_id", "=", id).execute();
        copy.children = await db
          .selectFrom("account_children")
          .select(["child_id", "name", "school", "class_name", "kit", "measurements", "sizes", "updated_at"])
          .where("user_id", "=", id)
          .orderBy("position", "asc")
          .execute();
        copy.childrenEvents = await events(`children-${id}`);
      }
      const tickets = [];
      for (const ticket of await ticketsOf(subject, orderIds)) tickets.push({ ticket, events: await events(grievanceStreamId(ticket.ticket_id)) });
      copy.grievances = tickets;
      return copy;
    },

    /**
     * Erases a person (the admin acting on a request, or `shop privacy erase`): their events' plaintext
     * sealed first (events stored before sealing), then their keys and those of their orders deleted,
     * the erasure appended (the read models scrub their rows), the plain tables scrubbed, the erasure
     * written to the list outside the backups, and the parent texted at the number read beforehand.
     */
    async erase(subject: string, actor: PrivacyActor): Promise<{ erased: boolean; texted: boolean }> {
      const [kind, id] = splitSubject(subject);
      const state = (await privacy.load(privacyStreamId(subject))).state;
      if (state.erased) return { erased: false, texted: false };
      const orderIds = await ordersOf(subject);
      const contact = await contactOf(subject);
      const subjects = [subject, ...orderIds.map(orderSubject).filter((s) => s !== subject)];
      // The complaints' numbers and message records, read before the key goes (a guest may give another number there).
      const tickets = await ticketsOf(subject, orderIds);
      const emails = orderIds.length ? await db.selectFrom("orders").select("email").where("id", "in", orderIds).execute() : [];
      const at = now().toISOString();
      const command = { type: "Erase" as const, subject, subjects, orderIds, actor, coolingOffHours, at };
      // The rules first, before any key goes: a request still in its cooling-off is refused with nothing erased.
      privacyDecider.decide(command, state);
      await sealStored(db, sealer, { streamIds: await streamsOf(subject, orderIds) });
      await sealer.erase(subjects);
      await privacy.handle(privacyStreamId(subject), command);
      // The account's browsers are told what happened when they come back (decision 248): their sessions' hashes, no one's name.
      if (kind === "account") {
        await db
          .insertInto("erased_sessions")
          .columns(["id_hash", "erased_at", "expires_at"])
          .expression((eb) =>
            eb.selectFrom("auth_sessions").select(["id_hash", eb.val(at).as("erased_at"), "expires_at"]).where("user_id", "=", id).where("kind", "=", "shopper"),
          )
          .onConflict((oc) => oc.column("id_hash").doNothing())
          .execute();
      }
      const contacts = await scrubTables(db, {
        userId: kind === "account" ? id : undefined,
        orderIds,
        phone: contact.phone,
        ticketIds: tickets.map((t) => t.ticket_id),
        phones: tickets.map((t) => t.phone),
        emails: emails.flatMap((o) => (o.email ? [o.email] : [])),
      });
      await forgetFailedJobs(contacts);
      if (deps.erasuresFile) rememberErasure(deps.erasuresFile, subjects, at);
      const texted = contact.phone && contact.phone !== ERASED ? await textDone(contact.phone, contact.language, subject) : false;
      return { erased: true, texted };
    },

    /**
     * After a restore: every person on the list outside the backups (decision 123) erased again, so an
     * old backup never brings them back. Returns how many were erased again.
     */
    async reapplyErasures(actor: PrivacyActor = { kind: "system" }): Promise<number> {
      if (!deps.erasuresFile) return 0;
      const listed = readErasures(deps.erasuresFile);
      if (listed.length === 0) return 0;
      const keys = await db.selectFrom("privacy_keys").select("subject").where("subject", "in", listed).execute();
      const done = await sealer.erased(listed);
      let again = 0;
      for (const subject of listed) {
        if (done.has(subject) && !keys.some((k) => k.subject === subject)) continue;
        const [kind, id] = splitSubject(subject);
        const orderIds = kind === "order" ? [id] : await ordersOf(subject);
        await sealStored(db, sealer, { streamIds: await streamsOf(subject, orderIds) });
        await sealer.erase([subject]);
        // A restored stream that already says so is left as it is (the command changes nothing).
        await privacy.handle(privacyStreamId(subject), { type: "Erase", subject, subjects: [subject], orderIds, actor, coolingOffHours, at: now().toISOString() });
        const tickets = await ticketsOf(subject, orderIds);
        await forgetFailedJobs(await scrubTables(db, { userId: kind === "account" ? id : undefined, orderIds, ticketIds: tickets.map((t) => t.ticket_id) }));
        again++;
      }
      return again;
    },
  };

  /**
   * The queue's failed jobs that name the person (a provider's rejection quoting the number or the
   * address) are removed. Redis away: they go when the queue's bound on failed jobs removes them.
   */
  async function forgetFailedJobs(contacts: readonly string[]): Promise<void> {
    if (contacts.length === 0) return;
    try {
      await deps.queue.forget(contacts);
    } catch {
      // Kept at most FAILED_JOBS_KEPT_DAYS (services/queue.ts): the erasure itself is done.
    }
  }

  async function textDone(phone: string, language: Language, subject: string): Promise<boolean> {
    const key = `${PRIVACY_ERASED_KIND}:${subject}`;
    const jobId = `${PRIVACY_ERASED_KIND}-${subject.replace(/[^a-zA-Z0-9-]/g, "-")}`;
    await db
      .insertInto("notification_sends")
      .values({
        key,
        kind: PRIVACY_ERASED_KIND,
        channel: "sms",
        queue: "notifications",
        job_name: NOTIFY_JOB,
        job_id: jobId,
        recipient: phone,
        body: privacyErasedSms(language, deps.shopName),
        status: "pending",
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    try {
      await deps.queue.add("notifications", NOTIFY_JOB, { key }, { jobId });
      return true;
    } catch {
      // The record stays pending: the notifications' repair sweep hands it to the queue when it is back.
      return false;
    }
  }
}

/** What a copy shows of an event: its place, type, time and data, opened (or erased). */
function shownEvent(event: RecordedEvent) {
  let data: unknown = event.data;
  try {
    data = readEvent(event).data;
  } catch {
    // A stream category this code has no registry for is shown as stored.
  }
  return { stream: event.streamId, revision: event.revision, type: event.type, at: event.createdAt.toISOString(), data };
}

function splitSubject(subject: string): ["account" | "order", string] {
  const colon = subject.indexOf(":");
  const kind = subject.slice(0, colon);
  const id = subject.slice(colon + 1);
  if ((kind !== "account" && kind !== "order") || !id) throw new RuleViolation("privacy.noSuchPerson", {}, 404);
  return [kind, id];
}

/**
 * The plain tables no event describes, scrubbed of the person as db/personal-data.ts declares them
 * (decision 166): the account row keeps its id (orders name it) and reads ERASED; sessions, tokens,
 * saved addresses, codes and subscriptions go; sent messages keep their record without the number,
 * the words or the provider's answer (decision 030 needs the record, not the words). Returns the
 * person's numbers and addresses, for the queue's failed jobs to forget too.
 */
export async function scrubTables(
  db: Kysely<DB>,
  who: { userId?: string; orderIds: readonly string[]; phone?: string; ticketIds?: readonly string[]; phones?: readonly string[]; emails?: readonly string[] },
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const phones = new Set<string>();
    const emails = new Set<string>();
    const known = (value: string | null | undefined): value is string => !!value && value !== ERASED;
    for (const phone of [who.phone, ...(who.phones ?? [])]) if (known(phone)) phones.add(phone);
    for (const email of who.emails ?? []) if (known(email)) emails.add(email);
    if (who.userId) {
      const user = await trx.selectFrom("users").select(["phone", "email"]).where("id", "=", who.userId).where("role", "=", "customer").executeTakeFirst();
      if (known(user?.phone)) phones.add(user.phone);
      if (known(user?.email)) emails.add(user.email);
      const addresses = await trx.selectFrom("account_addresses").select("phone").where("user_id", "=", who.userId).execute();
      for (const a of addresses) phones.add(a.phone);
    }
    const keys: Record<PersonKey, string[]> = {
      account: who.userId ? [who.userId] : [],
      phone: [...phones],
      email: [...emails],
      contact: [...phones, ...emails],
      // The texts about the person's orders and complaints (the grievance desk's acknowledgements).
      stream: [...who.orderIds.map((o) => `order-${o}`), ...(who.ticketIds ?? []).map(grievanceStreamId)],
      order: [...who.orderIds],
      ticket: [...(who.ticketIds ?? [])],
    };
    // The account's row last: the others are found by what it held.
    const tables = Object.entries(PERSONAL_DATA as Record<string, TableDeclaration>).sort(([a], [b]) => Number(a === "users") - Number(b === "users"));
    for (const [table, declaration] of tables) {
      if (declaration.kept !== "erasure") continue;
      const found = Object.entries(declaration.findBy)
        .filter(([, key]) => keys[key].length > 0)
        .map(([column, key]) => sql`${sql.ref(column)} in (${sql.join(keys[key])})`);
      if (found.length === 0) continue;
      const only = declaration.only ? sql` and ${sql.ref(declaration.only.column)} = ${declaration.only.equals}` : sql``;
      const where = sql`(${sql.join(found, sql` or `)})${only}`;
      if ("delete" in declaration.erase) {
        await sql`delete from ${sql.table(table)} where ${where}`.execute(trx);
      } else {
        // A column that was empty stays empty: the page then shows no error rather than an erased one.
        const set = Object.entries(declaration.erase.set).map(([column, value]) =>
          value === null ? sql`${sql.ref(column)} = null` : sql`${sql.ref(column)} = case when ${sql.ref(column)} is null then null else ${value} end`,
        );
        await sql`update ${sql.table(table)} set ${sql.join(set)} where ${where}`.execute(trx);
      }
    }
    return keys.contact;
  });
}

/** After the "done" text went: its record forgets the number and the words, and so does the outbox. */
export async function forgetErasedRecipient(db: Kysely<DB>, key: string): Promise<void> {
  const row = await db.selectFrom("notification_sends").select("recipient").where("key", "=", key).executeTakeFirst();
  if (!row || row.recipient === ERASED) return;
  await db.updateTable("notification_sends").set({ recipient: ERASED, body: null }).where("key", "=", key).execute();
  await db.updateTable("outbox_messages").set({ recipient: ERASED, body: ERASED }).where("recipient", "=", row.recipient).execute();
}

/** One line per erased person, appended and synced: the list a restore erases again (decision 123). */
function rememberErasure(file: string, subjects: readonly string[], at: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const fd = fs.openSync(file, "a", 0o600);
  try {
    fs.writeSync(fd, subjects.map((subject) => `${JSON.stringify({ subject, at })}\n`).join(""));
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function readErasures(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const subjects = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      const parsed = JSON.parse(line) as { subject?: unknown };
      if (typeof parsed.subject === "string") subjects.add(parsed.subject);
    } catch {
      // A line cut short by a crash mid-write: the erasure it was for is in the database too.
    }
  }
  return [...subjects];
}

export { accountSubject, orderSubject };
export type PrivacyService = ReturnType<typeof createPrivacyService>;
