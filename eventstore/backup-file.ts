import { createHash, createHmac, hkdfSync, timingSafeEqual, type Hash, type Hmac } from "node:crypto";
import fs from "node:fs";
import { once } from "node:events";
import zlib from "node:zlib";
import type { CopiedEvent } from "./copy";

/**
 * The backup file (decision 112): gzip of JSON lines, one line per row, read and written as a stream.
 *
 *   {"format":"churu-shop-backup","version":1,"migration":"0022_backup_runs","counts":{...},...}   the header
 *   ["event",{"streamId":"order-…","revision":0,"id":"…","type":"OrderPlaced","createdAt":"…Z","data":{…},"metadata":{…},"position":"…"}]
 *   ["row","users",{"id":"…","name":"…",…}]
 *   ["file","originals/<sha256>","<base64>"]                                                        the owner's photos (decision 139)
 *   {"end":true,"lines":1234,"counts":{...},"sha256":"…","hmac":"…"}                                  the trailer
 *
 * Every event in the store's global order, then each table's rows in an order its foreign keys
 * can be loaded in. The trailer's sha256 is over every byte of the uncompressed lines before it
 * (newlines included); counts are in the header (taken in the same snapshot) and again in the
 * trailer. The trailer's hmac is HMAC-SHA256 over the same bytes under the shop's backup signing
 * key (BACKUP_SIGNING_KEY, or the data folder's own, never in a backup: decision 168): whoever changes
 * a row can recompute the sha256, not the signature. A reader refuses a file whose signature, digest,
 * counts, format or version are not as written.
 */

export const BACKUP_FORMAT = "churu-shop-backup";
export const BACKUP_VERSION = 1;

/** The 32-byte key backups are signed with, from the BACKUP_SIGNING_KEY setting or the data folder's file. */
export function backupSigningKey(secret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "churu-shop", "backup signing key v1", 32));
}

export interface BackupTable {
  name: string;
  /** The columns a row carries (generated columns are left out: the database makes them again). */
  columns: string[];
}

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  /** When the snapshot was taken. */
  createdAt: string;
  shopName?: string;
  /** The database it was taken from, as start-up names it (no password). */
  source: string;
  /** The last schema migration the database had: a restore loads the rows at this level, then migrates on. */
  migration: string;
  /** Position of the newest event in the source store (informational: positions are per store). */
  head: string | null;
  /** "events", and each table's rows. */
  counts: Record<string, number>;
  /** The tables whose rows follow, in the order they are loaded. */
  tables: BackupTable[];
  /** Tables not in the file, and why (rebuilt by replay, or about the source database's own processes). */
  leftOut: Record<string, string>;
  /**
   * Each reactor's checkpoint as the event it had reached (its id), or null: positions do not
   * survive a move between stores, an event's id does.
   */
  reactorCheckpoints: Record<string, string | null>;
}

export interface BackupTrailer {
  end: true;
  /** Lines before the trailer, header included. */
  lines: number;
  counts: Record<string, number>;
  sha256: string;
  /** HMAC-SHA256 of the content under the backup signing key; absent in a file made before signing. */
  hmac?: string;
}

export type BackupEntry =
  | { kind: "event"; event: CopiedEvent & { position?: string } }
  | { kind: "row"; table: string; row: Record<string, unknown> }
  | { kind: "file"; path: string; bytes: Buffer };

/**
 * A photo file's place under the photos folder, as a backup names it (decision 139): an original
 * or a served file, each named by the SHA-256 of its bytes. Nothing else can be named, so a
 * restore never writes outside that folder.
 */
export const BACKUP_FILE_PATH = /^(?:originals\/[0-9a-f]{64}|files\/[0-9a-f]{64}\.(?:avif|webp|jpg))$/;

/** A backup file that cannot be used: named in one line. */
export class BackupRefused extends Error {
  override name = "BackupRefused";
}

/** Writes a backup to `<file>.partial`, then renames it into place once it is whole and on disk. */
export class BackupWriter {
  private readonly digest: Hash = createHash("sha256");
  private readonly signature: Hmac;
  private readonly gzip = zlib.createGzip({ level: 6 });
  private readonly out: fs.WriteStream;
  private readonly done: Promise<void>;
  private pending: string[] = [];
  private pendingBytes = 0;
  lines = 0;

