/* global module */
/**
 * The shop's layers, checked by `npm run lint` (docs/contributing.md "Layers", decision 090).
 *
 *   domain  <-  db  <-  eventstore  <-  services  <-  app, projectors, workers  <-  server, bin
 *
 * Each layer imports only layers to its left. server/ and bin/ are the composition roots: they wire
 * the adapters (database, event store, queue, projectors, transports) into the services, and nothing
 * below them imports them; a service receives what it needs as a port or a settings object.
 * tests/ may import anything.
 */

/** Files in any of these folders of ours, as a path pattern. */
const under = (...folders) => `^(${folders.join("|")})/`;

/** The only packages domain/ may import: no Node built-in and no package that reaches the outside world. */
const PURE_PACKAGES = ["zod"];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle of files has no bottom: split the module both sides need into its own file.",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-imports-domain-only",
      severity: "error",
      comment: "domain/ holds the rules, pure: it imports only domain/.",
      from: { path: under("domain") },
      to: { path: under("app", "bin", "db", "eventstore", "projectors", "server", "services", "workers", "tests") },
    },
    {
      name: "domain-has-no-io",
      severity: "error",
      comment: "domain/ holds the rules, pure: no Node built-in and no package but the pure ones (PURE_PACKAGES).",
      from: { path: under("domain") },
      to: {
        dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-bundled", "npm-no-pkg", "npm-unknown"],
        pathNot: [`(^|/)node_modules/(${PURE_PACKAGES.join("|")})/`],
      },
    },
    {
      name: "db-imports-domain-only",
      severity: "error",
      comment: "db/ is the schema and the connection: it imports domain/ at most.",
      from: { path: under("db") },
      to: { path: under("app", "bin", "eventstore", "projectors", "server", "services", "workers", "tests") },
    },
    {
      name: "eventstore-imports-domain-and-db-only",
      severity: "error",
      comment: "eventstore/ is the event store port and its adapters; the Postgres adapter runs on db/'s connection.",
      from: { path: under("eventstore") },
      to: { path: under("app", "bin", "projectors", "server", "services", "workers", "tests") },
    },
    {
      name: "services-stay-below-their-callers",
      severity: "error",
      comment:
        "services/ imports domain, db and eventstore only: what it needs from projectors/, workers/ or server/ comes in as a port from the composition root.",
      from: { path: under("services") },
      to: { path: under("app", "bin", "projectors", "server", "workers", "tests") },
    },
    {
      name: "app-reaches-the-shop-through-services",
      severity: "error",
      comment: "app/ reaches the shop through context.shop (services): never projectors/, workers/, server/ or bin/.",
      from: { path: under("app") },
      to: { path: under("bin", "projectors", "server", "workers", "tests") },
    },
    {
      name: "projectors-below-the-roots",
      severity: "error",
      comment: "projectors/ imports domain, db, eventstore and services; never app/, workers/, server/ or bin/.",
      from: { path: under("projectors") },
      to: { path: under("app", "bin", "server", "workers", "tests") },
    },
    {
      name: "workers-below-the-roots",
      severity: "error",
      comment:
        "workers/ imports domain, db, eventstore, services and (for the reactor, a checkpointed subscriber) projectors/; never app/, server/ or bin/.",
      from: { path: under("workers") },
      to: { path: under("app", "bin", "server", "tests") },
    },
    {
      name: "server-below-bin",
      severity: "error",
      comment: "server/ wires the web process: it may import every layer but bin/ and app/ (Remix loads the app build).",
      from: { path: under("server") },
      to: { path: under("app", "bin", "tests") },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that does not resolve hides a dependency from this check.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    // A work tree whose node_modules is a link to another checkout's: the link's own path, not its target.
    preserveSymlinks: true,
    doNotFollow: { path: "^node_modules" },
    exclude: { path: "^(build|data|tmp|node_modules|public)/" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
  },
};
