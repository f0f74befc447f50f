import type { ShopConfig } from "../server/config";
import { masterKeyOf, openShopCore, type ShopCore } from "../server/runtime";
import { projectors as allProjectors } from "../projectors/index";
import { projectorStatuses } from "../projectors/runner";
import { startReplayThreads } from "../projectors/replay-threads";
import type { Projector } from "../projectors/projector";
import { replay, selectProjectors, verify, type RebuildProgress, type ScratchBuilder, type TableDifference } from "../projectors/replay";
import type { RecordedEvent } from "../eventstore/port";
import { readEvent } from "../domain/events/index";
import { isUnreadableEvent } from "../domain/events/registry";

import { command } from "./args";
import { definitions } from "./definitions";

/** Operator commands: rebuild and check read models, look into streams. */

async function withCore<T>(config: ShopConfig, work: (core: ShopCore) => Promise<T>): Promise<T> {
  const core = await openShopCore(config, { migrate: true });
  try {
    return await work(core);
  } finally {
    await core.close();
  }
}

function formatCount(n: number): string {
  return Math.round(n).toLocaleString("en-IN");
}

/**
 * A progress bar on a terminal (events done, events per second, time left);
 * a plain line every few seconds when the output is a file or a pipe.
 */
export function progressReporter(label: string, unit = "events", stream: NodeJS.WriteStream = process.stderr) {
  let lastLine = 0;
  const tty = stream.isTTY;
  return {
    update({ done, total, rate }: RebuildProgress) {
      const left = rate > 0 ? Math.max(0, (total - done) / rate) : 0;
      const text = `${formatCount(done)}/${formatCount(total)} ${unit}, ${formatCount(rate)}/s, ${left.toFixed(0)}s left`;
      if (tty) {
        const width = 30;
        const filled = total > 0 ? Math.min(width, Math.round((done / total) * width)) : width;
        stream.write(`\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${text}   `);
      } else if (Date.now() - lastLine > 2000) {
        lastLine = Date.now();
        stream.write(`${label}: ${text}\n`);
      }
    },
    finish() {
      if (tty) stream.write("\n");
    },
  };
}

export const replayCommand = command(
  definitions.replay,
  (config, { positional }) => rebuildLive(config, positional),
);

export async function rebuildLive(config: ShopConfig, names: string[]): Promise<number> {
  const chosen = selectProjectors(allProjectors, names);
  // On a Postgres server each projector's bulk build gets a thread, started while the core opens;
  // PGlite has one connection, and an EventStoreDB store is read in this thread.
  const threads =
    config.databaseUrl && !config.eventStoreUrl
      ? startReplayThreads(config.databaseUrl, masterKeyOf(config), chosen.length).catch((err: Error) => {
          console.error(`replay: the builds share this thread (${err.message})`);
          return undefined;
        })
      : undefined;
  try {
    return await withCore(config, async (core) => replayWith(core, chosen, (await threads)?.builder));
  } finally {
    await (await threads)?.close();
  }
}

async function replayWith(core: ShopCore, chosen: Projector[], builder: ScratchBuilder | undefined): Promise<number> {
  const progress = progressReporter("replay");
  // Memory at each quarter of the events: it should stay flat as the count grows.
  const quarters: string[] = [];
  const result = await replay(core.db, core.store, chosen, {
    builder,
    session: core.database.session,
    onProgress: (p) => {
      progress.update(p);
      while (p.total > 0 && quarters.length < 4 && p.done >= (p.total * (quarters.length + 1)) / 4) {
        quarters.push(`${formatCount(p.done)} events ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB`);
      }
    },
  });
  progress.finish();
  const rate = result.seconds > 0 ? result.events / result.seconds : result.events;
  console.log(
    `replayed ${formatCount(result.events)} events into ${chosen.map((p) => p.name).join(", ")} ` +
      `in ${result.seconds.toFixed(1)}s (${formatCount(rate)} events/s); the new tables are live`,
  );
  console.log(`peak memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB; resident at ${quarters.join(", ") || "the end only"}`);
  return 0;
}

export const verifyCommand = command(
  definitions.verify,
  (config, { positional }) => compareWithReplay(config, positional),
);

async function compareWithReplay(config: ShopConfig, names: string[]): Promise<number> {
  const chosen = selectProjectors(allProjectors, names);
  return withCore(config, async (core) => {
    const progress = progressReporter("verify");
    const differences = await verify(core.db, core.store, chosen, { onProgress: (p) => progress.update(p) });
    progress.finish();
    if (differences.length === 0) {
      console.log(`verified ${chosen.map((p) => p.name).join(", ")}: live tables match a fresh replay`);
      return 0;
    }
    for (const d of differences) {
      console.log(`${d.projector} / ${d.table}: ${d.onlyLive.length} row(s) only live, ${d.onlyRebuilt.length} only in the replay`);
      for (const line of describeDifference(d)) console.log(`  ${line}`);
    }
    return 1;
  });
}

/**
 * Rows that differ only in some columns are shown as those columns (paired by
 * their first column, the key in every read model); the rest whole.
 */
