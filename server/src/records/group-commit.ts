/**
 * Group commit: writes that arrive while one transaction is being written wait, and then go together in the
 * next one. Every table's action must be durable before anyone hears of it, and a transaction costs a sync
 * to disk and several round trips to the database (for SQLite, through its worker thread, each waiting on a
 * busy event loop). One transaction per action therefore caps the whole process at a few hundred actions a
 * second; one per batch lets the batch grow with the load instead, and each caller still resolves only once
 * its own write is committed.
 */

/**
 * Writes a batch in one transaction. Resolves with one entry per item, in order: null when it was written, or
 * the error that refused this item alone (the others still commit). Rejects when the transaction as a whole
 * failed, writing nothing.
 */
export type BatchWriter<T> = (items: readonly T[]) => Promise<readonly (Error | null)[]>;

interface Waiting<T> {
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

export class GroupCommit<T> {
  readonly #write: BatchWriter<T>;
  readonly #maxBatch: number;
  #queue: Waiting<T>[] = [];
  /** The drain writing now, if any. */
  #writing: Promise<void> | null = null;

  /** `maxBatch` bounds one transaction (the statement's parameters grow with it). */
  constructor(write: BatchWriter<T>, maxBatch: number) {
    this.#write = write;
    this.#maxBatch = Math.max(1, maxBatch);
  }

  /** Resolves once `item` is committed; rejects with the error that kept it out. */
  submit(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#writing ??= this.#drain();
    });
  }

  /** Resolves once every item submitted so far has been committed or refused. */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length > 0) await this.#commit(this.#queue.splice(0, this.#maxBatch));
    } finally {
      this.#writing = null;
    }
  }

  async #commit(batch: readonly Waiting<T>[]): Promise<void> {
    let outcomes: readonly (Error | null)[];
    try {
      outcomes = await this.#write(batch.map((w) => w.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(asError(error));
        return;
      }
      // One bad item must not fail its neighbours: each is tried again in a transaction of its own, so every
      // caller learns exactly what happened to its own write.
      for (const waiting of batch) await this.#commit([waiting]);
      return;
    }
    batch.forEach((waiting, i) => {
      const refused = outcomes[i] ?? null;
      if (refused) waiting.reject(refused);
      else waiting.resolve();
    });
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
