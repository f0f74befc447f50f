// The admin order dashboard's URL: filter, sort and page are query parameters (GET
// links and forms), so a view works without JavaScript, survives a reload and can be shared.
// Pages are keyset pages: the cursor is the sort key and the id of the row at the page's edge.
import "./zod-in-browser";
import { z } from "zod";
import { ORDER_STATUSES, PAYMENT_STANDINGS, type OrderEvent, type OrderStatus, type PaymentStanding } from "./orders/events";
import { foldOrder, type OrderState } from "./orders/order";
import { textProblem } from "./text";

export const DASHBOARD_PAGE_SIZE = 50;

/** "all" (not deleted), one status (not deleted), or the deleted orders (any status). */
export const DASHBOARD_FILTERS = ["all", ...ORDER_STATUSES, "deleted"] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

/** URL names of the sortable columns (spec: Order ID, User ID, Order Date). */
export const DASHBOARD_SORTS = ["date", "id", "user"] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];
export type SortDirection = "asc" | "desc";

/**
 * Where a page starts: the sort key and id of the last row of the page before
 * (`after`) or of the first row of the page after (`before`). For "user" the key is
 * [guest?, user id]: guests (no user id) sort after every user in ascending order.
 */
export type DashboardCursor =
  | { sort: "date"; placedAt: string; id: string }
  | { sort: "id"; id: string }
  | { sort: "user"; guest: boolean; userId: string; id: string };

export interface DashboardQuery {
  filter: DashboardFilter;
  /** The one search box (?q=): an order number, a phone number or its last digits, or words of a name. */
  search?: OrderSearch;
  /** Indian days (YYYY-MM-DD, IST), both inclusive (?from=&to=). */
  from?: string;
  to?: string;
  /** The page number shown ("page N of M"); without a cursor it is a jump to that page. */
  page?: number;
  /** Where the money stands (?payment=), combined with the status filter; absent: any. */
  payment?: PaymentStanding;
  sort: DashboardSort;
  direction: SortDirection;
  after?: DashboardCursor;
  before?: DashboardCursor;
}

export const DEFAULT_DASHBOARD_QUERY: DashboardQuery = { filter: "all", sort: "date", direction: "desc" };

export const FILTER_LABELS: Record<DashboardFilter, string> = {
  all: "All",
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  deleted: "Deleted",
};

export const SORT_LABELS: Record<DashboardSort, string> = { date: "Order Date", id: "Order ID", user: "User ID" };

const ID_TEXT = /^[A-Za-z0-9_.:@-]{1,200}$/;

/**
 * An order time as Postgres will take it back: ISO 8601 with an offset, and within what
 * a timestamptz accepts. zod alone lets through year 0000 and offsets up to ±23:59, which
 * Postgres refuses (an error in the dashboard's query, not a page link to ignore).
 */
const placedAtText = z.iso
  .datetime({ offset: true })
  .max(40)
  .refine((text) => Number(text.slice(0, 4)) >= 1 && Number.isFinite(Date.parse(text)))
  .refine((text) => {
    const offset = /([+-])(\d{2}):?(\d{2})$/.exec(text);
    return !offset || Number(offset[2]) <= 15;
  });

/** A user id from a page link: any text Postgres can compare (never U+0000, never a broken character). */
const userIdText = z
  .string()
  .max(200)
  .refine((text) => textProblem(text) === null);

const cursorSchema = z.union([
  z.tuple([z.literal("date"), placedAtText, z.string().regex(ID_TEXT)]),
  z.tuple([z.literal("id"), z.string().regex(ID_TEXT)]),
  z.tuple([z.literal("user"), z.boolean(), userIdText, z.string().regex(ID_TEXT)]),
]);

// btoa/atob rather than Buffer: the same code runs in the browser bundle.
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** base64url(JSON): opaque in the URL, readable when debugging. */
export function encodeCursor(cursor: DashboardCursor): string {
  const parts =
    cursor.sort === "date"
      ? ["date", cursor.placedAt, cursor.id]
      : cursor.sort === "id"
        ? ["id", cursor.id]
        : ["user", cursor.guest, cursor.userId, cursor.id];
  return toBase64Url(JSON.stringify(parts));
}

