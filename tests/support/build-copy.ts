import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** Every /assets/ file the server bundle names exists in the client folder: the build is whole. */
export function buildIsWhole(dir: string): boolean {
  try {
    const server = fs.readFileSync(path.join(dir, "server/index.js"), "utf8");
    const assets = new Set(server.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
    return assets.size > 0 && [...assets].every((asset) => fs.existsSync(path.join(dir, "client", asset)));
  } catch {
    return false;
  }
}

/**
 * A private copy of the production build (about a megabyte). The working tree is shared
 * and any test run rebuilds build/ when a source changed; a server holding the old bundle
 * would then send pages whose scripts are gone, and every JS-on test would fail for no
 * fault of its own. The copy lives under the project (tmp/, ignored by git) so its imports
 * still find node_modules. The caller removes it (removeBuildCopy) when done with it: the test
 * run's global setup at the run's end, a benchmark when its server closes.
 */
export async function copyBuild(prefix = "test-build"): Promise<string> {
  return copyBuildTo(path.resolve("tmp", `${prefix}-${process.pid}-${randomBytes(4).toString("hex")}`));
}

/** Copies build/ to `target` once build/ is whole (a build running elsewhere may be writing it). */
export async function copyBuildTo(target: string): Promise<string> {
  const source = path.resolve("build");
  for (let attempt = 0; attempt < 120; attempt++) {
    if (buildIsWhole(source)) {
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(source, target, { recursive: true });
      if (buildIsWhole(target)) return target;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("build/ stayed incomplete for a minute (a build running elsewhere?)");
}

export function removeBuildCopy(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
