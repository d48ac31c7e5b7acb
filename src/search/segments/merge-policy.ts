/**
 * When segments merge (Lucene's merge policy), in one place for the segment set and the service
 * that follows the store: more than `maxDeltaSegments` delta segments are merged into one delta
 * (tiered: amortised O(delta) per change), and deltas that hold more than `mergeIntoBase` says are
 * merged into a new base, from the segments in memory (segments/merge.ts), in the background.
 */
export interface MergePolicy {
  /** Delta segments kept side by side; one more merges them into one. */
  readonly maxDeltaSegments: number;
  /** Whether deltas of `deltaSize` postings over a base of `baseSize` are worth a new base. */
  mergeIntoBase(deltaSize: number, baseSize: number): boolean;
}

/** Four deltas side by side; a new base once the deltas hold max(20,000, a twentieth of the base). */
export const DEFAULT_MERGE_POLICY: MergePolicy = {
  maxDeltaSegments: 4,
  mergeIntoBase: (deltaSize, baseSize) => deltaSize >= Math.max(20_000, Math.ceil(baseSize / 20)),
};
