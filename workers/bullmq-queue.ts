import { Queue, Worker, type ConnectionOptions } from "bullmq";
import { Redis } from "ioredis";
import {
  DEFAULT_BACKOFF_MS,
  DONE_JOBS_KEPT,
  FAILED_JOBS_KEPT,
  QUEUE_NAMES,
  RETRY_ATTEMPTS,
  type AddJobOptions,
  type FailedJob,
  type JobHandler,
  type JobQueue,
  type NewJob,
  type QueueName,
} from "../services/queue";

const DAY_SECONDS = 86_400;
/** Entries of a queue's event log (approximate, as Redis trims streams). */
const EVENTS_KEPT = 1_000;

/** BullMQ's own default: long enough that a busy event loop never loses a lock by accident. */
const DEFAULT_LOCK_MS = 30_000;
/**
 * The longest a shopper's request waits for Redis (adding a job, the admin's failed list).
 * A lost Redis must cost a request a second or two, never minutes (decision 086).
 */
export const QUEUE_CALL_TIMEOUT_MS = 1_500;
/** Reconnect quickly once Redis is back: BullMQ's default backs off to 20 s between tries. */
const reconnectDelay = (times: number) => Math.min(times * 200, 2_000);

export class RedisUnreachable extends Error {
  override name = "RedisUnreachable";
}

/** Redis did not answer a producer's call in time, or refused it while disconnected. */
export class QueueUnavailable extends Error {
  override name = "QueueUnavailable";
}

/**
 * BullMQ on Redis. Producers (web, reactor) only add; `shop worker` processes.
 * Failed jobs are kept so the admin can see and retry them, for FAILED_JOBS_KEPT (decision 167).
 */
export class BullMQQueue implements JobQueue {
  readonly kind = "bullmq" as const;
  readonly description: string;
  private queues = new Map<QueueName, Queue>();
  private workers: Worker[] = [];

  private constructor(
    /** For producers (web, reactor, admin): fail fast while Redis is away instead of queueing commands in memory. */
    private readonly connection: ConnectionOptions,
    /** For workers: blocking commands that wait for Redis as long as it takes (BullMQ requires maxRetriesPerRequest null). */
    private readonly workerConnection: ConnectionOptions,
    where: string,
    private readonly prefix: string,
    private readonly backoffMs: number,
    private readonly lockDurationMs: number,
  ) {
    this.description = `BullMQ on Redis at ${where}`;
  }

