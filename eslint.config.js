import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import oneCommand from "./eslint-rules/one-command.js";
import refusalIsAKey from "./eslint-rules/refusal-is-a-key.js";

/** The shop's own rules, one plugin (ESLint allows a plugin's name to be defined once). */
const shop = { rules: { "one-command": oneCommand, "refusal-is-a-key": refusalIsAKey } };

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "data/", "public/", ".cache/", "coverage/", "tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
      "no-constant-condition": ["error", { checkLoops: false }],
    },
  },
  {
    // Only the command handler appends (decisions 110, 162). Types keep it: services, routes, projectors and
    // workers hold the store as `ShopEvents`, a reader whose appender only eventstore/command-handler.ts opens,
    // and only eventstore/ and the composition roots (server/, bin/) may name a type that can append. These
    // rules catch what types cannot: a call to an appender reached some other way, whatever it is named.
    files: ["**/*.{ts,tsx}"],
    ignores: ["eventstore/**", "tests/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='appendToStreams']",
          message: "Only the command handler appends (eventstore/command-handler.ts): decide in domain/ and hand it a StreamsCommand.",
        },
        {
          selector: "CallExpression[callee.property.name='append'][callee.object.name=/([sS]tore|[eE]vents|^es)$/]",
          message: "Only the command handler appends (eventstore/command-handler.ts): use createCommandHandler(...).handle.",
        },
        {
          selector: "CallExpression[callee.property.name='append'][callee.object.property.name=/([sS]tore|[eE]vents|^es)$/]",
          message: "Only the command handler appends (eventstore/command-handler.ts): use createCommandHandler(...).handle.",
        },
        {
          selector: "ObjectPattern > Property[key.name=/^(append|appendToStreams)$/]",
          message: "Only the command handler appends (eventstore/command-handler.ts): an appender taken apart is still an append.",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "services/**/*.ts", "projectors/**/*.ts", "workers/**/*.ts", "domain/**/*.ts", "db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/eventstore/port", "**/eventstore/index", "**/eventstore", "**/eventstore/postgres", "**/eventstore/eventstoredb"],
              importNames: ["EventStore", "EventAppender", "PostgresEventStore", "EventStoreDBEventStore", "openEventStore", "connectEventStoreDB"],
              message: "Only eventstore/ and the composition roots (server/, bin/) hold a store that appends: read through EventReader, or hold ShopEvents and hand it to the command handler (decision 162).",
            },
          ],
        },
      ],
    },
  },
  {
    // One intent, one command (decision 161): a route's action or loader, and a presenter's function, calls at
    // most one command of the shop on any path; the service decides all the changes of one intent together.
    files: ["app/routes/**/*.{ts,tsx}", "app/**/*.server.ts"],
    plugins: { shop },
    rules: { "shop/one-command": "error" },
  },
  {
    // One way to say no (decision 164): a refusal is a key with values, worded from the locale files; never an
    // English sentence where the key goes (a RuleViolation's, an AuthError's, a refusal written out as data).
    files: ["{app,bin,domain,projectors,server,services,workers}/**/*.{ts,tsx}"],
    plugins: { shop },
    rules: { "shop/refusal-is-a-key": "error" },
  },
  // Which folder may import which (domain/ pure, no upward import, no circle) is checked by dependency-cruiser:
  // .dependency-cruiser.cjs, run by `npm run lint` (decision 090).
);
