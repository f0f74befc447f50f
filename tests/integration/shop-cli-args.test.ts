import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { SHOP_CLI } from "../support/shop-cli";


/**
 * The real `shop` command, pointed at a Postgres and a Redis that cannot be reached:
 * anything that read its settings or opened the database would end in exit code 1.
 */
function shop(...args: string[]) {
  const result = spawnSync(process.execPath, [...SHOP_CLI, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: "postgres://127.0.0.1:1/shop",
      REDIS_URL: "redis://127.0.0.1:1",
      EVENTSTORE_URL: "",
      SHOP_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "shop-args-")),
    },
    encoding: "utf8",
    // `admin create` would otherwise wait for a password on stdin.
    input: "",
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("shop --help", () => {
  it("lists every command from shop, shop --help and shop help", { timeout: 180_000 }, () => {
    for (const args of [[], ["--help"], ["help"]]) {
      const { code, out, err } = shop(...args);
      expect(err).toBe("");
      expect(code).toBe(0);
      expect(out).toMatch(/^usage: shop <command> \[options\]/);
      for (const name of ["start", "dev", "web", "projector", "worker", "migrate", "admin create", "replay", "verify", "stream", "tail", "status", "seed-demo", "help"]) {
        expect(out).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
      }
    }
  });

  it("shows a command's usage and options and exits 0 without starting anything", { timeout: 240_000 }, () => {
    const cases: [string[], string, string[]][] = [
      [["seed-demo", "--help"], "usage: shop seed-demo [--orders N] [--concurrency N] [--seed N] [--history]", ["--orders N", "(default 100)", "--history"]],
      [["admin", "create", "--help"], "usage: shop admin create --email EMAIL [--name NAME] [--password-file FILE]", ["(required)"]],
      [["help", "admin", "create"], "usage: shop admin create --email EMAIL [--name NAME] [--password-file FILE]", ["--password-file FILE"]],
      [["admin", "--help"], "usage: shop admin <command> [options]", ["admin create"]],
      [["stream", "-h"], "usage: shop stream <stream-id> [--json]", ["<stream-id>"]],
      [["tail", "--from", "5", "--help"], "usage: shop tail [--from POSITION] [--json]", ["--from POSITION"]],
      [["replay", "--help"], "usage: shop replay [projection ...]", ["orders"]],
      // Without --help this would build and start the shop.
      [["start", "--help"], "usage: shop start", ["-h, --help"]],
    ];
    for (const [args, usage, mentions] of cases) {
      const { code, out, err } = shop(...args);
      expect(err, args.join(" ")).toBe("");
      expect(code, args.join(" ")).toBe(0);
      expect(out.split("\n")[0]).toBe(usage);
      for (const text of mentions) expect(out).toContain(text);
    }
  });
});

describe("what the shop command loads", () => {
  /** The repository's modules a `shop` run loads, as paths from the repository's root. */
  function loadedBy(...args: string[]): string[] {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "shop-loaded-")), "modules");
    fs.writeFileSync(file, "");
    spawnSync(process.execPath, ["--import", "tsx", "--import", path.resolve("tests/support/log-loaded.mjs"), path.resolve("bin/shop.ts"), ...args], {
      env: { ...process.env, LOADED_MODULES_FILE: file, DATABASE_URL: "postgres://127.0.0.1:1/shop", REDIS_URL: "redis://127.0.0.1:1", EVENTSTORE_URL: "" },
      encoding: "utf8",
      input: "",
      timeout: 60_000,
    });
    const root = pathToFileURL(path.resolve(".")).href + "/";
    const loaded = fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    return loaded.map((url) => url.replace(root, ""));
  }

  it("answers help and a command line it cannot take without loading any command's code", { timeout: 120_000 }, () => {
    for (const args of [["help"], ["replay", "--help"], ["admin"], ["seed-demo", "--ordres", "5"]]) {
      const loaded = loadedBy(...args);
      expect(loaded, args.join(" ")).toContain("bin/definitions.ts");
      // Only the settings (server/config.ts and what it reads them with), the definitions and the command-line reader:
      // no database, store, service or command.
      expect(loaded.filter((file) => /^(db|eventstore|workers|app)\/|^services\/(?!settings\.ts)|^projectors\/(?!names\.ts)|^bin\/(admin|ops|stock|backup|privacy|seed-demo|process)\.ts/.test(file)), args.join(" ")).toEqual([]);
    }
  });

  it("loads a command's code when it runs", { timeout: 60_000 }, () => {
    // Its database cannot be reached, so it ends at once, but only after loading what it does.
    expect(loadedBy("status")).toContain("bin/ops.ts");
  });
});

describe("a command line the command cannot take", () => {
  it("ends with one line naming the option, a pointer to --help, and exit code 2, before any setting is used", { timeout: 240_000 }, () => {
    const cases: [string[], string, string][] = [
      [["seed-demo", "--ordres", "5"], "shop: unknown option --ordres; did you mean --orders?", "seed-demo"],
      [["seed-demo", "--orders", "lots"], 'shop: --orders must be a whole number above 0, got "lots"', "seed-demo"],
      [["tail", "--from"], "shop: --from needs a value: --from POSITION", "tail"],
      [["admin", "create", "--email"], "shop: --email needs a value: --email EMAIL", "admin create"],
      [["start", "--port", "80"], "shop: unknown option --port", "start"],
    ];
    for (const [args, line, command] of cases) {
      const { code, out, err } = shop(...args);
      expect(code, args.join(" ")).toBe(2);
      expect(out).toBe("");
      expect(err.trim().split("\n")).toEqual([line, `see "shop ${command} --help"`]);
    }
  });

  it("names an unknown admin sub-command with exit code 2", { timeout: 60_000 }, () => {
    const { code, err } = shop("admin", "remove");
    expect(code).toBe(2);
    expect(err).toMatch(/^shop: unknown command "admin remove"/);
    expect(err).toContain("admin create");
  });
});
