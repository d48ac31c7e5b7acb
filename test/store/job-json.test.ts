import { describe, expect, it } from 'vitest';
import { parseJob, withBoardId } from '../../src/store/job-json.js';
import { job } from '../builders.js';

describe('withBoardId', () => {
  it('keeps the very object when the board id is already the one given', () => {
    const j = job({ boardId: '42' });
    expect(withBoardId(j, '42')).toBe(j);
  });

  it('copies the posting with the new board id, leaving the original as it was', () => {
    const j = job({ boardId: '42' });
    const moved = withBoardId(j, '10000000000000042');
    expect(moved).not.toBe(j);
    expect(moved).toStrictEqual({ ...j, boardId: '10000000000000042' });
    expect(j.boardId).toBe('42');
  });

  it('reads back what was stored', () => {
    const j = job({ boardId: '7' });
    expect(parseJob(JSON.stringify(j))).toStrictEqual(j);
  });
});
