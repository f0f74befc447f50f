import { afterEach, describe, expect, it, vi } from "vitest";
import { InProcessQueue } from "../../workers/in-process-queue";
import { UnrecoverableJobError } from "../../services/queue";

const DAY_MS = 24 * 60 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe("a job the in-process queue holds back", () => {
  it("waits a delay longer than one timer holds (24.8 days), instead of running at once", async () => {
    const queue = new InProcessQueue();
    const ran: unknown[] = [];
    queue.process("notifications", async (data) => void ran.push(data));
    await queue.add("notifications", "payment-reminder", { key: "far" }, { delay: 40 * DAY_MS });
    // A timer set for longer than 2^31 - 1 ms would have fired after 1 ms.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual([]);
    await queue.close();
  });

  it("runs it once its whole delay has passed, and not a day before", async () => {
    vi.useFakeTimers();
    const queue = new InProcessQueue();
    const ran: unknown[] = [];
    queue.process("notifications", async (data) => void ran.push(data));
    await queue.add("notifications", "payment-reminder", { key: "far" }, { delay: 40 * DAY_MS });
    // Advanced without yielding to real I/O: a timer anything else in this worker sets meanwhile (a client
    // reconnecting) cannot join the forty days (CI once spent its 60 s there).
    vi.advanceTimersByTime(39 * DAY_MS);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(DAY_MS);
    expect(ran).toEqual([{ key: "far" }]);
    await queue.close();
  });
});

describe("the in-process queue's concurrency", () => {
  it("runs a queue's jobs one at a time when its handler asks for 1, as BullMQ does, each in turn", async () => {
    const queue = new InProcessQueue();
    let running = 0;
    let most = 0;
    const done: number[] = [];
    queue.process(
      "photos",
      async (data) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        done.push((data as { n: number }).n);
      },
      { concurrency: 1 },
    );
    for (let n = 0; n < 6; n++) await queue.add("photos", "process", { n });
    await vi.waitFor(() => expect(done).toHaveLength(6), { timeout: 5000 });
    expect(most).toBe(1);
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    await queue.close();
  });

  it("runs jobs side by side without a limit, and the next waiting job after a failure", async () => {
    const queue = new InProcessQueue(1);
    let running = 0;
    let most = 0;
    queue.process("notifications", async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
    });
    for (let n = 0; n < 4; n++) await queue.add("notifications", "send", { n });
    await vi.waitFor(() => expect(running).toBe(0), { timeout: 5000 });
    expect(most).toBe(4);

    const ran: number[] = [];
    queue.process(
      "photos",
      async (data) => {
        const n = (data as { n: number }).n;
        ran.push(n);
        if (n === 0) throw new UnrecoverableJobError("broken picture");
      },
      { concurrency: 1 },
    );
    for (let n = 0; n < 3; n++) await queue.add("photos", "process", { n });
    await vi.waitFor(() => expect(ran).toEqual([0, 1, 2]), { timeout: 5000 });
    await queue.close();
  });
});
