import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/commands/import.js';

const counts = { read: 12_000, staged: 11_000, rejected: 3 };
const MB = 1_048_576;

describe('the progress line of an import', () => {
  it('shows counts and pace alone when the input size is unknown (stdin, a folder)', () => {
    expect(progressLine(counts, 3_000)).toBe('import: 12,000 read, 11,000 staged, 3 rejected (4,000/s)');
  });

  it.each([
    [{ done: 10 * MB, size: 40 * MB }, 3_000, '(4,000/s), 25 % of 40.0 MB, about 9 s left'],
    [{ done: 512_000, size: 1_024_000 }, 90_000, '(133/s), 50 % of 1000.0 KB, about 1 min 30 s left'],
    [{ done: 1, size: 1_000 }, 10_000, '(1,200/s), 0 % of 1.0 KB, about 2 h 46 min left'],
    [{ done: 5_000, size: 5_000 }, 3_000, '(4,000/s), 100 % of 4.9 KB'],
    [{ done: 0, size: 5_000 }, 3_000, '(4,000/s), 0 % of 4.9 KB'],
  ])('adds the share read and the time left: %o after %i ms', (share, elapsed, tail) => {
    expect(progressLine(counts, elapsed, share)).toBe(`import: 12,000 read, 11,000 staged, 3 rejected ${tail}`);
  });
});
