import { ERASED } from "../domain/privacy/erased";

/**
 * Where the shop keeps a person's data, table by table: the one declaration erasure scrubs from
 * (services/privacy.ts scrubTables) and the tests hold to the migrations (decision 166). A table with a
 * column that looks personal (a name, a number, an address, a text) is declared here: its personal
 * columns and how they are erased, or why a column that looks personal is not a parent's.
 *
 * - "erasure": a plain table no event describes; the erasure finds the person's rows and deletes them
 *   or sets each personal column to what it reads afterwards.
 * - "projector": a read model; the erasure's event (SubjectErased) scrubs it in the projector named,
 *   so that a replay of the erased events makes the same rows.
 * - "sealed": the event table; the personal fields of each event are sealed under the person's key
 *   (domain/events `personal`), erased by deleting the key.
 */

/** What a column used to find a person's rows holds. */
export type PersonKey =
  /** The account's id. */
  | "account"
  /** A phone number or an email address of the person. */
  | "contact"
  | "phone"
  | "email"
  /** A stream of the person's: their orders' and complaints' streams. */
  | "stream"
  /** One of the person's orders' ids. */
  | "order"
  /** One of the person's complaints' ids. */
  | "ticket";

/** What a personal column reads after the erasure, when the row is kept. */
export type ErasedValue = typeof ERASED | null;

export type TableDeclaration =
  | {
      kept: "erasure";
      /** The columns that find the person's rows (any one matching is enough). */
      findBy: Readonly<Record<string, PersonKey>>;
      /** The rows go, with every personal column listed. */
      erase: { delete: readonly string[] } | { set: Readonly<Record<string, ErasedValue>> };
      /** Rows kept whatever they hold: `users` keeps the shop's own admins. */
      only?: { column: string; equals: string };
      notPersonal?: Readonly<Record<string, string>>;
    }
  | {
      kept: "projector";
      projector: string;
      /** The columns that find the person's rows (for the test that proves none survives). */
      findBy: Readonly<Record<string, PersonKey>>;
      personal: readonly string[];
      notPersonal?: Readonly<Record<string, string>>;
    }
  | { kept: "sealed"; personal: readonly string[]; notPersonal?: Readonly<Record<string, string>> }
  | { kept: "nothing personal"; notPersonal: Readonly<Record<string, string>> };

const ADMIN = "an admin's name or id: the shop's own staff, kept in the books' trail, never a parent's";

