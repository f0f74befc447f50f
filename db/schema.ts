import type { ColumnType, Generated } from "kysely";
import type { ShopCategory, ShopGender } from "../domain/shop-products";
import type { NotificationSkipReason } from "../domain/notifications";
import type { SizeRow } from "../domain/sizes/charts";

/**
 * The Kysely view of every table. Each read model adds its tables here and a
 * migration in db/migrations.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EsEventsTable {
  global_position: Generated<number>;
  transaction_id: Generated<string>;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: unknown;
  created_at: Generated<Date>;
}

export interface EsStreamsTable {
  stream_id: string;
  revision: number;
}

export interface ProjectorCheckpointsTable {
  name: string;
  position: string | null;
  updated_at: Timestamp;
}

export interface StreamTypeCountsTable {
  category: string;
  event_type: string;
  count: number;
  last_event_at: Date;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string;
  transport: string;
  created_at: Generated<Date>;
}

/** 'skipped': a delayed message its job found no longer needed when due (see `skip_reason`). */
export type NotificationStatus = "pending" | "sending" | "sent" | "failed" | "unknown" | "skipped";

export type { NotificationSkipReason } from "../domain/notifications";

/** One message the shop means to send; unique per key (event and channel, or OTP job). */
export interface NotificationSendsTable {
  id: Generated<number>;
  key: string;
  kind: string;
  channel: "sms" | "email";
  queue: string;
  job_name: string;
  job_id: string;
  event_id: string | null;
  stream_id: string | null;
  recipient: string;
  subject: string | null;
  /** The text as it may be shown: a sign-in code's text has the code masked ("****** is your ..."). */
  body: string | null;
  /** A sign-in code sealed with AES-256-GCM (workers/sealed-codes.ts) until it is sent or expires; null otherwise. */
  secret: string | null;
  status: NotificationStatus;
  attempts: Generated<number>;
  claim: string | null;
  transport: string | null;
  provider_id: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  sent_at: Date | null;
  /** When a delayed message may go out (the payment reminder); null: at once. */
  due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  skip_reason: NotificationSkipReason | null;
  /** An SMS's registered text (DLT, domain/sms-templates.ts: "orderPlaced.hi"); null for an email or an older record. */
  template: ColumnType<string | null, string | null | undefined, string | null>;
  /** The WhatsApp message's id (wamid) when the text went by WhatsApp (decision 230); kept after a fallback to SMS. */
  whatsapp_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The latest state WhatsApp's webhook reported: accepted (no word yet), sent, delivered, read, failed. */
  whatsapp_state: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why WhatsApp refused (a template not approved) or failed the message (a number not on WhatsApp). */
  whatsapp_error: ColumnType<string | null, string | null | undefined, string | null>;
  whatsapp_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the message was handed to SMS after WhatsApp failed it or did not deliver it in time; once at most. */
  fallback_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Each parent's latest word on WhatsApp (decision 230), from their privacy stream: a subject as domain/privacy/subjects.ts names it. */
export interface WhatsappConsentsTable {
  subject: string;
  consented: boolean;
  language: string;
  place: string;
  at: ColumnType<Date, Date | string, Date | string>;
}

/** Each job runner's last sign of life (workers/heartbeat.ts), for /healthz. */
export interface WorkerHeartbeatsTable {
  worker: string;
  queue: string;
  seen_at: Timestamp;
}

export interface ReactorCheckpointsTable {
  name: string;
  position: string | null;
  updated_at: Timestamp;
}

/** The general shop's products (/shop, /product/{id}); prices in whole rupees. */
export interface ProductsTable {
  id: Generated<number>;
  name: string;
  /** The name on Hindi pages; null shows the English (decision 099). */
  name_hi: string | null;
  description: Generated<string>;
  description_hi: string | null;
  price: number;
  image_url: string | null;
  stock_quantity: Generated<number>;
  category: ShopCategory;
  gender: ShopGender;
  size: Generated<string>;
  created_at: Generated<Date>;
  /** Legal Metrology facts shown on the product page (migration 0027, decision 130); null: not yet set. */
  country_of_origin: Generated<string>;
  maker: string | null;
  net_quantity: string | null;
}

export interface NewsletterSubscribersTable {
  email: string;
  subscribed_at: Generated<Date>;
}

/** Accounts (plain table, see db/migrations/0004_users.ts). Emails are stored lower-cased. */
export interface UsersTable {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  role: Generated<"customer" | "admin">;
  google_id: string | null;
  created_at: Generated<Date>;
  /** When the account became an admin (decision 104); the earliest enabled one is the owner. */
  admin_since: Date | null;
  /** A disabled admin cannot sign in, and its sessions and tokens stop at their next use. */
  admin_disabled_at: Date | null;
  last_sign_in_at: Date | null;
  /** Signed in with a temporary password (`shop admin add`): every admin page asks for a new one first (decision 120). */
  password_must_change: Generated<boolean>;
  /** The admin's authenticator secret, sealed (migration 0060, decision 197); null without a second factor. */
  totp_secret_sealed: string | null;
  /** A secret being set up, sealed, until a first code confirms it. */
  totp_pending_sealed: string | null;
  totp_enabled_at: Date | null;
  /** The 30-second step of the last code taken: no code is taken twice. */
  totp_last_step: string | number | null;
  /** The second factor was reset (a lost phone): every admin page but its own asks for a new one first (migration 0061). */
  totp_must_enrol: Generated<boolean>;
}

/** An admin's recovery codes (migration 0060): their sha-256, each used once. */
export interface AdminRecoveryCodesTable {
  user_id: string;
  code_hash: string;
  used_at: Date | null;
  created_at: Generated<Date>;
}

/** What the owner is told on the admin pages (migration 0021): one row per trip of a shop-wide limit (decision 116). */
export interface ShopAlertsTable {
  id: string;
  /** "sms-budget": the shop-wide budget of sign-in texts was reached. */
  kind: string;
  opened_at: Timestamp;
  /** Until then only parents with a live order get a sign-in code. */
  cooldown_until: Timestamp;
  /** The last code refused in this trip. */
  last_at: Timestamp;
  /** Codes refused during this trip. */
  refused: Generated<number>;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  acknowledged_at: Timestamp | null;
  acknowledged_by: string | null;
}

/** A parent's saved delivery addresses, at most three per account (migration 0019, decision 114). */
export interface AccountAddressesTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  address: string;
  city: string;
  pincode: string;
  created_at: Generated<Date>;
  /** When it was saved or last edited. */
  updated_at: Timestamp;
}

