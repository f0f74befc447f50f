import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/connection";
import type { DB } from "../db/schema";
import { personalFieldsOf, readEvent } from "../domain/events/index";
import { ERASED } from "../domain/privacy/erased";
import { mapPaths } from "../domain/privacy/paths";
import type { NewEvent, RecordedEvent } from "./port";

/**
 * Crypto-shredding at the store's edge (decision 121, docs/privacy.md). An event whose definition names
 * `personal` fields is appended with those fields sealed (AES-256-GCM) under its person's data key and
 * the person named in its metadata (`sealedFor`); reading opens them again. Erasing a person deletes
 * their key: their fields then read as ERASED everywhere (folds, read models, replay, the trail, CSV),
 * while the event itself, its stream and its revision stay as they were. The domain never sees a
 * sealed value, and events without personal data cost nothing more than a look at their metadata.
 */

/** The metadata field naming whose key an event's sealed fields are under. */
export const SEALED_FOR = "sealedFor";
/** The metadata field holding the event's personal values, sealed together. */
export const SEALED = "sealed";
/** A sealed value starts with this; the invisible separator keeps it apart from anything typed into a form. */
const SEALED_PREFIX = "\u2063sealed.v1.";
/** What stands in the data where a personal value was: its place in the sealed list. */
const MARK_PREFIX = "\u2063sealed#";
const KEY_VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/**
 * How long a process trusts what it knows of a key when it hears nothing (the fallback). An erasure
 * is announced to every process at its commit (ERASURES_CHANNEL, `watchErasures`), which forgets the
 * keys at once; this bounds a process whose notification was lost (its listening connection broke)
 * or that never listens (a replay's threads). The read models are scrubbed by the erasure's own event
 * regardless. Decision 121, note of 2026-11-26.
 */
export const KEY_CACHE_MS = 5_000;
const KEY_CACHE_MAX = 50_000;
/** The Postgres channel an erasure is announced on: its payload the erased subjects as JSON, or FORGET_ALL. */
export const ERASURES_CHANNEL = "privacy_erasures";
/** A payload telling every process to forget every key it holds (too many subjects for one notification). */
const FORGET_ALL = "*";
/** Postgres refuses a NOTIFY payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_000;

export class MasterKeyWrong extends Error {
  override name = "MasterKeyWrong";
}

/** The 32-byte master key from the PRIVACY_MASTER_KEY setting (any secret text; stretched by HKDF). */
export function privacyMasterKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "churu-shop", "privacy master key v1", 32));
}

function encrypt(key: Buffer, plain: Buffer, aad: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(aad, "utf8"));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

function decrypt(key: Buffer, payload: string, aad: string): Buffer {
  const bytes = Buffer.from(payload, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error("sealed value too short");
  const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, "utf8"));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

export function isSealedValue(value: unknown): value is string {
  return typeof value === "string" && value.startsWith(SEALED_PREFIX);
}

/** Values sealed under a person's key: their JSON, bound to the person (values moved to another person's event do not open). */
export function sealValue(key: Buffer, subject: string, value: unknown): string {
  return SEALED_PREFIX + encrypt(key, Buffer.from(JSON.stringify(value), "utf8"), subject);
}

export function openValue(key: Buffer, subject: string, sealed: string): unknown {
  return JSON.parse(decrypt(key, sealed.slice(SEALED_PREFIX.length), subject).toString("utf8"));
}

/** Every mark anywhere in `node` replaced by `open(its index)`: robust to a definition whose paths changed since. */
function openDeep(node: unknown, open: (index: number) => unknown): unknown {
  if (typeof node === "string" && node.startsWith(MARK_PREFIX)) return open(Number(node.slice(MARK_PREFIX.length)));
  if (Array.isArray(node)) {
    let changed = false;
    const out = node.map((element) => {
      const opened = openDeep(element, open);
      if (opened !== element) changed = true;
      return opened;
    });
    return changed ? out : node;
  }
  if (node !== null && typeof node === "object") {
    let out: Record<string, unknown> | undefined;
    for (const [name, value] of Object.entries(node)) {
      const opened = openDeep(value, open);
      if (opened !== value) (out ??= { ...(node as Record<string, unknown>) })[name] = opened;
    }
    return out ?? node;
  }
  return node;
}

interface CachedKey {
  /** null: no key (erased, or never made). */
  key: Buffer | null;
  at: number;
}

