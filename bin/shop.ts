#!/usr/bin/env -S node --import=tsx
// (With "=": tsx misreads "--import tsx" in this line as an import once the file has a dynamic import.)
// First: from here on SIGTERM and SIGINT are caught, so one that comes while the shop loads is a stop, not a kill.
import { defaultStopSignals } from "./signals";
import { isRuleViolation } from "../domain/errors";
import { ConfigError, readConfig } from "../server/config";
import { asksForHelp, CommandLineError, helpText, parseCommandLine } from "./args";

// The commands, and the whole shop they load, only once the signals are caught (bin/signals.ts).
const { findCommand, groupUsage, help, servesUntilStopped, usage } = await import("./commands");

/**
 * The `shop` command for operators. Start-up problems (a bad URL, a server that
 * cannot be reached) end in one line naming the setting and exit code 1; a
 * command line the command cannot take ends in one line naming the option and
 * exit code 2. Help is printed before any setting is read or anything opened.
 */
async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (err) {
    if (!(err instanceof CommandLineError)) throw err;
    console.error(`shop: ${err.message}`);
    console.error(`see "shop ${err.command} --help"`);
    return err.exitCode;
  }
}

async function dispatch(argv: string[]): Promise<number> {
  const [name] = argv;
  // Only the serving commands stop gracefully; any other ends on SIGTERM or SIGINT as a Node program does.
  if (!servesUntilStopped(name)) defaultStopSignals();
  if (name === undefined || name === "--help" || name === "-h") return print(usage());
  if (name === "help") return explain(argv.slice(1));
  const found = findCommand(argv);
  if (found.kind === "unknown") return unknownCommand(name);
  if (found.kind === "group") {
    if (found.unknown) return unknownCommand(`${name} ${found.unknown}`, groupUsage(name, found.members));
    if (asksForHelp(argv.slice(1))) return print(groupUsage(name, found.members));
    console.error(`shop: "shop ${name}" needs one of: ${found.members.map((c) => c.definition.name.slice(name.length + 1)).join(", ")}`);
    console.error(`\n${groupUsage(name, found.members)}`);
    return 1;
  }
  const { command, args } = found;
  if (asksForHelp(args)) return print(helpText(command.definition));
  const parsed = parseCommandLine(command.definition, args);
  return command.run(readConfig(), parsed);
}

/** `shop help [command]`. */
function explain(args: string[]): number {
  if (asksForHelp(args)) return print(helpText(help));
  const words = parseCommandLine(help, args).positional;
  if (words.length === 0) return print(usage());
  const found = findCommand(words);
  if (found.kind === "command" && found.args.length === 0) return print(helpText(found.command.definition));
  if (found.kind === "group" && !found.unknown && words.length === 1) return print(groupUsage(found.name, found.members));
  return unknownCommand(words.join(" "));
}

function unknownCommand(name: string, list = usage()): number {
  console.error(`shop: unknown command "${name}"\n\n${list}`);
  return 2;
}

function print(text: string): number {
  console.log(text);
  return 0;
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
  async (err: unknown) => {
    const e = err as Error;
    if (e instanceof ConfigError || KNOWN_STARTUP_ERRORS.has(e?.name)) {
      console.error(`shop: ${e.message}`);
    } else if (isRuleViolation(err)) {
      // A rule said no to an operator's command: its English words, as the /api says them (the
      // locale files are read only then, not on every start).
      const { refusalText } = await import("../app/i18n/refusals.server");
      console.error(`shop: ${refusalText("en", err)}`);
    } else {
      console.error(`shop: ${e?.message ?? String(err)}`);
      if (process.env.DEBUG) console.error(e?.stack);
    }
    process.exit(1);
  },
);