/** The children a parent keeps on the account (migration 0029, projectors/children.ts, decision 133). */
export interface AccountChildrenTable {
  child_id: string;
  user_id: string;
  name: string;
  school: string;
  class_name: string;
  kit: string | null;
  measurements: ColumnType<Record<string, number>, string, string>;
  sizes: ColumnType<Record<string, string>, string, string>;
  /** The stream revision that added the child: the order the parent added them in. */
  position: number;
  updated_at: Timestamp;
}

/** The owner's size chart of a kind of item (decision 132); no row = the starting chart. */
export interface SizeChartsTable {
  kind: string;
  rows: ColumnType<SizeRow[], string, string>;
  changed_by: string;
  changed_at: Timestamp;
}

/** Units exchanged from one size of a product to another (projectors/sizes.ts). */
export interface SizeExchangesTable {
  item_kind: string;
  product_id: string;
  from_size: string;
  to_size: string;
  units: number;
  exchanges: number;
  last_at: Timestamp;
}

/** The facts of a bought-in catalogue item as the owner set them (decision 142); a null fact is not set. */
export interface ItemFactsTable {
  item_id: string;
  country_of_origin: string | null;
  maker: string | null;
  net_quantity: string | null;
  changed_by: string;
  changed_at: Timestamp;
}

/** The orders sold at a counter, and which (migration 0095, projectors/cash.ts, decision 211). */
export interface CashCounterOrdersTable {
  order_id: string;
  counter: string;
}

/** Money taken or given back for a bill (migration 0095, projectors/cash.ts, decision 211): what the day close sums. */
export interface CashTakingsTable {
  event_id: string;
  order_id: string;
  /** The calendar day in India (YYYY-MM-DD). */
  day: string;
  at: Timestamp;
  /** The counter whose drawer it went into or came from; null for a refund of an online order. */
  counter: string | null;
  kind: "sale" | "refund";
  method: "cash" | "upi";
  person_id: string;
  person_name: string;
  /** Rupees, to the paisa (migration 0076). */
  amount: ColumnType<string, number, number>;
}

