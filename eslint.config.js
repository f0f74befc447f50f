import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import oneCommand from "./eslint-rules/one-command.js";

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
    // Only the command handler appends (decision 110): every change of one stream or several is load,
    // fold, decide in domain/, append at the expected revisions, in eventstore/command-handler.ts.
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
          selector: "CallExpression[callee.property.name='append'][callee.object.name=/[sS]tore$/]",
          message: "Only the command handler appends (eventstore/command-handler.ts): use createCommandHandler(...).handle.",
        },
        {
          selector: "CallExpression[callee.property.name='append'][callee.object.property.name=/[sS]tore$/]",
          message: "Only the command handler appends (eventstore/command-handler.ts): use createCommandHandler(...).handle.",
        },
      ],
    },
  },
  {
    // One intent, one command (decision 161): a route's action or loader, and a presenter's function, calls at
    // most one command of the shop on any path; the service decides all the changes of one intent together.
    files: ["app/routes/**/*.{ts,tsx}", "app/**/*.server.ts"],
    plugins: { shop: { rules: { "one-command": oneCommand } } },
    rules: { "shop/one-command": "error" },
  },
  // Which folder may import which (domain/ pure, no upward import, no circle) is checked by dependency-cruiser:
  // .dependency-cruiser.cjs, run by `npm run lint` (decision 090).
);