export function decodeCursor(text: string): DashboardCursor | undefined {
  if (text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(fromBase64Url(text));
  } catch {
    return undefined;
  }
  const parsed = cursorSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const value = parsed.data;
  if (value[0] === "date") return { sort: "date", placedAt: value[1], id: value[2] };
  if (value[0] === "id") return { sort: "id", id: value[1] };
  return { sort: "user", guest: value[1], userId: value[2], id: value[3] };
}

// ---------------------------------------------------------------------------------------
// Search and date range (decision 102)
// ---------------------------------------------------------------------------------------

/**
 * What the search box asked for. Read once from the text, so the query is one indexed path:
 * the short order number (orders_short_id), the phone's last digits (reverse(phone) prefix,
 * db/migrations/0015_order_search.ts), or each word as the start of a word of the name
 * (a 'simple' full-text prefix match on a GIN index, which works the same in PGlite).
 */
export type OrderSearch =
  /** The whole 8-character number, or its start (`E1EF`): the owner reads the first few characters off a slip or a message. */
  | { kind: "number"; shortId: string; partial?: true; text: string }
  /** Eight digits can be an order number or a phone's last eight digits: both are looked up. */
  | { kind: "phone"; digits: string; shortId?: string; text: string }
  /** Letters that are also an order number's start (`BEAD`): the name and the number are both looked up. */
  | { kind: "name"; words: string[]; shortId?: string; text: string };

export const SEARCH_MAX_CHARS = 100;
export const SEARCH_MAX_WORDS = 5;
export const PHONE_SEARCH_MIN_DIGITS = 4;

export const SEARCH_MESSAGES = {
  tooLong: `Search text is too long: at most ${SEARCH_MAX_CHARS} characters.`,
  badCharacter: "Search text has a character that cannot be searched for (a control character).",
  nothingToSearch: "Type an order number, a phone number (at least its last 4 digits) or a name.",
  badDate: "A date must be a real day, written as YYYY-MM-DD.",
  datesReversed: "The 'from' date is after the 'to' date.",
  badPage: "The page number must be a whole number from 1.",
} as const;

const SHORT_ID = /^[0-9A-F]{8}$/;
/** The first 4 to 7 characters of a number: fewer would match hundreds of orders. */
const SHORT_ID_START = /^[0-9A-F]{4,7}$/;

/**
 * The numbers that start with `start`, as a range the short-number index answers (`short_id`
 * between the lowest and the highest 8-character number with that start): numbers are
 * upper-case hex, so the range holds exactly them.
 */
export function shortIdRange(start: string): { from: string; to: string } {
  return { from: start.padEnd(8, "0"), to: start.padEnd(8, "F") };
}
// Letters, marks (Devanagari vowel signs) and digits: what the 'simple' text search parser keeps as a word.
const NAME_WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** A C0 control or DEL: nothing a person types into a search box. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The search box's text as a search, or a message (400). Length and characters are checked
 * before any pattern runs, and every pattern is linear, so 100 KB of hostile text costs one pass.
 * Quotes, regex and tsquery characters are not special: names are split into plain words and
 * every value goes to the database as a parameter.
 */
