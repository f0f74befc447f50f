import path from "node:path";

/**
 * How tests run the `shop` command: node with tsx's loader, one process, as `npm start` runs it.
 * The `tsx` command would start a second node process under it for every run.
 */
export const SHOP_CLI: readonly string[] = ["--import", "tsx", path.resolve("bin/shop.ts")];

/** The address a `shop` process started with PORT=0 names in its "is open at" line, or undefined before it opens. */
export function openAddress(output: string): string | undefined {
  return /is open at (http:\/\/localhost:\d+)/.exec(output)?.[1];
}
