#!/usr/bin/env -S npx tsx
import { ConfigError, readConfig } from "../server/config";
import { commands, usage } from "./commands";

/**
 * The `shop` command for operators. Start-up problems (a bad URL, a server that
 * cannot be reached) end in one line naming the setting and exit code 1.
 */
async function main(argv: string[]): Promise<number> {
  const [name = "help", ...args] = argv;
  const command = commands[name];
  if (!command) {
    console.error(name === "help" || name === "--help" ? usage() : `shop: unknown command "${name}"\n\n${usage()}`);
    return name === "help" || name === "--help" ? 0 : 2;
  }
  const config = readConfig();
  return command.run(config, args);
}

const KNOWN_STARTUP_ERRORS = new Set([
  "ConfigError",
  "DatabaseUnreachable",
  "EventStoreUnreachable",
  "RedisUnreachable",
  "UsageError",
]);

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined && code !== 0) process.exitCode = code;
  },
  (err: unknown) => {
    const e = err as Error;
    if (e instanceof ConfigError || KNOWN_STARTUP_ERRORS.has(e?.name)) {
      console.error(`shop: ${e.message}`);
    } else {
      console.error(`shop: ${e?.message ?? String(err)}`);
      if (process.env.DEBUG) console.error(e?.stack);
    }
    process.exit(1);
  },
);