  private constructor(
    readonly file: string,
    private readonly partial: string,
    signingKey: Buffer,
  ) {
    this.signature = createHmac("sha256", signingKey);
    this.out = fs.createWriteStream(partial, { flags: "wx", mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = new Promise((resolve, reject) => {
      this.out.on("close", resolve);
      this.out.on("error", reject);
      this.gzip.on("error", reject);
    });
    // Until finish() or abort() awaits it, a failure must not be an unhandled rejection.
    this.done.catch(() => {});
  }

  static async create(file: string, signingKey: Buffer): Promise<BackupWriter> {
    const partial = `${file}.partial`;
    await fs.promises.rm(partial, { force: true });
    const writer = new BackupWriter(file, partial, signingKey);
    await once(writer.out, "open");
    return writer;
  }

  /** One line (without its newline); a line must be JSON text, which never holds a raw newline. */
  async line(text: string): Promise<void> {
    this.pending.push(text, "\n");
    this.pendingBytes += text.length + 1;
    this.lines++;
    if (this.pendingBytes >= 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(""), "utf8");
    this.pending = [];
    this.pendingBytes = 0;
    this.digest.update(chunk);
    this.signature.update(chunk);
    if (!this.gzip.write(chunk)) await once(this.gzip, "drain");
  }

  /** Writes the trailer, closes the file, syncs it and renames it into place. The digest is returned. */
  async finish(counts: Record<string, number>): Promise<{ sha256: string; bytes: number }> {
    await this.flush();
    const sha256 = this.digest.digest("hex");
    const trailer: BackupTrailer = { end: true, lines: this.lines, counts, sha256, hmac: this.signature.digest("hex") };
    this.gzip.end(`${JSON.stringify(trailer)}\n`);
    await this.done;
    const handle = await fs.promises.open(this.partial, "r+");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(this.partial, this.file);
    const { size } = await fs.promises.stat(this.file);
    return { sha256, bytes: size };
  }

  /** Leaves nothing behind. */
  async abort(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    await this.done.catch(() => {});
    await fs.promises.rm(this.partial, { force: true });
  }
}

/** The file's uncompressed lines, each as its bytes (without the newline). A broken gzip stream is refused. */
async function* rawLines(file: string): AsyncGenerator<Buffer> {
  let input: fs.ReadStream;
  try {
    await fs.promises.access(file, fs.constants.R_OK);
    input = fs.createReadStream(file);
  } catch {
    throw new BackupRefused(`${file}: no such file, or it cannot be read`);
  }
  const gunzip = zlib.createGunzip();
  input.on("error", (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  let rest = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let buffer = rest.length ? Buffer.concat([rest, chunk]) : chunk;
      let start = 0;
      for (let nl = buffer.indexOf(10, start); nl !== -1; nl = buffer.indexOf(10, start)) {
        yield buffer.subarray(start, nl);
        start = nl + 1;
      }
      buffer = buffer.subarray(start);
      rest = Buffer.from(buffer);
    }
  } catch (err) {
    if (err instanceof BackupRefused) throw err;
    throw new BackupRefused(`${file}: not a whole gzip file (${(err as Error).message}): the backup is damaged or cut short`);
  } finally {
    input.destroy();
  }
  if (rest.length > 0) throw new BackupRefused(`${file}: the last line has no end: the backup is cut short`);
}

function parse(file: string, line: Buffer, number: number): unknown {
  try {
    return JSON.parse(line.toString("utf8"));
  } catch {
    throw new BackupRefused(`${file}: line ${number} is not JSON: the backup is damaged`);
  }
}

function checkHeader(file: string, value: unknown): BackupHeader {
  const header = value as Partial<BackupHeader> | null;
  if (!header || typeof header !== "object" || header.format !== BACKUP_FORMAT) {
    throw new BackupRefused(`${file}: not a shop backup (its first line does not say "format": "${BACKUP_FORMAT}")`);
  }
  if (header.version !== BACKUP_VERSION) {
    throw new BackupRefused(`${file}: backup format version ${String(header.version)}; this shop reads version ${BACKUP_VERSION}`);
  }
  if (typeof header.migration !== "string" || !header.counts || !Array.isArray(header.tables)) {
    throw new BackupRefused(`${file}: the header lacks the migration level, the counts or the tables`);
  }
  return header as BackupHeader;
}

/** The entry a data line holds, or the trailer. */
function entryOf(file: string, value: unknown, number: number): BackupEntry | BackupTrailer {
  if (Array.isArray(value)) {
    if (value[0] === "event" && value.length === 2 && value[1] && typeof value[1] === "object") {
      return { kind: "event", event: value[1] as CopiedEvent };
    }
    if (value[0] === "row" && value.length === 3 && typeof value[1] === "string" && value[2] && typeof value[2] === "object") {
      return { kind: "row", table: value[1], row: value[2] as Record<string, unknown> };
    }
    if (value[0] === "file" && value.length === 3 && typeof value[1] === "string" && BACKUP_FILE_PATH.test(value[1]) && typeof value[2] === "string") {
      const bytes = Buffer.from(value[2], "base64");
      // The name is the hash of the bytes: a file that does not match it is damaged.
      if (createHash("sha256").update(bytes).digest("hex") !== value[1].split("/")[1].split(".")[0]) {
        throw new BackupRefused(`${file}: line ${number}: ${value[1]} does not hold the bytes its name says: the backup is damaged`);
      }
      return { kind: "file", path: value[1], bytes };
    }
  } else if (value && typeof value === "object" && (value as { end?: unknown }).end === true) {
    return value as BackupTrailer;
  }
  throw new BackupRefused(`${file}: line ${number} is neither an event, a row nor a photo file: the backup is damaged`);
}

/**
 * Reads a backup, yielding the header first and then each event and row, and checks the whole
 * of it: the digest and the counts are compared at the end, and only then is the trailer
 * yielded (`kind: "end"`), as the last entry. A
 * consumer that writes what it reads must do so in a transaction it commits only after the
 * generator has finished (`shop restore` does), or check the file first with `checkBackup`.
 */
export async function* readBackup(
  file: string,
  signingKey: Buffer,
): AsyncGenerator<BackupEntry | { kind: "header"; header: BackupHeader } | { kind: "end"; trailer: BackupTrailer }> {
  const digest = createHash("sha256");
  const signature = createHmac("sha256", signingKey);
  const counts: Record<string, number> = {};
  let header: BackupHeader | undefined;
  let trailer: BackupTrailer | undefined;
  let number = 0;
  for await (const line of rawLines(file)) {
    number++;
    if (trailer) throw new BackupRefused(`${file}: lines after the trailer (line ${number}): the backup is damaged`);
    const value = parse(file, line, number);
    if (!header) {
      header = checkHeader(file, value);
      digest.update(line).update("\n");
      signature.update(line).update("\n");
      yield { kind: "header", header };
      continue;
    }
    const entry = entryOf(file, value, number);
    if ("end" in entry) {
      trailer = entry;
      continue;
    }
    digest.update(line).update("\n");
    signature.update(line).update("\n");
    const key = entry.kind === "event" ? "events" : entry.kind === "file" ? "files" : entry.table;
    counts[key] = (counts[key] ?? 0) + 1;
    yield entry;
  }
  if (!header) throw new BackupRefused(`${file}: empty: not a shop backup`);
  if (!trailer) throw new BackupRefused(`${file}: no trailer: the backup is cut short (was it still being written?)`);
  // The signature first: a changed file with its sha256 recomputed is refused for what it is.
  if (typeof trailer.hmac !== "string") {
    throw new BackupRefused(`${file}: not signed: a restore takes only backups signed with this shop's backup signing key (docs/backups.md)`);
  }
  const expected = signature.digest();
  const given = Buffer.from(trailer.hmac, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BackupRefused(`${file}: the signature does not match this shop's backup signing key: the file was changed, or made by another shop (docs/backups.md)`);
  }
  const sha256 = digest.digest("hex");
  if (sha256 !== trailer.sha256) {
    throw new BackupRefused(`${file}: checksum mismatch (sha256 of the content is ${sha256}, the file says ${trailer.sha256}): the backup is damaged`);
  }
  if (trailer.lines !== number - 1) throw new BackupRefused(`${file}: ${number - 1} lines where the trailer counts ${trailer.lines}`);
  for (const source of [header.counts, trailer.counts]) {
    for (const key of new Set([...Object.keys(source), ...Object.keys(counts)])) {
      if ((source[key] ?? 0) !== (counts[key] ?? 0)) {
        throw new BackupRefused(`${file}: ${counts[key] ?? 0} ${key === "events" ? "events" : `rows of ${key}`} where the file counts ${source[key] ?? 0}`);
      }
    }
  }
  yield { kind: "end", trailer };
}

export interface CheckedBackup {
  header: BackupHeader;
  sha256: string;
  bytes: number;
}

/** Reads the whole file and checks it (digest, counts, format) without using what it holds. */
export async function checkBackup(file: string, signingKey: Buffer): Promise<CheckedBackup> {
  let header: BackupHeader | undefined;
  let sha256 = "";
  for await (const entry of readBackup(file, signingKey)) {
    if (entry.kind === "header") header = entry.header;
    if (entry.kind === "end") sha256 = entry.trailer.sha256;
  }
  const bytes = (await fs.promises.stat(file)).size;
  return { header: header!, sha256, bytes };
}
