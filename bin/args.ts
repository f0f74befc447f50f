import { parseArgs } from "node:util";
import type { ShopConfig } from "../server/config";

/**
 * The one reader of `shop` command lines. Each command declares what it takes
 * (options, at most one kind of positional argument); that declaration both
 * checks the command line and writes the command's `--help`.
 */

export type OptionSpec =
  | { type: "boolean"; description: string }
  | { type: "string"; value: string; description: string; required?: boolean }
  | { type: "positive-integer"; value: string; description: string; default?: number };

export interface PositionalSpec {
  /** "stream-id"; the usage line shows `<stream-id>`, or `[projection ...]` for an optional many. */
  name: string;
  description: string;
  required?: boolean;
  /** Any number of them (zero or more, one or more when required). */
  many?: boolean;
}

export interface CommandDefinition {
  /** The words after `shop`: "seed-demo", "admin create". */
  name: string;
  summary: string;
  options?: Record<string, OptionSpec>;
  positional?: PositionalSpec;
  /** Further lines for `--help`. */
  details?: readonly string[];
}

type OptionValue<S extends OptionSpec> = S extends { type: "boolean" }
  ? boolean
  : S extends { type: "positive-integer"; default: number }
    ? number
    : S extends { type: "positive-integer" }
      ? number | undefined
      : S extends { required: true }
        ? string
        : string | undefined;

type PositionalValue<P> = P extends { many: true }
  ? string[]
  : P extends { required: true }
    ? string
    : P extends PositionalSpec
      ? string | undefined
      : undefined;

export interface ParsedCommandLine<D extends CommandDefinition> {
  options: { [K in keyof NonNullable<D["options"]>]: OptionValue<NonNullable<D["options"]>[K]> };
  positional: PositionalValue<D["positional"]>;
}

export interface Command<D extends CommandDefinition = CommandDefinition> {
  definition: D;
  run(config: ShopConfig, args: ParsedCommandLine<D>): Promise<number>;
}

/** A command, its arguments typed from its definition. */
export function command<const D extends CommandDefinition>(
  definition: D,
  run: (config: ShopConfig, args: ParsedCommandLine<D>) => Promise<number>,
): Command<D> {
  return { definition, run };
}

/**
 * A command whose code is loaded only when it runs. Its definition (bin/definitions.ts) is all that `shop help`,
 * its `--help` and the command-line reader need, so those answer without loading the shop.
 */
export function lazyCommand<const D extends CommandDefinition>(definition: D, load: () => Promise<Command<D>>): Command<D> {
  return { definition, run: async (config, args) => (await load()).run(config, args) };
}

/**
 * A command line the command cannot take. Exit code 2 when it cannot be read
 * (an unknown option, an option without its value, a malformed number, an extra
 * argument); 1 when something required is left out, as `shop admin create`
 * without `--email` has always ended.
 */
export class CommandLineError extends Error {
  override name = "CommandLineError";
  constructor(
    message: string,
    /** The command whose `--help` to point at: "seed-demo", "admin create". */
    readonly command: string,
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message);
  }
}

const HELP: OptionSpec = { type: "boolean", description: "show this help" };

/** `--help` or `-h` before any `--`: the command shows its help and does nothing else. */
export function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf("--");
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === "--help" || a === "-h");
}

/**
 * Reads `args` (the words after the command's name) against its definition.
 * Node's parser splits the words; the checks are ours so every message names
 * the option as it was typed. A value starting with "-" after an option is
 * taken as that option's value missing (`--from --json`); `--from=-x` passes one.
 */
