import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/support/sequencer";

// Separate from vite.config.ts: the Remix plugin must not load inside Vitest.
export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    // A file that serves pages gets the production build first, outside its hooks' time (decision 158); every
    // file closes what it opened: the worker's next file would inherit it (decision 157).
    setupFiles: ["tests/support/build-first.ts", "tests/support/left-open.ts"],
    pool: "forks",
    // Three on two cores: browser tests and spawned shops spend much of their time waiting (decision 150).
    maxWorkers: 3,
    // A worker keeps the modules it loaded from one test file to the next (decision 150).
    isolate: false,
    // The longest files start first, also in a fresh clone without Vitest's cached durations (decision 177).
    sequence: { sequencer: LongestFirst },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
