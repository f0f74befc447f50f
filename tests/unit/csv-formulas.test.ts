/**
 * The order export is opened in Excel or LibreOffice on the owner's PC, and a parent types the
 * names and addresses in it: no cell may be read as a formula, whichever separator the
 * spreadsheet splits on (`,`, or `;` where that is the locale's list separator).
 */
import { describe, expect, it } from "vitest";
import { csvField, csvLine, keptText, readsAsFormula } from "../../domain/admin-orders";

/** The cells a spreadsheet makes of one CSV line, split on `separator`, quotes honoured (RFC 4180). */
function cellsOf(line: string, separator: "," | ";"): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      cells.push(cell);
      cell = "";
    } else if (c !== "\r" && c !== "\n") cell += c;
  }
  cells.push(cell);
  return cells;
}

/** What a spreadsheet runs: a cell whose first character (after spaces it may trim) starts a formula. */
const runs = (cell: string) => /^[\s\u00A0]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) || /^[\t\r]/.test(cell);

const HOSTILE = [
  "=HYPERLINK(\"http://evil.example\",\"x\")",
  "+1+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(A1)",
  "\t=1+1",
  "\r=1+1",
  ";=1+1",
  ",=1+1",
  ";+cmd|' /C calc'!A0",
  ",@SUM(1)",
  " ;=1+1",
  " =1+1",
  "\u00A0=1+1",
  ";;-1",
  "Ram;=cmd|' /C calc'!A0",
  "Ram,=1+1",
  "Ram\n=1+1",
  "\uFF1D1+1",
  "\uFF0B1",
];

describe("a CSV cell of the order export", () => {
  it("never reads as a formula, split on commas or on semicolons", () => {
    for (const value of HOSTILE) {
      const line = csvLine(["Order", value, 5]);
      for (const separator of [",", ";"] as const) {
        const cells = cellsOf(line, separator);
        expect(cells.filter(runs), `${JSON.stringify(value)} split on ${separator}: ${JSON.stringify(cells)}`).toEqual([]);
      }
    }
  });

  it("neutralises ;= and ,= like =, with the apostrophe spreadsheets hide", () => {
    expect(csvField(";=1+1")).toBe(`"';=1+1"`);
    expect(csvField(",=1+1")).toBe(`"',=1+1"`);
    expect(csvField(";+SUM(1)")).toBe(`"';+SUM(1)"`);
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("=1+2")).toBe("'=1+2");
  });

  it("leaves ordinary text as it is, quoting only what needs quotes", () => {
    expect(csvField("Ramesh Kumar")).toBe("Ramesh Kumar");
    expect(csvField("Ward 5; near temple")).toBe(`"Ward 5; near temple"`);
    expect(csvField("A-12, Station Road")).toBe(`"A-12, Station Road"`);
    expect(csvField("नई सड़क")).toBe("नई सड़क");
    expect(csvField(-5)).toBe("-5");
    expect(readsAsFormula("; near temple")).toBe(false);
    expect(readsAsFormula("")).toBe(false);
  });

  it("writes a UPI reference as a text formula of its digits, kept whole; anything else the ordinary, defused way", () => {
    expect(csvLine(["A1", keptText("412345678901")])).toBe('A1,"=""412345678901"""\r\n');
    // As a spreadsheet splits it: one cell, the formula ="412345678901", whose value is the text of every digit.
    expect(cellsOf(csvLine([keptText("412345678901")]), ",")).toEqual(['="412345678901"']);
    // Never a way in: a reference that is not digits only is an ordinary, defused field.
    expect(csvLine([keptText('=HYPERLINK("x")')])).toBe(`"'=HYPERLINK(""x"")"\r\n`);
    expect(csvLine([keptText('1") & cmd|"x')])).toBe(`"1"") & cmd|""x"\r\n`);
    expect(csvLine([keptText(null), keptText("")])).toBe(",\r\n");
  });

  it("keeps an order number a spreadsheet would read as a number whole: 028423E5 is not 2,842,300,000, 01234567 keeps its zero", () => {
    expect(cellsOf(csvLine([keptText("028423E5"), keptText("01234567"), keptText("7F3A2C9E")]), ",")).toEqual([
      '="028423E5"',
      '="01234567"',
      '="7F3A2C9E"',
    ]);
  });
});
