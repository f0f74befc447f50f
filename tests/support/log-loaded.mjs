// Preloaded by a test (node --import) to see which of the repository's modules a process loads: each one
// is written to stderr as "loaded <url>" as Node loads it. Modules of packages are left out.
import { register } from "node:module";
const hooks = `export async function load(url, context, next) {
  if (url.startsWith("file:") && !url.includes("/node_modules/")) process.stderr.write("loaded " + url + "\\n");
  return next(url, context);
}`;
register("data:text/javascript," + encodeURIComponent(hooks));
