/**
 * Zod compiles its object parsers with `new Function` where it may, and finds out by trying
 * once; the shop's CSP has no 'unsafe-eval' (decision 081), and Chromium reports even that
 * caught attempt as a violation. In the browser the interpreter is quick enough for a form;
 * the server keeps the compiled parsers. Every module of domain/ that builds a schema
 * imports this first, so only pages that use a schema carry it, and it runs before any parse.
 */
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });
