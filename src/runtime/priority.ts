import { readdirSync, readlinkSync } from 'node:fs';
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

/**
 * Lowers the calling thread alone to a batch job's priority (Linux, where a priority belongs to a
 * thread: its id from `/proc/thread-self`); elsewhere nothing changes, since the call would lower
 * the whole process. Used by the change feed's thread (src/http/feed-thread.ts): under a full CPU
 * the request thread's searches go first, and the feed's pages take what is left.
 */
export function lowerThreadPriority(): void {
  let thread: number;
  try {
    thread = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
  } catch {
    return; // No /proc: not Linux.
  }
  try {
    setPriority(thread, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // A system that refuses: the thread runs as it would have.
  }
}
