import { describe, expect, it } from 'vitest';
import { jobOf, UnparsedJob } from '../../src/domain/unparsed-job.js';
import { job } from '../builders.js';

describe('UnparsedJob', () => {
  // Non-ASCII in several widths: bytes read as Latin-1 would not give them back.
  const posting = job({ title: 'Kauffrau für Büromanagement – München 🚀', validThrough: Date.UTC(2026, 11, 31) });
  const doc = JSON.stringify(posting);

  it('gives back the stored posting from its JSON as text and as UTF-8 bytes, a new object each time', () => {
    for (const stored of [doc, new TextEncoder().encode(doc), Buffer.from(doc)]) {
      const unparsed = new UnparsedJob(posting.key, posting.boardId, posting.validThrough, stored);
      const first = unparsed.job();
      expect(first).toEqual(posting);
      expect(unparsed.job()).not.toBe(first);
    }
  });

  it('is a posting to index beside a parsed Job: jobOf parses the one and passes the other through', () => {
    const unparsed = new UnparsedJob(posting.key, posting.boardId, posting.validThrough, doc);
    expect(jobOf(unparsed)).toEqual(posting);
    expect(jobOf(posting)).toBe(posting);
  });
});