export const PERSONAL_DATA = {
  users: {
    kept: "erasure",
    findBy: { id: "account" },
    erase: { set: { name: ERASED, email: null, phone: null, password_hash: null, google_id: null } },
    // An admin is erased by `shop admin` (disabled), never by a parent's request: their name stays in the trail.
    only: { column: "role", equals: "customer" },
  },
  account_addresses: {
    kept: "erasure",
    findBy: { user_id: "account", phone: "phone" },
    erase: { delete: ["name", "phone", "address", "city", "pincode"] },
  },
  auth_sessions: { kept: "erasure", findBy: { user_id: "account" }, erase: { delete: ["data"] } },
  api_tokens: { kept: "erasure", findBy: { user_id: "account" }, erase: { delete: ["token_hash"] } },
  otp_codes: { kept: "erasure", findBy: { phone: "phone" }, erase: { delete: ["phone", "ip", "code_hash"] } },
  newsletter_subscribers: { kept: "erasure", findBy: { email: "email" }, erase: { delete: ["email"] } },
  notification_sends: {
    kept: "erasure",
    findBy: { stream_id: "stream", recipient: "contact" },
    // The record stays (decision 030 needs that a message went, not its words); a provider's rejection quotes the address.
    erase: { set: { recipient: ERASED, body: null, subject: null, secret: null, last_error: ERASED, whatsapp_error: ERASED } },
    notPersonal: { job_name: "the kind of job, a constant", skip_reason: "why a reminder was not needed, from the shop's list" },
  },
  outbox_messages: { kept: "erasure", findBy: { recipient: "contact" }, erase: { set: { recipient: ERASED, body: ERASED, subject: null } } },
  orders: {
    kept: "projector",
    projector: "projectors/orders.ts",
    findBy: { id: "order", user_id: "account" },
    personal: ["customer_name", "phone", "email", "ship_name", "ship_phone", "address_line", "city", "pincode", "name_words"],
  },
  order_status_history: { kept: "projector", projector: "projectors/orders.ts", findBy: { order_id: "order" }, personal: ["actor_name"] },
  account_children: {
    kept: "projector",
    projector: "projectors/children.ts",
    findBy: { user_id: "account" },
    personal: ["name", "school", "class_name", "kit", "measurements", "sizes"],
    notPersonal: { child_id: "a random id" },
  },
  grievance_tickets: {
    kept: "projector",
    projector: "projectors/grievances.ts",
    findBy: { ticket_id: "ticket" },
    personal: ["name", "phone", "text"],
    notPersonal: {
      acknowledge_note: "the desk's own answer, written by the owner",
      resolution_note: "the desk's own answer, written by the owner",
      acknowledged_by: ADMIN,
      resolved_by: ADMIN,
    },
  },
  report_orders: { kept: "projector", projector: "projectors/reports.ts", findBy: { order_id: "order" }, personal: ["parent"] },
  report_parents: { kept: "projector", projector: "projectors/reports.ts", findBy: { first_order_id: "order" }, personal: ["parent"] },
  es_events: { kept: "sealed", personal: ["data", "metadata"] },
  stock_history: { kept: "nothing personal", notPersonal: { actor_name: ADMIN, reason: "the owner's reason for a stock change" } },
  shop_alerts: { kept: "nothing personal", notPersonal: { details: "counts of a shop-wide limit", acknowledged_by: ADMIN } },
  size_charts: { kept: "nothing personal", notPersonal: { changed_by: ADMIN } },
  item_facts: { kept: "nothing personal", notPersonal: { changed_by: ADMIN } },
  photos: { kept: "nothing personal", notPersonal: { uploaded_by: ADMIN } },
  products: { kept: "nothing personal", notPersonal: { name: "a product's name", name_hi: "a product's name" } },
  report_items: { kept: "nothing personal", notPersonal: { name: "a product's name" } },
  tax_documents: { kept: "nothing personal", notPersonal: { reason: "why a credit note was issued, from the shop's list" } },
  tax_document_lines: { kept: "nothing personal", notPersonal: { description: "the goods' description" } },
  statements: { kept: "nothing personal", notPersonal: { file_name: "the name of the bank statement file the owner uploaded" } },
  settlement_reports: { kept: "nothing personal", notPersonal: { file_name: "the name of the gateway's settlement report the owner uploaded" } },
  cash_counter_orders: { kept: "nothing personal", notPersonal: { counter: "the counter's name" } },
  cash_takings: { kept: "nothing personal", notPersonal: { person_name: ADMIN, person_id: ADMIN } },
  cod_parcels: { kept: "nothing personal", notPersonal: { person: "the shop's delivery person or courier carrying the parcel", person_key: "the same name in lower case" } },
  backup_runs: { kept: "nothing personal", notPersonal: { error: "why a backup failed: the shop's own files" } },
  admin_recovery_codes: { kept: "nothing personal", notPersonal: { code_hash: "the sha-256 of an admin's one-time recovery code (decision 197)" } },
  rate_limits: { kept: "nothing personal", notPersonal: { bucket: "the sha-256 of a limit's key, never the email, phone or address itself (decision 169)" } },
  erasure_requests: { kept: "nothing personal", notPersonal: { by: "who asked: the parent or a guest, not their name" } },
  erased_sessions: { kept: "nothing personal", notPersonal: { id_hash: "the sha-256 of an erased account's session id, naming no one (decision 248)" } },
  // Dropped with the person all the same (projectors/whatsapp-consents.ts), though a subject id and a choice say nothing of them.
  whatsapp_consents: { kept: "nothing personal", notPersonal: { place: "where the choice was made, from the shop's list" } },
  kysely_migration: { kept: "nothing personal", notPersonal: { name: "a migration's name" } },
  projector_checkpoints: { kept: "nothing personal", notPersonal: { name: "a projector's name" } },
  reactor_checkpoints: { kept: "nothing personal", notPersonal: { name: "a reactor's name" } },
} as const satisfies Record<string, TableDeclaration>;

export type DeclaredTable = keyof typeof PERSONAL_DATA;

/** The personal columns a table declares (a kept table's are those it scrubs or deletes). */
export function personalColumns(declaration: TableDeclaration): readonly string[] {
  if (declaration.kept === "erasure") return "delete" in declaration.erase ? declaration.erase.delete : Object.keys(declaration.erase.set);
  if (declaration.kept === "nothing personal") return [];
  return declaration.personal;
}

/**
 * A column name that looks like a person's data. Read by the test that holds every table of the
 * migrations to this declaration: a new table with such a column fails it until it is declared.
 */
export const PERSONAL_LOOKING = /(^|_)(name|names|email|mail|phone|mobile|address|city|pincode|pin|recipient|ip|parent|child|children|guardian|text|body|note|error|data|details|reason|measurements|words|contact)(_|$)/;

/**
 * The columns that look personal but are not declared, as `table.column`, and declared columns no
 * table has any more. Empty when the declaration covers the database.
 */
export function undeclaredColumns(columns: readonly { table: string; column: string }[]): string[] {
  const problems: string[] = [];
  const declared = PERSONAL_DATA as Record<string, TableDeclaration>;
  const byTable = new Map<string, Set<string>>();
  for (const { table, column } of columns) {
    if (!byTable.has(table)) byTable.set(table, new Set());
    byTable.get(table)!.add(column);
    const declaration = declared[table];
    if (!PERSONAL_LOOKING.test(column)) continue;
    if (!declaration) {
      problems.push(`${table}.${column} (the table is not declared in db/personal-data.ts)`);
      continue;
    }
    const known = [...personalColumns(declaration), ...Object.keys(declaration.notPersonal ?? {}), ...(declaration.kept === "erasure" ? Object.keys(declaration.findBy) : [])];
    if (!known.includes(column)) problems.push(`${table}.${column} (neither personal nor said why not)`);
  }
  for (const [table, declaration] of Object.entries(declared)) {
    const present = byTable.get(table);
    if (!present) {
      problems.push(`${table} (declared, but no such table)`);
      continue;
    }
    for (const column of [...personalColumns(declaration), ...Object.keys(declaration.notPersonal ?? {})]) {
      if (!present.has(column)) problems.push(`${table}.${column} (declared, but no such column)`);
    }
  }
  return problems;
}
