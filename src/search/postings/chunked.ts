const CHUNK_BITS = 20;
const CHUNK = 1 << CHUNK_BITS;

/**
 * An append-only list of numbers in fixed typed-array chunks of 2^20: growing never copies, and a
 * large build allocates a few big buffers instead of doubling one (which churns the collector).
 * @example const list = new Chunked((n) => new Uint32Array(n)); list.push(7); list.get(0) // 7
 */
export class Chunked<A extends Uint32Array | Uint8Array> {
  private readonly chunks: A[] = [];
  length = 0;

  constructor(private readonly make: (size: number) => A) {}

  push(value: number): void {
    const offset = this.length & (CHUNK - 1);
    if (offset === 0) this.chunks.push(this.make(CHUNK));
    this.chunks[this.chunks.length - 1]![offset] = value;
    this.length++;
  }

  get(i: number): number {
    return this.chunks[i >>> CHUNK_BITS]![i & (CHUNK - 1)]!;
  }

  /** Empties the list and lets its chunks go. */
  clear(): void {
    this.chunks.length = 0;
    this.length = 0;
  }
}