/** A cash-on-delivery parcel given to a delivery person (migration 0095, projectors/cash.ts, decision 212). */
export interface CodParcelsTable {
  order_id: string;
  person: string;
  /** The person's name in lower case: the same person however it was typed. */
  person_key: string;
  amount: number;
  stage: "out" | "collected" | "refused" | "handedIn" | "remitted";
  out_at: Timestamp;
  out_day: string;
  /** When it was collected, refused or remitted. */
  settled_at: Timestamp | null;
  counter: string | null;
  handed_in_day: string | null;
  /** The courier's payout that brought its cash, and the bank's UTR (migration 0101, decision 233). */
  remittance: Generated<string | null>;
  utr: Generated<string | null>;
}

/** The statements the owner uploaded (migration 0090, projectors/statements.ts, decision 220): counts of their credits. */
export interface StatementsTable {
  id: string;
  file_name: string;
  shape: string;
  read_by: string;
  read_at: Timestamp;
  /** The first and last day of its credits (YYYY-MM-DD), null when it has none. */
  first_day: string | null;
  last_day: string | null;
  credits: number;
  matched: number;
  proposed: number;
  unmatched: number;
  conflicts: number;
  already_paid: number;
  /** Credits the owner confirmed since. */
  settled: Generated<number>;
}

/** The gateway's settlement reports the owner uploaded (migration 0091, projectors/settlements.ts, decision 223): sums in paise. */
export interface SettlementReportsTable {
  id: string;
  file_name: string;
  read_by: string;
  read_at: Timestamp;
  /** The first and last day it settled (YYYY-MM-DD), null when it settled nothing yet. */
  first_day: string | null;
  last_day: string | null;
  settlements: number;
  payments: number;
  gross: number;
  fees: number;
  tax: number;
  net: number;
}

/** Every payment and refund of every order (migration 0092, projectors/payments.ts, decision 224): the payments report. */
export interface PaymentsReceivedTable {
  event_id: string;
  order_id: string;
  /** Its day in India (YYYY-MM-DD). */
  day: string;
  at: Timestamp;
  kind: "payment" | "refund";
  /** upi, online (the gateway), cash. */
  method: string;
  /** For a payment: hand, statement, gateway, cash. */
  matched_by: string | null;
  /** In paise. */
  paise: number;
}

/** Page sessions: the cookie holds a random id, the table its sha-256. */
export interface AuthSessionsTable {
  id_hash: string;
  kind: "shopper" | "admin";
  user_id: string | null;
  data: unknown;
  created_at: Generated<Date>;
  expires_at: Timestamp;
}

