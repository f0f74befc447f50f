import { describe, expect, it } from "vitest";
import { copyText } from "../../projectors/bulk";

describe("rows in COPY's text format", () => {
  const columns = { name: "text", lines: "jsonb", count: "integer", deleted: "boolean", at: "timestamptz" };

  it("writes one line per row, columns in order, tab between them, \\N for null", () => {
    const text = copyText(columns, [
      { name: "Ravi", lines: [{ size: "30" }], count: 2, deleted: false, at: "2026-11-21T10:00:00.000Z" },
      { name: "Asha", lines: [], count: 0, deleted: true, at: null },
    ]);
    expect(text).toBe('Ravi\t[{"size":"30"}]\t2\tf\t2026-11-21T10:00:00.000Z\nAsha\t[]\t0\tt\t\\N\n');
  });

  it("escapes what COPY would read as a column or row break, or as an escape", () => {
    const [line] = copyText({ name: "text" }, [{ name: "a\tb\\N\nc\rd" }]).split("\n");
    expect(line).toBe("a\\tb\\\\N\\nc\\rd");
    // A jsonb value's own escapes survive too: JSON writes a tab as \t, COPY must then see \\t.
    expect(copyText({ lines: "jsonb" }, [{ lines: { note: "x\ty" } }])).toBe('{"note":"x\\\\ty"}\n');
  });

  it("leaves other text as it is, Devanagari included", () => {
    expect(copyText({ name: "text" }, [{ name: "रवि \"q\" 'a'" }])).toBe("रवि \"q\" 'a'\n");
  });
});
