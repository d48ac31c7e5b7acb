/** Arguments of `changesSince`, checked alike by both stores. */
export function checkLimit(since: number, limit: number): void {
  if (!Number.isSafeInteger(since) || since < 0) {
    throw new RangeError(`changesSince: since must be a cursor (a whole number >= 0), got ${since}`);
  }
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`changesSince: limit must be a whole number >= 1, got ${limit}`);
  }
}

/** The chunk size of `liveChunks`, checked alike by both stores. */
export function checkChunkSize(size: number): void {
  if (!Number.isSafeInteger(size) || size < 1) {
    throw new RangeError(`liveChunks: size must be a whole number >= 1, got ${size}`);
  }
}
