// Preloaded by a test (node --import) to see which of the repository's modules a process loads: Node's loader
// hooks append each one's URL, as Node loads it, to the file LOADED_MODULES_FILE names. Modules of packages are
// left out. Written synchronously to a file, not to stderr: the hooks run on a thread of their own, whose stderr a
// process that ends at once (`shop help`) may not wait for.
import { register } from "node:module";

const hooks = `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  if (url.startsWith("file:") && !url.includes("/node_modules/")) appendFileSync(process.env.LOADED_MODULES_FILE, url + "\\n");
  return next(url, context);
}`;
register("data:text/javascript," + encodeURIComponent(hooks));