export function parseOrderSearch(raw: string | null): { ok: true; search?: OrderSearch } | { ok: false; message: string } {
  if (raw === null) return { ok: true };
  if (raw.length > SEARCH_MAX_CHARS * 4) return { ok: false, message: SEARCH_MESSAGES.tooLong };
  if (textProblem(raw) !== null || hasControlCharacter(raw)) return { ok: false, message: SEARCH_MESSAGES.badCharacter };
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "") return { ok: true };
  if (text.length > SEARCH_MAX_CHARS) return { ok: false, message: SEARCH_MESSAGES.tooLong };
  const hashed = text.startsWith("#");
  const bare = (hashed ? text.slice(1) : text).trim().toUpperCase();
  if (SHORT_ID.test(bare) && (hashed || /[A-F]/.test(bare))) return { ok: true, search: { kind: "number", shortId: bare, text } };
  // The start of a number: after '#', or hex with both a digit and a letter (no name or phone looks like `E1EF`).
  if (SHORT_ID_START.test(bare) && (hashed || (/[A-F]/.test(bare) && /\d/.test(bare)))) {
    return { ok: true, search: { kind: "number", shortId: bare, partial: true, text } };
  }
  // A phone as people write it: +91 98290 12345, 098290-12345, or only its last digits.
  if (/^[+\d][\d\s()-]*$/.test(text)) {
    let digits = text.replace(/\D/g, "");
    if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
    else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
    if (digits.length < PHONE_SEARCH_MIN_DIGITS || digits.length > 10) return { ok: false, message: SEARCH_MESSAGES.nothingToSearch };
    return { ok: true, search: { kind: "phone", digits, ...(digits.length === 8 ? { shortId: digits } : {}), text } };
  }
  const words = [...text.toLowerCase().matchAll(NAME_WORD)].map((m) => m[0]).slice(0, SEARCH_MAX_WORDS);
  if (words.length === 0) return { ok: false, message: SEARCH_MESSAGES.nothingToSearch };
  // `BEAD` or `FACE` may be a name or a number's start: one box, both answers.
  if (SHORT_ID_START.test(bare)) return { ok: true, search: { kind: "name", words, shortId: bare, text } };
  return { ok: true, search: { kind: "name", words, text } };
}

