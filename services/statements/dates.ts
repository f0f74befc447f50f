/**
 * A statement's dates as India's calendar has them. Indian banks write the day first ("05/12/26",
 * "05 Dec 2026", "05-12-2026"); the UPI apps' reports an ISO-like day and time ("2026-12-05 10:15:22").
 * A time without a zone is India's (+05:30). Excel cells come as Dates whose UTC fields are what was typed.
 */
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

export interface StatementDay {
  /** YYYY-MM-DD */
  on: string;
  /** The instant, where the cell had a time. */
  at?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

function day(year: number, month: number, date: number): string | undefined {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || date < 1 || date > 31 || year < 2000 || year > 2100) return undefined;
  const check = new Date(Date.UTC(year, month - 1, date));
  if (check.getUTCMonth() !== month - 1) return undefined;
  return `${year}-${pad(month)}-${pad(date)}`;
}

function withTime(on: string, hours: number, minutes: number, seconds: number, meridiem?: string): StatementDay {
  let h = hours;
  if (meridiem) {
    const pm = meridiem.toLowerCase() === "pm";
    if (h === 12) h = pm ? 12 : 0;
    else if (pm) h += 12;
  }
  if (h > 23 || minutes > 59 || seconds > 59) return { on };
  return { on, at: new Date(`${on}T${pad(h)}:${pad(minutes)}:${pad(seconds)}+05:30`).toISOString() };
}

const NUMERIC = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;
const NAMED = /^(\d{1,2})[\s-]([A-Za-z]{3})[A-Za-z]*[\s,-]+(\d{2}|\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm)?$/i;

/** The day (and time) a statement's cell gives, or undefined when it is not one the shop reads. */
export function statementDay(cell: unknown): StatementDay | undefined {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return undefined;
    const on = day(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
    if (!on) return undefined;
    const timed = cell.getUTCHours() + cell.getUTCMinutes() + cell.getUTCSeconds() > 0;
    return timed ? withTime(on, cell.getUTCHours(), cell.getUTCMinutes(), cell.getUTCSeconds()) : { on };
  }
  if (typeof cell !== "string") return undefined;
  const text = cell.trim().replace(/\s+/g, " ");
  if (text.length > 40) return undefined;
  // "2026-12-05T10:15:22" and "2026-12-05 10:15:22" alike: the day, then the time.
  const [datePart, ...rest] = text.replace("T", " ").split(" ");
  const timePart = rest.join(" ");
  let on: string | undefined;
  let m: RegExpExecArray | null;
  if ((m = ISO.exec(datePart))) on = day(Number(m[1]), Number(m[2]), Number(m[3]));
  else if ((m = NUMERIC.exec(datePart))) on = day(Number(m[3]), Number(m[2]), Number(m[1]));
  if (on) {
    if (!timePart) return { on };
    const t = TIME.exec(timePart.replace(/(?:Z|[+-]\d{2}:?\d{2}|IST)$/i, "").trim());
    return t ? withTime(on, Number(t[1]), Number(t[2]), Number(t[3] ?? 0), t[4]) : undefined;
  }
  // "05 Dec 2026", "5-Dec-26", "05 December, 2026"
  if ((m = NAMED.exec(text))) {
    const month = MONTHS.indexOf(m[2].toLowerCase()) + 1;
    const named = month > 0 ? day(Number(m[3]), month, Number(m[1])) : undefined;
    return named ? { on: named } : undefined;
  }
  return undefined;
}
