import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The index of the decision records (docs/decisions/README.md), made from the records themselves: each record's
 * number and title (its first heading), its Date and Status lines, and the records its status names as superseding
 * it. `npm run decisions:index` writes it; `tests/unit/decisions.test.ts` fails while it is out of date or a
 * record lacks a Date or a Status.
 */

export const DECISIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../docs/decisions");

export interface Decision {
  number: string;
  file: string;
  title: string;
  date: string | null;
  status: string | null;
  /** The numbers its status names after "superseded" (a link or a number each). */
  supersededBy: string[];
}

const RECORD = /^(\d{3})-[\w-]+\.md$/;

export function parseDecision(file: string, text: string): Decision {
  const number = RECORD.exec(file)?.[1] ?? "";
  const heading = /^# (.+)$/m.exec(text)?.[1] ?? "";
  const title = heading.replace(/^\d{3}\.\s*/, "").trim();
  const date = /^Date: (\d{4}-\d{2}-\d{2})\s*$/m.exec(text)?.[1] ?? null;
  const statusLine = /^Status: (.+)$/m.exec(text)?.[1]?.trim() ?? null;
  const supersededBy =
    statusLine && /superseded/i.test(statusLine)
      ? [...statusLine.matchAll(/\[(\d{3})\]|\b(\d{3})-[\w-]+\.md|\bdecision (\d{3})\b/g)].map((m) => m[1] ?? m[2] ?? m[3])
      : [];
  return { number, file, title, date, status: statusLine, supersededBy: [...new Set(supersededBy)] };
}

export function readDecisions(dir = DECISIONS_DIR): Decision[] {
  return fs
    .readdirSync(dir)
    .filter((file) => RECORD.test(file) && !file.startsWith("000-"))
    .sort()
    .map((file) => parseDecision(file, fs.readFileSync(path.join(dir, file), "utf8")));
}

/** The status as the index shows it: its first word ("accepted", "superseded", "proposed", ...). */
function statusWord(status: string | null): string {
  return (/^[a-z]+/i.exec(status ?? "")?.[0] ?? "").toLowerCase();
}

export function renderIndex(decisions: Decision[]): string {
  const byNumber = new Map(decisions.map((d) => [d.number, d]));
  const link = (n: string) => {
    const target = byNumber.get(n);
    return target ? `[${n}](./${target.file})` : n;
  };
  const rows = decisions.map((d) => {
    const partly = /in part/i.test(d.status ?? "") ? " (in part)" : "";
    const by = d.supersededBy.map(link).join(", ");
    return `| [${d.number}](./${d.file}) | ${d.title.replace(/\|/g, "\\|")} | ${d.date ?? ""} | ${statusWord(d.status)}${partly} | ${by} |`;
  });
  return [
    "# Decisions",
    "",
    "Why the shop is built as it is, one record a decision, in the form of `000-template.md`: a title, the date it was",
    "decided (the record's first commit), its status (proposed, accepted, rejected, deprecated, or superseded by a later",
    "one, linked), then its context, the decision and its consequences. A decision that a later one replaces is marked",
    "superseded and links to it; the record stays, as it stood. Measurements live in [docs/benchmarks.md](../benchmarks.md).",
    "",
    "A new record takes the next free number, copies `000-template.md`, and is added here by",
    "`npm run decisions:index` (this file is generated; `tests/unit/decisions.test.ts` fails while it is out of date).",
    "",
    "| # | Decision | Date | Status | Superseded by |",
    "|---|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

/** What is wrong with the records: a missing Date or Status, a superseding record that does not exist. */
export function problems(decisions: Decision[]): string[] {
  const numbers = new Set(decisions.map((d) => d.number));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const d of decisions) {
    if (seen.has(d.number)) out.push(`${d.file}: number ${d.number} is taken twice`);
    seen.add(d.number);
    if (!d.title) out.push(`${d.file}: no title (a "# " heading)`);
    if (!d.date) out.push(`${d.file}: no "Date: YYYY-MM-DD" line`);
    if (!d.status) out.push(`${d.file}: no "Status: ..." line`);
    if (/superseded/i.test(d.status ?? "") && !d.supersededBy.length) out.push(`${d.file}: superseded, but by what? (link the record)`);
    for (const n of d.supersededBy) if (!numbers.has(n)) out.push(`${d.file}: superseded by ${n}, which is not a record`);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const decisions = readDecisions();
  const wrong = problems(decisions);
  if (wrong.length) {
    console.error(wrong.join("\n"));
    process.exit(1);
  }
  const target = path.join(DECISIONS_DIR, "README.md");
  const index = renderIndex(decisions);
  if (process.argv.includes("--check")) {
    if (fs.readFileSync(target, "utf8") !== index) {
      console.error("docs/decisions/README.md is out of date: run npm run decisions:index");
      process.exit(1);
    }
  } else {
    fs.writeFileSync(target, index);
    console.log(`docs/decisions/README.md: ${decisions.length} decisions`);
  }
}
