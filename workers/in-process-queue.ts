import { randomUUID } from "node:crypto";
import {
  DEFAULT_BACKOFF_MS,
  FAILED_JOBS_KEPT,
  RETRY_ATTEMPTS,
  isUnrecoverable,
  type AddJobOptions,
  type FailedJob,
  type JobHandler,
  type JobQueue,
  type NewJob,
  type QueueName,
} from "../services/queue";

/** The longest wait one timer holds: 2^31 - 1 ms. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface PendingJob {
  queue: QueueName;
  id: string;
  name: string;
  data: unknown;
  attempt: number;
  queuedAt: Date;
}

/**
 * Jobs in this process, for the embedded default: same handlers and retry rule
 * as BullMQ, no Redis. Jobs waiting for a retry are lost if the process stops;
 * the notification reactor's sent-message records make that safe to redo.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = "in-process" as const;
  readonly description = "in-process job runner";
  private handlers = new Map<QueueName, JobHandler>();
  /**
   * How many jobs of a queue run at once, as its handler asked (BullMQ's `concurrency`), and the jobs waiting for a
   * turn: the photo job's 1 holds here too, so an upload of 16 photos decodes one at a time (decision 198).
   */
  private limits = new Map<QueueName, number>();
  private active = new Map<QueueName, number>();
  private turns = new Map<QueueName, PendingJob[]>();
  private waiting: PendingJob[] = [];
  private seen = new Set<string>();
  private failures: FailedJob[] = [];
  private running = new Set<Promise<void>>();
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly backoffMs = DEFAULT_BACKOFF_MS) {}

  async add(queue: QueueName, name: string, data: unknown, options: AddJobOptions = {}): Promise<void> {
    if (this.closed) throw new Error("job queue is closed");
    const id = options.jobId ?? randomUUID();
    const key = `${queue}:${id}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const job = { queue, id, name, data, attempt: 1, queuedAt: new Date() };
    if (!options.delay || options.delay <= 0) {
      this.dispatch(job);
      return;
    }
    // Lost if the process stops first, like a retry's wait: the record stays pending and the repair sweep queues it again.
    this.after(options.delay, () => this.dispatch(job));
  }

  /**
   * Runs `then` once `ms` have passed. A timer holds at most MAX_TIMER_MS (about 24.8 days); Node runs one set
   * for longer after 1 ms, so a longer wait (a reminder of an order stamped by a clock ahead of this one) is
   * waited in steps.
   */
  private after(ms: number, then: () => void): void {
    const step = Math.min(ms, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (ms > step) this.after(ms - step, then);
      else then();
    }, step);
    this.timers.add(timer);
  }

  async addBulk(queue: QueueName, jobs: readonly NewJob[]): Promise<void> {
    for (const job of jobs) await this.add(queue, job.name, job.data, job.options);
  }

  process(queue: QueueName, handler: JobHandler, options: { concurrency?: number } = {}): void {
    this.handlers.set(queue, handler);
    if (options.concurrency !== undefined && options.concurrency >= 1) this.limits.set(queue, options.concurrency);
    const ready = this.waiting.filter((j) => j.queue === queue);
    this.waiting = this.waiting.filter((j) => j.queue !== queue);
    for (const job of ready) this.dispatch(job);
  }

  private dispatch(job: PendingJob): void {
    const handler = this.handlers.get(job.queue);
    if (!handler) {
      this.waiting.push(job);
      return;
    }
    const limit = this.limits.get(job.queue) ?? Infinity;
    if ((this.active.get(job.queue) ?? 0) >= limit) {
      this.turns.set(job.queue, [...(this.turns.get(job.queue) ?? []), job]);
      return;
    }
    this.active.set(job.queue, (this.active.get(job.queue) ?? 0) + 1);
    const run = (async () => {
      try {
        await handler(job.data, { id: job.id, name: job.name, attempt: job.attempt, maxAttempts: RETRY_ATTEMPTS, queuedAt: job.queuedAt });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        if (job.attempt >= RETRY_ATTEMPTS || isUnrecoverable(err) || this.closed) {
          this.failures.unshift({
            queue: job.queue, id: job.id, name: job.name, data: job.data, error,
            attempts: job.attempt, failedAt: new Date(),
          });
          this.boundFailures();
          return;
        }
        this.after(this.backoffMs * 2 ** (job.attempt - 1), () => this.dispatch({ ...job, attempt: job.attempt + 1 }));
      }
    })();
    this.running.add(run);
    void run.finally(() => {
      this.running.delete(run);
      this.active.set(job.queue, (this.active.get(job.queue) ?? 1) - 1);
      const [next, ...rest] = this.turns.get(job.queue) ?? [];
      this.turns.set(job.queue, rest);
      if (next && !this.closed) this.dispatch(next);
    });
  }

  async failed(queue: QueueName, limit = 50): Promise<FailedJob[]> {
    return this.failures.filter((f) => f.queue === queue).slice(0, limit);
  }

  /** Failed jobs kept as BullMQ keeps them (FAILED_JOBS_KEPT, decision 167): the newest, the last two weeks. */
  private boundFailures(): void {
    const since = Date.now() - FAILED_JOBS_KEPT.days * 86_400_000;
    this.failures = this.failures.filter((f) => f.failedAt.getTime() >= since).slice(0, FAILED_JOBS_KEPT.count);
  }

  async forget(texts: readonly string[]): Promise<number> {
    const before = this.failures.length;
    this.failures = this.failures.filter((f) => !texts.some((text) => f.error.includes(text) || JSON.stringify(f.data ?? null).includes(text)));
    return before - this.failures.length;
  }

  async retry(queue: QueueName, jobId: string): Promise<boolean> {
    const index = this.failures.findIndex((f) => f.queue === queue && f.id === jobId);
    if (index === -1) return false;
    const [job] = this.failures.splice(index, 1);
    this.dispatch({ queue, id: job.id, name: job.name, data: job.data, attempt: 1, queuedAt: new Date() });
    return true;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
