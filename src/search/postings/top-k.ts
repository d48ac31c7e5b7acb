/**
 * The k first items under `before` (a strict total order), unordered: a heap whose root is the
 * worst item kept. O(m log k).
 * @example topK([5, 1, 4], 2, (a, b) => a < b) // 1 and 4, in heap order
 */
export function topK(items: ArrayLike<number>, k: number, before: (a: number, b: number) => boolean): number[] {
  const heap: number[] = [];
  if (k <= 0) return heap;
  for (let i = 0; i < items.length; i++) offer(heap, items[i]!, k, before);
  return heap;
}

/** Like topK over the numbers from..to-1 that pass `include`, without materialising them. */
export function topKInRange(
  from: number,
  to: number,
  k: number,
  include: (x: number) => boolean,
  before: (a: number, b: number) => boolean,
): number[] {
  const heap: number[] = [];
  if (k <= 0) return heap;
  for (let x = from; x < to; x++) if (include(x)) offer(heap, x, k, before);
  return heap;
}

/** The k first items under `before`, in order. */
export function firstK(items: ArrayLike<number>, k: number, before: (a: number, b: number) => boolean): number[] {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, the heap and sorting all items give the same k first (the heap only saves sorting many items)
  const kept = k * 4 < items.length ? topK(items, k, before) : Array.from(items);
  kept.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
  return kept.length > k ? kept.slice(0, k) : kept;
}

/** Keeps `x` in the heap of the k first under `before` (its root the worst kept) when it goes before that worst. */
export function offer(heap: number[], x: number, k: number, before: (a: number, b: number) => boolean): void {
  if (heap.length < k) {
    heap.push(x);
    siftUp(heap, heap.length - 1, before);
  } else if (before(x, heap[0]!)) {
    heap[0] = x;
    siftDown(heap, 0, before);
  }
}

function siftUp(h: number[], i: number, before: (a: number, b: number) => boolean): void {
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!before(h[p]!, h[i]!)) break;
    [h[p], h[i]] = [h[i]!, h[p]!];
    i = p;
  }
}

function siftDown(h: number[], i: number, before: (a: number, b: number) => boolean): void {
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let worst = i;
    if (l < h.length && before(h[worst]!, h[l]!)) worst = l;
    if (r < h.length && before(h[worst]!, h[r]!)) worst = r;
    if (worst === i) return;
    [h[worst], h[i]] = [h[i]!, h[worst]!];
    i = worst;
  }
}
