/**
 * A zip of small text files made in memory (fflate, decision 205): the GST page's month of GSTR-1 files in one
 * download. Every file is UTF-8; the entries keep the order given.
 */
import { strToU8, zipSync } from "fflate";

export function zipFiles(files: Readonly<Record<string, string>>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), { level: 6 });
}
