import { isDatabaseUnavailable } from './unavailable.ts';

/** What one request of a batch came to: its value, or the error it alone is refused with. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Group commit: requests that arrive while earlier batches are being written wait and go together in the next
 * batch, so under load many requests share one transaction (one commit, a handful of statements) instead of one
 * each. A request that finds a free slot starts at once, so a quiet server adds no wait. `run` answers every
 * request of its batch; if it throws, every request of the batch gets that error. Reads that every request
 * makes (the session lookup) use it too: one query for all the lookups that arrive while one is answered.
 */
export class GroupCommit<T, R> {
  private readonly queue: Array<{ item: T; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  private running = 0;
  /**
   * How many a free slot expects before it starts: those that were waiting when the last batch was answered and
   * that batch's own, whose clients (under load) come straight back.
   */
  private expected = 0;
  private gathering: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly run: (items: T[]) => Promise<Outcome<R>[]>,
    private readonly options: {
      maxBatch: number;
      maxInFlight: number;
      /**
       * At most this many milliseconds a free slot waits for the requests of the last batch to come back when
       * fewer are queued: their clients were answered together and return a few milliseconds apart (each
       * through its own HTTP parse and session lookup), and a batch started with the first few would hold the
       * rest for a whole batch's time. A quiet server (a last batch of one) never waits. 0: never wait.
       */
      gatherMs?: number;
    },
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.drain();
    });
  }

  private drain() {
    while (this.running < this.options.maxInFlight && this.queue.length > 0) {
      if (this.options.gatherMs && this.queue.length < Math.min(this.expected, this.options.maxBatch)) {
        this.gathering ??= setTimeout(() => {
          this.gathering = null;
          this.expected = 0;
          this.drain();
        }, this.options.gatherMs);
        return;
      }
      if (this.gathering) clearTimeout(this.gathering);
      this.gathering = null;
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.running++;
      void this.run(batch.map((b) => b.item))
        .then(
          (outcomes) => {
            this.expected = this.queue.length + batch.length;
            batch.forEach((b, i) => {
              const outcome = outcomes[i];
              if (!outcome) b.reject(new Error('group commit: no outcome for a request'));
              else if (outcome.ok) b.resolve(outcome.value);
              else b.reject(outcome.error);
            });
          },
          (error: unknown) => {
            batch.forEach((b) => b.reject(error));
            // Those waiting would wait for the same silent database, one timeout per batch: they are refused now
            // (nothing of theirs was written), so a request's wait stays within one timeout.
            if (isDatabaseUnavailable(error)) this.queue.splice(0).forEach((b) => b.reject(error));
            // Refused clients do not come straight back as answered ones do: the next slot waits for none of them.
            this.expected = this.queue.length;
          },
        )
        .finally(() => {
          this.running--;
          this.drain();
        });
    }
  }
}
