import { defineConfig } from "vitest/config";

/**
 * The unit tests of the money, tax and stock rules, for the mutation check (`npm run mutation`, stryker.config.mjs):
 * pure tests of domain/ only, with no build, database or browser (no global setup), so each mutant runs in seconds.
 */
export default defineConfig({
  test: {
    include: [
      "tests/unit/money.test.ts",
      "tests/unit/pricing.test.ts",
      "tests/unit/charges.test.ts",
      "tests/unit/delivery-total.test.ts",
      "tests/unit/tax-*.test.ts",
      "tests/unit/*gst*.test.ts",
      "tests/unit/*pincode*.test.ts",
      "tests/unit/stock-*.test.ts",
      "tests/unit/order-stock-effects.test.ts",
      "tests/unit/cart.order-decider.test.ts",
      "tests/unit/returns-decider.test.ts",
    ],
    // As the whole suite's (vitest.config.ts): a busy shared machine runs a test many times slower.
    testTimeout: 60_000,
    // Stryker switches mutants on at run time: a worker may keep the modules it loaded from one run to the next.
    isolate: false,
  },
});
