import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { renderApiDocs } from "../../domain/api/docs";
import { API_CALLS } from "../../domain/api/calls";

describe("docs/api.md", () => {
  it("is what domain/api/calls.ts renders (run `npx tsx bin/api-docs.ts` after changing a call or a schema)", () => {
    expect(fs.readFileSync("docs/api.md", "utf8")).toBe(renderApiDocs());
  });

  it("gives every call an example answer and an error table", () => {
    const text = renderApiDocs();
    for (const call of API_CALLS) {
      const section = text.split(`### ${call.method} ${call.path}\n`)[1]?.split("\n### ")[0] ?? "";
      expect(section, `${call.method} ${call.path}`).toMatch(/Answer: \d{3}/);
      expect(section).toMatch(/\| status \| when \|/);
      if (call.body) expect(section).toMatch(/\| field \| type \| required \| limits \|/);
    }
  });

  it("every example request parses with its schema", () => {
    for (const call of API_CALLS.filter((c) => c.body)) {
      expect(call.body!.safeParse(call.example.request).success, `${call.method} ${call.path}`).toBe(true);
    }
  });
});