/** Bearer tokens for /api, stored as sha-256. */
export interface ApiTokensTable {
  token_hash: string;
  user_id: string;
  scope: "shopper" | "admin";
  created_at: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** One-time sign-in codes, stored as an HMAC keyed by the server secret. */
export interface OtpCodesTable {
  id: string;
  phone: string;
  code_hash: string;
  ip: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  superseded_at: Timestamp | null;
}

/** Counters in fixed windows for rate limits shared by every web process. */
export interface RateLimitsTable {
  bucket: string;
  window_start: Timestamp;
  count: Generated<number>;
}

/** Orders read model (projectors/orders.ts): customer history, admin list, tracking. */
export interface OrdersTable {
  id: string;
  short_id: string;
  user_id: string | null;
  customer_kind: "user" | "guest";
  customer_name: string;
  phone: string;
  email: string | null;
  ship_name: string;
  ship_phone: string;
  address_line: string;
  city: string;
  pincode: string;
  /** OrderLine[] as placed (server prices). */
  lines: ColumnType<OrderLineRow[], string, string>;
  item_count: number;
  total: number;
  status: string;
  /** Where the money stands: unpaid, reported, paid, partly refunded, refunded. */
  payment_status: string;
  payment_method: Generated<string>;
  /** The reported reference awaiting the admin, else the confirmed one. */
  payment_reference: string | null;
  amount_paid: Generated<number>;
  /** Paise given back (decision 209, migration 0076). */
  refunded_paise: ColumnType<string, number | undefined, number>;
  subtotal: number;
  discount_percent: Generated<number>;
  discount: Generated<number>;
  delivery: Generated<number>;
  deleted: Generated<boolean>;
  deleted_at: Timestamp | null;
  placed_at: Timestamp;
  updated_at: Timestamp;
  projected_at: Generated<Date>;
}

export interface OrderLineRow {
  productId: string;
  name: string;
  size: string;
  school: string;
  unitPrice: number;
  quantity: number;
}

/** Each order's trail (projectors/order-status-history.ts): placed, status, payment, deleted. */
export interface OrderStatusHistoryTable {
  order_id: string;
  revision: number;
  event_type: string;
  /** "payment": one of the payment's steps (to_value: reported, confirmed, rejected, cash collected, refunded). */
  field: "status" | "payment_status" | "payment" | "deleted";
  from_value: string | null;
  to_value: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  at: Timestamp;
}

/** What a product has for sale now: the fold of its `stock-{id}` stream. */
export interface StockLevelsTable {
  product_id: number;
  available: number;
  /** Units orders not yet shipped hold: on the shelf, not for sale (decision 109). On the shelf = available + held. */
  held: number;
  revision: number;
  updated_at: Timestamp;
}

/** An order holding units of a product (a reservation not released). */
export interface StockHoldsTable {
  product_id: number;
  order_id: string;
  quantity: number;
  at: Timestamp;
}

/** One change of a product's stock, in stream order: the admin's stock history. */
export interface StockHistoryTable {
  product_id: number;
  revision: number;
  event_type: string;
  /** Units for sale after minus before. */
  change: number;
  available_after: number;
  /** Units on the shelf after minus before: a shipment takes units off, a reservation or release moves none (decision 109). */
  shelf_change: Generated<number>;
  order_id: string | null;
  reason: string | null;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  at: Timestamp;
}

/** Every backup made of this database (db/migrations/0022_backup_runs.ts, decision 112). */
export interface BackupRunsTable {
  id: Generated<number>;
  kind: "scheduled" | "manual";
  /** The scheduled time this run belongs to; null for `shop backup` by hand. */
  slot: Date | null;
  started_at: Generated<Date>;
  finished_at: Date | null;
  file: string | null;
  bytes: number | null;
  events: number | null;
  sha256: string | null;
  error: string | null;
}

/** A person's data key, sealed under the master key (migration 0023, decision 121). */
export interface PrivacyKeysTable {
  subject: string;
  sealed_key: string;
  created_at: Generated<Date>;
}

/** Who was erased: their key is never made again (migration 0023). */
export interface PrivacyErasuresTable {
  subject: string;
  erased_at: Generated<Date>;
}

/** Erasure requests and their deadline: a read model of the privacy streams (projectors/privacy.ts). */
export interface ErasureRequestsTable {
  subject: string;
  by: string;
  requested_at: Timestamp;
  due_by: Timestamp;
  erased_at: Timestamp | null;
}

/** Sessions of an account that was erased (decision 248): the browser coming back is told so. No person in it. */
export interface ErasedSessionsTable {
  id_hash: string;
  erased_at: Timestamp;
  expires_at: Timestamp;
}

export interface DB {
  es_events: EsEventsTable;
  es_streams: EsStreamsTable;
  projector_checkpoints: ProjectorCheckpointsTable;
  stream_type_counts: StreamTypeCountsTable;
  outbox_messages: OutboxMessagesTable;
  notification_sends: NotificationSendsTable;
  reactor_checkpoints: ReactorCheckpointsTable;
  worker_heartbeats: WorkerHeartbeatsTable;
  products: ProductsTable;
  newsletter_subscribers: NewsletterSubscribersTable;
  users: UsersTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  shop_alerts: ShopAlertsTable;
  account_addresses: AccountAddressesTable;
  account_children: AccountChildrenTable;
  size_charts: SizeChartsTable;
  size_exchanges: SizeExchangesTable;
  item_facts: ItemFactsTable;
  statements: StatementsTable;
  settlement_reports: SettlementReportsTable;
  payments_received: PaymentsReceivedTable;
  cash_counter_orders: CashCounterOrdersTable;
  cash_takings: CashTakingsTable;
  cod_parcels: CodParcelsTable;
  auth_sessions: AuthSessionsTable;
  api_tokens: ApiTokensTable;
  otp_codes: OtpCodesTable;
  rate_limits: RateLimitsTable;
  orders: OrdersTable;
  order_status_history: OrderStatusHistoryTable;
  stock_levels: StockLevelsTable;
  stock_holds: StockHoldsTable;
  stock_history: StockHistoryTable;
  backup_runs: BackupRunsTable;
  privacy_keys: PrivacyKeysTable;
  privacy_erasures: PrivacyErasuresTable;
  erasure_requests: ErasureRequestsTable;
  erased_sessions: ErasedSessionsTable;
  whatsapp_consents: WhatsappConsentsTable;
  photos: PhotosTable;
  grievance_tickets: GrievanceTicketsTable;
  tax_documents: TaxDocumentsTable;
  tax_document_lines: TaxDocumentLinesTable;
  report_orders: ReportOrdersTable;
  report_parents: ReportParentsTable;
  report_daily: ReportDailyTable;
  report_daily_lines: ReportDailyLinesTable;
  report_monthly_lines: ReportMonthlyLinesTable;
  report_items: ReportItemsTable;
}

/** The tax documents' read model (migration 0025, projectors/tax.ts): amounts in paisa, `month` India's YYYY-MM. */
export interface TaxDocumentsTable {
  number: string;
  /** "invoice" (a tax invoice or bill of supply) or "credit-note". */
  kind: string;
  document_kind: string;
  series: string;
  sequence: number;
  order_id: string;
  invoice_number: string | null;
  reason: string | null;
  issued_at: ColumnType<Date, Date | string, Date | string>;
  month: string;
  place_of_supply: string | null;
  supply: string;
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface TaxDocumentLinesTable {
  number: string;
  line: number;
  /** "goods" or "delivery" (migration 0075). */
  kind: ColumnType<string, string | undefined, string>;
  hsn: string;
  description: string;
  unit: string;
  /** Goods moved: an invoice line's quantity; on a credit note the quantity that came back (0 for a value-only note). */
  quantity: number;
  rate: number;
  value: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/** The reports' read models (migration 0030, projectors/reports.ts). Days are India's (a date, no time). */
export interface ReportOrdersTable {
  order_id: string;
  day: ColumnType<string, string, string>;
  parent: string;
  first_order: boolean;
  payment_method: string;
  total: number;
  subtotal: number;
  discount: number;
  delivery: number;
  status: string;
  deleted: boolean;
  lines: unknown;
}

export interface ReportParentsTable {
  parent: string;
  first_order_id: string;
  first_day: ColumnType<string, string, string>;
}

export interface ReportDailyTable {
  day: ColumnType<string, string, string>;
  payment_method: string;
  orders: number;
  new_parents: number;
  sales: ColumnType<string, number, number>;
  subtotal: ColumnType<string, number, number>;
  discount: ColumnType<string, number, number>;
  delivery: ColumnType<string, number, number>;
  offer_orders: number;
  returns: number;
  exchanges: number;
  refunds: number;
  /** Rupees given back, to the paisa (migration 0076). */
  refunded: ColumnType<string, number, number>;
}

export interface ReportDailyLinesTable {
  day: ColumnType<string, string, string>;
  school: string;
  product_id: string;
  size: string;
  quantity: number;
  amount: ColumnType<string, number, number>;
  /** Paisa after the lines' share of the offer (migration 0050). */
  net: ColumnType<string, number, number>;
}

/** report_daily_lines summed by month (migration 0031): `month` is its first day. */
export interface ReportMonthlyLinesTable {
  month: ColumnType<string, string, string>;
  school: string;
  product_id: string;
  size: string;
  quantity: number;
  amount: ColumnType<string, number, number>;
  net: ColumnType<string, number, number>;
}

export interface ReportItemsTable {
  product_id: string;
  school: string;
  name: string;
}

/** The grievance desk's read model (projectors/grievances.ts, decision 129): one row per ticket. */
export interface GrievanceTicketsTable {
  ticket_id: string;
  number: string;
  stage: "open" | "acknowledged" | "resolved";
  complainant_kind: "customer" | "guest";
  user_id: string | null;
  order_id: string | null;
  name: string;
  phone: string;
  topic: string;
  text: string;
  language: string;
  filed_at: Date;
  acknowledge_by: Date;
  resolve_by: Date;
  acknowledged_at: Date | null;
  acknowledged_by: string | null;
  acknowledge_note: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
}

/** The owner's photos (migration 0033, projectors/photos.ts, decision 139). */
export interface PhotosTable {
  /** `product.12`, `item.<school>.<item>`, `logo.<school>` (domain/photos/events.ts photoOwnerKey). */
  owner: string;
  photo_id: string;
  /** Its place among its owner's photos, from 0. */
  position: number;
  main: Generated<boolean>;
  status: "processing" | "ready" | "failed";
  width: number;
  height: number;
  /** The served files (PhotoVariant[]), empty until processed. */
  variants: ColumnType<unknown, string | undefined, string>;
  original: string;
  uploaded_at: Date;
  uploaded_by: string;
}
