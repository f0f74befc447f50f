import type { ShopConfig } from "../server/config";
import { startProcess, type Role } from "./process";
import { migrateToLatest } from "../db/migrate";
import { openDatabase } from "../server/runtime";

export class UsageError extends Error {
  override name = "UsageError";
}

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
};

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    "usage: shop <command> [options]",
    "",
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
  ].join("\n");
}