  static async connect(
    url: string,
    options: { prefix?: string; backoffMs?: number; lockDurationMs?: number } = {},
  ): Promise<BullMQQueue> {
    const parsed = new URL(url);
    const where = `${parsed.hostname}:${parsed.port || 6379}`;
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 5000, retryStrategy: () => null });
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.ping();
    } catch (err) {
      throw new RedisUnreachable(
        `REDIS_URL: cannot connect to Redis at ${where} (${err instanceof Error ? err.message : String(err)})`,
      );
    } finally {
      probe.disconnect();
    }
    return new BullMQQueue(
      {
        url,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 2_000,
        commandTimeout: QUEUE_CALL_TIMEOUT_MS,
        retryStrategy: reconnectDelay,
      },
      { url, maxRetriesPerRequest: null, connectTimeout: 2_000, retryStrategy: reconnectDelay },
      where,
      options.prefix ?? "shop",
      options.backoffMs ?? DEFAULT_BACKOFF_MS,
      options.lockDurationMs ?? DEFAULT_LOCK_MS,
    );
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: {
          attempts: RETRY_ATTEMPTS,
          backoff: { type: "exponential", delay: this.backoffMs },
          removeOnComplete: { age: DONE_JOBS_KEPT.days * DAY_SECONDS, count: DONE_JOBS_KEPT.count },
          removeOnFail: { age: FAILED_JOBS_KEPT.days * DAY_SECONDS, count: FAILED_JOBS_KEPT.count },
        },
        // The queue's event log repeats every failure's text: kept short too (BullMQ's default is 10,000).
        streams: { events: { maxLen: EVENTS_KEPT } },
      });
      queue.on("error", (err) => console.error(`queue ${name}: ${err.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add(queue: QueueName, name: string, data: unknown, options: AddJobOptions = {}): Promise<void> {
    await bounded(`add a ${queue} job`, this.queue(queue).add(name, data, jobOptions(options)));
  }

  async addBulk(queue: QueueName, jobs: readonly NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    // One pipeline of BullMQ's own add script per job: an id Redis already holds is refused as by `add`.
    await bounded(
      `add ${jobs.length} ${queue} jobs`,
      this.queue(queue).addBulk(jobs.map((job) => ({ name: job.name, data: job.data, opts: jobOptions(job.options) }))),
    );
  }

  process(queue: QueueName, handler: JobHandler, options: { concurrency?: number } = {}): void {
    const worker = new Worker(
      queue,
      async (job) =>
        handler(job.data, {
          id: job.id ?? "",
          name: job.name,
          attempt: job.attemptsMade + 1,
          maxAttempts: job.opts.attempts ?? RETRY_ATTEMPTS,
          queuedAt: new Date(job.timestamp),
        }),
      {
        connection: this.workerConnection,
        prefix: this.prefix,
        concurrency: options.concurrency ?? 5,
        // A killed worker stops renewing its lock; once the lock lapses the
        // stalled-job check (every half lock) puts the job back in line for
        // another worker. The handler's sent-message record keeps that rerun
        // from sending twice.
        lockDuration: this.lockDurationMs,
        stalledInterval: Math.max(250, Math.floor(this.lockDurationMs / 2)),
        maxStalledCount: 2,
      },
    );
    worker.on("error", (err) => console.error(`worker ${queue}: ${err.message}`));
    this.workers.push(worker);
  }

  async failed(queue: QueueName, limit = 50): Promise<FailedJob[]> {
    const jobs = await bounded("list failed jobs", this.queue(queue).getFailed(0, limit - 1));
    return jobs.map((job) => ({
      queue,
      id: job.id ?? "",
      name: job.name,
      data: job.data,
      error: job.failedReason ?? "",
      attempts: job.attemptsMade,
      failedAt: new Date(job.finishedOn ?? job.timestamp),
    }));
  }

  async forget(texts: readonly string[]): Promise<number> {
    if (texts.length === 0) return 0;
    let removed = 0;
    for (const name of QUEUE_NAMES) {
      const queue = this.queue(name);
      // At most FAILED_JOBS_KEPT.count failed jobs a queue (the bound removes older ones): one read.
      const jobs = await bounded("list failed jobs", queue.getFailed(0, FAILED_JOBS_KEPT.count));
      const naming = jobs.filter((job) => names(texts, JSON.stringify(job.data ?? null), job.failedReason ?? "", ...(job.stacktrace ?? [])));
      for (const job of naming) await bounded("remove a failed job", job.remove());
      removed += naming.length;
      // The event log's "failed" entries carry the same text.
      // BullMQ on Redis talks ioredis underneath; its own client type leaves the stream commands out.
      const client = (await queue.getBackend().client) as unknown as Pick<Redis, "xrange" | "xdel">;
      const events = `${this.prefix}:${name}:events`;
      const entries = await bounded("read the queue's events", client.xrange(events, "-", "+"));
      const quoting = entries.filter(([, fields]) => names(texts, ...fields)).map(([id]) => id);
      if (quoting.length > 0) await bounded("forget the queue's events", client.xdel(events, ...quoting));
    }
    return removed;
  }

  async retry(queue: QueueName, jobId: string): Promise<boolean> {
    const job = await bounded("find a job", this.queue(queue).getJob(jobId));
    if (!job || !(await bounded("check a job", job.isFailed()))) return false;
    // A fresh round of attempts, as the admin's Retry promises.
    await bounded("retry a job", job.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true }));
    return true;
  }

  async ping(): Promise<boolean> {
    try {
      const counts = await bounded("ping", this.queue(QUEUE_NAMES[0]).getJobCounts("waiting"));
      return typeof counts.waiting === "number";
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    // Worker.close() waits for running jobs, which is the graceful shutdown we want.
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

function names(texts: readonly string[], ...values: string[]): boolean {
  return values.some((value) => texts.some((text) => value.includes(text)));
}

function jobOptions(options: AddJobOptions = {}) {
  // A delayed job waits in Redis, so it survives a restart of every process.
  const delay = options.delay && options.delay > 0 ? { delay: Math.round(options.delay) } : {};
  return { ...(options.jobId ? { jobId: options.jobId } : {}), ...delay };
}

/**
 * `call`, or QueueUnavailable after QUEUE_CALL_TIMEOUT_MS. Before its first connection a
 * BullMQ queue waits for Redis without limit, whatever the client's options say; this is
 * the one bound that holds in every state.
 */
async function bounded<T>(what: string, call: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new QueueUnavailable(`Redis did not answer in time (${what})`)), QUEUE_CALL_TIMEOUT_MS);
      }),
    ]);
  } catch (err) {
    if (err instanceof QueueUnavailable) throw err;
    throw new QueueUnavailable(`Redis refused to ${what}: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    clearTimeout(timer);
  }
}
