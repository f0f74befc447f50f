import { describe, expect, it } from "vitest";
import { Batches } from "../../workers/batches";

/** A statement the test ends when it likes, and the batches it was given. */
function heldStatements() {
  const batches: number[][] = [];
  const ends: (() => void)[] = [];
  const run = async (asks: number[]) => {
    batches.push(asks);
    await new Promise<void>((resolve) => ends.push(resolve));
    return asks.map((n) => n * 10);
  };
  return { batches, ends, run };
}

/** Lets the event loop take a turn (setImmediate callbacks and the promises they settle). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("one statement for many jobs", () => {
  it("gathers the asks of one turn of the event loop into one statement, answering each its own", async () => {
    const calls: number[][] = [];
    const batches = new Batches(async (asks: number[]) => {
      calls.push(asks);
      return asks.map((n) => `answer ${n}`);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => batches.ask(n)));
    expect(calls).toEqual([[1, 2, 3]]);
    expect(answers).toEqual(["answer 1", "answer 2", "answer 3"]);
  });

  it("an ask on a quiet worker goes at once, alone", async () => {
    const calls: number[][] = [];
    const batches = new Batches(async (asks: number[]) => {
      calls.push(asks);
      return asks;
    });
    expect(await batches.ask(7)).toBe(7);
    expect(await batches.ask(8)).toBe(8);
    expect(calls).toEqual([[7], [8]]);
  });

  it("keeps one statement on its way at a time; what is asked meanwhile goes together in the next", async () => {
    const held = heldStatements();
    const batches = new Batches(held.run);
    const first = batches.ask(1);
    await turn();
    expect(held.batches).toEqual([[1]]);
    const later = [2, 3, 4].map((n) => batches.ask(n));
    await turn();
    // Still one statement: the first has not ended.
    expect(held.batches).toEqual([[1]]);
    held.ends[0]();
    expect(await first).toBe(10);
    await turn();
    expect(held.batches).toEqual([[1], [2, 3, 4]]);
    held.ends[1]();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("splits a crowd into statements of at most maxSize", async () => {
    const calls: number[][] = [];
    const batches = new Batches(async (asks: number[]) => {
      calls.push(asks);
      return asks;
    }, 3);
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => batches.ask(n)));
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calls).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it("fails every ask of a statement that fails, and the next statement goes on", async () => {
    let fail = true;
    const batches = new Batches(async (asks: number[]) => {
      if (fail) throw new Error("connection lost");
      return asks;
    });
    const failed = await Promise.allSettled([1, 2].map((n) => batches.ask(n)));
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect((failed[0] as PromiseRejectedResult).reason.message).toBe("connection lost");
    fail = false;
    expect(await Promise.all([3, 4].map((n) => batches.ask(n)))).toEqual([3, 4]);
  });
});