/** 'ram':* & 'kumar':* : each word the start of a word of the name. Words hold only letters, marks and digits. */
export function namePrefixQuery(words: readonly string[]): string {
  return words.map((word) => `'${word}':*`).join(" & ");
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD that is a real day, or undefined. */
export function checkDay(text: string): string | undefined {
  const match = DAY.exec(text);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 2000 || y > 2200 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return text;
}

/** The instants an Indian day range covers: [start of `from` in IST, start of the day after `to` in IST). */
export function dayRangeInstants(from?: string, to?: string): { start?: Date; end?: Date } {
  const range: { start?: Date; end?: Date } = {};
  if (from) range.start = new Date(`${from}T00:00:00+05:30`);
  if (to) range.end = new Date(new Date(`${to}T00:00:00+05:30`).getTime() + 24 * 3600 * 1000);
  return range;
}

/** The filters other than status, sort and page: what the counts beside each status are counted under. */
export type DashboardScope = Pick<DashboardQuery, "search" | "from" | "to" | "payment">;

export interface DashboardCounts {
  /** Orders under each filter option (statuses not deleted, "all" not deleted, "deleted"). */
  byFilter: Record<DashboardFilter, number>;
}

export function pageCount(total: number, size = DASHBOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export const PAYMENT_FILTER_MESSAGE = `Unknown payment filter: choose one of ${PAYMENT_STANDINGS.join(", ")}.`;

/**
 * ?payment= of the dashboard: a standing, nothing (any), or "invalid". Unlike a stale sort or
 * page link an unknown standing is refused (400): showing every order under a payment heading
 * would have the owner confirm the wrong list.
 */
export function parsePaymentFilter(text: string | null): PaymentStanding | undefined | "invalid" {
  const trimmed = (text ?? "").trim();
  if (trimmed === "" || trimmed === "any") return undefined;
  return PAYMENT_STANDINGS.find((standing) => standing === trimmed) ?? "invalid";
}

export type ParsedDashboardQuery =
  | { ok: true; query: DashboardQuery }
  | { ok: false; message: string; query: DashboardQuery; refused?: false }
  /** A search, date or page the admin typed that cannot be read: the page answers 400 with the message. */
  | { ok: false; message: string; query: DashboardQuery; refused: true };

/**
 * Reads /admin?status=&sort=&dir=&after=|before=. Blank values take the defaults
 * (order date, newest first). A cursor that does not belong to the sort is ignored
 * with a message rather than guessed at: the first page is shown.
 */
export function parseDashboardQuery(params: URLSearchParams): ParsedDashboardQuery {
  const statusText = (params.get("status") ?? "").trim() || "all";
  const sortText = (params.get("sort") ?? "").trim() || "date";
  const problems: string[] = [];
  const filter = (DASHBOARD_FILTERS as readonly string[]).includes(statusText) ? (statusText as DashboardFilter) : undefined;
  if (!filter) problems.push("Unknown status filter: showing all orders.");
  const sort = (DASHBOARD_SORTS as readonly string[]).includes(sortText) ? (sortText as DashboardSort) : undefined;
  if (!sort) problems.push("Unknown sort: showing the newest orders first.");
  const effectiveSort = sort ?? "date";
  const dirText = (params.get("dir") ?? "").trim();
  if (dirText && dirText !== "asc" && dirText !== "desc") problems.push("Unknown sort direction.");
  // Without a direction a column reads as it would after its first click: ascending (the date: newest first).
  const direction: SortDirection =
    sort && (dirText === "asc" || dirText === "desc") ? dirText : effectiveSort === "date" ? "desc" : "asc";
  const query: DashboardQuery = { filter: filter ?? "all", sort: effectiveSort, direction };
  const payment = parsePaymentFilter(params.get("payment"));
  if (payment !== undefined && payment !== "invalid") query.payment = payment;
  const search = parseOrderSearch(params.get("q"));
  if (!search.ok) return { ok: false, refused: true, message: search.message, query };
  if (search.search) query.search = search.search;
  for (const key of ["from", "to"] as const) {
    const text = (params.get(key) ?? "").trim();
    if (!text) continue;
    const day = text.length <= 10 ? checkDay(text) : undefined;
    if (!day) return { ok: false, refused: true, message: SEARCH_MESSAGES.badDate, query };
    query[key] = day;
  }
  if (query.from && query.to && query.from > query.to) return { ok: false, refused: true, message: SEARCH_MESSAGES.datesReversed, query };
  const pageText = (params.get("page") ?? "").trim();
  if (pageText) {
    if (!/^\d{1,7}$/.test(pageText) || Number(pageText) < 1) return { ok: false, refused: true, message: SEARCH_MESSAGES.badPage, query };
    if (Number(pageText) > 1) query.page = Number(pageText);
  }
  for (const key of ["after", "before"] as const) {
    const text = params.get(key);
    if (!text) continue;
    const cursor = decodeCursor(text);
    if (!cursor || cursor.sort !== query.sort) {
      problems.push("That page link is out of date: showing the first page.");
      continue;
    }
    if (query.after || query.before) {
      problems.push("A page link names both a next and a previous page: showing the first page.");
      delete query.after;
      delete query.before;
      continue;
    }
    query[key] = cursor;
  }
  return problems.length ? { ok: false, message: problems[0], query } : { ok: true, query };
}

/** The dashboard URL for a query: defaults are left out, so the plain /admin is the default view. */
export function dashboardHref(query: Partial<DashboardQuery>): string {
  const params = new URLSearchParams();
  const full = { ...DEFAULT_DASHBOARD_QUERY, ...query };
  if (full.search) params.set("q", full.search.text);
  if (full.from) params.set("from", full.from);
  if (full.to) params.set("to", full.to);
  if (full.filter !== "all") params.set("status", full.filter);
  if (full.payment) params.set("payment", full.payment);
  if (full.sort !== "date" || full.direction !== "desc") {
    params.set("sort", full.sort);
    params.set("dir", full.direction);
  }
  if (full.page && full.page > 1) params.set("page", String(full.page));
  if (full.after) params.set("after", encodeCursor(full.after));
  else if (full.before) params.set("before", encodeCursor(full.before));
  const text = params.toString();
  return text ? `/admin?${text}` : "/admin";
}

/** A header click: the same column flips its direction, a new column starts ascending. Back to page one. */
export function sortToggle(current: DashboardQuery, column: DashboardSort): DashboardQuery {
  const direction: SortDirection = current.sort === column ? (current.direction === "asc" ? "desc" : "asc") : "asc";
  return { ...dashboardScope(current), filter: current.filter, sort: column, direction };
}

/** The search, dates and payment filter of a view: kept by every link that changes the status, sort or page. */
export function dashboardScope(query: DashboardQuery): DashboardScope {
  const scope: DashboardScope = {};
  if (query.search) scope.search = query.search;
  if (query.from) scope.from = query.from;
  if (query.to) scope.to = query.to;
  if (query.payment) scope.payment = query.payment;
  return scope;
}

/**
 * The links from a dashboard row to the order's trail and its delete page. `back` (the view
 * the admin is on) is the same for every row of a page, so it is encoded once per page.
 */
export function orderPageLinks(back: string): { trail(orderId: string): string; remove(orderId: string): string } {
  const query = new URLSearchParams({ back }).toString();
  return {
    trail: (orderId) => `/admin/orders/${orderId}?${query}`,
    remove: (orderId) => `/admin/orders/${orderId}/delete?${query}`,
  };
}

// What dashboardHref writes: the path and a percent-encoded query, printable ASCII only.
const DASHBOARD_HREF = /^\/admin(?:\?[\x21-\x7e]*)?$/;

/**
 * A back link handed to the order pages: only a dashboard URL is followed, never another
 * site. It ends up in a Location header, where a control or non-ASCII character would make
 * the answer itself fail, so anything dashboardHref would not have written is not followed.
 */
export function safeDashboardBack(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000 || !DASHBOARD_HREF.test(raw)) return "/admin";
  return raw;
}

// ---------------------------------------------------------------------------------------
// Bulk actions and the CSV export
// ---------------------------------------------------------------------------------------

/** Orders one bulk action takes: two pages of the dashboard. */
export const BULK_MAX_ORDERS = 100;
const ORDER_ID = /^[A-Za-z0-9-]{1,64}$/;

export const BULK_MESSAGES = {
  noneSelected: "Tick at least one order first.",
  tooMany: `At most ${BULK_MAX_ORDERS} orders at a time.`,
  notAnOrder: "That request did not name listed orders.",
  unknownAction: "Choose Set status, Print or Export.",
  chooseStatus: "Choose a status.",
} as const;

/** The selected orders from `ids` (repeated fields, or one field of comma-separated ids), or a message. */
export function parseOrderSelection(values: readonly string[]): { ok: true; ids: string[] } | { ok: false; message: string } {
  const ids: string[] = [];
  for (const value of values) {
    if (value.length > (BULK_MAX_ORDERS + 1) * 65) return { ok: false, message: BULK_MESSAGES.tooMany };
    for (const part of value.split(",")) {
      const id = part.trim();
      if (!id) continue;
      if (!ORDER_ID.test(id)) return { ok: false, message: BULK_MESSAGES.notAnOrder };
      if (!ids.includes(id)) ids.push(id);
      if (ids.length > BULK_MAX_ORDERS) return { ok: false, message: BULK_MESSAGES.tooMany };
    }
  }
  return ids.length ? { ok: true, ids } : { ok: false, message: BULK_MESSAGES.noneSelected };
}

/** The bulk form's 'Set status': the ticked orders (checkboxes named orderIds) and the status for all of them. */
export const bulkStatusForm = z.object({
  intent: z.literal("bulk"),
  orderIds: z.union([z.string().transform((id) => [id]), z.array(z.string()).max(BULK_MAX_ORDERS)], { error: BULK_MESSAGES.noneSelected }),
  status: z.string({ error: BULK_MESSAGES.chooseStatus }),
  back: z.string().optional(),
});

/**
 * What a spreadsheet may run as a formula when a cell starts with it: =, +, -, @ (Excel,
 * LibreOffice, Google Sheets), their full-width forms (an Indian or Japanese keyboard's IME
 * types them, and some spreadsheets read them as the ASCII ones), and tab, CR or LF, which
 * Excel skips before reading the rest as a formula (OWASP's CSV injection list).
 */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r", "\n", "\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]);
