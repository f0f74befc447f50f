// "Nothing appends but the command handler" (decisions 110, 162), as the types and `npm run lint` keep it:
// services hold the store as a reader whose appender only eventstore/command-handler.ts opens, so a planted
// append in services/ does not compile; the eslint rules bite on made-up appends and imports in each layer
// outside eventstore/, whatever the appender is called; and the shop's own files outside eventstore/ have none.
import path from "node:path";
import ts from "typescript";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, code: string, rule = "no-restricted-syntax"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

/** The compiler's errors for `code` as the file `file` of the shop, with the shop's tsconfig. */
function typeErrors(file: string, code: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const planted = path.join(root, file);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (name) => (path.resolve(name) === planted ? code : readFile(name));
  host.fileExists = (name) => path.resolve(name) === planted || fileExists(name);
  const program = ts.createProgram([planted], { ...config.options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(planted))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

const APPENDS = `
export async function sneak(store: any, shop: any, core: any, es: any, deps: any) {
  await store.append("order-1", [], 0);
  await shop.store.appendToStreams([]);
  await core.eventStore.append("stock-1", [], "no_stream");
  await es.append("order-2", [], 0);
  await deps.events.append("order-3", [], 0);
  const { append } = deps.store;
  await append("order-4", [], 0);
}
`;

describe("only the command handler appends", () => {
  it("an append planted in services/ on what a service holds does not compile", () => {
    const errors = typeErrors(
      "services/planted-append.ts",
      `import type { ServiceCore } from "./core";
export async function sneak(deps: ServiceCore, events: ServiceCore["store"]) {
  await deps.store.append("order-1", [], 0);
  await events.appendToStreams([]);
}
`,
    );
    expect(errors).toEqual([
      expect.stringMatching(/Property 'append' does not exist on type 'ShopEvents'/),
      expect.stringMatching(/Property 'appendToStreams' does not exist on type 'ShopEvents'/),
    ]);
  }, 120_000);

  for (const file of ["services/sneak.ts", "app/routes/sneak.tsx", "projectors/sneak.ts", "workers/sneak.ts", "bin/sneak.ts", "server/sneak.ts"]) {
    it(`an append in ${file.split("/")[0]}/ is refused by the linter, whatever the appender is called`, async () => {
      const found = await refusals(file, APPENDS);
      expect(found).toHaveLength(6);
      expect(found.every((m) => /Only the command handler appends/.test(m))).toBe(true);
    }, 60_000);
  }

  for (const file of ["services/sneak.ts", "app/routes/sneak.tsx", "projectors/sneak.ts", "workers/sneak.ts"]) {
    it(`a type or an adapter that appends cannot be imported in ${file.split("/")[0]}/`, async () => {
      const up = file.split("/").length === 3 ? "../.." : "..";
      const found = await refusals(
        file,
        `import type { EventStore, EventAppender } from "${up}/eventstore/port";
import { PostgresEventStore } from "${up}/eventstore/postgres";
export const sneak = (a: EventStore, b: EventAppender) => [a, b, PostgresEventStore];
`,
        "no-restricted-imports",
      );
      expect(found).toHaveLength(3);
      expect(found[0]).toMatch(/Only eventstore\/ and the composition roots/);
    }, 60_000);
  }

  it("the command handler may append, a reader is fine anywhere, and a header's append is no event", async () => {
    expect(await refusals("eventstore/command-handler-probe.ts", APPENDS)).toEqual([]);
    expect(await refusals("app/routes/headers.tsx", `export const f = (headers: Headers) => headers.append("Set-Cookie", "a=b");\n`)).toEqual([]);
    expect(
      await refusals("services/reader.ts", `import type { EventReader, ShopEvents } from "../eventstore/port";\nexport const f = (a: EventReader, b: ShopEvents) => [a, b];\n`, "no-restricted-imports"),
    ).toEqual([]);
  }, 60_000);

  it("the shop's own files outside eventstore/ append nothing", async () => {
    const results = await eslint.lintFiles(["services", "app", "projectors", "workers", "server", "bin", "domain", "db"].map((d) => path.join(root, d)));
    const appends = results.flatMap((r) =>
      r.messages
        .filter((m) => (m.ruleId === "no-restricted-syntax" && /command handler appends/.test(m.message)) || m.ruleId === "no-restricted-imports")
        .map((m) => `${path.relative(root, r.filePath)}:${m.line}`),
    );
    expect(appends).toEqual([]);
  }, 180_000);
});
