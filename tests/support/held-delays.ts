import type { AddJobOptions, FailedJob, JobHandler, JobQueue, NewJob, QueueName } from "../../services/queue";

/**
 * A real job queue (BullMQ or the in-process one) whose delayed jobs wait until the test says their time has come
 * (`releaseDelayed`), instead of a number of milliseconds. A test of what happens *before* a payment reminder is
 * due then never races the reminder on a busy machine: nothing claims it until the test lets it go, and the jobs
 * it lets go run through the real queue and handlers. `ran(jobId)` says when a job's handler has finished.
 */
export class HeldDelays implements JobQueue {
  private held: { queue: QueueName; job: NewJob }[] = [];
  private finished = new Set<string>();

  constructor(private readonly inner: JobQueue) {}

  get kind() {
    return this.inner.kind;
  }

  get description() {
    return this.inner.description;
  }

  async add(queue: QueueName, name: string, data: unknown, options: AddJobOptions = {}): Promise<void> {
    if (options.delay && options.delay > 0) {
      this.held.push({ queue, job: { name, data, options } });
      return;
    }
    await this.inner.add(queue, name, data, options);
  }

  async addBulk(queue: QueueName, jobs: readonly NewJob[]): Promise<void> {
    const now = jobs.filter((job) => !(job.options?.delay && job.options.delay > 0));
    for (const job of jobs) if (!now.includes(job)) this.held.push({ queue, job });
    if (now.length) await this.inner.addBulk(queue, now);
  }

  forget(texts: readonly string[]): Promise<number> {
    return this.inner.forget(texts);
  }

  process(queue: QueueName, handler: JobHandler, options?: { concurrency?: number }): void {
    this.inner.process(
      queue,
      async (data, job) => {
        try {
          await handler(data, job);
        } finally {
          this.finished.add(job.id);
        }
      },
      options,
    );
  }

  /** The delayed jobs held so far are due now: queued on the real queue without their delay. Returns their ids. */
  async releaseDelayed(): Promise<string[]> {
    const due = this.held.splice(0);
    for (const { queue, job } of due) await this.inner.add(queue, job.name, job.data, { ...job.options, delay: undefined });
    return due.map(({ job }) => job.options?.jobId ?? "");
  }

  /** Whether a job's handler has run to its end (succeeded or thrown). */
  ran(jobId: string): boolean {
    return this.finished.has(jobId);
  }

  failed(queue: QueueName, limit?: number): Promise<FailedJob[]> {
    return this.inner.failed(queue, limit);
  }

  retry(queue: QueueName, jobId: string): Promise<boolean> {
    return this.inner.retry(queue, jobId);
  }

  ping(): Promise<boolean> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