/**
 * What a spreadsheet may skip or split on before the cell it then reads: spaces (some trim them),
 * and `;` or `,`, the list separator in many locales: opened with `;` as its separator, a cell
 * `;=cmd|...` is an empty cell and then `=cmd|...`, a formula.
 */
const SKIPPED_BEFORE_A_CELL = new Set([" ", "\u00A0", ";", ","]);

/** Whether a spreadsheet could read `value`, or a cell split off its start, as a formula. One pass, no pattern. */
export function readsAsFormula(value: string): boolean {
  let i = 0;
  while (i < value.length && SKIPPED_BEFORE_A_CELL.has(value[i])) i++;
  return i < value.length && FORMULA_STARTS.has(value[i]);
}

/**
 * One CSV field: quoted when it holds a quote, comma, semicolon or line break (quotes doubled:
 * a quoted field stays one cell whichever separator the spreadsheet splits on, so `a;=cmd` never
 * becomes a cell of its own); a text that a spreadsheet would run as a formula (`readsAsFormula`:
 * =, +, -, @, tab, CR, and the same after spaces or a leading `;` or `,`) gets a leading
 * apostrophe, so an order's name can never become a formula on the owner's PC.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const guarded = readsAsFormula(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** A value a spreadsheet must keep exactly as written (a UPI reference): see `keptText`. */
