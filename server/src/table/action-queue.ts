/**
 * A table's actions, one at a time in arrival order: each sees the match the one before it left. A failed
 * action does not stop the ones after it; its caller gets the failure.
 */
export class ActionQueue {
  /** The tail of the queue. */
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => T | Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every action queued so far is done. */
  settled(): Promise<unknown> {
    return this.tail;
  }
}
