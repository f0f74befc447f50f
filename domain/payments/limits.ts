/**
 * How much of a statement the shop reads (decision 220). A month of a busy season's account statement
 * is a few thousand rows and well under a megabyte as CSV; an XLSX of it a little more. Past these the
 * upload is refused before a row is parsed, so a wrong file costs no memory.
 */
/** One file's cap: 5 MB. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows read from one file, the header's included. */
export const STATEMENT_MAX_ROWS = 20_000;
/** What an XLSX may unpack to, as its zip directory says (the 20,000-row sample unpacks to a few MB). */
export const XLSX_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Rows searched for the header (banks put the account's details above it). */
export const HEADER_SEARCH_ROWS = 40;
/** Files in one upload. */
export const STATEMENT_MAX_FILES = 1;
/** Credits the owner may confirm in one go (one command). */
export const SETTLE_MAX_CHOICES = 500;
