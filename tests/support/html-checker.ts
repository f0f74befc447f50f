import { execFile, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

const vnu = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** Whether the machine has the Java the Nu HTML Checker (npm `vnu-jar`) runs on. */
export const javaPresent = spawnSync("java", ["-version"]).status === 0;

/**
 * The checker's errors in these HTML files, one line each ("file: message [extract]"); none when valid.
 *
 * One run checks 100 pages in 10-12 s of a quiet machine's time, and the JVM's optimising compiler and
 * parallel collector took 23 CPU seconds of it: on the suite's busy two cores that made the run longer than
 * a test's minute. The quick compiler alone and one collector thread check the same pages with 9 CPU seconds.
 */
export async function htmlErrors(files: readonly string[]): Promise<string[]> {
  const args = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", vnu, "--errors-only", "--format", "json", "--exit-zero-always", ...files];
  const run = await promisify(execFile)("java", args, { maxBuffer: 64 * 1024 * 1024 });
  const { messages } = JSON.parse(run.stderr) as { messages: { url: string; message: string; extract?: string }[] };
  return messages.map((m) => `${decodeURIComponent(path.basename(m.url))}: ${m.message}${m.extract ? ` [${m.extract.trim().slice(0, 80)}]` : ""}`);
}
