/**
 * The waits before a lost change watch (PostgreSQL's listening connection, a SQLite file's watch)
 * is tried again: doubling from 250 ms to 30 s, and from 250 ms again once it is back up.
 */
export class RetryWait {
  static readonly FIRST_MS = 250;
  static readonly LAST_MS = 30_000;
  #ms = RetryWait.FIRST_MS;

  /** The wait before the next try; each one doubles the next. */
  next(): number {
    const ms = this.#ms;
    this.#ms = Math.min(RetryWait.LAST_MS, ms * 2);
    return ms;
  }

  /** Up again: the next loss waits the first wait. */
  reset(): void {
    this.#ms = RetryWait.FIRST_MS;
  }
}
