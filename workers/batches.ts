/**
 * One statement for many jobs. Jobs that run side by side (a worker's concurrency, every job of
 * the in-process queue) each ask for one row, and on a 2-core machine a round trip to Postgres
 * costs more than the row: the asks made while a statement is on its way are gathered and go
 * together in the next one (decision 105). An ask on a quiet worker waits only for the end of the
 * event loop's turn; in a rush, for the statement ahead of it.
 */
export class Batches<Ask, Answer> {
  private waiting: { ask: Ask; resolve: (answer: Answer) => void; reject: (err: unknown) => void }[] = [];
  private running = false;
  private scheduled = false;

  /**
   * `run` answers a batch's asks in their order, or throws: every ask of the batch then fails
   * with that error (each job retries as it would after its own failed statement).
   */
  constructor(
    private readonly run: (asks: Ask[]) => Promise<Answer[]>,
    private readonly maxSize = 100,
  ) {}

  ask(ask: Ask): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      if (this.running || this.scheduled) return;
      // The asks of this turn of the event loop (jobs whose replies came in one read from Redis) go together.
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.waiting.length === 0) return;
    this.running = true;
    const taken = this.waiting.splice(0, this.maxSize);
    try {
      const answers = await this.run(taken.map((t) => t.ask));
      taken.forEach((t, i) => t.resolve(answers[i]));
    } catch (err) {
      for (const t of taken) t.reject(err);
    } finally {
      this.running = false;
      // What came in meanwhile has waited a whole statement already: it goes at once.
      if (this.waiting.length > 0) void this.flush();
    }
  }
}
