// "One way to say no" (decision 164), as `npm run lint` enforces it: a refusal is a key with values, worded from the
// locale files. Planted code shows the English sentences it catches where a key is required, and what it lets be.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result.messages.filter((m) => m.fatal), "the planted code parses").toEqual([]);
  return result.messages.filter((m) => m.ruleId === "shop/refusal-is-a-key").map((m) => m.message);
}

describe("a refusal is a key, never an English sentence", () => {
  it("catches the sign-in refusal thrown as the sentence a Hindi /login showed in English", async () => {
    const found = await complaints(
      "services/auth/planted.ts",
      `import { AuthError } from "./errors";
      export function refuse(minutes: number) {
        throw new AuthError("rate_limited", \`Too many login attempts. Please try again in \${minutes} minutes.\`);
      }`,
    );
    expect(found).toEqual([expect.stringMatching(/not the sentence "Too many login attempts\. Please try again in \$\{\} minutes\."/)]);
  }, 60_000);

  it("catches a rule's sentence, a refusal written out as data, either branch of a choice, a sentence built in a template", async () => {
    const found = await complaints(
      "domain/planted.ts",
      `import { RuleViolation, refusal } from "./errors";
      export function check(n: number, late: boolean) {
        if (n > 3) throw new RuleViolation("You can return at most 3 items.");
        if (late) throw new RuleViolation(late ? "returns.tooLate" : "Too late to return this.", {}, 409);
        if (n < 0) return { ok: false, refusal: { key: "Quantity must be at least 1.", values: {} } };
        if (n === 0) throw new RuleViolation(\`The last \${n} admins cannot be disabled.\`, {}, 409);
        return refusal("Please choose a size.");
      }`,
    );
    expect(found).toHaveLength(5);
  }, 60_000);

  it("lets keys be: a literal key, one built from a word, a refusal from a helper, a page's own message keys", async () => {
    expect(
      await complaints(
        "app/routes/planted.tsx",
        `import { RuleViolation, refusal } from "../../domain/errors";
        import { AuthError } from "../../services/auth/errors";
        import { authRefusal } from "../../domain/auth";
        export function check(word: string, n: number) {
          if (n > 3) throw new RuleViolation("returns.tooMany", { count: n }, 409);
          if (n > 2) throw new AuthError("rate_limited", refusal(\`auth.\${word}\`));
          if (n > 1) throw new AuthError("invalid_credentials", authRefusal("loginFailed"));
          return { key: "fits.many", values: { count: n } };
        }`,
      ),
    ).toEqual([]);
  }, 60_000);
});
