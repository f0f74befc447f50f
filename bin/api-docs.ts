// Writes docs/api.md from domain/api/calls.ts: `npx tsx bin/api-docs.ts`.
import fs from "node:fs";
import path from "node:path";
import { renderApiDocs } from "../domain/api/docs";

const target = path.resolve("docs/api.md");
fs.writeFileSync(target, renderApiDocs());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
