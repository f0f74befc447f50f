import type { Role } from "./process";
import { command, lazyCommand, type Command, type CommandDefinition } from "./args";
import { definitions } from "./definitions";

/** The commands that serve until stopped (start, web, ...), by name. */
const serving = new Set<string>();

function serve(definition: CommandDefinition, list: Role[], dev = false): Command {
  serving.add(definition.name);
  return command(definition, async (config) => (await import("./process")).startProcess(config, { roles: list, dev }));
}

/**
 * Whether `shop <name>` serves until stopped: SIGTERM or SIGINT then stops it gracefully at any moment,
 * start-up included (bin/signals.ts, bin/process.ts). Every other command ends on them as a Node program does.
 */
export function servesUntilStopped(name: string | undefined): boolean {
  return name !== undefined && serving.has(name);
}

const migrate = command(definitions.migrate, async (config) => {
  const { openDatabase } = await import("../server/runtime");
  const { migrateToLatest } = await import("../db/migrate");
  const database = await openDatabase(config);
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "schema is up to date");
  } finally {
    await database.close();
  }
  return 0;
});

/** `shop help [command]`: answered by bin/shop.ts itself, before any setting is read. */
export const help = definitions.help;

/** Every `shop` command, in the order `shop help` lists them. */
export const commands: Command[] = [
  serve(definitions.start, ["web", "projector", "worker"]),
  serve(definitions.dev, ["web", "projector", "worker"], true),
  serve(definitions.web, ["web"]),
  serve(definitions.projector, ["projector"]),
  serve(definitions.worker, ["worker"]),
  migrate,
  // The rest load their code only when they run.
  lazyCommand(definitions.adminCreate, () => import("./admin").then((m) => m.adminCreateCommand)),
  lazyCommand(definitions.adminList, () => import("./admin").then((m) => m.adminListCommand)),
  lazyCommand(definitions.adminAdd, () => import("./admin").then((m) => m.adminAddCommand)),
  lazyCommand(definitions.adminDisable, () => import("./admin").then((m) => m.adminDisableCommand)),
  lazyCommand(definitions.adminEnable, () => import("./admin").then((m) => m.adminEnableCommand)),
  lazyCommand(definitions.adminResetSecondFactor, () => import("./admin").then((m) => m.adminResetSecondFactorCommand)),
  lazyCommand(definitions.replay, () => import("./ops").then((m) => m.replayCommand)),
  lazyCommand(definitions.verify, () => import("./ops").then((m) => m.verifyCommand)),
  lazyCommand(definitions.stream, () => import("./ops").then((m) => m.streamCommand)),
  lazyCommand(definitions.tail, () => import("./ops").then((m) => m.tailCommand)),
  lazyCommand(definitions.status, () => import("./ops").then((m) => m.statusCommand)),
  lazyCommand(definitions.stockOpen, () => import("./stock").then((m) => m.stockOpenCommand)),
  lazyCommand(definitions.stockShipPast, () => import("./stock").then((m) => m.stockShipPastCommand)),
  lazyCommand(definitions.stockSweep, () => import("./stock").then((m) => m.stockSweepCommand)),
  lazyCommand(definitions.backup, () => import("./backup").then((m) => m.backupCommand)),
  lazyCommand(definitions.restore, () => import("./backup").then((m) => m.restoreCommand)),
  lazyCommand(definitions.copyEvents, () => import("./backup").then((m) => m.copyEventsCommand)),
  lazyCommand(definitions.privacySealExisting, () => import("./privacy").then((m) => m.privacySealExistingCommand)),
  lazyCommand(definitions.privacyReapply, () => import("./privacy").then((m) => m.privacyReapplyCommand)),
  lazyCommand(definitions.privacyErase, () => import("./privacy").then((m) => m.privacyEraseCommand)),
  lazyCommand(definitions.seedDemo, () => import("./seed-demo").then((m) => m.seedDemoCommand)),
];

export type Lookup =
  | { kind: "command"; command: Command; args: string[] }
  /** A group's name alone ("admin"), or with a word that is none of its sub-commands. */
  | { kind: "group"; name: string; members: Command[]; unknown?: string }
  | { kind: "unknown"; name: string };

/** The command named by the first words of `argv`, and the words left for it. */
export function findCommand(argv: readonly string[]): Lookup {
  const [first, second] = argv;
  const exact = commands.find((c) => c.definition.name === first);
  if (exact) return { kind: "command", command: exact, args: argv.slice(1) };
  const members = commands.filter((c) => c.definition.name.startsWith(`${first} `));
  if (members.length === 0) return { kind: "unknown", name: first };
  const sub = members.find((c) => c.definition.name === `${first} ${second}`);
  if (sub) return { kind: "command", command: sub, args: argv.slice(2) };
  const unknown = second === undefined || second.startsWith("-") ? undefined : second;
  return { kind: "group", name: first, members, unknown };
}

function listing(list: CommandDefinition[]): string[] {
  const width = Math.max(...list.map((d) => d.name.length));
  return list.map((d) => `  ${d.name.padEnd(width)}  ${d.summary}`);
}

/** What `shop`, `shop help` and `shop --help` print. */
export function usage(): string {
  return [
    "usage: shop <command> [options]",
    "",
    ...listing([...commands.map((c) => c.definition), help]),
    "",
    'Run "shop <command> --help" for what a command takes.',
  ].join("\n");
}

/** What `shop admin` prints: the group's sub-commands. */
export function groupUsage(name: string, members: Command[]): string {
  return [`usage: shop ${name} <command> [options]`, "", ...listing(members.map((c) => c.definition)), "", `Run "shop ${name} <command> --help" for what it takes.`].join("\n");
}