export class EventSealer {
  private readonly cache = new Map<string, CachedKey>();
  /**
   * Counts the erasures heard of. A key read from the table while one was heard is used for that
   * read but not kept: it may have been read just before its erasure committed.
   */
  private forgotten = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly masterKey: Buffer,
  ) {}

  /** The events as they are stored: personal fields sealed under their person's key (made once, on first use). */
  async seal(streamId: string, events: readonly NewEvent[]): Promise<NewEvent[]> {
    const out: NewEvent[] = [];
    for (const event of events) {
      const personal = personalFieldsOf(streamId, event.type);
      if (!personal || event.metadata?.[SEALED_FOR] !== undefined) {
        out.push(event);
        continue;
      }
      const subject = personal.subject(event.data);
      const key = await this.keyToSeal(subject);
      if (!key) {
        // The person was erased: what would have been theirs is stored as erased, never under a new key.
        out.push({ ...event, data: mapPaths(event.data, personal.paths, () => ERASED) });
        continue;
      }
      // One ciphertext per event (one decrypt per event on replay), the fields replaced by numbered marks.
      const values: unknown[] = [];
      const data = mapPaths(event.data, personal.paths, (value) => `${MARK_PREFIX}${values.push(value) - 1}`);
      if (values.length === 0) {
        out.push(event);
        continue;
      }
      out.push({ ...event, data, metadata: { ...event.metadata, [SEALED_FOR]: subject, [SEALED]: sealValue(key, subject, values) } });
    }
    return out;
  }

  /** The events as readers see them: sealed fields opened, an erased person's fields ERASED. One key query per batch at most. */
  async open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    let subjects: Set<string> | undefined;
    for (const event of events) {
      const subject = event.metadata?.[SEALED_FOR];
      if (typeof subject === "string") (subjects ??= new Set()).add(subject);
    }
    if (!subjects) return events;
    const keys = await this.keys([...subjects]);
    return events.map((event) => {
      const subject = event.metadata?.[SEALED_FOR];
      if (typeof subject !== "string") return event;
      const key = keys.get(subject) ?? null;
      const sealed = event.metadata[SEALED];
      const values = key && typeof sealed === "string" ? (openValue(key, subject, sealed) as unknown[]) : undefined;
      const data = openDeep(event.data, (index) => (values ? values[index] : ERASED));
      // Readers see the event as it was decided: the seal is the store's own business.
      const { [SEALED_FOR]: _for, [SEALED]: _sealed, ...metadata } = event.metadata;
      return { ...event, data, metadata };
    });
  }

  /** The people's keys: from the cache, the rest in one query. */
  async keys(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const now = Date.now();
    const found = new Map<string, Buffer | null>();
    const missing: string[] = [];
    for (const subject of subjects) {
      const cached = this.cache.get(subject);
      if (cached && now - cached.at < KEY_CACHE_MS) found.set(subject, cached.key);
      else missing.push(subject);
    }
    if (missing.length > 0) {
      const heard = this.forgotten;
      const rows = await this.db.selectFrom("privacy_keys").select(["subject", "sealed_key"]).where("subject", "in", missing).execute();
      const bySubject = new Map(rows.map((r) => [r.subject, r.sealed_key]));
      for (const subject of missing) {
        const sealed = bySubject.get(subject);
        const key = sealed === undefined ? null : this.unwrap(subject, sealed);
        if (heard === this.forgotten) this.remember(subject, key, now);
        found.set(subject, key);
      }
    }
    return found;
  }

  /**
   * The key to seal a new event of `subject` under: the one there is, or a new one made exactly once
   * (two appends racing for a new person meet on the primary key and both use the winner's). Null when
   * the person was erased.
   */
  private async keyToSeal(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached?.key && Date.now() - cached.at < KEY_CACHE_MS) return cached.key;
    // One round trip on an order's path: the key there is, or the one made now (nothing for an erased person).
    const fresh = KEY_VERSION + encrypt(this.masterKey, randomBytes(32), subject);
    const heard = this.forgotten;
    const { rows } = await sql<{ sealed_key: string }>`
      with made as (
        insert into privacy_keys (subject, sealed_key)
        select ${subject}, ${fresh} where not exists (select 1 from privacy_erasures where subject = ${subject})
        on conflict (subject) do nothing
        returning sealed_key
      )
      select sealed_key from made union all select sealed_key from privacy_keys where subject = ${subject}`.execute(this.db);
    this.cache.delete(subject);
    // A racing append that made the key first committed after this statement began: read it now.
    const sealed = rows[0]?.sealed_key;
    if (sealed === undefined) return (await this.keys([subject])).get(subject) ?? null;
    const key = this.unwrap(subject, sealed);
    if (heard === this.forgotten) this.remember(subject, key, Date.now());
    return key;
  }

  private unwrap(subject: string, sealed: string): Buffer {
    if (!sealed.startsWith(KEY_VERSION)) throw new MasterKeyWrong(`the key of ${subject} is in an unknown format`);
    try {
      return decrypt(this.masterKey, sealed.slice(KEY_VERSION.length), subject);
    } catch {
      throw new MasterKeyWrong(
        `the key of ${subject} does not open with this shop's PRIVACY_MASTER_KEY (was it changed, or differs between processes?)`,
      );
    }
  }

  private remember(subject: string, key: Buffer | null, at: number): void {
    if (this.cache.size >= KEY_CACHE_MAX) this.cache.clear();
    this.cache.set(subject, { key, at });
  }

  /**
   * Erases people: their keys deleted and their names kept in privacy_erasures (one transaction), so
   * no key is made for them again. Idempotent. The transaction also announces the erasure on
   * ERASURES_CHANNEL: Postgres delivers it at the commit to every process that `watchErasures`, and
   * each forgets those keys at once (the others' caches are why: decision 121, note of 2026-11-26).
   */
  async erase(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    const list = JSON.stringify(subjects);
    const payload = Buffer.byteLength(list) < MAX_PAYLOAD ? list : FORGET_ALL;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("privacy_erasures")
        .values(subjects.map((subject) => ({ subject })))
        .onConflict((oc) => oc.column("subject").doNothing())
        .execute();
      await trx.deleteFrom("privacy_keys").where("subject", "in", [...subjects]).execute();
      await sql`select pg_notify(${ERASURES_CHANNEL}, ${payload})`.execute(trx);
    });
    this.forget(subjects);
    for (const subject of subjects) this.remember(subject, null, Date.now());
  }

  /**
   * Listens for erasures made by any process on this database (this one's too) and forgets their
   * keys as each commits. Returns how to stop listening. Without it a process trusts its cached keys
   * for KEY_CACHE_MS. One LISTEN connection per process on Postgres; in-process on PGlite. When that
   * connection is reopened after a break (no payload), an erasure may have gone unheard: forget every key.
   */
  watchErasures(database: Pick<Database, "listen">): Promise<() => Promise<void>> {
    return database.listen(ERASURES_CHANNEL, (payload) => {
      let subjects: unknown;
      try {
        subjects = payload === undefined || payload === FORGET_ALL ? undefined : JSON.parse(payload);
      } catch {
        subjects = undefined;
      }
      this.forget(Array.isArray(subjects) ? subjects.filter((s): s is string => typeof s === "string") : undefined);
    });
  }

  /** Forgets what this process knows of these people's keys (of everyone's, without a list). */
  private forget(subjects: readonly string[] | undefined): void {
    this.forgotten++;
    if (!subjects) this.cache.clear();
    else for (const subject of subjects) this.cache.delete(subject);
  }

  /** People among `subjects` already erased. */
  async erased(subjects: readonly string[]): Promise<Set<string>> {
    if (subjects.length === 0) return new Set();
    const rows = await this.db.selectFrom("privacy_erasures").select("subject").where("subject", "in", [...subjects]).execute();
    return new Set(rows.map((r) => r.subject));
  }
}

