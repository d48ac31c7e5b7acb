/**
 * Per-index scratch buffers, reused across queries (queries run one at a time: the engine is
 * synchronous). Callers must not keep what they borrow beyond the query.
 */
export class Scratch {
  private idBuffer: Uint32Array | null = null;
  private scoreBuffer: Float64Array | null = null;

  constructor(private readonly n: number) {}

  /** n document slots for decoding a set into ids. */
  ids(): Uint32Array {
    return (this.idBuffer ??= new Uint32Array(this.n));
  }

  /** n scores, all zero; give the used slots back with `clearScores`. */
  scores(): Float64Array {
    return (this.scoreBuffer ??= new Float64Array(this.n));
  }

  clearScores(ids: Uint32Array): void {
    const scores = this.scores();
    for (let i = 0; i < ids.length; i++) scores[ids[i]!] = 0;
  }
}
