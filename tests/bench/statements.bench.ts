/**
 * How long and how much memory reading the largest statement the shop takes costs (decision 220): 20,000 rows,
 * as CSV and as XLSX, through services/statements/read-file.ts, then the paying credits picked and matched against
 * 2,000 orders awaiting UPI money (a season's busiest weeks hold a few hundred). In this process, no database.
 *   npx tsx tests/bench/statements.bench.ts [--samples=N] [--write]
 * --write puts the results under "## Statements" in docs/benchmarks.md.
 */
import os from "node:os";
import ExcelJS from "exceljs";
import { creditsThatPay } from "../../domain/payments/credits";
import { STATEMENT_MAX_ROWS } from "../../domain/payments/limits";
import { matchCredits, type AwaitingOrder } from "../../domain/payments/matching";
import { readStatementFile } from "../../services/statements/read-file";
import { percentile, writeBenchmarkSection } from "./support";

const args = process.argv.slice(2);
const SAMPLES = Number(args.find((a) => a.startsWith("--samples="))?.split("=")[1] ?? 5);
const write = args.includes("--write");
const ORDERS = 2_000;

const HEADER = ["Txn Date", "Value Date", "Description", "Ref No./Cheque No.", "Debit", "Credit", "Balance"];
const rows = Array.from({ length: STATEMENT_MAX_ROWS - 1 }, (_, i) => {
  const day = `${1 + (i % 28)} Nov 2026`;
  const reference = String(634_500_000_000 + i);
  const amount = 279 * (1 + (i % 7));
  return i % 10 === 9
    ? [day, day, "ATM WDL-ATM CASH 1234 STATION ROAD CHURU", "", `${amount}.00`, "", "1000.00"]
    : [day, day, `BY TRANSFER-UPI/CR/${reference}/RAHUL KU/SBIN/rahul${i}@oksbi/ORD ${(0x10000000 + i).toString(16).toUpperCase()}--`, "TRANSFER FROM 3199412044305", "", `${amount}.00`, "1000.00"];
});
const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const csv = new TextEncoder().encode([HEADER, ...rows].map((r) => r.map(quote).join(",")).join("\n"));

async function xlsxBytes(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Statement");
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r.map((cell, i) => (i >= 4 && cell !== "" ? Number(cell) : cell)));
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const awaiting: AwaitingOrder[] = Array.from({ length: ORDERS }, (_, i) => ({
  orderId: `${(0x10000000 + i * 7).toString(16)}-0000-8000-8000-000000000000`,
  number: (0x10000000 + i * 7).toString(16).toUpperCase(),
  duePaise: 27_900 * (1 + (i % 7)),
  placedAt: `2026-11-${String(1 + (i % 27)).padStart(2, "0")}T10:00:00.000Z`,
}));

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function measure(name: string, bytes: Uint8Array) {
  const times: number[] = [];
  let peak = 0;
  let credits = 0;
  let proposed = 0;
  for (let i = 0; i < SAMPLES; i++) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const started = performance.now();
    const read = await readStatementFile(bytes);
    const paying = creditsThatPay(read.lines);
    const matches = matchCredits(paying.credits, { awaiting, holders: new Map() });
    times.push(performance.now() - started);
    peak = Math.max(peak, process.memoryUsage().rss - before);
    credits = paying.credits.length;
    proposed = matches.filter((m) => m.standing === "proposed").length;
  }
  times.sort((a, b) => a - b);
  return { name, size: mb(bytes.byteLength), p50: percentile(times, 50), max: times.at(-1)!, peak: mb(Math.max(peak, 0)), credits, proposed };
}

const load = () => os.loadavg().map((l) => l.toFixed(1)).join(", ");
const loadBefore = load();
const results = [await measure("CSV", csv), await measure("XLSX", await xlsxBytes())];
const loadAfter = load();
for (const r of results) console.log(r);

const section = `## Statements

Command: \`npx tsx tests/bench/statements.bench.ts --samples=${SAMPLES} --write\` (${new Date().toISOString().slice(0, 10)}; ${os.cpus().length} cores, Node ${process.version}; load average ${loadBefore} before, ${loadAfter} after).

The largest statement the shop reads (decision 220): ${STATEMENT_MAX_ROWS.toLocaleString("en-IN")} rows of an SBI account statement (one in ten a cash withdrawal, the rest UPI credits with a note), read from its bytes by \`services/statements/read-file.ts\` (csv-parse or exceljs), its paying credits picked and matched against ${ORDERS.toLocaleString("en-IN")} orders awaiting UPI money, in this process without a database; each sample from the bytes to the matches. "RSS growth" is the process's resident memory after the sample less before it (the most of all samples): what one upload of this size costs the web process at most.

| file | size | samples | p50 | max | RSS growth | credits | proposed |
|---|---:|---:|---:|---:|---:|---:|---:|
${results.map((r) => `| ${r.name} | ${r.size} | ${SAMPLES} | ${r.p50.toFixed(0)} ms | ${r.max.toFixed(0)} ms | ${r.peak} | ${r.credits.toLocaleString("en-IN")} | ${r.proposed.toLocaleString("en-IN")} |`).join("\n")}
`;
if (write) writeBenchmarkSection(section);
else console.log(section);
