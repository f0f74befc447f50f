/**
 * The job queue port. Codes and order notifications are jobs; on Redis they go
 * through BullMQ to `shop worker`, on the embedded default the same handlers
 * run in-process with the same retry rules.
 */

/** "photos": the owner's uploads turned into the served files (decision 139). */
export type QueueName = "otp" | "notifications" | "photos";
export const QUEUE_NAMES: readonly QueueName[] = ["otp", "notifications", "photos"];

/** Five attempts with exponential backoff: 1 s, 2 s, 4 s, 8 s between them by default. */
export const RETRY_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;

/**
 * What the queue keeps of jobs that are over (decision 167): a failed job's text may quote a parent's
 * number or address, so failed jobs go after two weeks or past the newest thousand, done ones after a
 * day. The lasting record of every message is notification_sends, not the queue.
 */
export const FAILED_JOBS_KEPT = { days: 14, count: 1000 } as const;
export const DONE_JOBS_KEPT = { days: 1, count: 1000 } as const;

export interface JobInfo {
  id: string;
  name: string;
  /** 1 for the first try. */
  attempt: number;
  /** Tries this job gets in all: on `attempt === maxAttempts` a failure is final. */
  maxAttempts: number;
  /** When the job was first queued. */
  queuedAt: Date;
}

/**
 * Thrown by a handler when another try cannot help (a malformed job, a number
 * the provider rejects): the job fails at once instead of being retried. The
 * name matches BullMQ's UnrecoverableError, which BullMQ recognises by name.
 */
export class UnrecoverableJobError extends Error {
  override name = "UnrecoverableError";
}

export function isUnrecoverable(err: unknown): boolean {
  return !!err && typeof err === "object" && (err as { name?: string }).name === "UnrecoverableError";
}

export type JobHandler = (data: unknown, job: JobInfo) => Promise<void>;

export interface FailedJob {
  queue: QueueName;
  id: string;
  name: string;
  data: unknown;
  error: string;
  attempts: number;
  failedAt: Date;
}

export interface AddJobOptions {
  jobId?: string;
  /** Milliseconds before the job may run (the payment reminder); none: at once. */
  delay?: number;
}

/** One job of an `addBulk`. */
export interface NewJob {
  name: string;
  data: unknown;
  options?: AddJobOptions;
}

export interface JobQueue {
  readonly kind: "bullmq" | "in-process";
  readonly description: string;
  /** A job id already queued or done is not queued again. */
  add(queue: QueueName, name: string, data: unknown, options?: AddJobOptions): Promise<void>;
  /**
   * `add` for many jobs in one call: on Redis one round trip for all of them (a batch of orders'
   * messages), each job still refused if its id is already queued or done.
   */
  addBulk(queue: QueueName, jobs: readonly NewJob[]): Promise<void>;
  /** Starts working the queue with this handler (the worker role). */
  process(queue: QueueName, handler: JobHandler, options?: { concurrency?: number }): void;
  /** Jobs that used up their attempts, newest first. */
  failed(queue: QueueName, limit?: number): Promise<FailedJob[]>;
  /** Removes the failed jobs whose data or failure names any of `texts` (an erased parent's number or address); returns how many. */
  forget(texts: readonly string[]): Promise<number>;
  /** Puts a failed job back in line for another round of attempts. */
  retry(queue: QueueName, jobId: string): Promise<boolean>;
  ping(): Promise<boolean>;
  /** Lets running jobs finish, then stops. */
  close(): Promise<void>;
}
