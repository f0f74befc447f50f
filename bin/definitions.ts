import { PROJECTION_NAMES } from "../projectors/names";
import type { CommandDefinition } from "./args";

/**
 * What each `shop` command takes, and its words for `--help`: data only, so that `shop help`, a command's
 * `--help` and a command line it cannot take are answered without loading the shop. What a command does is in
 * its own module (bin/admin.ts, bin/ops.ts, ...), loaded only when it runs (bin/commands.ts).
 */

const FROM_THE_ENVIRONMENT = ["Settings come from the environment (PORT, DATABASE_URL, REDIS_URL, ...): see docs/configuration.md."];
const FROM_THE_DATABASE_SETTING = ["Settings come from the environment (DATABASE_URL, ...): see docs/configuration.md."];
const ADMIN_EMAIL = { type: "string", value: "EMAIL", description: "the admin's email address", required: true } as const;

const PROJECTIONS = {
  name: "projection",
  description: `a read model, by name (default: all): ${PROJECTION_NAMES.join(", ")}`,
  many: true,
} as const;

const JSON_OUTPUT = { type: "boolean", description: "print JSON instead of a table" } as const;

export const definitions = {
  // The shop itself, whole or one part per process (bin/process.ts).
  start: { name: "start", summary: "run the shop: web, projectors and jobs in one process (builds first if needed)", details: FROM_THE_ENVIRONMENT },
  dev: { name: "dev", summary: "development server with hot reload, projectors and jobs in the same process", details: FROM_THE_ENVIRONMENT },
  web: { name: "web", summary: "serve pages and /api only", details: FROM_THE_ENVIRONMENT },
  projector: { name: "projector", summary: "run the projectors and the notification reactor only", details: FROM_THE_ENVIRONMENT },
  worker: { name: "worker", summary: "work the job queues (codes, notifications) only", details: FROM_THE_ENVIRONMENT },
  migrate: { name: "migrate", summary: "bring the database schema up to date and exit", details: FROM_THE_ENVIRONMENT },
  /** `shop help [command]`: answered by bin/shop.ts itself, before any setting is read. */
  help: {
    name: "help",
    summary: "list the commands, or show what one command takes",
    positional: { name: "command", description: 'a command, e.g. "seed-demo" or "admin create"', many: true },
  },

  // `shop admin ...`: the admins, from the server (bin/admin.ts).
  adminCreate: {
    name: "admin create",
    summary: "create an admin, or give an existing user the admin role and a new password",
    options: {
      email: { type: "string", value: "EMAIL", description: "the admin's email address", required: true },
      name: { type: "string", value: "NAME", description: "the name shown in the admin pages" },
      "password-file": { type: "string", value: "FILE", description: "read the password from the first line of FILE" },
    },
    details: ["The password comes from --password-file, else from stdin when it is not a terminal, else a prompt."],
  },
  adminList: { name: "admin list", summary: "list the admins: name, email, added, last sign-in, enabled or disabled", details: FROM_THE_DATABASE_SETTING },
  adminAdd: {
    name: "admin add",
    summary: "add an admin with a temporary password (from --password-file, or generated and printed once)",
    options: {
      email: { type: "string", value: "EMAIL", description: "the new admin's email address", required: true },
      name: { type: "string", value: "NAME", description: "the name the audit trail shows", required: true },
      "password-file": { type: "string", value: "FILE", description: "read the temporary password from the first line of FILE (not printed)" },
    },
    details: ["Without --password-file a temporary password is generated and printed once. A password is never read from the command line."],
  },
  adminDisable: {
    name: "admin disable",
    summary: "stop an admin signing in and end their sessions and tokens now",
    options: { email: ADMIN_EMAIL },
    details: ["The last enabled admin cannot be disabled.", ...FROM_THE_DATABASE_SETTING],
  },
  adminEnable: {
    name: "admin enable",
    summary: "let a disabled admin sign in again",
    options: { email: ADMIN_EMAIL },
    details: FROM_THE_DATABASE_SETTING,
  },
  adminResetSecondFactor: {
    name: "admin reset-second-factor",
    summary: "take away a staff member's second factor when their phone is lost; they set a new one up at their next sign-in",
    options: { email: ADMIN_EMAIL },
    details: [
      "Their authenticator key and recovery codes end, and so do their sessions and tokens; the reset is recorded on the staff roster.",
      "The owner and managers are sent to set a new second factor up before any other admin page opens to them.",
      ...FROM_THE_DATABASE_SETTING,
    ],
  },

  // The operator's views of the event store and the read models (bin/ops.ts).
  replay: {
    name: "replay",
    summary: "rebuild read models from the first event, blue-green",
    positional: PROJECTIONS,
    details: ["New tables fill beside the live ones, catch up, and swap in one transaction."],
  },
  verify: {
    name: "verify",
    summary: "rebuild into scratch tables and compare with the live ones row by row",
    positional: PROJECTIONS,
    details: ["Prints the rows that differ and exits 1 if there are any."],
  },
  stream: {
    name: "stream",
    summary: "the events of one stream",
    positional: { name: "stream-id", description: "the stream, e.g. order-<id> or cart-<id>", required: true },
    options: { json: JSON_OUTPUT },
  },
  tail: {
    name: "tail",
    summary: "follow the global stream live",
    options: {
      from: { type: "string", value: "POSITION", description: "start after this position (default: the head, so only new events)" },
      json: { type: "boolean", description: "print one JSON object per event" },
    },
    details: ["Ctrl-C stops."],
  },
  status: {
    name: "status",
    summary: "each projector and reactor with its checkpoint, the head and the lag",
    options: { json: JSON_OUTPUT },
  },

  // Stock's live migrations and its sweep (bin/stock.ts).
  stockOpen: {
    name: "stock open",
    summary: "give every product whose stock is not yet events its first event, from its stock column",
    details: [
      "The live migration of stock to events: safe while the shop sells (an order that reaches a product",
      "first opens it with the same count), and a no-op for products already opened. `shop start` runs it too.",
    ],
  },
  stockShipPast: {
    name: "stock ship-past",
    summary: "take off the shelf the units still held by orders already shipped or delivered",
    details: [
      "The live migration of decision 109: before it, an order kept its hold after it shipped, so every",
      "count was off by what had left the shop. Safe while the shop sells, and a no-op once done (an order",
      "that holds nothing ships nothing). `shop start` runs it too, after `stock open`.",
    ],
  },
  stockSweep: {
    name: "stock sweep",
    summary: "give back units held by orders never placed, cancelled or deleted (what a crash left)",
    options: {
      "grace-seconds": { type: "positive-integer", value: "N", description: "leave holds younger than this alone", default: 120 },
    },
    details: ["The projector process runs this sweep every 15 seconds; this runs it once."],
  },

  // Backups, restores and copies of the event store (bin/backup.ts).
  backup: {
    name: "backup",
    summary: "write a consistent, checksummed backup of the events and the state they do not rebuild",
    options: {
      to: { type: "string", value: "FILE", description: "where to write it (default: BACKUP_DIR/shop-backup-<time>.jsonl.gz)" },
    },
    details: [
      "In it: every event, and every table a replay does not rebuild (accounts and admins, sessions and API tokens,",
      "products, newsletter sign-ups, the notification record, the reactor's checkpoint). Not in it: the read models",
      "(shop restore replays them) and the session secret (data/session-secret or SESSION_SECRET: keep it apart).",
      "Gzip of JSON lines; a header with the format version, the schema level and the counts; a sha256 of the content",
      "in the trailer, checked by shop restore. See docs/backups.md.",
      "",
      "On a Postgres server (DATABASE_URL) it runs beside the live shop: one repeatable-read snapshot.",
      "The embedded database (PGlite) belongs to one process: stop the shop first, or let the running shop",
      "back itself up (BACKUP_DAILY_AT, into BACKUP_DIR).",
    ],
  },
  restore: {
    name: "restore",
    summary: "restore a backup into an empty database or data folder, then rebuild the read models",
    positional: { name: "file", description: "a file written by shop backup", required: true },
    options: {
      check: { type: "boolean", description: "only check the file (format, checksum, counts); open no database" },
    },
    details: [
      "Into DATABASE_URL when set, else the embedded database in SHOP_DATA_DIR (stop any shop using it).",
      "The target must hold nothing (a new database, or one only migrated): anything else is refused.",
      "The file is checked whole first; then the schema is brought to the backup's level, everything is written in",
      "one transaction that commits only once the file's checksum and counts have been checked again, the schema",
      "is migrated on to this shop's level, and the read models are rebuilt by replay. Run shop verify after.",
      "Event positions are the new store's; each reactor's checkpoint is moved to the event it had reached.",
      "Everyone erased since the backup was taken (PRIVACY_ERASURES_FILE) is erased again before the replay.",
    ],
  },
  copyEvents: {
    name: "copy-events",
    summary: "copy every stream of this shop's event store into a Postgres server or EventStoreDB",
    options: {
      to: { type: "string", value: "URL", required: true, description: "the target: postgres://user@host/db, or esdb://host:2113?tls=false" },
    },
    details: [
      "Keeps each event's stream, revision, id, type, data, metadata and time, and their global order; the target's",
      "positions are its own. The events only: accounts, products and the rest go with shop backup and shop restore.",
      "Run it again to copy what is new: what the target holds must be this store's first events in the same order",
      "(checked event by event), and is never copied twice; anything else there is refused. After the copy every",
      "event is read back from the target and checked against this store, in number and in order.",
      "A postgres:// target is migrated to this shop's schema first. The esdb:// path is written against the",
      "EventStoreDB adapter and has NOT been run against a live EventStoreDB.",
      "The embedded database belongs to one process: stop the shop first.",
    ],
  },

  // Personal data: sealing and erasures (bin/privacy.ts).
  privacySealExisting: {
    name: "privacy seal-existing",
    summary: "seal the personal fields of events stored before sealing, each under its person's key",
    details: [
      "Each event whose type declares personal fields and is not yet sealed gets those fields sealed in place;",
      "what it reads as is checked to be unchanged first (decision 122). Safe while the shop runs, and a no-op",
      "once done. An erasure seals the person's own events first, so nothing is left in the clear.",
    ],
  },
  privacyReapply: {
    name: "privacy reapply-erasures",
    summary: "erase again everyone on the list kept apart from the backups (after restoring an old backup)",
    details: [
      "Reads PRIVACY_ERASURES_FILE (default <SHOP_DATA_DIR>/erasures.log) and erases each person listed whose",
      "key is back or whose erasure the database does not know (decision 123). shop restore runs it itself.",
    ],
  },
  privacyErase: {
    name: "privacy erase",
    summary: "erase one person now (account:<user id> or order:<order id>), as the admin page does",
    positional: { name: "subject", description: "account:<user id> or order:<order id>", required: true },
  },

  // Demo data (bin/seed-demo.ts).
  seedDemo: {
    name: "seed-demo",
    summary: "generate realistic carts and orders through the real commands",
    options: {
      orders: { type: "positive-integer", value: "N", description: "how many orders to place", default: 100 },
      concurrency: { type: "positive-integer", value: "N", description: "orders placed at the same time", default: 8 },
      seed: { type: "positive-integer", value: "N", description: "seed for the random names, products, sizes and statuses", default: 1994 },
      history: { type: "boolean", description: "spread the orders over the last two school years (April and July rushes, UPI and cash, returns and exchanges)" },
    },
    details: ["For demos and the replay benchmark; on the embedded database stop the shop first."],
  },
} as const satisfies Record<string, CommandDefinition>;
