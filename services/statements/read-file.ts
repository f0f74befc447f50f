/**
 * A statement file as StatementLines (decision 220): CSV through csv-parse, XLSX through exceljs, never
 * by hand. What the file is comes from its bytes, not its name: a zip is an XLSX, an OLE2 compound file
 * an old .xls (refused with how to save it as .xlsx), text a CSV. The header row is looked for in the
 * first rows (banks put the account's details above it). Every refusal is a RuleViolation naming what
 * is wrong; nothing is read past the row cap.
 */
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { unzipSync } from "fflate";
import { RuleViolation } from "../../domain/errors";
import type { StatementLine } from "../../domain/payments/credits";
import { HEADER_SEARCH_ROWS, STATEMENT_MAX_BYTES, STATEMENT_MAX_ROWS, XLSX_MAX_UNPACKED_BYTES } from "../../domain/payments/limits";
import type { StatementShape } from "../../domain/payments/statement";
import { shapeOfHeader } from "./shapes";

export interface ReadStatementFile {
  shape: StatementShape;
  lines: StatementLine[];
}

/** Rows of cells, each with its row number in the file. */
export type Rows = { number: number; cells: unknown[] }[];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function tooManyRows(): never {
  throw new RuleViolation("statements.tooManyRows", { max: STATEMENT_MAX_ROWS }, 413);
}

/** A NUL or another control character but tab, line breaks and form feed: not text a spreadsheet saves. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && (code < 9 || code > 13)) return true;
  }
  return false;
}

function csvRows(bytes: Uint8Array): Rows {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new RuleViolation("statements.notCsvOrXlsx", {}, 422);
  }
  // A text file with NULs or other control bytes is some other kind of file.
  if (hasControlCharacters(text)) throw new RuleViolation("statements.notCsvOrXlsx", {}, 422);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [",", "\t"],
      relax_column_count: true,
      relax_quotes: false,
      skip_empty_lines: true,
      trim: true,
      // One more than the cap: enough to know the file is over it without reading the rest.
      to: STATEMENT_MAX_ROWS + 1,
      // Each record with the line it ends on: the row number the owner finds in his spreadsheet.
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const row = (err as { lines?: number }).lines ?? 1;
    throw new RuleViolation("statements.malformedCsv", { row }, 422);
  }
  if (records.length > STATEMENT_MAX_ROWS) tooManyRows();
  return records.map(({ record, info }) => ({ number: info.lines, cells: record }));
}

/** An exceljs cell's value as the shop reads it: text, a number or a Date. */
function excelValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || value instanceof Date) return value;
  if (typeof value === "boolean") return String(value);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("result" in value) return excelValue(value.result as ExcelJS.CellValue);
    if ("text" in value) return typeof value.text === "string" ? value.text : excelValue(value.text as ExcelJS.CellValue);
    if ("error" in value) return null;
  }
  return null;
}

/**
 * What the XLSX's parts say they unpack to, read from the zip's directory without unpacking anything: a small
 * file that opens to gigabytes (a zip bomb) is refused before exceljs inflates it.
 */
function unpackedSize(bytes: Uint8Array): number {
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        return false;
      },
    });
  } catch {
    throw new RuleViolation("statements.malformedXlsx", {}, 422);
  }
  return total;
}

async function xlsxRows(bytes: Uint8Array): Promise<Rows> {
  if (unpackedSize(bytes) > XLSX_MAX_UNPACKED_BYTES) {
    throw new RuleViolation("statements.xlsxTooLarge", { max: XLSX_MAX_UNPACKED_BYTES / 1024 / 1024 }, 413);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw new RuleViolation("statements.malformedXlsx", {}, 422);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new RuleViolation("statements.empty", {}, 422);
  if (sheet.actualRowCount > STATEMENT_MAX_ROWS) tooManyRows();
  const rows: Rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    // exceljs counts columns from 1: values[0] is always empty.
    rows.push({ number, cells: values.slice(1).map(excelValue) });
  });
  return rows;
}

/** A spreadsheet's rows, CSV or XLSX alike, under the same caps as a statement's; a refusal names what is wrong. */
export async function readSheetRows(bytes: Uint8Array): Promise<Rows> {
  if (bytes.byteLength === 0) throw new RuleViolation("statements.noFile", {}, 422);
  if (bytes.byteLength > STATEMENT_MAX_BYTES) throw new RuleViolation("forms.documentTooBig", { max: STATEMENT_MAX_BYTES / 1024 / 1024 }, 413);
  if (startsWith(bytes, OLE2)) throw new RuleViolation("statements.oldExcel", {}, 422);
  return startsWith(bytes, ZIP) ? await xlsxRows(bytes) : csvRows(bytes);
}

/** The statement in a file's bytes: its shape and every transaction line, or a refusal naming what is wrong. */
export async function readStatementFile(bytes: Uint8Array): Promise<ReadStatementFile> {
  const rows = await readSheetRows(bytes);

  const headerAt = rows.slice(0, HEADER_SEARCH_ROWS).findIndex((row) => shapeOfHeader(row.cells));
  if (headerAt < 0) throw new RuleViolation("statements.noHeader", { rows: HEADER_SEARCH_ROWS }, 422);
  const { shape, index } = shapeOfHeader(rows[headerAt].cells)!;
  const lines: StatementLine[] = [];
  for (const { number, cells } of rows.slice(headerAt + 1)) {
    const line = shape.line((column) => cells[index.get(column) ?? -1], number);
    if (line) lines.push(line);
  }
  if (lines.length === 0) throw new RuleViolation("statements.empty", {}, 422);
  return { shape: shape.shape, lines };
}
