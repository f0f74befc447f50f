import { inject } from "vitest";

/**
 * The production build a test's web server serves: one copy for the whole run, made by the global
 * setup after its build (./build-copy.ts says why a copy). One folder for every server means a
 * worker imports the server bundle once, not once per test file: each import of a new folder's
 * bundle went through Vitest's transform again, about 1.7 s a server (decision 156).
 */
export function runBuild(): string {
  return inject("buildCopy");
}