export interface KeptText {
  kept: string;
}

/**
 * A name that looks like a number: a 12-digit UPI reference (UTR) that a spreadsheet would read
 * as 4.12346E+11 and, saved again, as 412346000000; an order number like 028423E5 read as
 * 2,842,300,000, or 01234567 losing its zero; a phone or a pincode. Letters and digits only are
 * written as the text formula `="028423E5"`: Excel and Google Sheets show it, as text, whole. A
 * value of letters and digits alone can hold no formula of its own, so nothing else runs; any
 * other value is an ordinary field (defused like every other, decision 138).
 */
export function keptText(value: string | null | undefined): KeptText | null {
  return value === null || value === undefined || value === "" ? null : { kept: value };
}

function keptField(value: KeptText): string {
  return /^[0-9A-Za-z]+$/.test(value.kept) ? `"=""${value.kept}"""` : csvField(value.kept);
}

export function csvLine(fields: readonly (string | number | KeptText | null | undefined)[]): string {
  return fields.map((f) => (f !== null && typeof f === "object" ? keptField(f) : csvField(f))).join(",") + "\r\n";
}

/** DD-MM-YYYY HH:mm in India Standard Time (a fixed +05:30: India has no summer time). */
export function indianDateTime(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60 * 1000);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(ist.getUTCDate())}-${two(ist.getUTCMonth() + 1)}-${ist.getUTCFullYear()} ${two(ist.getUTCHours())}:${two(ist.getUTCMinutes())}`;
}

/** orders-2026-11-24.csv: the day (in India) the file was made. */
export function exportFileName(now: Date): string {
  const [day, month, year] = indianDateTime(now).slice(0, 10).split("-");
  return `orders-${year}-${month}-${day}.csv`;
}

export function isOrderStatusFilter(filter: DashboardFilter): filter is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(filter);
}

// ---------------------------------------------------------------------------------------
// Time travel
// ---------------------------------------------------------------------------------------

/**
 * The order as it stood right after the event with `revision` (0 is OrderPlaced):
 * the stream's events up to and including it, folded with the decider's own evolve.
 * Undefined when the stream has no such revision.
 */
export function orderAsOf(events: readonly (OrderEvent & { revision: number })[], revision: number): OrderState | undefined {
  if (!Number.isInteger(revision) || !events.some((e) => e.revision === revision)) return undefined;
  return foldOrder(events.filter((e) => e.revision <= revision));
}

/** ?at= in the trail's URL: a revision number, or undefined (now). */
export function parseRevision(text: string | null): number | undefined | "invalid" {
  if (text === null || text === "") return undefined;
  if (!/^\d{1,9}$/.test(text)) return "invalid";
  return Number(text);
}
