/**
 * The state a delivery pincode is in, from India Post's pincode directory (./pincode-directory.ts, made by
 * bin/pincode-directory.ts; decision 201). Server-only: the directory is 20 kB a browser page has no use for, so
 * the rules that need a pincode's state are given it (the order decider's command, `TaxContext.stateOf`) by the
 * services, and tests/unit/pincode-directory.test.ts holds every page's browser code clear of it.
 */
import { PINCODE_COUNT, PINCODE_DIRECTORY } from "./pincode-directory";
import { isStateCode, type StateCode } from "./states";

/**
 * The state a six-digit pincode is in, from India Post's pincode directory (./pincode-directory.ts, decision 201), or
 * undefined when the directory has no such pincode (999999, a typing slip): the place of supply of a delivery there.
 * The table is decoded on the first call into sorted runs and found by a binary search (a few microseconds).
 */
export function stateOfPincode(pincode: string): StateCode | undefined {
  if (!/^\d{6}$/.test(pincode)) return undefined;
  const runs = directoryRuns();
  const wanted = Number(pincode);
  let low = 0;
  let high = runs.from.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (runs.to[mid] < wanted) low = mid + 1;
    else if (runs.from[mid] > wanted) high = mid - 1;
    else return runs.states[runs.state[mid]];
  }
  return undefined;
}

/** Whether India Post's directory has this pincode. */
export function pincodeExists(pincode: string): boolean {
  return stateOfPincode(pincode) !== undefined;
}

interface DirectoryRuns {
  from: Int32Array;
  to: Int32Array;
  /** Each run's index into `states`. */
  state: Uint8Array;
  states: StateCode[];
  pincodes: number;
}

let decoded: DirectoryRuns | undefined;

/** The directory's runs of pincodes in one state (bin/pincode-directory.ts `encodeDirectory` writes them). */
export function directoryRuns(): DirectoryRuns {
  if (decoded) return decoded;
  const tokens = PINCODE_DIRECTORY.split(",");
  const from = new Int32Array(tokens.length);
  const to = new Int32Array(tokens.length);
  const state = new Uint8Array(tokens.length);
  const states: StateCode[] = [];
  let count = 0;
  let end = 0;
  let current = -1;
  let pincodes = 0;
  for (const token of tokens) {
    if (token.startsWith("@")) {
      const code = token.slice(1);
      if (!isStateCode(code)) throw new Error(`the pincode directory names no state "${code}"`);
      current = states.indexOf(code);
      if (current === -1) current = states.push(code) - 1;
      continue;
    }
    const [gap, length = "0"] = token.split(".");
    from[count] = end + parseInt(gap, 36);
    to[count] = from[count] + parseInt(length, 36);
    state[count] = current;
    end = to[count];
    pincodes += to[count] - from[count] + 1;
    count += 1;
  }
  if (pincodes !== PINCODE_COUNT) throw new Error(`the pincode directory decodes to ${pincodes} pincodes, not ${PINCODE_COUNT}`);
  decoded = { from: from.slice(0, count), to: to.slice(0, count), state: state.slice(0, count), states, pincodes };
  return decoded;
}
