import { readdirSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Lowers this process to the priority of a batch job (nice 10, PRIORITY_BELOW_NORMAL): it then
 * takes the CPU a server on the same machine leaves, and the server's answers wait less for it.
 * On Linux a priority belongs to a thread: every thread the runtime has started is lowered, and
 * threads started later inherit it from the thread that starts them. A system that refuses leaves
 * a thread as it was (the work is the same, only its share of the CPU differs).
 *
 * Used by `jobsearch import` (unless `--priority normal`) and by the index builder process when it
 * builds beside a serving index (a merge, the hourly rebuild; not a first start, which nothing is
 * served before).
 */
export function lowerPriority(): void {
  const low = constants.priority.PRIORITY_BELOW_NORMAL;
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0]; // No /proc: this thread (elsewhere, the process).
  }
  for (const thread of threads) {
    try {
      setPriority(thread, low);
    } catch {
      // A system that refuses: that thread runs as it would have.
    }
  }
}
