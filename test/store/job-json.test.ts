import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash, latin1Json, parseJob, storedJob, withBoardId } from '../../src/store/job-json.js';
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

/** Whether every UTF-16 unit of the text is Latin-1. */
function oneByte(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

describe('storedJob', () => {
  /** Any UTF-16 text: Latin-1, dashes and euro signs, pairs of surrogates, lone surrogates, backslashes and "\\u". */
  const text = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: fc.constantFrom('–', '…', '€', '’', 'é', 'ß', '\\', 'u', '"', '😀', '\ud800', '\udfff', 'a') }),
  );

  it('keeps the same posting in characters of one byte, with the hash of its plain JSON', () => {
    fc.assert(
      fc.property(text, text, text, (title, summary, company) => {
        const j = job({ boardId: '7', title, summary, company: { ...job().company, name: company } });
        const { doc, hash } = storedJob(j);
        expect(oneByte(doc)).toBe(true);
        expect(parseJob(doc)).toStrictEqual(j);
        expect(hash).toBe(contentHash(JSON.stringify(j)));
      }),
      { numRuns: 500 },
    );
  });

  it('escapes only what lies past Latin-1', () => {
    expect(latin1Json('{"t":"Köln – 5 € …"}')).toBe('{"t":"Köln \\u2013 5 \\u20ac \\u2026"}');
    expect(latin1Json('{"t":"😀"}')).toBe('{"t":"\\ud83d\\ude00"}');
    expect(latin1Json('{"t":"plain ä"}')).toBe('{"t":"plain ä"}');
  });
});
