import path from "node:path";

/**
 * How tests run the `shop` command: node with tsx's loader, one process, as `npm start` runs it.
 * The `tsx` command would start a second node process under it for every run.
 */
export const SHOP_CLI: readonly string[] = ["--import", "tsx", path.resolve("bin/shop.ts")];