export function parseCommandLine<D extends CommandDefinition>(definition: D, args: readonly string[]): ParsedCommandLine<D> {
  const specs: Record<string, OptionSpec> = definition.options ?? {};
  const fail = (message: string, exitCode: 1 | 2 = 2) => new CommandLineError(message, definition.name, exitCode);
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(
      Object.entries({ ...specs, help: HELP }).map(([name, spec]) => [
        name,
        { type: spec.type === "boolean" ? ("boolean" as const) : ("string" as const), ...(name === "help" ? { short: "h" } : {}) },
      ]),
    ),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });

  const options: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === "positional") positionals.push(token.value);
    if (token.kind !== "option" || token.name === "help") continue;
    const spec = specs[token.name];
    if (!spec) throw fail(`unknown option ${token.rawName}${suggestion(token.name, Object.keys(specs))}`);
    if (spec.type === "boolean") {
      if (token.value !== undefined) throw fail(`${token.rawName} takes no value, got "${token.value}"`);
      options[token.name] = true;
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.length > 1 && value.startsWith("-"))) {
      throw fail(`${token.rawName} needs a value: ${token.rawName} ${spec.value}`);
    }
    if (spec.type === "positive-integer" && !isPositiveInteger(value)) {
      throw fail(`${token.rawName} must be a whole number above 0, got "${value}"`);
    }
    options[token.name] = spec.type === "positive-integer" ? Number(value) : value;
  }

  for (const [name, spec] of Object.entries(specs)) {
    if (name in options) continue;
    if (spec.type === "boolean") options[name] = false;
    else if (spec.type === "positive-integer" && spec.default !== undefined) options[name] = spec.default;
    else if (spec.type === "string" && spec.required) throw fail(`--${name} is required`, 1);
  }

  const wanted = definition.positional;
  const extra = wanted ? (wanted.many ? undefined : positionals[1]) : positionals[0];
  if (extra !== undefined) throw fail(`unexpected argument "${extra}"`);
  if (wanted?.required && positionals.length === 0) throw fail(`<${wanted.name}> is required`, 1);
  const positional = wanted?.many ? positionals : positionals[0];
  return { options, positional } as ParsedCommandLine<D>;
}

function isPositiveInteger(value: string): boolean {
  return /^\d+$/.test(value) && Number.isSafeInteger(Number(value)) && Number(value) > 0;
}

/** "; did you mean --orders?" for a slip of one or two letters. */
function suggestion(typed: string, known: string[]): string {
  const close = known.find((name) => editDistance(typed, name) <= Math.min(2, name.length - 1));
  return close ? `; did you mean --${close}?` : "";
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

function optionLabel(name: string, spec: OptionSpec): string {
  return spec.type === "boolean" ? `--${name}` : `--${name} ${spec.value}`;
}

function positionalLabel(spec: PositionalSpec): string {
  const one = spec.required ? `<${spec.name}>` : `[${spec.name}]`;
  if (!spec.many) return one;
  return spec.required ? `${one} [${spec.name} ...]` : `[${spec.name} ...]`;
}

/** `usage: shop stream <stream-id> [--json]` */
export function usageLine(definition: CommandDefinition): string {
  const parts = [`shop ${definition.name}`];
  if (definition.positional) parts.push(positionalLabel(definition.positional));
  for (const [name, spec] of Object.entries(definition.options ?? {})) {
    const label = optionLabel(name, spec);
    parts.push(spec.type === "string" && spec.required ? label : `[${label}]`);
  }
  return `usage: ${parts.join(" ")}`;
}

/** What `shop <command> --help` prints: the usage line, the summary, then one line per argument and option. */
export function helpText(definition: CommandDefinition): string {
  const rows: [string, string][] = [];
  const positional = definition.positional;
  if (positional) rows.push([positionalLabel(positional), positional.description]);
  for (const [name, spec] of Object.entries({ ...definition.options, help: HELP })) {
    const label = name === "help" ? "-h, --help" : optionLabel(name, spec);
    const note =
      spec.type === "string" && spec.required
        ? " (required)"
        : spec.type === "positive-integer" && spec.default !== undefined
          ? ` (default ${spec.default})`
          : "";
    rows.push([label, spec.description + note]);
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    usageLine(definition),
    "",
    definition.summary,
    ...(definition.details?.length ? ["", ...definition.details] : []),
    "",
    ...rows.map(([label, text]) => `  ${label.padEnd(width)}  ${text}`),
  ].join("\n");
}
