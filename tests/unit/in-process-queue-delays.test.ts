import { afterEach, describe, expect, it, vi } from "vitest";
import { InProcessQueue } from "../../workers/in-process-queue";

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
