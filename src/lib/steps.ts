/**
 * Work done in steps: a generator that yields wherever its caller may pause it, and returns the
 * result. The same code then serves a build that runs in one piece (`runSteps`) and one that
 * gives a serving thread room between its steps (`runStepsPausing`: the index worker builds a
 * delta segment this way, so no single stretch holds its queries up for long).
 *
 * @example runSteps(builder.finishSteps(buckets)) // the engine, built in one piece
 */
export type Steps<T> = Generator<void, T, void>;

/**
 * Items (documents, jobs, codes) a builder's pass handles between two yields: about 2 ms of work
 * at most (at a million postings the slowest per-job passes took about 7 µs a job), within the
 * paced pause's budget, and few enough yields that a build in one piece does not notice them (a
 * generator's resumption costs well under a microsecond). It was 1,024: a step of the slowest
 * passes then outlasted the budget, and the catch-up's stretches were up to twice as long.
 */
export const STEP_ITEMS = 256;

/** Runs every step at once. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs the steps with `pause()` between them. */
export async function runStepsPausing<T>(steps: Steps<T>, pause: () => Promise<void>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await pause();
  }
}

/** An already settled promise: awaiting it costs one microtask, not a turn of the event loop. */
export const SETTLED: Promise<void> = Promise.resolve();

/**
 * A pause that lets the thread go (`yieldThread`, e.g. one `setImmediate`) only once `budgetMs`
 * have passed since it last did. Work in steps can then offer to pause as often as it likes
 * (every few postings) without paying a turn of the event loop each time, and holds the thread
 * for about the budget at most, however fast or slow the machine: a count of postings per pause
 * held the index worker for 15-25 ms on a quiet machine and far longer on a busy one.
 * @example const pause = pacedPause(4, () => new Promise((r) => setImmediate(r)))
 */
export function pacedPause(
  budgetMs: number,
  yieldThread: () => Promise<void> = nextTurn,
  clock: () => number = () => performance.now(),
): () => Promise<void> {
  let since = clock();
  return () => {
    if (clock() - since < budgetMs) return SETTLED;
    return yieldThread().then(() => {
      since = clock();
    });
  };
}

/**
 * How long the index worker's work in steps (a catch-up's segment, its reader's preparation) may
 * hold the thread before it lets the request thread's calls through: a call that arrives then
 * waits for the rest of the stretch. 2 ms with steps of 256 items (it was 4 ms with steps of
 * 1,024: a catch-up then took as long, its stretches' p99 a third or more longer;
 * docs/live-data-log.md, "Shorter stretches").
 */
export const PAUSE_BUDGET_MS = 2;

/** One turn of the event loop: the calls and messages that arrived meanwhile are handled. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