/** What `sealStored` did. */
export interface SealedReport {
  scanned: number;
  sealed: number;
}

/**
 * Seals the personal fields of events stored before sealing (decision 122): each row's data becomes
 * the same data with those fields sealed and `sealedFor` added to its metadata; what it reads as is
 * checked to be unchanged before the row is written. Rows already sealed, and events without personal
 * fields, are left alone; run again, it finds nothing to do. `streamIds` limits it to some streams
 * (an erasure seals the person's streams first).
 */
export async function sealStored(
  db: Kysely<DB>,
  sealer: EventSealer,
  options: { streamIds?: readonly string[]; batchSize?: number } = {},
): Promise<SealedReport> {
  const batchSize = options.batchSize ?? 500;
  let after = 0;
  const report: SealedReport = { scanned: 0, sealed: 0 };
  if (options.streamIds && options.streamIds.length === 0) return report;
  for (;;) {
    let query = db
      .selectFrom("es_events")
      .select(["global_position", "stream_id", "stream_revision", "event_type", "data", "metadata"])
      .where("global_position", ">", after)
      .where(sql<boolean>`not (coalesce(metadata, '{}'::jsonb) ? ${SEALED_FOR})`)
      .orderBy("global_position")
      .limit(batchSize);
    if (options.streamIds) query = query.where("stream_id", "in", [...options.streamIds]);
    const rows = await query.execute();
    if (rows.length === 0) return report;
    after = Number(rows.at(-1)!.global_position);
    report.scanned += rows.length;
    for (const row of rows) {
      const personal = personalFieldsOf(row.stream_id, row.event_type);
      if (!personal) continue;
      const metadata = (row.metadata ?? {}) as Record<string, unknown>;
      const stored = {
        type: row.event_type,
        data: row.data,
        metadata,
        streamId: row.stream_id,
        revision: Number(row.stream_revision),
        position: String(row.global_position),
      };
      // The subject from the event as today's code reads it (an older version upcast), the seal on the stored shape.
      const subject = personal.subject(readEvent(stored).data);
      const [sealedEvent] = await sealer.seal(row.stream_id, [{ id: "", type: row.event_type, data: row.data, metadata }]);
      if (sealedEvent.metadata?.[SEALED_FOR] === subject) {
        const [opened] = await sealer.open([{ ...stored, id: "", createdAt: new Date(), data: sealedEvent.data, metadata: sealedEvent.metadata }]);
        if (JSON.stringify(opened.data) !== JSON.stringify(row.data)) {
          throw new Error(`sealing event ${row.global_position} of ${row.stream_id} would change what it reads as`);
        }
      }
      await db
        .updateTable("es_events")
        .set({ data: JSON.stringify(sealedEvent.data), metadata: JSON.stringify(sealedEvent.metadata ?? {}) })
        .where("global_position", "=", Number(row.global_position))
        .where(sql<boolean>`not (coalesce(metadata, '{}'::jsonb) ? ${SEALED_FOR})`)
        .execute();
      report.sealed++;
    }
  }
}
