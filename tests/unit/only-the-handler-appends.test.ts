// "Nothing appends but the command handler" (decision 110), as `npm run lint` enforces it:
// the eslint rule bites on made-up code in each layer outside eventstore/, and the shop's own
// files outside eventstore/ have no append at all.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function appendRefusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

const APPENDS = `
export async function sneak(store: any, shop: any, core: any) {
  await store.append("order-1", [], 0);
  await shop.store.appendToStreams([]);
  await core.eventStore.append("stock-1", [], "no_stream");
}
`;

describe("only the command handler appends", () => {
  for (const file of ["services/sneak.ts", "app/routes/sneak.tsx", "projectors/sneak.ts", "workers/sneak.ts", "bin/sneak.ts", "server/sneak.ts"]) {
    it(`an append in ${file.split("/")[0]}/ is refused by the linter`, async () => {
      const refusals = await appendRefusals(file, APPENDS);
      expect(refusals).toHaveLength(3);
      expect(refusals[0]).toMatch(/Only the command handler appends/);
    }, 60_000);
  }

  it("the command handler may append, and a header's append is no event", async () => {
    expect(await appendRefusals("eventstore/command-handler-probe.ts", APPENDS)).toEqual([]);
    expect(await appendRefusals("app/routes/headers.tsx", `export const f = (headers: Headers) => headers.append("Set-Cookie", "a=b");\n`)).toEqual([]);
  }, 60_000);

  it("the shop's own files outside eventstore/ append nothing", async () => {
    const results = await eslint.lintFiles(["services", "app", "projectors", "workers", "server", "bin", "domain", "db"].map((d) => path.join(root, d)));
    const appends = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === "no-restricted-syntax" && /command handler appends/.test(m.message)).map((m) => `${path.relative(root, r.filePath)}:${m.line}`),
    );
    expect(appends).toEqual([]);
  }, 120_000);
});
