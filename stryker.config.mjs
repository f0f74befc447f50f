// The mutation check of the money, tax and stock rules (`npm run mutation`; not part of `npm test`): Stryker changes
// one thing at a time in these files (a `<` for a `<=`, a `+` for a `-`, a condition for `true`) and runs their unit
// tests (vitest.mutation.config.ts); a change no test notices is a rule no test holds. Score and the survivors worth a
// test: docs/benchmarks.md, "Mutation check of the money, tax and stock rules"; decision 173.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts" },
  mutate: ["domain/pricing.ts", "domain/money.ts", "domain/orders/charges.ts", "domain/tax/*.ts", "domain/stock/*.ts"],
  coverageAnalysis: "perTest",
  // A mutant of a value made when a module loads (a zod schema of an event, a table of rates or states) can only be
  // told by loading every test again: 44% of the mutants and 96% of the time. The rules are functions; these stay out.
  ignoreStatic: true,
  // Two cores, shared: one test process per core.
  concurrency: 2,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "tmp/mutation/report.html" },
  jsonReporter: { fileName: "tmp/mutation/report.json" },
  // The sandbox needs the sources and tests, not the build or what runs leave behind (a build may be rewriting them).
  ignorePatterns: ["/build", "/tmp", "/data"],
  tempDirName: "tmp/stryker",
  cleanTempDir: "always",
};