export function describeDifference(d: TableDifference): string[] {
  const lines: string[] = [];
  const key = (row: Record<string, unknown>) => JSON.stringify(Object.values(row)[0]);
  const rebuilt = new Map(d.onlyRebuilt.map((row) => [key(row), row]));
  for (const live of d.onlyLive) {
    const other = rebuilt.get(key(live));
    if (!other) {
      lines.push(`live only:   ${JSON.stringify(live)}`);
      continue;
    }
    rebuilt.delete(key(live));
    const changed = Object.keys(live).filter((c) => JSON.stringify(live[c]) !== JSON.stringify(other[c]));
    lines.push(
      `${Object.keys(live)[0]} ${key(live)}: ` +
        changed.map((c) => `${c} is ${JSON.stringify(live[c])} live, ${JSON.stringify(other[c])} in the replay`).join("; "),
    );
  }
  for (const row of rebuilt.values()) lines.push(`replay only: ${JSON.stringify(row)}`);
  return lines;
}

function eventLine(e: RecordedEvent): string {
  return [e.type.padEnd(26), String(e.revision).padStart(5), e.position.padEnd(16), e.createdAt.toISOString(), JSON.stringify(e.data)].join("  ");
}

export const streamCommand = command(
  definitions.stream,
  (config, { positional, options }) => printStream(config, positional, options),
);

async function printStream(config: ShopConfig, streamId: string, flags: { json: boolean }): Promise<number> {
  return withCore(config, async (core) => {
    const events = await core.store.readStream(streamId);
    if (events.length === 0) {
      const known = await core.store.readAll({ maxCount: 200 });
      const examples = [...new Set(known.map((e) => e.streamId))].slice(0, 5);
      console.error(
        `shop: no stream "${streamId}"` + (examples.length ? `; streams look like: ${examples.join(", ")}` : "; the store is empty"),
      );
      return 1;
    }
    // Each event as today's code reads it (upcast); one it cannot read is shown as stored and named on stderr.
    const refusals: string[] = [];
    const shown = events.map((e) => {
      try {
        return readEvent(e);
      } catch (err) {
        if (!isUnreadableEvent(err)) throw err;
        refusals.push(err.message);
        return e;
      }
    });
    if (flags.json) {
      console.log(JSON.stringify(shown, null, 2));
    } else {
      console.log(["type".padEnd(26), "rev".padStart(5), "position".padEnd(16), "time".padEnd(24), "data"].join("  "));
      for (const e of shown) console.log(eventLine(e));
    }
    for (const refusal of refusals) console.error(`shop: ${refusal}`);
    return refusals.length > 0 ? 1 : 0;
  });
}

export const tailCommand = command(
  definitions.tail,
  (config, { options }) => followAll(config, options),
);

async function followAll(config: ShopConfig, flags: { from: string | undefined; json: boolean }): Promise<number> {
  return withCore(config, async (core) => {
    const from = flags.from ?? (await core.store.headPosition());
    if (from !== undefined) core.store.comparePositions(from, from);
    const subscription = core.store.subscribeToAll({ from });
    const stop = () => void subscription.stop();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
    console.error(`following all streams from ${from ?? "the start"}; Ctrl-C stops`);
    for await (const batch of subscription) {
      for (const e of batch) console.log(flags.json ? JSON.stringify(e) : `${e.streamId.padEnd(44)}  ${eventLine(e)}`);
    }
    return 0;
  });
}

export const statusCommand = command(
  definitions.status,
  (config, { options }) => printStatus(config, options),
);

async function printStatus(config: ShopConfig, flags: { json: boolean }): Promise<number> {
  return withCore(config, async (core) => {
    const head = await core.store.headPosition();
    const total = await core.store.countAfter(undefined, Number.MAX_SAFE_INTEGER);
    const statuses = await projectorStatuses(core.db, core.store, allProjectors.map((p) => p.name));
    const reactors = await reactorStatuses(core);
    if (flags.json) {
      console.log(JSON.stringify({ store: core.store.description, head, events: total, projectors: statuses, reactors }, null, 2));
      return 0;
    }
    console.log(`store: ${core.store.description}`);
    console.log(`head:  ${head ?? "(empty)"}  (${formatCount(total)} events)`);
    console.log(`${"name".padEnd(28)}  ${"kind".padEnd(9)}  ${"checkpoint".padEnd(18)}  lag`);
    for (const s of statuses) console.log(`${s.name.padEnd(28)}  ${"projector".padEnd(9)}  ${(s.position ?? "(start)").padEnd(18)}  ${formatCount(s.lag)}`);
    for (const r of reactors) console.log(`${r.name.padEnd(28)}  ${"reactor".padEnd(9)}  ${(r.position ?? "(start)").padEnd(18)}  ${formatCount(r.lag)}`);
    return 0;
  });
}

/** Reactors keep their checkpoints apart from the projectors' (a replay never resets them). */
async function reactorStatuses(core: ShopCore): Promise<{ name: string; position: string | undefined; lag: number }[]> {
  const { sql } = await import("kysely");
  const exists = await sql<{ present: boolean }>`select to_regclass('reactor_checkpoints') is not null as present`.execute(core.db);
  if (!exists.rows[0]?.present) return [];
  const rows = await sql<{ name: string; position: string | null }>`select name, position from reactor_checkpoints order by name`.execute(core.db);
  return Promise.all(
    rows.rows.map(async (r) => ({
      name: r.name,
      position: r.position ?? undefined,
      lag: await core.store.countAfter(r.position ?? undefined, 100_000),
    })),
  );
}
