import type { ShopConfig } from "../server/config";
import { startProcess, type Role } from "./process";
import { migrateToLatest } from "../db/migrate";
import { openDatabase } from "../server/runtime";
import { seedDemoCommand } from "./seed-demo";
import { replayCommand, statusCommand, streamCommand, tailCommand, verifyCommand } from "./ops";
import { adminCommand } from "./admin";

export interface Command {
  summary: string;
  run(config: ShopConfig, args: string[]): Promise<number>;
}

function roles(...list: Role[]): Command["run"] {
  return (config) => startProcess(config, { roles: list });
}

export const commands: Record<string, Command> = {
  start: {
    summary: "run the shop: web, projectors and jobs in one process (builds first if needed)",
    run: roles("web", "projector", "worker"),
  },
  dev: {
    summary: "development server with hot reload, projectors and jobs in the same process",
    run: (config) => startProcess(config, { roles: ["web", "projector", "worker"], dev: true }),
  },
  web: { summary: "serve pages and /api only", run: roles("web") },
  projector: { summary: "run the projectors and the notification reactor only", run: roles("projector") },
  worker: { summary: "work the job queues (codes, notifications) only", run: roles("worker") },
  admin: {
    summary: "admin create --email EMAIL [--password-file FILE]: create the first admin (password from stdin or a prompt)",
    run: adminCommand,
  },
  migrate: {
    summary: "bring the database schema up to date and exit",
    async run(config) {
      const database = await openDatabase(config);
      try {
        const applied = await migrateToLatest(database.db);
        console.log(applied.length ? `applied: ${applied.join(", ")}` : "schema is up to date");
      } finally {
        await database.close();
      }
      return 0;
    },
  },
  replay: {
    summary: "rebuild read models from the first event, blue-green: [projection ...]",
    run: replayCommand,
  },
  verify: {
    summary: "rebuild into scratch tables and compare with the live ones row by row: [projection ...]",
    run: verifyCommand,
  },
  stream: { summary: "the events of one stream: <stream-id> [--json]", run: streamCommand },
  tail: { summary: "follow the global stream live: [--from position] [--json]", run: tailCommand },
  "seed-demo": {
    summary: "generate realistic carts and orders through the real commands: [--orders N] [--concurrency N] [--seed N]",
    run: seedDemoCommand,
  },
  status: { summary: "each projector and reactor with its checkpoint, the head and the lag [--json]", run: statusCommand },
};

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    "usage: shop <command> [options]",
    "",
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
  ].join("\n");
}
