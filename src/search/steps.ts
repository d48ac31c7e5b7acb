/**
 * Work done in steps: a generator that yields wherever its caller may pause it, and returns the
 * result. The same code then serves a build that runs in one piece (`runSteps`) and one that
 * gives a serving thread room between its steps (`runStepsPausing`: the index worker builds a
 * delta segment this way, so no single stretch holds its queries up for long).
 *
 * @example runSteps(builder.finishSteps(buckets)) // the engine, built in one piece
 */
export type Steps<T> = Generator<void, T, void>;

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
