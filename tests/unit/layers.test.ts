import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The layers of docs/contributing.md, as .dependency-cruiser.cjs states them (decision 090).
// `npm run lint` runs the same check in CI; this test keeps it honest from `npm test` too,
// and shows on made-up files that each kind of wrong import is reported.

const root = path.resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: IForbiddenRuleType[];
};

describe("the layers of the shop", () => {
  it("hold in the repository: no upward import and no circle, with no list of known exceptions", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs"),
        ...["app", "bin", "db", "domain", "eventstore", "projectors", "server", "services", "workers", "tests"],
        "--config",
        ".dependency-cruiser.cjs",
        "--output-type",
        "json",
      ],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    const result = JSON.parse(stdout) as ICruiseResult;
    // No baseline of tolerated imports (decision 090): every violation, whatever its rule, fails.
    expect(result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
    expect(result.summary.totalCruised).toBeGreaterThan(300);
    // The whole repository parsed in one process: minutes, not seconds, when the machine is shared.
  }, 300_000);

  describe("bite on made-up files", () => {
    // Under the repository's tmp/ so that packages resolve from its node_modules.
    let dir: string;
    let result: ICruiseResult;

    const fixture: Record<string, string> = {
      "domain/rules.ts": [
        'import { z } from "zod";',
        'import fs from "node:fs";',
        'import { sql } from "kysely";',
        'import { handler } from "../workers/jobs";',
        "export const rule = [z, fs, sql, handler];",
      ].join("\n"),
      "services/orders.ts": 'import { handler } from "../workers/jobs";\nexport const orders = handler;',
      "workers/jobs.ts": 'import { rule } from "../domain/rules";\nexport const handler = rule;',
      "app/route.ts": 'import { listen } from "../server/http";\nexport const route = listen;',
      "server/http.ts": 'import { route } from "../app/route";\nimport { orders } from "../services/orders";\nexport const listen = [route, orders];',
      "app/a.ts": 'import { b } from "./b";\nexport const a = b;',
      "app/b.ts": 'import { a } from "./a";\nexport const b = a;',
      "bin/shop.ts": 'import { listen } from "../server/http";\nimport { handler } from "../workers/jobs";\nexport const shop = [listen, handler];',
    };

    beforeAll(async () => {
      fs.mkdirSync(path.join(root, "tmp"), { recursive: true });
      dir = fs.mkdtempSync(path.join(root, "tmp", "layers-"));
      for (const [file, text] of Object.entries(fixture)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      const reported = await cruise(
        Object.keys(fixture),
        {
          baseDir: dir,
          ruleSet: { forbidden: config.forbidden },
          validate: true,
          doNotFollow: { path: "node_modules" },
          tsPreCompilationDeps: true,
        },
        { extensions: [".ts"] },
      );
      result = reported.output as ICruiseResult;
    }, 60_000);

    afterAll(() => {
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    function reported(rule: string): string[] {
      return result.summary.violations
        .filter((v) => v.rule.name === rule)
        .map((v) => `${v.from} -> ${v.to}`)
        .sort();
    }

    it("domain/ may import domain/ and zod only: no Node built-in, no I/O package, no other layer", () => {
      expect(reported("domain-imports-domain-only")).toEqual(["domain/rules.ts -> workers/jobs.ts"]);
      expect(reported("domain-has-no-io")).toEqual([
        expect.stringMatching(/^domain\/rules\.ts -> .*node_modules\/kysely\//),
        "domain/rules.ts -> fs",
      ]);
    });

    it("an upward import is reported: services to workers, app to server, server to app", () => {
      expect(reported("services-stay-below-their-callers")).toEqual(["services/orders.ts -> workers/jobs.ts"]);
      expect(reported("app-reaches-the-shop-through-services")).toEqual(["app/route.ts -> server/http.ts"]);
      expect(reported("server-below-bin")).toEqual(["server/http.ts -> app/route.ts"]);
    });

    it("a circle of files is reported, and the composition root importing downwards is not", () => {
      expect(reported("no-circular").length).toBeGreaterThan(0);
      expect(result.summary.violations.filter((v) => v.from === "bin/shop.ts")).toEqual([]);
    });
  });
});
