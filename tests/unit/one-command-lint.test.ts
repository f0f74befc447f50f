// "One intent, one command" (decision 161), as `npm run lint` enforces it: a route's action or loader, and a
// presenter's function, calls at most one command of the shop on any path. Planted routes show what it catches and
// what it lets be; the shop's own pages call one command a path.
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function complaints(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result.messages.filter((m) => m.fatal);
  expect(fatal, "the planted code parses").toEqual([]);
  return result.messages.filter((m) => m.ruleId === "shop/one-command").map((m) => m.message);
}

describe("a route calls at most one command", () => {
  it("catches the PATCH that ran a status command and then a payment command", async () => {
    const found = await complaints(
      "app/routes/api.planted.ts",
      `export async function action({ context, params }: any) {
        await context.shop.orders.changeStatus(params.id, "cancelled", {});
        await context.shop.orders.changePaymentStatus(params.id, "paid", {});
        return null;
      }`,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/`action` calls 2 commands on one path \(shop\.orders\.changeStatus, shop\.orders\.changePaymentStatus\)/);
  }, 60_000);

  it("catches a sign-up and its consent written from the page, through a helper of the same module", async () => {
    const found = await complaints(
      "app/routes/planted-signup.tsx",
      `async function recordConsent(shop: any, id: string) {
        await shop.privacy.consent({ subject: id });
      }
      export async function action({ context }: any) {
        const user = await context.shop.auth.registerWithEmail({});
        await recordConsent(context.shop, user.id);
        return user;
      }`,
    );
    expect(found).toEqual([expect.stringMatching(/`action` calls 2 commands .*shop\.auth\.registerWithEmail, shop\.privacy\.consent/)]);
  }, 60_000);

  it("catches a command in a loop or a callback run for each item, in a presenter and an /api method", async () => {
    expect(
      await complaints(
        "app/admin/planted.server.ts",
        `export async function setAll(shop: any, ids: string[]) {
          for (const id of ids) await shop.orders.changeStatus(id, "shipped", {});
        }
        export async function addAll(shop: any, items: any[]) {
          await Promise.all(items.map((item) => shop.cart.add({}, item)));
        }`,
      ),
    ).toHaveLength(2);
    expect(
      await complaints(
        "app/routes/api.planted.$id.ts",
        `const api = apiRoute({
          async DELETE({ context }: any) {
            await context.shop.orders.deleteOrder("a", {});
            await context.shop.privacy.erase("b", {});
          },
        });
        declare function apiRoute(x: unknown): unknown;
        export const action = api;`,
      ),
    ).toEqual([expect.stringMatching(/`DELETE` calls 2 commands/)]);
  }, 60_000);

  it("lets each branch call its own command, a refusal end its path, and queries be", async () => {
    const found = await complaints(
      "app/routes/planted-intents.tsx",
      `export async function action({ context }: any, intent: string, id: string) {
        const shop = context.shop;
        const order = await shop.orders.getOrder(id);
        if (!order) throw new Error("not found");
        if (intent === "note") return shop.orders.addNote(id, "x", {});
        switch (intent) {
          case "ship":
            await shop.orders.changeStatus(id, "shipped", {});
            break;
          case "pay":
            await shop.orders.markPaid(id, {});
            break;
          default:
            return intent === "erase" ? shop.privacy.erase(id, {}) : shop.orders.deleteOrder(id, {});
        }
        return shop.orders.listOrders();
      }`,
    );
    expect(found).toEqual([]);
  }, 60_000);

  it("holds for the shop's own routes and presenters", async () => {
    const results = await eslint.lintFiles([path.join(root, "app")]);
    const found = results.flatMap((r) => r.messages.filter((m) => m.ruleId === "shop/one-command").map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`));
    expect(found).toEqual([]);
  }, 180_000);
});
